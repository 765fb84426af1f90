import { assert, describe, it } from "@effect/vitest"
import { parseRetryAfter } from "../../../src/core/text/retryAfter.ts"

const now = Date.UTC(2025, 5, 1, 12, 0, 0) // Sun, 01 Jun 2025 12:00:00 GMT

describe("parseRetryAfter", () => {
  it("reads a number of seconds (surrounding spaces allowed)", () => {
    assert.deepStrictEqual(
      ["0", "1", "120", " 7 "].map((v) => parseRetryAfter(v, now)),
      [0, 1000, 120_000, 7000]
    )
  })

  it("reads the three HTTP date forms, as the time from now", () => {
    assert.strictEqual(parseRetryAfter("Sun, 01 Jun 2025 12:00:30 GMT", now), 30_000)
    assert.strictEqual(parseRetryAfter("Sunday, 01-Jun-25 12:01:00 GMT", now), 60_000)
    assert.strictEqual(parseRetryAfter("Sun Jun  1 12:00:05 2025", now), 5000)
    assert.strictEqual(parseRetryAfter("sun, 01 jun 2025 12:00:01 gmt", now), 1000)
  })

  it("a date in the past is no wait", () => {
    assert.strictEqual(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT", now), 0)
  })

  it("a two-digit year is the one not more than 50 years ahead", () => {
    assert.strictEqual(parseRetryAfter("Monday, 01-Jun-76 12:00:00 GMT", now), 0) // 1976, not 2076
  })

  it("anything else is no Retry-After value", () => {
    const garbage = [
      undefined,
      "",
      "soon",
      "-1",
      "1.5",
      "1e3",
      "0x10",
      "Sun, 31 Feb 2025 12:00:00 GMT",
      "Sun, 01 Jun 2025 25:00:00 GMT",
      "Sun, 01 Foo 2025 12:00:00 GMT",
      "2025-06-01T12:00:30Z",
      "Sun, 01 Jun 2025 12:00:30"
    ]
    assert.deepStrictEqual(
      garbage.map((v) => parseRetryAfter(v, now)),
      garbage.map(() => undefined)
    )
  })

  it("a huge number of seconds is read as it is (the caller caps it)", () => {
    assert.strictEqual(parseRetryAfter("99999999", now), 99_999_999_000)
  })
})
