/**
 * Properties over host spellings (fast-check): case, a trailing dot, userinfo, backslashes, percent-encoding,
 * full-width dots, tabs and newlines, IDN look-alikes, ports and schemes, around platform and foreign host names.
 *
 * The oracle is independent of the library: where a request really goes is the URL that fetch was handed, read
 * with the WHATWG URL parser; it is the platform when it is https on example.com or a sub-domain of it.
 *
 * 1. NO secret header, signature or trace header ever reaches a non-platform destination, and a platform
 *    destination still gets its anti-forgery token, and its signature when it is one the signing rule signs (https
 *    strictly under the domain, no user info: not the bare domain, not a trailing dot) and none otherwise.
 * 2. NOTHING from a non-platform response (a 403 with a new token, token and proxy values, the three challenge
 *    headers), whether the request went there or a followed redirect ended there, changes stored state
 *    (CsrfStore, SessionHeaders, local storage) or starts the challenge flow.
 *
 * The last test prints the figures: spellings tried, secrets leaked, state changes and flows from foreign
 * responses (each must be 0).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as fc from "fast-check"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { jsonResponse, redirectedResponse, type RecordedRequest, StubFetch } from "../../src/testing/StubFetch.ts"
import {
  challengeProbe,
  platformUrl,
  secretsIn,
  securityLayer,
  seeded,
  seededState,
  storedState,
  trustingConfig
} from "./support.ts"

const platformNames = ["example.com", "apis.example.com", "www.example.com", "a.b.example.com"]
const foreignNames = [
  "evil.net",
  "apis.example.com.evil.net",
  "example.com.evil.net",
  "evil-example.com",
  "evilexample.com",
  "apis-example.com",
  "example.co",
  "exаmple.com", // Cyrillic а
  "ехample.com", // Cyrillic е and х
  "xn--exmple-4nf.com",
  "example.com-evil.net",
  "example.comevil.net",
  "127.0.0.1",
  "localhost"
]

/** Percent-encode the characters of `host` picked by `mask`. */
const percentEncode = (host: string, mask: ReadonlyArray<boolean>) =>
  [...host]
    .map((c, i) => (mask[i % mask.length] && /[a-z.]/i.test(c) ? `%${c.charCodeAt(0).toString(16).toUpperCase()}` : c))
    .join("")

const recase = (text: string, mask: ReadonlyArray<boolean>) =>
  [...text].map((c, i) => (mask[i % mask.length] ? c.toUpperCase() : c.toLowerCase())).join("")

/** One spelling of a host, with the transformations applied. */
const hostSpelling = fc
  .record({
    name: fc.constantFrom(...platformNames, ...foreignNames),
    caseMask: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
    trailingDot: fc.boolean(),
    dots: fc.constantFrom(".", "。", "．"),
    percent: fc.option(fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), { nil: undefined }),
    whitespace: fc.constantFrom("", "\t", "\n")
  })
  .map(({ caseMask, dots, name, percent, trailingDot, whitespace }) => {
    let host = recase(name, caseMask)
    if (percent !== undefined) host = percentEncode(host, percent)
    host = host.replaceAll(".", dots) + (trailingDot ? "." : "")
    return whitespace === "" ? host : `${host.slice(0, 2)}${whitespace}${host.slice(2)}`
  })

/** A URL around one or two host spellings: userinfo, the backslash trick, ports, schemes, paths that name hosts. */
const urlSpelling = fc
  .record({
    scheme: fc.constantFrom("https", "HTTPS", "http"),
    host: hostSpelling,
    other: hostSpelling,
    shape: fc.constantFrom("plain", "userinfo", "hostAsUserinfo", "backslash", "backslashReversed"),
    port: fc.constantFrom("", ":443", ":8443", ":80"),
    path: fc.constantFrom("/x", "/@apis.example.com/x", "/x?next=https://apis.example.com/", "/x#@evil.net")
  })
  .map(({ host, other, path, port, scheme, shape }) => {
    switch (shape) {
      case "plain":
        return `${scheme}://${host}${port}${path}`
      case "userinfo":
        return `${scheme}://user:pw@${host}${port}${path}`
      case "hostAsUserinfo":
        return `${scheme}://${other}@${host}${port}${path}`
      case "backslash":
        return `${scheme}://${host}${port}\\@${other}${path}`
      case "backslashReversed":
        return `${scheme}://${host}\\${other}${path}`
    }
  })

/** Where fetch really sends a URL: https on example.com or a sub-domain is the platform (the oracle). */
const isPlatformDestination = (url: string): boolean => {
  const parsed = new URL(url)
  const host = parsed.hostname.replace(/\.$/, "")
  return parsed.protocol === "https:" && (host === "example.com" || host.endsWith(".example.com"))
}

/** True when fetch would refuse the URL for its user info (the pipeline refuses it before sending anything). */
const carriesUserInfo = (url: string): boolean => {
  const parsed = URL.canParse(url) ? new URL(url) : undefined
  return parsed !== undefined && (parsed.username !== "" || parsed.password !== "")
}

/**
 * Which destinations are signed (the oracle): https on a host strictly under example.com as the parser writes it
 * (the bare domain and a trailing dot are not), and no user info (fetch refuses such a URL).
 */
const isSignedDestination = (url: string): boolean => {
  const parsed = new URL(url)
  return (
    parsed.protocol === "https:" &&
    parsed.username === "" &&
    parsed.password === "" &&
    parsed.hostname.endsWith(".example.com")
  )
}

