/**
 * Class: nothing from another host's response changes our state or starts a flow.
 *
 * A 403 with a new anti-forgery token, token and proxy values, and the three challenge headers are honoured only
 * on responses of the platform's own hosts: the request went to one AND the response came from one (the URL fetch
 * ended at after any redirect). Each test asserts the exact stored state afterwards (CsrfStore, SessionHeaders,
 * local storage), the exact requests, and whether the on-demand challenge loader ran. Each has a positive control
 * on the platform's host, so the checks can fail.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { csrfStorageKey } from "../../src/core/csrf/CsrfStore.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { jsonResponse, redirectedResponse, type StubHandler, StubFetch } from "../../src/testing/StubFetch.ts"
import {
  challengeProbe,
  platformUrl,
  securityLayer,
  seeded,
  seededState,
  storedState,
  trustingConfig
} from "./support.ts"

const challengeHeaders = {
  "rblx-challenge-id": "c-1",
  "rblx-challenge-type": "captcha",
  "rblx-challenge-metadata": "eyJ9"
}

/** 403 with a fresh token to any request that does not carry it. */
const csrf403: StubHandler = (r) =>
  r.headers["x-csrf-token"] === "fresh-token"
    ? jsonResponse({ ok: true })
    : jsonResponse(
        { errors: [{ code: 0, message: "Token Validation Failed" }] },
        {
          status: 403,
          headers: { "x-csrf-token": "fresh-token" }
        }
      )

const withTokens = () =>
  jsonResponse({ ok: true }, { headers: { "x-platform-token": "planted-token", "x-platform-proxy": "planted-proxy" } })

/** A guest page: nothing is signed, so a GET carries no secret and follows redirects. */
const guest = trustingConfig({ user: { id: undefined, name: undefined, displayName: undefined, authenticated: false } })

describe("a foreign host's 403 with an anti-forgery token", () => {
  it.effect("is a ResponseError; the token is not stored, nothing is re-sent", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post("https://evil.net/x"))
      assert.strictEqual(error._tag === "ResponseError" && error.status, 403)
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => r.url),
        ["https://evil.net/x"]
      )
      assert.deepStrictEqual(yield* storedState, seededState)
    }).pipe(Effect.provide(securityLayer(csrf403)))
  )

  it.effect("control: the platform's 403 stores the token (memory and local storage) and re-sends once", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).post(platformUrl)
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => r.headers["x-csrf-token"]),
        [seeded.csrf, "fresh-token"]
      )
      assert.deepStrictEqual(yield* storedState, {
        ...seededState,
        csrf: "fresh-token",
        storage: { [csrfStorageKey]: "fresh-token" }
      })
    }).pipe(Effect.provide(securityLayer(csrf403)))
  )

  it.effect("a platform URL whose response came from another host (a followed redirect) is not trusted", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).get(platformUrl))
      assert.strictEqual(error._tag === "ResponseError" && error.status, 403)
      assert.strictEqual((yield* StubFetch).requests.length, 1)
      assert.deepStrictEqual(yield* storedState, seededState)
    }).pipe(
      Effect.provide(
        securityLayer((r) => redirectedResponse(csrf403(r, 0) as Response, "https://evil.net/landing"), {
          config: guest
        })
      )
    )
  )
})

describe("token and proxy values from a foreign host", () => {
  it.effect("are never stored, so the next platform mutation carries the old ones", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.get("https://evil.net/x")
      yield* http.post("https://evil.net/x")
      yield* http.get("https://apis.example.com.evil.net/x")
      assert.deepStrictEqual(yield* storedState, seededState)
      yield* http.post(platformUrl)
      const last = (yield* StubFetch).requests.at(-1)!
      assert.deepStrictEqual(
        [last.headers["x-platform-token"], last.headers["x-platform-proxy"]],
        [seeded.token, seeded.proxy]
      )
    }).pipe(Effect.provide(securityLayer((r) => (r.url.startsWith(platformUrl) ? jsonResponse({}) : withTokens()))))
  )

  it.effect("nor from a platform URL whose response came from another host", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get(platformUrl)
      assert.deepStrictEqual(yield* storedState, seededState)
    }).pipe(
      Effect.provide(
        securityLayer(() => redirectedResponse(withTokens(), "https://evil.net/landing"), {
          config: guest
        })
      )
    )
  )

  it.effect("control: the platform's values are stored (also after a redirect that stays on the platform)", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get(platformUrl)
      assert.deepStrictEqual(yield* storedState, {
        ...seededState,
        session: { ...seededState.session, token: "planted-token", proxy: "planted-proxy" }
      })
    }).pipe(
      Effect.provide(
        securityLayer(() => redirectedResponse(withTokens(), "https://www.example.com/moved"), {
          config: guest
        })
      )
    )
  )
})

describe("challenge headers from a foreign host", () => {
  it.effect(
    "a foreign 403 with all three headers is an ordinary ResponseError: the flow is neither loaded nor run",
    () => {
      const probe = challengeProbe()
      return Effect.gen(function* () {
        const http = yield* PlatformHttp
        for (const url of [
          "https://evil.net/x",
          "https://evil.net\\@apis.example.com/x",
          "http://apis.example.com/x"
        ]) {
          const error = yield* Effect.flip(http.post(url))
          assert.strictEqual(error._tag === "ResponseError" && error.status, 403, url)
        }
        assert.deepStrictEqual(probe, { loads: 0, intercepted: [] })
        assert.deepStrictEqual(yield* storedState, seededState)
      }).pipe(
        Effect.provide(securityLayer(() => jsonResponse({}, { status: 403, headers: challengeHeaders }), { probe }))
      )
    }
  )

  it.effect("nor when a platform URL's response came from another host", () => {
    const probe = challengeProbe()
    return Effect.gen(function* () {
      yield* Effect.flip((yield* PlatformHttp).get(platformUrl))
      assert.deepStrictEqual(probe, { loads: 0, intercepted: [] })
    }).pipe(
      Effect.provide(
        securityLayer(
          () => redirectedResponse(jsonResponse({}, { status: 403, headers: challengeHeaders }), "https://evil.net/x"),
          { probe, config: guest }
        )
      )
    )
  })

  it.effect("control: the platform's challenged response loads the flow and hands it the request", () => {
    const probe = challengeProbe()
    return Effect.gen(function* () {
      yield* Effect.flip((yield* PlatformHttp).post(platformUrl))
      assert.deepStrictEqual(probe, { loads: 1, intercepted: [platformUrl] })
    }).pipe(
      Effect.provide(securityLayer(() => jsonResponse({}, { status: 403, headers: challengeHeaders }), { probe }))
    )
  })
})
