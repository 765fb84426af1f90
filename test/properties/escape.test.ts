/**
 * Property tests of the HTML escape: it never leaves a raw special character, every `&` starts one of its own
 * references, and decoding the references gives the input back.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { htmlEscape, htmlEscapes } from "../../src/core/text/htmlEscape.ts"

const texts = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom("&", "<", ">", '"', "'", "/", "\\", "a", ";", "#", "x", "amp") })
)

const unescape = (html: string) => {
  const back = new Map(Object.entries(htmlEscapes).map(([c, ref]) => [ref, c]))
  return html.replace(/&(?:amp|lt|gt|quot|#39|#x2F|#x5C);/g, (ref) => back.get(ref)!)
}

describe("htmlEscape properties", () => {
  it("never leaves a raw < > \" ' / or \\, and every & starts one of its references", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const html = htmlEscape(text)
        expect(html).not.toMatch(/[<>"'/\\]/)
        expect(html.replace(/&(?:amp|lt|gt|quot|#39|#x2F|#x5C);/g, "")).not.toContain("&")
      }),
      { numRuns: 5000 }
    )
  })

  it("round-trips: decoding the references gives the input", () => {
    fc.assert(
      fc.property(texts, (text) => unescape(htmlEscape(text)) === text),
      { numRuns: 5000 }
    )
  })

  it("changes nothing in text without special characters", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/[&<>"'/\\]/.test(s)),
        (text) => htmlEscape(text) === text
      ),
      { numRuns: 2000 }
    )
  })
})
