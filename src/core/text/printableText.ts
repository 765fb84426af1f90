/**
 * printableText: a text from outside (a server's message, a thrown value's message, a header value) as the library
 * writes it into a log line, an error report, a span or the devtools panel: what it says, without what could change
 * how the line around it reads (docs/security.md "Nothing secret in a log").
 *
 * - Line breaks and every other control character, C0 (U+0000–U+001F), DEL and C1 (U+0080–U+009F, U+0085 NEXT LINE
 *   among them), and the line and paragraph separators (U+2028, U+2029) become a space, a run of them one space: a
 *   server cannot start a forged log line or end one early.
 * - Bidirectional controls are removed: the embeddings and overrides (U+202A–U+202E), the isolates (U+2066–U+2069),
 *   the left-to-right and right-to-left marks (U+200E, U+200F) and the Arabic letter mark (U+061C). They are
 *   invisible and reorder what follows them (a `.gpj` that displays as `.jpg`, a URL that displays as another).
 *
 * Everything else is kept as written, letters of every script included. {@link printableLines} does the same to each
 * line of a text made of lines (a stack), keeping its line breaks.
 *
 * @module
 */

/** The characters {@link printableText} writes as a space: C0 and C1 controls, DEL, U+2028 and U+2029. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const lineBreaking = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g

/** The bidirectional controls {@link printableText} removes. */
const bidiControls = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** `text` without bidirectional controls, its control characters and line separators written as one space a run. */
export const printableText = (text: string): string => text.replace(bidiControls, "").replace(lineBreaking, " ")

/** `text` line by line (split at `\n`, `\r\n` or `\r`) through {@link printableText}, joined with `\n`. */
export const printableLines = (text: string): string =>
  text
    .split(/\r\n|\r|\n/)
    .map(printableText)
    .join("\n")
