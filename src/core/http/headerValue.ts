/**
 * The legality of an HTTP field value (RFC 9110 §5.5): visible ASCII characters and obs-text (U+0080–U+00FF),
 * with spaces and tabs allowed only between them; no control characters (CR, LF, NUL…) and nothing above U+00FF,
 * which fetch cannot send (`new Headers` throws). Values the pipeline stores to send later (the anti-forgery
 * token, the token and proxy values) are checked with it, whether they come from storage or from a response.
 *
 * @module
 */

const fieldValue = /^(?:[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?)?$/

/** True when `value` is a legal HTTP field value (see the module doc); the empty string is one. */
export const isLegalHeaderValue = (value: string): boolean => fieldValue.test(value)