/** The figures of the run. */
const figures = {
  spellings: new Set<string>(),
  platformDestinations: 0,
  signedDestinations: 0,
  foreignDestinations: 0,
  unparsable: 0,
  refusedUserInfo: 0,
  secretsLeaked: 0,
  foreignResponses: 0,
  stateChanges: 0,
  flowsStarted: 0
}

/** Send a POST and a GET to `url` through a fresh page; the requests fetch received. */
const sendBoth = (url: string, handler: (request: RecordedRequest) => Response) =>
  Effect.gen(function* () {
    const http = yield* PlatformHttp
    yield* Effect.ignore(http.post(url, { body: { a: 1 } }))
    yield* Effect.ignore(http.get(url))
    yield* Effect.yieldNow
    return (yield* StubFetch).requests
  }).pipe(Effect.provide(securityLayer(handler)), Effect.runPromise)

const everything = {
  "x-csrf-token": "planted-csrf",
  "x-platform-token": "planted-token",
  "x-platform-proxy": "planted-proxy",
  "rblx-challenge-id": "planted-id",
  "rblx-challenge-type": "captcha",
  "rblx-challenge-metadata": "e30="
}

describe("host spellings", () => {
  it("no secret, signature or trace header reaches a non-platform host; the platform still gets them", async () => {
    await fc.assert(
      fc.asyncProperty(urlSpelling, async (url) => {
        figures.spellings.add(url)
        const requests = await sendBoth(url, () => jsonResponse({}))
        if (carriesUserInfo(url)) {
          figures.refusedUserInfo++
          assert.strictEqual(requests.length, 0, `${url}: a URL with user info is refused before anything is sent`)
        } else if (requests.length === 0) figures.unparsable++
        for (const r of requests) {
          const sent = secretsIn(r.headers)
          if (isPlatformDestination(r.url)) {
            figures.platformDestinations++
            if (r.method === "POST") assert.strictEqual(sent["x-csrf-token"], seeded.csrf, `${url} → ${r.url}`)
            if (isSignedDestination(r.url)) {
              figures.signedDestinations++
              assert.isDefined(sent["x-bound-auth-token"], `${url} → ${r.url}`)
            } else assert.isUndefined(sent["x-bound-auth-token"], `${url} → ${r.url}`)
          } else {
            figures.foreignDestinations++
            if (Object.keys(sent).length > 0) figures.secretsLeaked++
            assert.deepStrictEqual(sent, {}, `${url} → ${r.url}`)
          }
        }
      }),
      { numRuns: 400 }
    )
  }, 120_000)

  it("nothing from a non-platform response changes stored state or starts a flow", async () => {
    await fc.assert(
      fc.asyncProperty(urlSpelling, fc.boolean(), async (url, viaRedirect) => {
        figures.spellings.add(url)
        if (!URL.canParse(url) || isPlatformDestination(url)) return
        figures.foreignResponses++
        const probe = challengeProbe()
        // either the request goes to the foreign URL, or a guest's GET to the platform is redirected there
        const state = await Effect.gen(function* () {
          const http = yield* PlatformHttp
          if (viaRedirect) yield* Effect.ignore(http.get(platformUrl))
          else {
            yield* Effect.ignore(http.post(url))
            yield* Effect.ignore(http.get(url))
          }
          return { state: yield* storedState, requests: (yield* StubFetch).requests.length }
        }).pipe(
          Effect.provide(
            securityLayer(
              () => {
                const response = jsonResponse(
                  { code: 0, message: "Token Validation Failed" },
                  { status: 403, headers: everything }
                )
                return viaRedirect ? redirectedResponse(response, url) : response
              },
              {
                probe,
                config: trustingConfig({
                  duplication: { allowedHostSuffixes: [], ratio: 0 },
                  ...(viaRedirect
                    ? { user: { id: undefined, name: undefined, displayName: undefined, authenticated: false } }
                    : {})
                })
              }
            )
          ),
          Effect.runPromise
        )
        const changed = JSON.stringify(state.state) !== JSON.stringify(seededState)
        if (changed) figures.stateChanges++
        if (probe.loads > 0) figures.flowsStarted++
        assert.deepStrictEqual(state.state, seededState, url)
        assert.deepStrictEqual(probe, { loads: 0, intercepted: [] }, url)
        // nothing was re-sent on the strength of a foreign 403
        assert.strictEqual(state.requests, viaRedirect ? 1 : carriesUserInfo(url) ? 0 : 2, url)
      }),
      { numRuns: 400 }
    )
  }, 120_000)

  it("figures", () => {
    const line =
      `security: ${figures.spellings.size} host spellings tried (${figures.platformDestinations} requests to ` +
      `platform destinations, ${figures.signedDestinations} of them signed, ${figures.foreignDestinations} to foreign ` +
      `ones, ${figures.unparsable} unparsable, ${figures.refusedUserInfo} refused for their user info), ` +
      `${figures.secretsLeaked} secrets leaked, ${figures.foreignResponses} foreign responses: ` +
      `${figures.stateChanges} state changes, ${figures.flowsStarted} flows started`
    console.log(line)
    assert.strictEqual(figures.secretsLeaked, 0, line)
    assert.strictEqual(figures.stateChanges, 0, line)
    assert.strictEqual(figures.flowsStarted, 0, line)
    // the properties were not vacuous: both kinds of destination were exercised
    assert.isAbove(figures.platformDestinations, 50, line)
    assert.isAbove(figures.signedDestinations, 10, line)
    assert.isAbove(figures.platformDestinations - figures.signedDestinations, 10, line)
    assert.isAbove(figures.foreignDestinations, 50, line)
    assert.isAbove(figures.foreignResponses, 50, line)
    assert.isAbove(figures.refusedUserInfo, 20, line)
  })
})
