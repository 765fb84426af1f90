import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { ChallengeError } from "../../../src/core/challenge/ChallengeError.ts"
import { ChallengeInterceptor } from "../../../src/core/challenge/ChallengeInterceptor.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { setHeader } from "../../../src/core/http/request.ts"
import { RequestSigner } from "../../../src/core/signing/RequestSigner.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { platformHttpLayer } from "./harness.ts"

const url = "https://apis.example.com/v1/things"

describe("optional pipeline hooks", () => {
  it.effect(
    "a RequestSigner signs every send: the CSRF re-send is signed anew, after the new token is attached",
    () => {
      let n = 0
      const signer = Layer.succeed(RequestSigner, {
        sign: (request) =>
          Effect.sync(() => setHeader(request, "x-bound-auth-token", `sig-${++n}-${request.headers["x-csrf-token"]}`))
      })
      return Effect.gen(function* () {
        yield* (yield* PlatformHttp).post(url)
        const stub = yield* StubFetch
        assert.deepStrictEqual(
          stub.requests.map((r) => r.headers["x-bound-auth-token"]),
          ["sig-1-undefined", "sig-2-fresh"]
        )
      }).pipe(
        Effect.provide(
          PlatformHttp.layerNoDeps.pipe(
            Layer.provideMerge(
              platformHttpLayer((r) =>
                r.headers["x-csrf-token"] === "fresh"
                  ? jsonResponse({})
                  : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "fresh" } })
              )
            ),
            Layer.provide(signer)
          )
        )
      )
    }
  )

  it.effect("a ChallengeInterceptor sees every failed response and its failure reaches the caller unreported", () => {
    const seen: Array<number> = []
    const interceptor = Layer.succeed(ChallengeInterceptor, {
      intercept: (_request, response, send) => {
        seen.push(response.status)
        return response.status === 403
          ? Effect.fail(ChallengeError.of("abandoned"))
          : response.status === 401
            ? send(setHeader(_request, "rblx-challenge-id", "c-1"))
            : Effect.succeed(response)
      }
    })
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      const error = yield* Effect.flip(http.post(`${url}/challenged`))
      assert.deepStrictEqual(error, ChallengeError.of("abandoned"))
      yield* http.post(`${url}/resend`)
      const stub = yield* StubFetch
      assert.deepStrictEqual(seen, [403, 401])
      assert.deepStrictEqual(
        stub.requests.map((r) => r.headers["rblx-challenge-id"]),
        [undefined, undefined, "c-1"]
      )
    }).pipe(
      Effect.provide(
        PlatformHttp.layerNoDeps.pipe(
          Layer.provideMerge(
            platformHttpLayer((r) =>
              r.url.endsWith("/challenged")
                ? jsonResponse({}, { status: 403 })
                : r.headers["rblx-challenge-id"] === "c-1"
                  ? jsonResponse({ ok: true })
                  : jsonResponse({}, { status: 401 })
            )
          ),
          Layer.provide(interceptor)
        )
      )
    )
  })

  it.effect("a challenge re-send is marked re-send 1; its own CSRF re-send is re-send 2", () => {
    const interceptor = Layer.succeed(ChallengeInterceptor, {
      intercept: (request, response, send) =>
        response.status === 401 ? send(setHeader(request, "rblx-challenge-id", "c-1")) : Effect.succeed(response)
    })
    return Effect.gen(function* () {
      yield* (yield* PlatformHttp).post(url)
      const stub = yield* StubFetch
      assert.deepStrictEqual(
        stub.requests.map((r) => [
          r.headers["rblx-challenge-id"],
          r.headers["x-csrf-token"],
          r.headers["x-retry-attempt"]
        ]),
        [
          [undefined, undefined, undefined],
          ["c-1", undefined, "1"],
          ["c-1", "fresh", "2"]
        ]
      )
    }).pipe(
      Effect.provide(
        PlatformHttp.layerNoDeps.pipe(
          Layer.provideMerge(
            platformHttpLayer(
              (r) =>
                r.headers["rblx-challenge-id"] === undefined
                  ? jsonResponse({}, { status: 401 })
                  : r.headers["x-csrf-token"] === "fresh"
                    ? jsonResponse({})
                    : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "fresh" } }),
              { retryAttemptHeader: true }
            )
          ),
          Layer.provide(interceptor)
        )
      )
    )
  })
})
