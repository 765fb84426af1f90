import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"

describe("MemoryLogger", () => {
  it.effect("captures every level with its text, parts and annotations; clear forgets", () =>
    Effect.gen(function* () {
      const logger = yield* MemoryLogger
      yield* Effect.logDebug("debug line", { a: 1 })
      yield* Effect.logWarning("warned").pipe(Effect.annotateLogs({ tag: "user-data" }))
      yield* Effect.logError("failed", "twice")
      assert.deepStrictEqual(yield* logger.entries, [
        { level: "Debug", text: "debug line", message: ["debug line", { a: 1 }], annotations: {} },
        { level: "Warn", text: "warned", message: ["warned"], annotations: { tag: "user-data" } },
        { level: "Error", text: "failed twice", message: ["failed", "twice"], annotations: {} }
      ])
      yield* logger.clear
      assert.deepStrictEqual(yield* logger.entries, [])
    }).pipe(Effect.provide(MemoryLogger.layer()))
  )
})
