import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { maxHostNameLength, validateHostName } from "../../../src/core/http/hostName.ts"

describe("validateHostName", () => {
  const ok = (n: number) => "a".repeat(n)
  it.effect("accepts 1 and exactly 255 characters", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* validateHostName("a"), "a")
      assert.strictEqual(yield* validateHostName(ok(255)), ok(255))
      assert.strictEqual(maxHostNameLength, 255)
    })
  )

  it.effect("rejects 256 characters with a typed error naming the length and the limit", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(validateHostName(ok(256)))
      assert.strictEqual(error._tag, "InvalidHostError")
      assert.strictEqual(error.reason, "TooLong")
      assert.strictEqual(error.length, 256)
      assert.strictEqual(error.message, "Host name is 256 characters long; the limit is 255")
    })
  )

  it.effect("rejects an empty host", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(validateHostName(""))
      assert.deepStrictEqual([error.reason, error.length, error.message], ["Empty", 0, "Host name is empty"])
    })
  )
})
