/**
 * Property tests of SEO names: total, idempotent, and their output is always a plain ASCII slug.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { reservedSeoNames, seoName, unnamedSeoName } from "../../src/core/text/seoName.ts"

const names = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom("a", "Z", "0", "-", " ", "'", "\u2019", "_", "!", "é") }),
  fc.constantFrom("COM1", "lpt1", "aux", "PRT", "NUL", "con", "BIN", "-CON-", "'C'O'N'", "")
)

describe("seoName properties", () => {
  it("is idempotent", () => {
    fc.assert(
      fc.property(names, (name) => seoName(seoName(name)) === seoName(name)),
      { numRuns: 5000 }
    )
  })

  it("gives a hyphen-separated ASCII slug that is never empty nor reserved", () => {
    fc.assert(
      fc.property(names, (name) => {
        const slug = seoName(name)
        expect(slug).toMatch(/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/)
        expect(reservedSeoNames.test(slug)).toBe(false)
      }),
      { numRuns: 5000 }
    )
  })

  it("keeps every ASCII letter and digit of a name that has some and is not reserved", () => {
    fc.assert(
      fc.property(names, (name) => {
        const kept = name.replace(/[^A-Za-z0-9]/g, "")
        const slug = seoName(name)
        if (slug !== unnamedSeoName) expect(slug.replace(/-/g, "")).toBe(kept)
      }),
      { numRuns: 5000 }
    )
  })
})
