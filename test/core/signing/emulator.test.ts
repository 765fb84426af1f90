/**
 * The library against the emulator over real HTTP (Node, fake-indexeddb): sign in with device attestation, then
 * every signed request is verified by the emulator, and tampered, stale, replayed and unsigned requests get the
 * matching verdict in the request log.
 */
import "fake-indexeddb/auto"
import { afterAll, assert, beforeAll, beforeEach, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { IDBFactory } from "fake-indexeddb"
import { type RunningEmulator, startEmulator } from "../../../src/emulator/Emulator.ts"
import { emulatorKeyLocation } from "../../../src/emulator/hba/pages.ts"
import { gatewayVerdict } from "../../../src/emulator/hba/verify.ts"
import { Crypto } from "../../../src/core/browser/Crypto.ts"
import { KeyDatabase } from "../../../src/core/browser/KeyDatabase.ts"
import { KeyValueStore } from "../../../src/core/browser/KeyValueStore.ts"
import { Telemetry } from "../../../src/core/browser/Telemetry.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { computeBoundAuthToken } from "../../../src/core/signing/token/BoundAuthTokenSigner.ts"
import { KeyStore } from "../../../src/core/signing/keys/KeyStore.ts"
import { Signing } from "../../../src/core/signing/Signing.ts"
import { DeviceAttestation } from "../../../src/core/signing/attestation/DeviceAttestation.ts"

let emulator: RunningEmulator
beforeAll(async () => {
  emulator = await startEmulator({ defaultUserId: null })
})
afterAll(() => emulator?.close())
beforeEach(() => emulator?.state.reset())

/** A browser's cookie jar for 127.0.0.1 (every port), over the global fetch. */
const cookieFetch = () => {
  const jar = new Map<string, string>()
  const fetchWithCookies = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    if (jar.size > 0) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "))
    const response = await fetch(input, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const [name, value] = pair!.split("=")
      jar.set(name!.trim(), value!.trim())
    }
    return response
  }) as typeof fetch
  return { fetch: fetchWithCookies, jar }
}

/**
 * A page of the www origin: PlatformHttp signing directly with this "browser's" IndexedDB, in `format` (default the
 * library's, 5-field); the emulator's origin (plain http on 127.0.0.1) is signed as an origin entry of the allow-list.
 */
const page = (
  browser: { fetch: typeof fetch; idb: IDBFactory },
  user: PlatformConfigInput["user"],
  format?: "4-field" | "5-field"
) =>
  DeviceAttestation.layer.pipe(
    Layer.provideMerge(PlatformHttp.layer),
    Layer.provideMerge(Signing.direct),
    Layer.provideMerge(
      Layer.mergeAll(
        PlatformConfig.layer({
          baseUrls: emulator.baseUrls,
          user: user ?? {},
          boundAuthToken: {
            enabled: true,
            allowedHostSuffixes: [emulator.origin],
            sampleRatePerMillion: 1_000_000,
            ...emulatorKeyLocation,
            ...(format === undefined ? {} : { format })
          }
        }),
        KeyDatabase.fromFactory(() => browser.idb),
        Crypto.browser,
        Layer.succeed(KeyValueStore, {
          get: () => Effect.undefined,
          set: () => Effect.void,
          remove: () => Effect.void
        }),
        Layer.succeed(Telemetry, {
          trackEvent: () => Effect.void,
          incrementCounter: () => Effect.void,
          recordMetric: () => Effect.void,
          reportError: () => Effect.void
        }),
        Layer.succeed(FetchHttpClient.Fetch, browser.fetch)
      )
    )
  )

const log = () => emulator.state.log.since(0).entries
const signatureVerdicts = () =>
  log().map((e) => [
    e.method,
    e.url,
    e.status,
    e.verdicts.filter((v) => /signature|stale|replayed|attestation|signed in/.test(v))
  ])

