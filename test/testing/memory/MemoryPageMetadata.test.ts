import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { PageMetadata } from "../../../src/core/browser/PageMetadata.ts"
import { MemoryPageMetadata } from "../../../src/testing/memory/MemoryPageMetadata.ts"

describe("MemoryPageMetadata", () => {
  it.effect("serves tags from a record and lets tests change them", () =>
    Effect.gen(function* () {
      const metadata = yield* PageMetadata
      const control = yield* MemoryPageMetadata
      assert.deepStrictEqual(yield* metadata.get("user-data"), { userid: "42" })
      assert.strictEqual(yield* metadata.get("locale-data"), undefined)
      yield* control.set("locale-data", { urlLocale: "de" })
      assert.deepStrictEqual(yield* metadata.get("locale-data"), { urlLocale: "de" })
      yield* control.set("user-data", undefined)
      assert.strictEqual(yield* metadata.get("user-data"), undefined)
    }).pipe(Effect.provide(MemoryPageMetadata.layer({ "user-data": { userid: "42" } })))
  )
})
