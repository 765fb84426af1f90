/**
 * RootPlaceLookup over the typed games client: `GET /v1/games?universeIds={id}` on the games service (the published
 * call; the spec's `POST /v1/games` is not in the document), the universe's `rootPlaceId`, and its failures.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { RootPlaceLookup } from "../../../src/platform/deeplinks/RootPlaceLookup.ts"
import { jsonResponse, type StubHandler, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

const layer = (handler: StubHandler) => RootPlaceLookup.layer.pipe(Layer.provideMerge(testPlatformLayer(handler)))

describe("RootPlaceLookup.layer", () => {
  it.effect("GETs /v1/games?universeIds={id} on the games service and reads the universe's rootPlaceId", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* (yield* RootPlaceLookup).rootPlaceId(100), 1000)
      const requests = (yield* StubFetch).requests
      assert.strictEqual(requests.length, 1)
      assert.strictEqual(requests[0]!.method, "GET")
      assert.strictEqual(requests[0]!.url, "https://games.example.com/v1/games?universeIds=100")
      assert.isUndefined(requests[0]!.body)
    }).pipe(
      Effect.provide(
        layer(() =>
          jsonResponse({
            data: [
              { id: 7, rootPlaceId: 70, name: "A" },
              { id: 100, rootPlaceId: 1000, name: "B", universeAvatarType: "MorphToR15" }
            ]
          })
        )
      )
    )
  )

  for (const [name, body] of [
    ["no entry for the universe", { data: [] }],
    ["only other universes", { data: [{ id: 7, rootPlaceId: 70, name: "A" }] }]
  ] as const) {
    it.effect(`${name} is NotFound`, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip((yield* RootPlaceLookup).rootPlaceId(100))
        assert.strictEqual(error.reason, "NotFound")
        assert.strictEqual(error.message, "No root place found for universe 100")
      }).pipe(Effect.provide(layer(() => jsonResponse(body))))
    )
  }

  for (const [name, handler] of [
    ["a 500", () => jsonResponse({}, { status: 500 })],
    ["a null root place", () => jsonResponse({ data: [{ id: 100, rootPlaceId: null, name: "B" }] })],
    ["a root place of 0", () => jsonResponse({ data: [{ id: 100, rootPlaceId: 0, name: "B" }] })]
  ] as const) {
    it.effect(`${name} is RequestFailed`, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip((yield* RootPlaceLookup).rootPlaceId(100))
        assert.strictEqual(error.reason, "RequestFailed")
        assert.strictEqual(error.message, "Root place lookup of universe 100 failed")
      }).pipe(Effect.provide(layer(handler)))
    )
  }
})