/** Sign in as user 7 with attestation, then return a signed-in page's layer. */
const signIn = (browser: { fetch: typeof fetch; idb: IDBFactory }) =>
  Effect.gen(function* () {
    const payload = yield* (yield* DeviceAttestation).payload
    assert.isTrue(Option.isSome(payload))
    const answer = yield* (yield* PlatformHttp).post(
      { service: "hba", path: "/v1/sign-in" },
      {
        body: { userId: 7, secureAuthenticationIntent: Option.getOrThrow(payload) }
      }
    )
    assert.deepStrictEqual(answer, { userId: 7, keyBound: true })
    return Option.getOrThrow(payload)
  }).pipe(Effect.provide(page(browser, { id: undefined, authenticated: false })))

/**
 * What a test needs to forge tokens by hand for user 7's page: the CSRF token for `url`, the page's key pair and
 * WebCrypto. The request log is cleared.
 */
const forgingKit = (browser: { fetch: typeof fetch; idb: IDBFactory }, url: string, body: string) =>
  Effect.gen(function* () {
    const csrf = (yield* Effect.promise(() => browser.fetch(url, { method: "POST", body }))).headers.get(
      "x-csrf-token"
    )!
    emulator.state.log.clear()
    const pair = yield* Effect.flatMap(KeyStore, (s) => s.keyPair(emulatorKeyLocation)).pipe(
      Effect.provide(page(browser, { id: 7, authenticated: true }))
    )
    const crypto = yield* Effect.provide(
      Effect.gen(function* () {
        return yield* Crypto
      }),
      Crypto.browser
    )
    return { crypto, csrf, pair }
  })

