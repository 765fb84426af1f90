/**
 * Which URLs are signed (the signing allow-list, read with the WHATWG URL parser): https on a host strictly under
 * one of its domain suffixes (never the bare domain, never plain http, never a trailing-dot host), or exactly one of
 * its origin entries; always on a platform host too. Each case goes through the direct signer; a signed URL is the
 * one fetch itself sends (`new Request(url).url`, the oracle) and its token verifies there with an independent
 * node:crypto verifier.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type { PlatformConfigInput } from "../../../../src/core/config/PlatformConfig.ts"
import { makeRequest } from "../../../../src/core/http/request.ts"
import { RequestSigner } from "../../../../src/core/signing/RequestSigner.ts"
import { makeSigningTargets } from "../../../../src/core/signing/token/SignableRequest.ts"
import { directSignerLayer, location, publicSpki, signingConfig } from "../harness.ts"
import { verifyToken } from "../verifier.ts"

const header = "x-bound-auth-token"
const body = '{"n":1}'

/** The header `url` gets from the signer, or the detail of why it got none. */
const outcome = (url: string) =>
  Effect.gen(function* () {
    const signer = yield* RequestSigner
    const request = { ...makeRequest("POST", url), body }
    return yield* Effect.match(signer.sign(request), {
      onFailure: (failure) => ({ token: undefined, why: `${failure.reason}: ${failure.detail}` }),
      onSuccess: (signed) => ({ token: signed.headers[header], why: undefined })
    })
  })

/** Check each case: a URL signed as fetch sends it (and verified there), or left unsigned for the reason given. */
const check = (cases: ReadonlyArray<readonly [string, string]>) =>
  Effect.gen(function* () {
    const spki = yield* publicSpki
    for (const [url, expected] of cases) {
      const { token, why } = yield* outcome(url)
      if (expected.startsWith("RequestExempt")) {
        assert.strictEqual(why, expected, url)
        continue
      }
      assert.isDefined(token, `${url}: ${why}`)
      // the oracle: the URL fetch itself sends for this string
      assert.strictEqual(new Request(url).url, expected, url)
      assert.strictEqual(verifyToken(token, { url: expected, method: "POST", body }, spki), "verified", url)
    }
  })

const notAllowed = "RequestExempt: host is not allow-listed"

describe("which hosts are signed: domain suffixes", () => {
  it.effect("https strictly under the suffix, as the parser writes the host; nothing else", () =>
    check([
      ["https://apis.example.com/v1/x", "https://apis.example.com/v1/x"],
      ["https://a.b.example.com/x", "https://a.b.example.com/x"],
      ["https://APIS.Example.COM/x", "https://apis.example.com/x"],
      ["https://apis%2Eexample%2Ecom/x", "https://apis.example.com/x"],
      ["https://apis。example。com/x", "https://apis.example.com/x"],
      ["https://bücher.example.com/x", "https://xn--bcher-kva.example.com/x"],
      // ports: any port on https (the real site checks the host name only); the default port is dropped
      ["https://apis.example.com:8443/x", "https://apis.example.com:8443/x"],
      ["https://apis.example.com:443/x", "https://apis.example.com/x"],
      // the bare domain is a platform host but not signed (the real site signs *.domain, not domain)
      ["https://example.com/x", notAllowed],
      ["https://EXAMPLE.com:8443/x", notAllowed],
      // plain http, even on a sub-domain; other schemes
      ["http://apis.example.com/x", notAllowed],
      ["wss://apis.example.com/x", notAllowed],
      // a trailing dot is another host to the browser
      ["https://apis.example.com./x", notAllowed],
      ["https://example.com./x", notAllowed]
    ]).pipe(Effect.provide(directSignerLayer()))
  )

  it.effect("look-alikes and hosts that only contain the domain are not signed", () =>
    check([
      ["https://evil-example.com/x", notAllowed],
      ["https://www.evil-example.com/x", notAllowed],
      ["https://evilexample.com/x", notAllowed],
      ["https://example.com.evil.net/x", notAllowed],
      ["https://apis.example.com.evil.net/x", notAllowed],
      ["https://apis.exаmple.com/x", notAllowed], // Cyrillic а: another domain in punycode
      ["https://apis.example.co/x", notAllowed],
      ["https://1.2.3.4/x", notAllowed],
      ["https://[::1]/x", notAllowed]
    ]).pipe(Effect.provide(directSignerLayer()))
  )

  it.effect(
    "user info: never signed (fetch refuses such a URL); a platform name in the user info or the path is not the host",
    () =>
      Effect.gen(function* () {
        yield* check([
          ["https://user:pw@apis.example.com/x", "RequestExempt: URL carries user info"],
          ["https://user@apis.example.com/x", "RequestExempt: URL carries user info"],
          ["https://apis.example.com@evil.net/x", "RequestExempt: URL carries user info"],
          ["https://evil.net\\@apis.example.com/x", notAllowed],
          ["https://evil.net/@apis.example.com/x", notAllowed]
        ])
        assert.throws(() => new Request("https://user:pw@apis.example.com/x"), TypeError)
      }).pipe(Effect.provide(directSignerLayer()))
  )

  it.effect(
    "suffix entries with and without the leading dot mean the same; an entry naming no domain matches nothing",
    () =>
      check([
        ["https://apis.example.com/x", "https://apis.example.com/x"],
        ["https://example.com/x", notAllowed],
        ["https://apis.other.test/x", notAllowed]
      ]).pipe(
        Effect.provide(
          directSignerLayer(
            signingConfig({
              boundAuthToken: { allowedHostSuffixes: ["example.com", "", ".", "1.2.3.4", "other.test/x"] },
              platformHosts: ["example.com", "other.test"]
            })
          )
        )
      )
  )
})

