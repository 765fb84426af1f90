import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { platformHttpLayer } from "../http/harness.ts"
import { directSignerLayer, publicSpki, signingConfig } from "./harness.ts"
import { timestampOf, verifyToken } from "./verifier.ts"

describe("PlatformHttp with the direct signer", () => {
  it.effect("a POST answered 403 with a new CSRF token is sent twice, each with its own valid signature", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(1_700_000_000_900)
      const http = yield* PlatformHttp
      yield* http.post(
        { service: "apis", path: "/v1/things" },
        { body: { name: "thing", tags: ["a", "b"] }, params: { dry: true } }
      )
      const requests = (yield* StubFetch).requests
      assert.strictEqual(requests.length, 2)
      assert.deepStrictEqual(
        requests.map((r) => r.headers["x-csrf-token"]),
        [undefined, "fresh"]
      )
      const tokens = requests.map((r) => r.headers["x-bound-auth-token"]!)
      assert.notStrictEqual(tokens[0], tokens[1])
      const spki = yield* publicSpki
      for (const r of requests) {
        assert.strictEqual(r.url, "https://apis.example.com/v1/things?dry=true")
        assert.strictEqual(r.body, JSON.stringify({ name: "thing", tags: ["a", "b"] }))
        assert.strictEqual(verifyToken(r.headers["x-bound-auth-token"], r, spki), "verified")
        assert.strictEqual(timestampOf(r.headers["x-bound-auth-token"]!), 1_700_000_000)
      }
    }).pipe(
      Effect.provide(
        PlatformHttp.layerNoDeps.pipe(
          Layer.provideMerge(
            platformHttpLayer(
              (r) =>
                r.headers["x-csrf-token"] === "fresh"
                  ? jsonResponse({ ok: true })
                  : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "fresh" } }),
              signingConfig()
            )
          ),
          Layer.provideMerge(directSignerLayer(signingConfig()))
        )
      )
    )
  )

  it.effect("a guest's requests go out without the header", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).get({ service: "apis", path: "/v1/things" })
      assert.isUndefined((yield* StubFetch).requests[0]!.headers["x-bound-auth-token"])
    }).pipe(
      Effect.provide(
        PlatformHttp.layerNoDeps.pipe(
          Layer.provideMerge(
            platformHttpLayer(() => jsonResponse({}), signingConfig({ user: { id: undefined, authenticated: false } }))
          ),
          Layer.provideMerge(directSignerLayer(signingConfig({ user: { id: undefined, authenticated: false } })))
        )
      )
    )
  )
})
