/**
 * An attacker's probes of the public API, replayed exactly as they were run, each answered as it must be. (The
 * probes of the browser-side work — the script-challenge Worker, the frame flood, IndexedDB and continue-call
 * hangs, deeply nested challenge metadata — are tested with that work.)
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import { csrfStorageKey } from "../../src/core/csrf/CsrfStore.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { jsonResponse, opaqueRedirectResponse, type RecordedRequest, StubFetch } from "../../src/testing/StubFetch.ts"
import {
  challengeProbe,
  platformUrl,
  secretsIn,
  securityLayer,
  seededState,
  storedState,
  untilSent
} from "./support.ts"

describe("an attacker's probes", () => {
  it.effect("http.post to evil.net and its look-alikes carries no CSRF, token, proxy or challenge-meta header", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const probes = [
        "https://evil.net/x",
        "https://apis.example.com.evil.net/x",
        "https://evil-example.com/x",
        "https://user:pw@evil.net/x",
        "https://evil.net\\@apis.example.com/x"
      ]
      const refused = yield* Effect.flip(http.post("https://user:pw@evil.net/x"))
      for (const url of probes) if (!url.includes("user:pw")) yield* http.post(url)
      // the URL with user info is refused before anything is sent, as fetch refuses it
      assert.strictEqual(refused._tag, "FetchError")
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => [r.url, secretsIn(r.headers)]),
        [
          ["https://evil.net/x", {}],
          ["https://apis.example.com.evil.net/x", {}],
          ["https://evil-example.com/x", {}],
          ["https://evil.net/@apis.example.com/x", {}]
        ]
      )
    }).pipe(Effect.provide(securityLayer(() => jsonResponse({}))))
  )

  it.effect("a platform endpoint answering 307 to another origin: fetch is told not to follow; RedirectError", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(platformUrl))
      assert.strictEqual(error._tag, "RedirectError")
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => [r.url, r.redirect]),
        [[platformUrl, "manual"]]
      )
    }).pipe(Effect.provide(securityLayer(opaqueRedirectResponse)))
  )

  it.effect(
    "a 403 from any host with x-csrf-token no longer replaces the stored token, in memory or local storage",
    () =>
      Effect.gen(function* () {
        yield* Effect.flip((yield* PlatformHttp).post("https://evil.net/x"))
        assert.deepStrictEqual(yield* storedState, seededState)
      }).pipe(
        Effect.provide(
          securityLayer(() => jsonResponse({}, { status: 403, headers: { "x-csrf-token": "attacker-token" } }))
        )
      )
  )

  it.effect("token and proxy values from any host are no longer stored or sent on the next platform mutation", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.get("https://evil.net/x")
      yield* http.post(platformUrl)
      const last = (yield* StubFetch).requests.at(-1)!
      assert.notStrictEqual(last.headers["x-platform-token"], "attacker-token")
      assert.notStrictEqual(last.headers["x-platform-proxy"], "attacker-proxy")
      assert.deepStrictEqual(yield* storedState, seededState)
    }).pipe(
      Effect.provide(
        securityLayer((r) =>
          r.url.startsWith("https://evil.net/")
            ? jsonResponse(
                {},
                { headers: { "x-platform-token": "attacker-token", "x-platform-proxy": "attacker-proxy" } }
              )
            : jsonResponse({})
        )
      )
    )
  )

  it.effect("a response from any host with the three challenge headers no longer starts the challenge flow", () => {
    const probe = challengeProbe()
    return Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post("https://evil.net/x"))
      assert.strictEqual(error._tag, "ResponseError")
      assert.deepStrictEqual(probe, { loads: 0, intercepted: [] })
    }).pipe(
      Effect.provide(
        securityLayer(
          () =>
            jsonResponse(
              {},
              {
                status: 403,
                headers: {
                  "rblx-challenge-id": "c",
                  "rblx-challenge-type": "scriptrunning",
                  "rblx-challenge-metadata": "e30="
                }
              }
            ),
          { probe }
        )
      )
    )
  })

  it.effect("a server that never answers no longer leaves the call waiting forever: TimeoutError", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.flip((yield* PlatformHttp).get(platformUrl)))
      yield* untilSent(1)
      yield* TestClock.adjust("60 seconds")
      assert.strictEqual((yield* Fiber.join(fiber))._tag, "TimeoutError")
    }).pipe(
      Effect.provide(
        securityLayer(
          (r: RecordedRequest) =>
            new Promise<Response>((_, reject) => r.signal!.addEventListener("abort", () => reject(r.signal!.reason)))
        )
      )
    )
  )

  it.effect("the backslash URL is no longer read as the platform host: no trace headers, no duplicate", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get("https://evil.net\\@apis.example.com/x")
      yield* Effect.yieldNow
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => [r.url, secretsIn(r.headers)]),
        [["https://evil.net/@apis.example.com/x", {}]]
      )
    }).pipe(Effect.provide(securityLayer(() => jsonResponse({}))))
  )

  it.effect("a stored CSRF token that is not a legal header value no longer makes every mutation a FetchError", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      assert.deepStrictEqual(yield* http.post(platformUrl), { ok: true })
      assert.deepStrictEqual(yield* http.post(platformUrl), { ok: true })
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => r.headers["x-csrf-token"]),
        [undefined, "fresh", "fresh"]
      )
    }).pipe(
      Effect.provide(
        securityLayer(
          (r) =>
            r.headers["x-csrf-token"] === "fresh"
              ? jsonResponse({ ok: true })
              : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "fresh" } }),
          { storage: { [csrfStorageKey]: "stale\nvalue" } }
        )
      )
    )
  )

  it.effect('{"errors":[{"code":"7"},{"code":9}]} keeps code 9; a top-level {"code":0,"message":…} gives code 0', () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const first = yield* Effect.flip(http.get(`${platformUrl}/list`))
      const second = yield* Effect.flip(http.get(`${platformUrl}/top`))
      assert.deepStrictEqual(first._tag === "ResponseError" && first.codes, [9])
      assert.deepStrictEqual(second._tag === "ResponseError" && [second.code, second.serverMessage], [
        0,
        "Token Validation Failed"
      ])
    }).pipe(
      Effect.provide(
        securityLayer((r) =>
          r.url.endsWith("/list")
            ? jsonResponse({ errors: [{ code: "7" }, { code: 9 }] }, { status: 400 })
            : jsonResponse({ code: 0, message: "Token Validation Failed" }, { status: 403 })
        )
      )
    )
  )
})