describe("which hosts are signed: origin entries", () => {
  const origins: PlatformConfigInput = {
    boundAuthToken: { allowedHostSuffixes: [".example.com", "http://127.0.0.1:4010", "https://example.com"] },
    platformHosts: ["example.com", "http://127.0.0.1:4010"]
  }

  it.effect("exactly that scheme, host and port; an https origin entry signs one host a suffix does not cover", () =>
    check([
      ["http://127.0.0.1:4010/v1/x?q=1", "http://127.0.0.1:4010/v1/x?q=1"],
      ["http://127.0.0.1:4011/x", notAllowed],
      ["https://127.0.0.1:4010/x", notAllowed],
      ["http://localhost:4010/x", notAllowed],
      ["http://127.0.0.1/x", notAllowed],
      ["https://example.com/x", "https://example.com/x"],
      ["https://example.com:443/x", "https://example.com/x"],
      ["https://example.com:8443/x", notAllowed],
      ["https://apis.example.com/x", "https://apis.example.com/x"]
    ]).pipe(Effect.provide(directSignerLayer(signingConfig(origins))))
  )

  it.effect("an allow-listed origin off the platform hosts is not signed", () =>
    check([["http://127.0.0.1:4010/x", "RequestExempt: host is not a platform host"]]).pipe(
      Effect.provide(directSignerLayer(signingConfig({ ...origins, platformHosts: ["example.com"] })))
    )
  )
})

describe("the signer's memo of signing targets", () => {
  it("one URL parse and decision per absolute URL string, until `capacity` URLs are kept; the URL as sent and its host", () => {
    const decided: Array<string> = []
    const targetOf = makeSigningTargets((url) => {
      decided.push(url.href)
      return Result.succeed(location)
    }, 2)
    const target = (url: string) => Result.getOrThrow(targetOf(makeRequest("GET", url)))
    const a = "https://APIS.example.com/a#frag"
    const b = "https://apis.example.com/b?x=1"
    assert.deepStrictEqual(
      [target(a), target(a), target(b), target(a)].map((t) => [t.href, t.host]),
      [
        ["https://apis.example.com/a", "apis.example.com"],
        ["https://apis.example.com/a", "apis.example.com"],
        ["https://apis.example.com/b?x=1", "apis.example.com"],
        ["https://apis.example.com/a", "apis.example.com"]
      ]
    )
    assert.deepStrictEqual(decided, ["https://apis.example.com/a", "https://apis.example.com/b?x=1"])
    // a third URL: the memo (full) starts over
    target("https://apis.example.com/c")
    target(a)
    assert.strictEqual(decided.length, 4)
    // a URL that cannot be parsed: RequestExemptError, nothing decided
    const failure = targetOf(makeRequest("GET", "not a url"))
    assert.isTrue(Result.isFailure(failure) && failure.failure.reason === "RequestExemptError")
    assert.strictEqual(decided.length, 4)
  })
})