describe("signing against the emulator", () => {
  it.live("sign in with attestation; a signed POST (and its CSRF re-send) is verified", () =>
    Effect.gen(function* () {
      const browser = { ...cookieFetch(), idb: new IDBFactory() }
      yield* signIn(browser)
      assert.strictEqual(browser.jar.get("emu_session"), "u7")
      const users = yield* Effect.flatMap(PlatformHttp, (http) =>
        http.post({ service: "users", path: "/v1/users" }, { body: { userIds: [1, 2, 3] } })
      ).pipe(Effect.provide(page(browser, { id: 7, authenticated: true })))
      assert.strictEqual((users as { data: Array<unknown> }).data.length, 3)
      assert.deepStrictEqual(signatureVerdicts(), [
        ["GET", "/hba/hba-service/v1/getServerNonce", 200, ["signature missing"]],
        ["POST", "/hba/v1/sign-in", 403, ["signature missing"]],
        ["POST", "/hba/v1/sign-in", 200, ["signature missing", "attestation verified, key bound", "signed in as u7"]],
        ["POST", "/users/v1/users", 403, ["signature verified"]],
        ["POST", "/users/v1/users", 200, ["signature verified"]]
      ])
    })
  )

  it.live("missing, tampered, stale and replayed tokens get their verdicts; a 4-field token is refused", () =>
    Effect.gen(function* () {
      const browser = { ...cookieFetch(), idb: new IDBFactory() }
      yield* signIn(browser)
      const url = `${emulator.baseUrls.users}/v1/users`
      const body = JSON.stringify({ userIds: [1] })
      const { crypto, csrf, pair } = yield* forgingKit(browser, url, body)
      const token = (at: number, signedBody = body, format: "4-field" | "5-field" = "5-field") =>
        computeBoundAuthToken(crypto, pair.privateKey, { url, method: "POST", body: signedBody }, at, format)
      const send = (header: string | undefined, sentBody = body) =>
        Effect.promise(() =>
          browser.fetch(url, {
            method: "POST",
            body: sentBody,
            headers: {
              "content-type": "application/json",
              "x-csrf-token": csrf,
              ...(header ? { "x-bound-auth-token": header } : {})
            }
          })
        )
      const now = Date.now()
      const good = yield* token(now)
      yield* send(good)
      yield* send(good)
      yield* send(undefined)
      yield* send(good, JSON.stringify({ userIds: [2] }))
      const parts = good.split("|")
      const sig = Buffer.from(parts[3]!, "base64")
      sig[10] = sig[10]! ^ 1
      yield* send([parts[0], parts[1], parts[2], sig.toString("base64"), parts[4]].join("|"))
      yield* send(yield* token(now - 120_000))
      yield* send(yield* token(now + 61_000 + 999))
      yield* send("v1|garbage")
      yield* send(yield* token(now, body, "4-field"))
      const verdicts = log().map((e) => [e.status, e.verdicts[0]] as const)
      // the emulator's clock reads the skew when the request arrives (a second may have passed)
      assert.match(verdicts[5]![1]!, /^stale timestamp \(\+12[01] s\)$/)
      assert.match(verdicts[6]![1]!, /^stale timestamp \(-6[12] s\)$/)
      assert.deepStrictEqual(
        [...verdicts.slice(0, 5), ...verdicts.slice(7)],
        [
          [200, "signature verified"],
          [200, "replayed token"],
          [200, "signature missing"],
          [200, "bad signature (body hash mismatch)"],
          [200, "bad signature"],
          [200, "bad signature (malformed token)"],
          // the served emulator verifies tokens as the real site forms them: a 4-field token has no sig2
          [200, "bad signature (no path signature)"]
        ]
      )
    })
  )

  it.live(
    "the 5-field form: verified; each field checked; a stripped sig2 is refused; sig2 verified without the body",
    () =>
      Effect.gen(function* () {
        const browser = { ...cookieFetch(), idb: new IDBFactory() }
        yield* signIn(browser)
        const sentTokens: Array<string | null> = []
        const recording = {
          ...browser,
          fetch: ((input, init) => {
            sentTokens.push(new Headers(init?.headers).get("x-bound-auth-token"))
            return browser.fetch(input, init)
          }) as typeof fetch
        }
        yield* Effect.flatMap(PlatformHttp, (http) =>
          http.post({ service: "users", path: "/v1/users" }, { body: { userIds: [1] } })
        ).pipe(Effect.provide(page(recording, { id: 7, authenticated: true })))
        const signed = log().filter((e) => e.url === "/users/v1/users")
        assert.deepStrictEqual(
          signed.map((e) => [e.status, e.verdicts.filter((v) => v.includes("signature"))]),
          [
            [403, ["signature verified"]],
            [200, ["signature verified"]]
          ]
        )
        assert.deepStrictEqual(
          sentTokens.map((t) => t?.split("|").length),
          [5, 5]
        )

        const url = `${emulator.baseUrls.users}/v1/users?source=test`
        const body = JSON.stringify({ userIds: [1] })
        const { crypto, csrf, pair } = yield* forgingKit(browser, url, body)
        const now = Date.now()
        const token = (at = now, signedUrl = url, method = "POST") =>
          computeBoundAuthToken(crypto, pair.privateKey, { url: signedUrl, method, body }, at, "5-field")
        const send = (header: string, sentUrl = url) =>
          Effect.promise(() =>
            browser.fetch(sentUrl, {
              method: "POST",
              body,
              headers: { "content-type": "application/json", "x-csrf-token": csrf, "x-bound-auth-token": header }
            })
          )
        const flipped = (field: string) => {
          const bytes = Buffer.from(field, "base64")
          bytes[5] = bytes[5]! ^ 1
          return bytes.toString("base64")
        }
        const good = yield* token()
        const [v, hash, ts, sig1, sig2] = good.split("|") as [string, string, string, string, string]
        yield* send(good)
        yield* send([v, hash, ts, sig1].join("|")) // the same request, its sig2 stripped: refused
        yield* send([v, hash, ts, sig1, flipped(sig2)].join("|"))
        yield* send([v, hash, ts, flipped(sig1), sig2].join("|"))
        yield* send(yield* token(now, `${emulator.baseUrls.users}/v1/other`)) // signed for another path
        yield* send(yield* token(now, `${emulator.baseUrls.users}/v1/users?source=other`)) // another query: sig2 holds
        yield* send(yield* token(now - 120_000))
        yield* send(`${good}|${sig2}`)
        assert.deepStrictEqual(
          log().map((e) => e.verdicts[0]!.replace(/\(\+12[01] s\)/, "(+120 s)")),
          [
            "signature verified",
            "bad signature (no path signature)",
            "bad signature (path signature)",
            "bad signature",
            "bad signature (path signature)",
            "bad signature",
            "stale timestamp (+120 s)",
            "bad signature (malformed token)"
          ]
        )

        // the gateway's check: sig2 alone, without the body (and so whatever the body and the query)
        const gateway = (header: string, gatewayUrl = url, method = "POST") =>
          Effect.promise(() =>
            gatewayVerdict(emulator.state.hba, { sessionKey: "cookie:u7", method, url: gatewayUrl, header, nowMs: now })
          )
        assert.strictEqual(yield* gateway(good), "path signature verified")
        assert.strictEqual(
          yield* gateway(good, `${emulator.baseUrls.users}/v1/users?source=elsewhere`),
          "path signature verified"
        )
        assert.strictEqual(
          yield* gateway(good, `${emulator.baseUrls.users}/v1/users/`),
          "bad signature (path signature)"
        )
        assert.strictEqual(yield* gateway(good, url, "PUT"), "bad signature (path signature)")
        assert.strictEqual(yield* gateway([v, hash, ts, sig1].join("|")), "bad signature (no path signature)")
        assert.strictEqual(yield* gateway(yield* token(now - 120_000)), "stale timestamp (+120 s)")
        assert.strictEqual(yield* gateway("v1|x"), "bad signature (malformed token)")
        assert.strictEqual(
          yield* Effect.promise(() =>
            gatewayVerdict(emulator.state.hba, {
              sessionKey: "cookie:u9",
              method: "POST",
              url,
              header: good,
              nowMs: now
            })
          ),
          "bad signature (no key bound to the session)"
        )
      })
  )

  it.live("a nonce is single-use and bound to its session; a session without a bound key is unverifiable", () =>
    Effect.gen(function* () {
      const browser = { ...cookieFetch(), idb: new IDBFactory() }
      const payload = yield* signIn(browser)
      const again = yield* Effect.flatMap(PlatformHttp, (http) =>
        http.post({ service: "hba", path: "/v1/sign-in" }, { body: { userId: 8, secureAuthenticationIntent: payload } })
      ).pipe(Effect.provide(page(browser, { id: 7, authenticated: true })))
      assert.deepStrictEqual(again, { userId: 8, keyBound: false })
      const verdicts = log()
        .filter((e) => e.url === "/hba/v1/sign-in" && e.status === 200)
        .map((e) => e.verdicts.filter((v) => v.startsWith("attestation") || v.startsWith("signed in")))
      assert.deepStrictEqual(verdicts[1], ["attestation rejected (unknown or used nonce)", "signed in as u8"])
      // user 8's session has no key: its signed requests cannot be verified
      yield* Effect.flatMap(PlatformHttp, (http) =>
        http.get({ service: "users", path: "/v1/users/authenticated" })
      ).pipe(Effect.provide(page(browser, { id: 8, authenticated: true })))
      assert.strictEqual(log().at(-1)!.verdicts[0], "bad signature (no key bound to the session)")
    })
  )

  it.live("serves the security frame page with the session's configuration, and its script", () =>
    Effect.gen(function* () {
      const html = yield* Effect.promise(() =>
        fetch(`${emulator.wwwOrigin}/hba/iframe`, { headers: { cookie: "emu_session=u7" } }).then((r) => r.text())
      )
      assert.include(html, `<meta name="user-data" data-userid="7" `)
      assert.include(html, `data-allowed-hosts="${emulator.origin}"`)
      assert.include(html, `data-database-name="hbaDB"`)
      assert.include(html, `data-token-format="5-field"`)
      assert.include(
        html,
        `<meta name="hba-frame" data-allowed-parent-origins="${emulator.origin}, ${emulator.wwwOrigin}">`
      )
      assert.include(html, `<script type="module" src="/hba/frame.js">`)
      const script = yield* Effect.promise(() => fetch(`${emulator.wwwOrigin}/hba/frame.js`))
      assert.strictEqual(script.headers.get("content-type"), "text/javascript; charset=utf-8")
      assert.isAbove((yield* Effect.promise(() => script.text())).length, 10_000)
    })
  )
})
