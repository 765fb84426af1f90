import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ChallengeApi } from "../../../src/core/challenge/ChallengeApi.ts"
import { ChallengeInterceptor } from "../../../src/core/challenge/ChallengeInterceptor.ts"
import { ChallengeApiSettings } from "../../../src/core/challenge/settings.ts"
import { PlatformConfig, type PlatformConfigInput, prefixedBaseUrls } from "../../../src/core/config/PlatformConfig.ts"
import { CsrfStore } from "../../../src/core/csrf/CsrfStore.ts"
import { SessionHeaders } from "../../../src/core/http/SessionHeaders.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse, StubFetch, type StubHandler } from "../../../src/testing/StubFetch.ts"
import { challenged } from "./harness.ts"

/** The challenge service's base URL on a real domain: the apis gateway's `/challenge` prefix. */
const base = "https://apis.example.com/challenge"

const apiLayer = (handler: StubHandler, config: PlatformConfigInput = {}, domain?: string) =>
  ChallengeApi.layer.pipe(
    Layer.provideMerge(Layer.merge(CsrfStore.layer, SessionHeaders.layer)),
    Layer.provideMerge(
      Layer.mergeAll(
        StubFetch.layer(handler),
        PlatformConfig.layer(config, domain),
        MemoryKeyValueStore.layer(),
        MemoryTelemetry.layer()
      )
    )
  )

const answers: StubHandler = (request) => {
  const path = new URL(request.url).pathname
  switch (path) {
    case "/challenge/v1/continue":
      return jsonResponse({ challengeId: "f-1", challengeType: "TilePuzzle", challengeMetadata: "{}" })
    case "/challenge/v1/xboxToken":
      return jsonResponse({ token: "xbox" })
    case "/challenge/health":
      return new Response("", { status: 200 })
    case "/challenge/v1/initSession":
      return jsonResponse({ content: "", expectedNumCalls: 2, expectedSymbols: ["a"] })
    case "/challenge/v1/upload":
      return jsonResponse({ scriptLocation: "loc-1" })
    default:
      return new Response("", { status: 200 })
  }
}

const requests = Effect.map(StubFetch, (s) => s.requests)

