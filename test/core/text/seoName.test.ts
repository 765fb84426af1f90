import { describe, expect, it } from "vitest"
import { reservedSeoNames, seoName, unnamedSeoName } from "../../../src/core/text/seoName.ts"

describe("seoName (TEXT-1 to TEXT-5)", () => {
  const table: ReadonlyArray<readonly [string, string | null | undefined, string]> = [
    ["keeps letters and digits", "Hat123", "Hat123"],
    ["keeps case", "CoolHat", "CoolHat"],
    ["apostrophes are removed, not hyphenated", "Builder's Hat", "Builders-Hat"],
    ["typographic apostrophes are removed too", "Don\u2019t Stop", "Dont-Stop"],
    ["a run of non-alphanumerics becomes one hyphen", "Red  --  Cap!!!", "Red-Cap"],
    ["punctuation and symbols", "a.b_c/d\\e&f", "a-b-c-d-e-f"],
    ["leading and trailing hyphens trimmed", "  --Sword--  ", "Sword"],
    ["letters outside ASCII are non-alphanumerics", "Café Noir", "Caf-Noir"],
    ["an all-symbol name is unnamed", "!!!", unnamedSeoName],
    ["only apostrophes is unnamed", "'''", unnamedSeoName],
    ["the empty string is unnamed", "", unnamedSeoName],
    ["non-ASCII only is unnamed", "日本語", unnamedSeoName],
    ["null is unnamed", null, unnamedSeoName],
    ["undefined is unnamed", undefined, unnamedSeoName],
    ["COM1 is reserved", "COM1", unnamedSeoName],
    ["LPT1 is reserved", "LPT1", unnamedSeoName],
    ["every numbered port is reserved", "com9", unnamedSeoName],
    ["AUX is reserved", "AUX", unnamedSeoName],
    ["PRT is reserved", "prt", unnamedSeoName],
    ["NUL is reserved", "Nul", unnamedSeoName],
    ["CON is reserved", "con", unnamedSeoName],
    ["BIN is reserved", "BIN", unnamedSeoName],
    ["reserved after trimming", "  CON!! ", unnamedSeoName],
    ["reserved after apostrophe removal", "C'ON", unnamedSeoName],
    ["a reserved name inside a longer name is kept", "CON-Artist", "CON-Artist"],
    ["COM10 is not reserved", "COM10", "COM10"],
    ["CONSOLE is not reserved", "CONSOLE", "CONSOLE"],
    ["unnamed stays unnamed", "unnamed", "unnamed"]
  ]
  for (const [name, input, expected] of table) {
    it(name, () => expect(seoName(input)).toBe(expected))
  }

  it("the reserved pattern matches whole names only", () => {
    expect(["COM1", "LPT9", "aux", "PRT", "NUL", "CON", "BIN"].every((n) => reservedSeoNames.test(n))).toBe(true)
    expect(["COM", "LPT", "CONS", "XBIN", "COM1X"].some((n) => reservedSeoNames.test(n))).toBe(false)
  })
})
