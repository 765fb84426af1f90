/**
 * Class: secrets, signatures, trace headers and duplicates go only to the platform's own hosts.
 *
 * The page signs, traces every request and duplicates every GET, with allow-lists that stray outside the platform
 * (`evil.net`, `partner.net`) on purpose: whatever an allow-list says, a host that is not a platform host gets
 * none of it. Exact requests are asserted: URL as fetch received it, every secret and trace header, how many.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { jsonResponse, StubFetch } from "../../src/testing/StubFetch.ts"
import { platformUrl, secretsIn, securityLayer, seeded } from "./support.ts"

/** Where no secret may go: other hosts and their look-alikes, plus hosts that only an allow-list names, and plain http. */
const foreignTargets: ReadonlyArray<readonly [written: string, sentTo: string]> = [
  ["https://evil.net/x", "https://evil.net/x"],
  ["https://apis.example.com.evil.net/x", "https://apis.example.com.evil.net/x"],
  ["https://evil-example.com/x", "https://evil-example.com/x"],
  ["https://evil.net\\@apis.example.com/x", "https://evil.net/@apis.example.com/x"],
  ["https://partner.net/x", "https://partner.net/x"],
  ["https://exаmple.com/x", "https://xn--exmple-4nf.com/x"],
  ["http://apis.example.com/x", "http://apis.example.com/x"]
]

const ok = () => jsonResponse({ ok: true })

