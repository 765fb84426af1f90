/**
 * HTML escaping of text put into markup or attribute values (TEXT-6: `&`, `<`, `>`, the quote,
 * the apostrophe, `/` and the backslash).
 *
 * Each special character becomes a character reference: `&` → `&amp;`, `<` → `&lt;`, `>` → `&gt;`, `"` → `&quot;`,
 * `'` → `&#39;`, `/` → `&#x2F;`, `\` → `&#x5C;`. Nothing else changes. The output never contains a raw `<`, `>`,
 * `"`, `'`, `/` or `\`, and every `&` in it starts one of these references. Escaping is not idempotent (an `&`
 * is escaped again), by design: escape once, at the point where text meets markup.
 *
 * @module
 */

/** The characters {@link htmlEscape} replaces, with their references. */
export const htmlEscapes: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "/": "&#x2F;",
  "\\": "&#x5C;"
}

/** Text with `& < > " ' / \` replaced by character references; `null`/`undefined` give the empty string. */
export const htmlEscape = (text: string | null | undefined): string =>
  typeof text === "string" ? text.replace(/[&<>"'/\\]/g, (c) => htmlEscapes[c]!) : ""
