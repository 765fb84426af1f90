import { assert, describe, it } from "@effect/vitest"
import { makeCsrfTokens, needsCsrf } from "../../src/emulator/platform/csrf.ts"

describe("CSRF tokens", () => {
  it("are needed by the mutating methods only", () => {
    assert.deepStrictEqual(["GET", "HEAD", "OPTIONS", "POST", "PATCH", "PUT", "DELETE"].map(needsCsrf), [
      false,
      false,
      false,
      true,
      true,
      true,
      true
    ])
  })

  it("check missing, stale and current tokens per session", () => {
    const tokens = makeCsrfTokens(1, 0)
    const a = tokens.current("a", 0)
    assert.strictEqual(a.length, 12)
    assert.strictEqual(tokens.check("a", undefined, 0), "missing")
    assert.strictEqual(tokens.check("a", "", 0), "missing")
    assert.strictEqual(tokens.check("a", "nope", 0), "stale")
    assert.strictEqual(tokens.check("a", a, 0), "ok")
    assert.notStrictEqual(tokens.current("b", 0), a)
    assert.strictEqual(tokens.check("b", a, 0), "stale")
  })

  it("expire after the rotation period and when rotated", () => {
    const tokens = makeCsrfTokens(1, 1000)
    const first = tokens.current("s", 0)
    assert.strictEqual(tokens.current("s", 999), first)
    const second = tokens.current("s", 1000)
    assert.notStrictEqual(second, first)
    assert.strictEqual(tokens.check("s", first, 1001), "stale")
    assert.strictEqual(tokens.rotate(), 1)
    assert.notStrictEqual(tokens.current("s", 1001), second)
  })

  it("are the same sequence on every run, and again after a reset", () => {
    const sequence = () => {
      const tokens = makeCsrfTokens(42, 0)
      return [tokens.current("a", 0), tokens.current("b", 0)]
    }
    const first = sequence()
    assert.deepStrictEqual(sequence(), first)
    const tokens = makeCsrfTokens(42, 0)
    tokens.current("x", 0)
    tokens.reset()
    assert.strictEqual(tokens.current("a", 0), first[0])
  })
})