describe("ChallengeApi (CHAL-4, CHAL-8 to CHAL-11)", () => {
  it.effect("makes every call with its method, path, body and content type, credentials included", () =>
    Effect.gen(function* () {
      const api = yield* ChallengeApi
      assert.deepStrictEqual(
        yield* api.continue({ challengeID: "c-1", challengeType: "Captcha", challengeMetadata: '{"t":1}' }),
        { challengeId: "f-1", challengeType: "TilePuzzle", challengeMetadata: "{}" }
      )
      assert.deepStrictEqual(yield* api.xboxToken, { token: "xbox" })
      assert.strictEqual(yield* api.health, undefined)
      assert.deepStrictEqual(
        yield* api.initSession({ challengeId: "s", userId: "1", timestamp: 5, scriptLocation: "" }),
        {
          content: "",
          expectedNumCalls: 2,
          expectedSymbols: ["a"]
        }
      )
      yield* api.redeemSession({ userId: "1", challengeId: "s" })
      yield* api.submit({ userId: "1", challengeId: "s", payload: "{}", payloadV2: "e30=" })
      assert.deepStrictEqual(yield* api.upload({ userId: "1", timestamp: 5, fileBase64: "AA==" }), {
        scriptLocation: "loc-1"
      })

      const sent = yield* requests
      assert.deepStrictEqual(
        sent.map((r) => [r.method, r.url, r.headers["content-type"], r.credentials]),
        [
          ["POST", `${base}/v1/continue`, "application/json", "include"],
          ["GET", `${base}/v1/xboxToken`, undefined, "include"],
          ["GET", `${base}/health`, undefined, "include"],
          ["POST", `${base}/v1/initSession`, "application/json-patch+json", "include"],
          ["POST", `${base}/v1/redeemSession`, "application/json-patch+json", "include"],
          ["POST", `${base}/v1/submit`, "application/json-patch+json", "include"],
          ["POST", `${base}/v1/upload`, "application/json-patch+json", "include"]
        ]
      )
      assert.deepStrictEqual(
        sent.map((r) => (r.body === undefined ? undefined : JSON.parse(r.body))),
        [
          { challengeID: "c-1", challengeType: "Captcha", challengeMetadata: '{"t":1}' },
          undefined,
          undefined,
          { challengeId: "s", userId: "1", timestamp: 5, scriptLocation: "" },
          { userId: "1", challengeId: "s" },
          { userId: "1", challengeId: "s", payload: "{}", payloadV2: "e30=" },
          { userId: "1", timestamp: 5, fileBase64: "AA==" }
        ]
      )
      assert.deepStrictEqual(
        sent.map((r) => r.headers["x-api-key"]),
        [undefined, undefined, undefined, undefined, undefined, undefined, undefined]
      )
    }).pipe(Effect.provide(apiLayer(answers)))
  )

  it.effect("init, redeem and upload carry the API key header when a key is configured; the base path is applied", () =>
    Effect.gen(function* () {
      const api = yield* ChallengeApi
      yield* api.continue({ challengeID: "c", challengeType: "Captcha", challengeMetadata: "{}" })
      yield* api.initSession({ challengeId: "s", userId: "1", timestamp: 5, scriptLocation: "" })
      yield* api.redeemSession({ userId: "1", challengeId: "s" })
      yield* api.submit({ userId: "1", challengeId: "s", payload: "{}", payloadV2: "e30=" })
      yield* api.upload({ userId: "1", timestamp: 5, fileBase64: "AA==" })
      const sent = yield* requests
      assert.deepStrictEqual(
        sent.map((r) => [new URL(r.url).pathname, r.headers["x-challenge-key"]]),
        [
          ["/challenge/gcs/v1/continue", undefined],
          ["/challenge/gcs/v1/initSession", "k-1"],
          ["/challenge/gcs/v1/redeemSession", "k-1"],
          ["/challenge/gcs/v1/submit", undefined],
          ["/challenge/gcs/v1/upload", "k-1"]
        ]
      )
    }).pipe(
      Effect.provide(
        apiLayer((r) =>
          r.url.endsWith("/initSession")
            ? jsonResponse({ content: "", expectedNumCalls: 1, expectedSymbols: [] })
            : r.url.endsWith("/upload")
              ? jsonResponse({ scriptLocation: "x" })
              : jsonResponse({})
        )
      ),
      Effect.provideService(ChallengeApiSettings, { basePath: "/gcs", apiKey: "k-1", apiKeyHeader: "x-challenge-key" })
    )
  )

  it.effect("the continue call's exact URL on a real domain: the apis gateway's /challenge prefix, once", () =>
    Effect.gen(function* () {
      const api = yield* ChallengeApi
      yield* api.continue({ challengeID: "c", challengeType: "captcha", challengeMetadata: "{}" })
      assert.deepStrictEqual(
        (yield* requests).map((r) => r.url),
        ["https://apis.platform.test/challenge/v1/continue"]
      )
    }).pipe(Effect.provide(apiLayer(() => jsonResponse({}), {}, "platform.test")))
  )

  it.effect(
    "the continue call's exact URL under the emulator's prefixed configuration: {origin}/challenge/v1/continue",
    () =>
      Effect.gen(function* () {
        const api = yield* ChallengeApi
        yield* api.continue({ challengeID: "c", challengeType: "captcha", challengeMetadata: "{}" })
        assert.deepStrictEqual(
          (yield* requests).map((r) => r.url),
          ["http://127.0.0.1:4010/challenge/v1/continue"]
        )
      }).pipe(
        Effect.provide(
          apiLayer(() => jsonResponse({}), {
            baseUrls: prefixedBaseUrls("http://127.0.0.1:4010", "http://127.0.0.1:4011"),
            platformHosts: ["http://127.0.0.1:4010"]
          })
        )
      )
  )

  it.effect("mutating calls carry the stored CSRF token and are re-sent once on a 403 with a new token", () =>
    Effect.gen(function* () {
      const api = yield* ChallengeApi
      yield* api.submit({ userId: "1", challengeId: "s", payload: "{}", payloadV2: "e30=" })
      const sent = yield* requests
      assert.deepStrictEqual(
        sent.map((r) => r.headers["x-csrf-token"]),
        [undefined, "t-2"]
      )
    }).pipe(
      Effect.provide(
        apiLayer((r) =>
          r.headers["x-csrf-token"] === "t-2"
            ? jsonResponse({})
            : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "t-2" } })
        )
      )
    )
  )

  it.effect("answers that do not match their schema fail with ResponseDecodeError", () =>
    Effect.gen(function* () {
      const api = yield* ChallengeApi
      const error = yield* Effect.flip(
        api.initSession({ challengeId: "s", userId: "1", timestamp: 5, scriptLocation: "" })
      )
      assert.strictEqual(error._tag, "ResponseDecodeError")
      const error2 = yield* Effect.flip(api.xboxToken)
      assert.strictEqual(error2._tag, "ResponseDecodeError")
    }).pipe(Effect.provide(apiLayer(() => jsonResponse({ content: 1 }))))
  )

  it.effect(
    "its pipeline has no challenge interceptor, even when one is in context: a challenged call just fails",
    () => {
      let intercepted = 0
      const interceptor = Layer.succeed(ChallengeInterceptor, {
        intercept: (_request, response) => Effect.sync(() => (intercepted++, response))
      })
      return Effect.gen(function* () {
        const api = yield* ChallengeApi
        const error = yield* Effect.flip(
          api.continue({ challengeID: "c", challengeType: "Captcha", challengeMetadata: "{}" })
        )
        assert.strictEqual(error._tag, "ResponseError")
        assert.strictEqual(intercepted, 0)
        assert.strictEqual((yield* requests).length, 1)
      }).pipe(Effect.provide(apiLayer(() => challenged()).pipe(Layer.provide(interceptor))))
    }
  )
})
