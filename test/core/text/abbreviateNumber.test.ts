import { assert, describe, it } from "@effect/vitest"
import {
  abbreviateNumber,
  abbreviationSuffixes,
  defaultAbbreviationThreshold
} from "../../../src/core/text/abbreviateNumber.ts"

describe("abbreviateNumber", () => {
  it("has the spec's suffixes and default threshold", () => {
    assert.deepStrictEqual(abbreviationSuffixes, ["K", "M", "B", "T"])
    assert.strictEqual(defaultAbbreviationThreshold, 10000)
  })

  it("writes values below the threshold in full, without grouping", () => {
    assert.strictEqual(abbreviateNumber(0), "0")
    assert.strictEqual(abbreviateNumber(999), "999")
    assert.strictEqual(abbreviateNumber(9999), "9999")
    assert.strictEqual(abbreviateNumber(-9999), "-9999")
    assert.strictEqual(abbreviateNumber(12.5), "12.5")
  })

  it("abbreviates from the threshold on with K, M, B, T, truncating to one decimal", () => {
    assert.strictEqual(abbreviateNumber(10000), "10K")
    assert.strictEqual(abbreviateNumber(12345), "12.3K")
    assert.strictEqual(abbreviateNumber(12399), "12.3K")
    assert.strictEqual(abbreviateNumber(999999), "999.9K")
    assert.strictEqual(abbreviateNumber(1_000_000), "1M")
    assert.strictEqual(abbreviateNumber(1_999_999), "1.9M")
    assert.strictEqual(abbreviateNumber(1_234_567_890), "1.2B")
    assert.strictEqual(abbreviateNumber(123_456_789_012_345), "123.4T")
    assert.strictEqual(abbreviateNumber(5e15), "5000T")
    assert.strictEqual(abbreviateNumber(-12345), "-12.3K")
  })

  it("the plus variant appends + to abbreviated values only", () => {
    assert.strictEqual(abbreviateNumber(10000, { plus: true }), "10K+")
    assert.strictEqual(abbreviateNumber(2_500_000, { plus: true }), "2.5M+")
    assert.strictEqual(abbreviateNumber(9999, { plus: true }), "9999")
  })

  it("takes a threshold and a number of decimals", () => {
    assert.strictEqual(abbreviateNumber(1000, { threshold: 1000 }), "1K")
    assert.strictEqual(abbreviateNumber(1250, { threshold: 1000 }), "1.2K")
    assert.strictEqual(abbreviateNumber(50_000, { threshold: 100_000 }), "50000")
    assert.strictEqual(abbreviateNumber(12345, { fractionDigits: 0 }), "12K")
    assert.strictEqual(abbreviateNumber(12345, { fractionDigits: 2 }), "12.34K")
    assert.strictEqual(abbreviateNumber(12005, { fractionDigits: 2 }), "12K")
    // three decimals only from M up: with K they would make "10.001K" longer than "10001" plus its suffix
    assert.strictEqual(abbreviateNumber(10_001, { fractionDigits: 3 }), "10K")
    assert.strictEqual(abbreviateNumber(12_345, { fractionDigits: 3 }), "12.34K")
    assert.strictEqual(abbreviateNumber(1_234_567, { fractionDigits: 3 }), "1.234M")
    // a threshold below 1000 cannot abbreviate: there is no suffix for less than a thousand
    assert.strictEqual(abbreviateNumber(500, { threshold: 10 }), "500")
  })

  it("never throws on non-finite values", () => {
    assert.strictEqual(abbreviateNumber(Number.NaN), "NaN")
    assert.strictEqual(abbreviateNumber(Number.POSITIVE_INFINITY), "Infinity")
    assert.strictEqual(abbreviateNumber(Number.NEGATIVE_INFINITY), "-Infinity")
  })
})