describe("secrets only to platform hosts", () => {
  it.effect(
    "a POST to the platform carries the CSRF token, token, proxy, challenge-meta, a signature and trace headers",
    () =>
      Effect.gen(function* () {
        yield* (yield* PlatformHttp).post(platformUrl, { body: { a: 1 } })
        const requests = (yield* StubFetch).requests
        assert.strictEqual(requests.length, 1)
        const sent = secretsIn(requests[0]!.headers)
        assert.deepStrictEqual(
          { ...sent, b3: sent.b3 !== undefined, traceparent: sent.traceparent !== undefined },
          {
            "x-csrf-token": seeded.csrf,
            "x-platform-token": seeded.token,
            "x-platform-proxy": seeded.proxy,
            "rblx-challenge-meta": seeded.challengeMeta,
            "x-bound-auth-token": "v1|hash|1|sig-of-apis.example.com",
            b3: true,
            traceparent: true
          }
        )
        assert.strictEqual(requests[0]!.redirect, "manual")
      }).pipe(Effect.provide(securityLayer(ok)))
  )

  it.effect("a GET to the platform is signed, traced and duplicated (no anti-forgery headers)", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get(platformUrl)
      yield* Effect.yieldNow
      const requests = (yield* StubFetch).requests
      assert.strictEqual(requests.length, 2)
      for (const r of requests) {
        assert.deepStrictEqual(Object.keys(secretsIn(r.headers)).sort(), ["b3", "traceparent", "x-bound-auth-token"])
      }
    }).pipe(Effect.provide(securityLayer(ok)))
  )

  for (const [written, sentTo] of foreignTargets) {
    it.effect(`POST ${written}: no secret, signature or trace header; sent once`, () =>
      Effect.gen(function* () {
        yield* (yield* PlatformHttp).post(written, { body: { a: 1 } })
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => [r.method, r.url, secretsIn(r.headers)]),
          [["POST", sentTo, {}]]
        )
        assert.isUndefined(requests[0]!.redirect)
      }).pipe(Effect.provide(securityLayer(ok)))
    )

    it.effect(`GET ${written}: not signed, not traced, not duplicated`, () =>
      Effect.gen(function* () {
        yield* (yield* PlatformHttp).get(written)
        yield* Effect.yieldNow
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => [r.method, r.url, secretsIn(r.headers)]),
          [["GET", sentTo, {}]]
        )
      }).pipe(Effect.provide(securityLayer(ok)))
    )
  }

  for (const written of [
    "https://user:pw@evil.net/x",
    "https://user:pw@apis.example.com/x",
    "https://token@apis.example.com/x"
  ]) {
    it.effect(`POST and GET ${written}: refused before anything is sent (FetchError), nothing signed`, () =>
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        const post = yield* Effect.flip(http.post(written, { body: { a: 1 } }))
        const get = yield* Effect.flip(http.get(written))
        for (const error of [post, get]) {
          assert.strictEqual(error._tag, "FetchError")
          assert.strictEqual(
            error._tag === "FetchError" && String(error.cause),
            "TypeError: the request URL carries a user name or password, which is never sent"
          )
        }
        assert.strictEqual((yield* StubFetch).requests.length, 0)
      }).pipe(Effect.provide(securityLayer(ok)))
    )
  }

  it.effect(
    "the platform's spellings of its own hosts still get the token (case, trailing dot, percent-encoding, port); signatures per the signing rule",
    () =>
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        for (const url of [
          "https://APIS.Example.COM/x",
          "https://apis.example.com./x",
          "https://apis%2Eexample%2Ecom/x",
          "https://apis.example.com:8443/x",
          "https://example.com/x"
        ])
          yield* http.post(url)
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => r.url),
          [
            "https://apis.example.com/x",
            "https://apis.example.com./x",
            "https://apis.example.com/x",
            "https://apis.example.com:8443/x",
            "https://example.com/x"
          ]
        )
        for (const r of requests) assert.strictEqual(r.headers["x-csrf-token"], seeded.csrf, r.url)
        // signed: https strictly under the domain; the bare domain and a trailing-dot host are platform hosts, not signed
        assert.deepStrictEqual(
          requests.map((r) => r.headers["x-bound-auth-token"] !== undefined),
          [true, false, true, true, false]
        )
      }).pipe(Effect.provide(securityLayer(ok)))
  )

  it.effect(
    "signing needs both: a platform host AND the signing allow-list (a platform host off the list is not signed)",
    () =>
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        yield* http.post("https://apis.example.com/x")
        yield* http.post("https://apis.other-site.test/x")
        yield* http.post("https://partner.net/x")
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => [r.url, r.headers["x-bound-auth-token"], r.headers["x-csrf-token"]]),
          [
            ["https://apis.example.com/x", "v1|hash|1|sig-of-apis.example.com", seeded.csrf],
            // a platform host (configured below) that the signing allow-list does not name: CSRF yes, signature no
            ["https://apis.other-site.test/x", undefined, seeded.csrf],
            // allow-listed for signing but not a platform host: nothing
            ["https://partner.net/x", undefined, undefined]
          ]
        )
      }).pipe(
        Effect.provide(
          securityLayer(ok, {
            config: {
              user: { id: 7, name: "u7", displayName: "U7", authenticated: true },
              boundAuthToken: {
                enabled: true,
                allowedHostSuffixes: [".example.com", "partner.net"],
                sampleRatePerMillion: 1_000_000,
                databaseName: "db",
                storeName: "store",
                keyName: "key"
              },
              platformHosts: ["example.com", "apis.other-site.test"]
            }
          })
        )
      )
  )

  it.effect("credentials keep the spec's rule: included everywhere except CDN hosts, platform or not", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.get("https://evil.net/x")
      yield* http.get("https://tr.cdn.test/x")
      yield* http.get(platformUrl)
      const requests = (yield* StubFetch).requests.filter((r, i, all) => all.findIndex((o) => o.url === r.url) === i)
      assert.deepStrictEqual(
        requests.map((r) => [r.url, r.credentials]),
        [
          ["https://evil.net/x", "include"],
          ["https://tr.cdn.test/x", "same-origin"],
          [platformUrl, "include"]
        ]
      )
    }).pipe(
      Effect.provide(
        securityLayer(ok, {
          config: { credentiallessHostSuffixes: ["cdn.test"] }
        })
      )
    )
  )
})
