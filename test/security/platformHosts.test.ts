/**
 * Class: ONE notion of "a platform host" (PlatformConfig.platformHosts), read with the WHATWG URL parser.
 *
 * What the entries mean (domain suffixes: https, the domain and its sub-domains on a dot boundary; origins: exactly
 * that scheme, host and port), how they are derived from the base URLs, how page metadata sets them, and the
 * edge cases of `hostMatchesSuffix`, which the tracing and duplication allow-lists use. The signing allow-list is
 * stricter (https, strictly under a suffix, or an exact origin: test/core/signing/policy/signingHosts.test.ts); here, that
 * a URL is signed only when it is on a platform host AND on that allow-list.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { platformConfigFromPageMetadata } from "../../src/core/config/fromPageMetadata.ts"
import { derivePlatformHosts, isPlatformUrl } from "../../src/core/config/platformHosts.ts"
import {
  hostMatchesSuffix,
  makePlatformConfig,
  prefixedBaseUrls,
  subdomainBaseUrls
} from "../../src/core/config/PlatformConfig.ts"
import { makeSigningDecision, signingDecision } from "../../src/core/signing/policy/SigningPolicy.ts"
import { MemoryLogger } from "../../src/testing/memory/MemoryLogger.ts"
import { MemoryPageMetadata } from "../../src/testing/memory/MemoryPageMetadata.ts"
import { signingSettings } from "./support.ts"

describe("platform-host entries", () => {
  const entries = ["example.com", "http://127.0.0.1:4010", "https://[::1]:8443"]
  const cases: ReadonlyArray<readonly [string, boolean]> = [
    ["https://example.com/x", true],
    ["https://apis.example.com/x", true],
    ["https://a.b.example.com:8443/x", true],
    ["https://APIS.EXAMPLE.COM./x", true],
    ["https://apis%2Eexample%2Ecom/x", true],
    ["https://user:pw@apis.example.com/x", true],
    ["https://apis。example。com/x", true],
    ["http://apis.example.com/x", false],
    ["wss://apis.example.com/x", false],
    ["https://evil.net\\@apis.example.com/x", false],
    ["https://apis.example.com@evil.net/x", false],
    ["https://apis.example.com.evil.net/x", false],
    ["https://evil-example.com/x", false],
    ["https://exаmple.com/x", false],
    ["https://example.co/x", false],
    ["http://127.0.0.1:4010/apis/x", true],
    ["http://127.0.0.1:4011/x", false],
    ["https://127.0.0.1:4010/x", false],
    ["http://localhost:4010/x", false],
    ["http://0x7f.0.0.1:4010/x", true],
    ["https://[::1]:8443/x", true],
    ["https://[::1]/x", false],
    ["data:text/plain,example.com", false]
  ]
  for (const [url, expected] of cases) {
    it(`${url} → ${expected ? "platform" : "not platform"}`, () =>
      assert.strictEqual(isPlatformUrl(url, entries), expected))
  }

  it("an opaque origin entry names no server", () => {
    assert.isFalse(isPlatformUrl("data:text/plain,x", ["data:text/plain,x"]))
  })
})

describe("derived from the base URLs", () => {
  it("a site on sub-domains of its domain: the domain", () => {
    assert.deepStrictEqual(derivePlatformHosts(subdomainBaseUrls("example.com"), "example.com"), ["example.com"])
    assert.deepStrictEqual(makePlatformConfig({}).platformHosts, ["example.com"])
    assert.deepStrictEqual(makePlatformConfig({}, "site.test").platformHosts, ["site.test"])
  })

  it("the emulator (one IP origin for the services, another for www): both origins, nothing else on 127.0.0.1", () => {
    const config = makePlatformConfig({ baseUrls: prefixedBaseUrls("http://127.0.0.1:4010", "http://127.0.0.1:4011") })
    assert.deepStrictEqual(config.platformHosts, ["http://127.0.0.1:4011", "http://127.0.0.1:4010"])
  })

  it("a service off the domain, plain http and single labels: exactly their origin", () => {
    assert.deepStrictEqual(
      makePlatformConfig({
        baseUrls: {
          catalog: "https://Catalog.Other.NET/v1",
          games: "http://games.example.com",
          users: "https://localhost:9000"
        }
      }).platformHosts,
      ["example.com", "https://catalog.other.net", "http://games.example.com", "https://localhost:9000"]
    )
  })

  it("given entries replace the derived ones", () => {
    assert.deepStrictEqual(makePlatformConfig({ platformHosts: ["only.test"] }).platformHosts, ["only.test"])
  })
})

describe("hostMatchesSuffix (every allow-list)", () => {
  const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>, boolean]> = [
    ["www.example.com", [".example.com"], true],
    ["example.com", [".example.com"], true],
    ["API.Example.COM", ["example.com"], true],
    ["apis.example.com.", ["example.com"], true],
    ["apis.example.com", ["example.com."], true],
    ["xn--bcher-kva.example", ["bücher.example"], true],
    ["a.xn--bcher-kva.example", [".BÜCHER.example"], true],
    ["evilexample.com", [".example.com"], false],
    ["evil-example.com", ["example.com"], false],
    ["example.com.evil.net", [".example.com"], false],
    ["apis.example.com", [""], false],
    ["apis.example.com.", ["."], false],
    ["", [""], false],
    ["1.2.3.4", ["3.4"], false],
    ["1.2.3.4", ["1.2.3.4"], true],
    ["127.0.0.1", ["http://127.0.0.1:4010"], true],
    ["apis.example.com", ["https://example.com"], false]
  ]
  for (const [host, suffixes, expected] of cases) {
    it(`${JSON.stringify(host)} in ${JSON.stringify(suffixes)} → ${expected}`, () =>
      assert.strictEqual(hostMatchesSuffix(host, suffixes), expected))
  }
})

describe("from page metadata: <meta name=platform-hosts data-own-hosts>", () => {
  const decode = (attributes: Record<string, string>) =>
    Effect.gen(function* () {
      const config = yield* platformConfigFromPageMetadata
      return { hosts: config.platformHosts, logs: (yield* (yield* MemoryLogger).entries).map((l) => l.text) }
    }).pipe(
      Effect.provide(Layer.merge(MemoryPageMetadata.layer({ "platform-hosts": attributes }), MemoryLogger.layer()))
    )

  it.effect("suffixes and origins, normalised", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(
        yield* decode({ domain: "site.test", ownHosts: ".Site.Test, HTTP://127.0.0.1:4010/, cdn-api.net" }),
        {
          hosts: [".site.test", "http://127.0.0.1:4010", "cdn-api.net"],
          logs: []
        }
      )
    })
  )

  it.effect("absent: derived from the decoded base URLs", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* decode({ domain: "site.test", catalog: "http://127.0.0.1:9/catalog" }), {
        hosts: ["site.test", "http://127.0.0.1:9"],
        logs: []
      })
    })
  )

  for (const bad of [
    "https://user@evil.net",
    "http://127.0.0.1:4010/path",
    "https://a.test?x",
    "evil..net",
    "ftp://files.test"
  ]) {
    it.effect(`malformed (${bad}): derived default, a warning without the value`, () =>
      Effect.gen(function* () {
        const { hosts, logs } = yield* decode({ domain: "site.test", ownHosts: `site.test, ${bad}` })
        assert.deepStrictEqual(hosts, ["site.test"])
        assert.deepStrictEqual(logs, [
          `Page metadata <meta name="platform-hosts"> data-own-hosts is malformed (expected comma-separated host names and http(s) origins); using the default`
        ])
        for (const line of logs) assert.notInclude(line, bad)
      })
    )
  }
})

describe("the signing policy: a platform host AND the allow-list", () => {
  const config = (
    platformHosts: ReadonlyArray<string>,
    allowList: ReadonlyArray<string> = signingSettings.allowedHostSuffixes
  ) =>
    makePlatformConfig({
      user: { id: 7, name: "u", displayName: "u", authenticated: true },
      boundAuthToken: { ...signingSettings, allowedHostSuffixes: allowList },
      platformHosts
    })
  const decide = (hosts: ReadonlyArray<string>, url: string, allowList?: ReadonlyArray<string>) => {
    const decision = signingDecision(config(hosts, allowList), url)
    return Result.isSuccess(decision) ? "signed" : decision.failure.detail
  }
  it("allow-listed and a platform host: signed", () =>
    assert.strictEqual(decide(["example.com"], "https://apis.example.com/x"), "signed"))
  it("allow-listed but not a platform host: exempt", () =>
    assert.strictEqual(decide(["example.com"], "https://api.partner.net/x"), "host is not a platform host"))
  it("a platform host off the allow-list: exempt", () =>
    assert.strictEqual(decide(["example.com", "other.test"], "https://apis.other.test/x"), "host is not allow-listed"))
  it("the platform's bare domain is a platform host but never signed by a suffix", () =>
    assert.strictEqual(decide(["example.com"], "https://example.com/x"), "host is not allow-listed"))
  it("an origin entry of the platform hosts alone does not sign: the allow-list must name it too", () => {
    assert.strictEqual(decide(["http://127.0.0.1:4010"], "http://127.0.0.1:4010/x"), "host is not allow-listed")
    assert.strictEqual(
      decide(["http://127.0.0.1:4010"], "http://127.0.0.1:4010/x", ["http://127.0.0.1:4010"]),
      "signed"
    )
    assert.strictEqual(
      decide(["http://127.0.0.1:4010"], "http://127.0.0.1:4011/x", ["http://127.0.0.1:4011"]),
      "host is not a platform host"
    )
  })
  it("a URL that cannot be parsed: RequestExemptError", () => {
    const decision = signingDecision(config(["example.com"]), "not a url")
    assert.isTrue(Result.isFailure(decision) && decision.failure.reason === "RequestExemptError")
  })
  it("one decision function remembers origins without mixing them up, past its memo's capacity", () => {
    const decideUrl = makeSigningDecision(config(["example.com"]), 2)
    const urls = [
      "https://apis.example.com/a",
      "https://api.partner.net/a",
      "https://apis.other.test/a",
      "http://apis.example.com/a",
      "https://evil-example.com/a",
      "https://www.example.com/a",
      "https://apis.example.com:8443/a",
      "https://example.com/a"
    ]
    const expected = [
      "signed",
      "host is not a platform host",
      "host is not allow-listed",
      "host is not allow-listed",
      "host is not allow-listed",
      "signed",
      "signed",
      "host is not allow-listed"
    ]
    for (let round = 0; round < 3; round++) {
      const decisions = urls.map((url) => {
        const decision = decideUrl(new URL(url))
        return Result.isSuccess(decision) ? "signed" : decision.failure.detail
      })
      assert.deepStrictEqual(decisions, expected)
    }
  })
})
