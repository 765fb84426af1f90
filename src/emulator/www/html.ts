/**
 * Escaping text for HTML: every page the emulator writes puts values into text and double-quoted attributes only
 * through {@link escapeHtml}.
 *
 * @module
 */

/** `text` safe inside HTML text and a double-quoted attribute value (`&`, `"`, `'`, `<`, `>` escaped). */
export const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** One attribute of a tag: its name as written (`data-displayName`) and its value (escaped when written). */
export type Attribute = readonly [name: string, value: string]

/** `<meta name="{name}" …>` with `attributes` in order, every value escaped. */
export const metaTag = (name: string, attributes: ReadonlyArray<Attribute>): string =>
  `<meta name="${escapeHtml(name)}"${attributes.map(([key, value]) => ` ${key}="${escapeHtml(value)}"`).join("")}>`
