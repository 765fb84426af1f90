import { assert, describe, it } from "vitest"
import * as fc from "fast-check"
import { printableLines, printableText } from "../../../src/core/text/printableText.ts"

/** What no printable text holds: C0 and C1 controls, DEL, line and paragraph separators, bidi controls. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const unprintable = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/

/** Each character printableText acts on, listed one by one (independent of its patterns). */
const controls = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
  "\u2028",
  "\u2029"
]
const bidi = [
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200e",
  "\u200f",
  "\u061c"
]

describe("printableText", () => {
  it("writes every control character and line separator as a space, a run of them as one", () => {
    for (const c of controls) assert.strictEqual(printableText(`a${c}b`), "a b", JSON.stringify(c))
    assert.strictEqual(printableText("line 1\r\n[ERROR] line 2\u0085\u2028end"), "line 1 [ERROR] line 2 end")
  })

  it("removes every bidirectional control, keeping the text around it together", () => {
    for (const c of bidi) assert.strictEqual(printableText(`ab${c}cd`), "abcd", JSON.stringify(c))
    assert.strictEqual(printableText("invoice\u202Efdp.exe"), "invoicefdp.exe")
  })

  it("keeps everything else as written: letters of every script, emoji, tabs' neighbours, zero-width joiners", () => {
    for (const text of ["Grüße, 世界! مرحبا שלום", "👩‍👩‍👧 ok", "a\u200db", "\u00a0non-breaking", ""])
      assert.strictEqual(printableText(text), text)
  })

  it("property: the output holds none of those characters, and only they change", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom(...controls, ...bidi),
            fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 })
          )
        }),
        (text) => {
          const printable = printableText(text)
          assert.notMatch(printable, unprintable)
          const kept = text.replace(new RegExp(unprintable.source, "g"), "")
          assert.strictEqual(printable.replace(/ /g, ""), kept.replace(/ /g, ""))
        }
      ),
      { numRuns: 500 }
    )
  })
})

describe("printableLines", () => {
  it("keeps the line breaks of a text made of lines (`\\n`, `\\r\\n`, `\\r` written as `\\n`) and cleans each line", () => {
    assert.strictEqual(
      printableLines("Error: x\u202E\r\n    at a (f.js:1:2)\u0085\r    at b\n"),
      "Error: x\n    at a (f.js:1:2) \n    at b\n"
    )
  })
})
