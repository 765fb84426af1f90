/**
 * The bundle-size report counts each module's bytes in the minified chunk from the chunk's source map
 * (scripts/sourceBytes.ts). Checked here on hand-written maps.
 */
import { assert, describe, it } from "@effect/vitest"
import { bytesBySource, decodeSegment, unmapped } from "../../scripts/sourceBytes.ts"

describe("decodeSegment", () => {
  it("reads base64 VLQ: one digit, several digits, negative values", () => {
    assert.deepStrictEqual(decodeSegment("AAAA"), [0, 0, 0, 0])
    assert.deepStrictEqual(decodeSegment("CAAC"), [1, 0, 0, 1])
    assert.deepStrictEqual(decodeSegment("D"), [-1])
    // 16 = 100000 in binary: low digit 0 with the continuation bit (g), then 1 (C)
    assert.deepStrictEqual(decodeSegment("gB"), [16])
    assert.deepStrictEqual(decodeSegment("2H"), [123])
    assert.deepStrictEqual(decodeSegment("3H"), [-123])
  })

  it("refuses what is not a segment: a character that is not a base64 digit, no field, a number cut short, 2 or 3 fields", () => {
    assert.throws(() => decodeSegment("A*"), /not a base64 VLQ digit: \*/)
    assert.throws(() => decodeSegment(""), /a segment of 0 fields/)
    assert.throws(() => decodeSegment("AAg"), /a VLQ number cut short/)
    assert.throws(() => decodeSegment("AA"), /a segment of 2 fields/)
    assert.throws(() => decodeSegment("AAA"), /a segment of 3 fields/)
  })

  it("reads numbers above 2^31 (columns of a long minified line)", () => {
    // 2^32 shifted left for the sign bit is 2^33: six zero digits with the continuation bit (g), then 8 (I)
    assert.deepStrictEqual(decodeSegment("ggggggI"), [2 ** 32])
  })
})

describe("bytesBySource", () => {
  it("gives each run of code to the source of the segment it starts with, until the next segment", () => {
    // "var a=1;var b=2;" : 0..8 from a.js, 8..16 from b.js
    const bytes = bytesBySource("var a=1;var b=2;", { sources: ["a.js", "b.js"], mappings: "AAAA,QCAA" })
    assert.deepStrictEqual(Object.fromEntries(bytes), { "a.js": 8, "b.js": 8 })
  })

  it("counts code before the first segment and after a segment without a source as unmapped", () => {
    // "(()=>{" is glue, "x()" from a.js, "})()" is glue again (a one-field segment: no source)
    const bytes = bytesBySource("(()=>{x()})()", { sources: ["a.js"], mappings: "MAAA,G" })
    assert.deepStrictEqual(Object.fromEntries(bytes), { [unmapped]: 10, "a.js": 3 })
  })

  it("keeps the source across lines, restarts the column on each line and counts the newlines", () => {
    // line 1 "ab" from a.js; line 2 "cd" from a.js then "ef" from b.js; source indexes are relative across lines
    const bytes = bytesBySource("ab\ncdef", { sources: ["a.js", "b.js"], mappings: "AAAA;AAAA,ECAA" })
    assert.deepStrictEqual(Object.fromEntries(bytes), { "a.js": 5, "b.js": 2 })
  })

  it("counts a line past the last mapped one as unmapped, and no newline after the last line", () => {
    const bytes = bytesBySource("a\nb", { sources: ["a.js"], mappings: "AAAA" })
    assert.deepStrictEqual(Object.fromEntries(bytes), { "a.js": 2, [unmapped]: 1 })
  })

  it("refuses an empty segment between two (its column would be lost)", () => {
    assert.throws(() => bytesBySource("abcdef", { sources: ["a.js", "b.js"], mappings: "AAAA,,ECAA" }), /0 fields/)
  })

  it("counts every byte once, in UTF-8", () => {
    const code = 'const é="→";f()'
    const bytes = bytesBySource(code, { sources: ["a.js", "b.js"], mappings: "AAAA,YCAA" })
    assert.strictEqual(
      [...bytes.values()].reduce((n, b) => n + b, 0),
      Buffer.byteLength(code)
    )
    assert.deepStrictEqual(Object.fromEntries(bytes), { "a.js": 15, "b.js": 3 })
  })
})
