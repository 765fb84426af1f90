import { describe, expect, it } from "vitest"
import { htmlEscape, htmlEscapes } from "../../../src/core/text/htmlEscape.ts"

describe("htmlEscape (TEXT-6)", () => {
  const table: ReadonlyArray<readonly [string | null | undefined, string]> = [
    ["&", "&amp;"],
    ["<", "&lt;"],
    [">", "&gt;"],
    ['"', "&quot;"],
    ["'", "&#39;"],
    ["/", "&#x2F;"],
    ["\\", "&#x5C;"],
    ["plain text 123", "plain text 123"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    ["<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;&#x2F;script&gt;"],
    ["a & b", "a &amp; b"],
    ["&amp;", "&amp;amp;"],
    ['" onerror="x', "&quot; onerror=&quot;x"],
    ["C:\\path/to", "C:&#x5C;path&#x2F;to"],
    ["日本 ☃", "日本 ☃"]
  ]
  for (const [input, expected] of table) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => expect(htmlEscape(input)).toBe(expected))
  }

  it("escapes exactly the seven characters of the spec", () => {
    expect(Object.keys(htmlEscapes).sort()).toEqual(['"', "&", "'", "/", "<", ">", "\\"].sort())
  })
})
