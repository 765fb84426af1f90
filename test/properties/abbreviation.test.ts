import { describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { abbreviateNumber } from "../../src/core/text/abbreviateNumber.ts"

/** The value an abbreviation denotes (`12.3K+` → 12300). */
const denoted = (text: string): number => {
  const match = /^(-?[\d.]+)([KMBT]?)\+?$/.exec(text)
  if (match === null) throw new Error(`not an abbreviation: ${text}`)
  const scale = { "": 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[2] as "" | "K" | "M" | "B" | "T"]
  return Math.round(Number(match[1]) * scale)
}

const count = fc.oneof(fc.nat(), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }))
const options = fc.record({
  threshold: fc.constantFrom(1000, 10_000, 100_000, 1_000_000, 1e9),
  plus: fc.boolean(),
  fractionDigits: fc.integer({ min: 0, max: 3 })
})

describe("number abbreviation properties", () => {
  it("is monotone: a larger count never denotes less", () => {
    fc.assert(
      fc.property(count, count, options, (x, y, o) => {
        const [a, b] = x <= y ? [x, y] : [y, x]
        return denoted(abbreviateNumber(a, o)) <= denoted(abbreviateNumber(b, o))
      }),
      { numRuns: 2000 }
    )
  })

  it("is monotone on neighbours across the default threshold and every suffix boundary", () => {
    const edges = [10_000, 1e6, 1e9, 1e12, 1e15]
    fc.assert(
      fc.property(
        fc.constantFrom(...edges),
        fc.integer({ min: -3, max: 3 }),
        fc.boolean(),
        (edge, offset, plus) =>
          denoted(abbreviateNumber(edge + offset - 1, { plus })) <= denoted(abbreviateNumber(edge + offset, { plus }))
      )
    )
  })

  it("never over-states a count", () => {
    fc.assert(fc.property(count, options, (n, o) => denoted(abbreviateNumber(n, o)) <= n))
  })

  it("is never longer than the input's digits plus the suffix", () => {
    fc.assert(
      fc.property(count, options, (n, o) => {
        const text = abbreviateNumber(n, o)
        const suffix = /[KMBT]\+?$/.exec(text)?.[0] ?? ""
        return text.length <= String(n).length + suffix.length
      }),
      { numRuns: 2000 }
    )
  })

  it("writes counts below the threshold in full", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9999 }), (n) => abbreviateNumber(n) === String(n)))
  })
})
