/**
 * Game thumbnails with the counts of THUMB-6 (1 for the single variant, 10 for "all") and sizes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { universeThumbnails } from "../../../src/platform/thumbnails/gameThumbnails.ts"
import {
  GameThumbnailSizes,
  GameThumbnailsPerUniverse,
  ThumbnailSizes
} from "../../../src/platform/thumbnails/sizes.ts"
import { StubFetch } from "../../../src/testing/StubFetch.ts"
import { clientsLayer } from "../clients/harness.ts"

describe("universeThumbnails", () => {
  it("keeps the constants of THUMB-4 to THUMB-6", () => {
    assert.deepStrictEqual(ThumbnailSizes, { Large: "150x150", Default: "50x50" })
    assert.deepStrictEqual(GameThumbnailSizes, ["768x432", "576x324", "480x270", "384x216", "256x144"])
    assert.deepStrictEqual(GameThumbnailsPerUniverse, { single: 1, all: 10 })
  })

  for (const [variant, count] of [
    ["single", "1"],
    ["all", "10"]
  ] as const) {
    it.effect(`asks for ${count} per universe for the ${variant} variant`, () =>
      Effect.gen(function* () {
        const found = yield* universeThumbnails([1001, 1002], { variant, size: "384x216" })
        assert.deepStrictEqual(found, [])
        const url = new URL((yield* StubFetch).requests[0]!.url)
        assert.strictEqual(url.pathname, "/thumbnails/v1/games/multiget/thumbnails")
        assert.deepStrictEqual(Object.fromEntries(url.searchParams), {
          universeIds: "1001,1002",
          countPerUniverse: count,
          defaults: "true",
          size: "384x216",
          format: "Png",
          isCircular: "false"
        })
      }).pipe(Effect.provide(clientsLayer({ data: [] })))
    )
  }

  it.effect("defaults to the single variant in the largest size", () =>
    Effect.gen(function* () {
      yield* universeThumbnails([1001])
      const url = new URL((yield* StubFetch).requests[0]!.url)
      assert.strictEqual(url.searchParams.get("countPerUniverse"), "1")
      assert.strictEqual(url.searchParams.get("size"), "768x432")
    }).pipe(Effect.provide(clientsLayer({ data: [] })))
  )
})
