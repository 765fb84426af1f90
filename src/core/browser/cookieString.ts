/**
 * The `document.cookie` text format: parsing the cookie list and writing one `Set-Cookie`-style assignment.
 *
 * Values are percent-encoded with `encodeURIComponent` when written and decoded when read. A cookie written by a
 * foreign script whose value holds a malformed `%` sequence is returned raw rather than throwing.
 *
 * @module
 */
import * as Result from "effect/Result"
import type { CookieOptions } from "./Cookies.ts"

/** A cookie attribute that cannot be written safely. */
export type InvalidCookieAttribute = "name" | "value" | "domain" | "path" | "maxAgeSeconds"

/** Cookie names: an RFC 6265 token (no separators, spaces or control characters). */
const cookieName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** Domains: dot-separated labels of letters, digits and hyphens, with an optional leading dot. */
const cookieDomain = /^\.?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*$/
/** Paths: absolute, without `;`, spaces or control characters (they would inject attributes). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const cookiePath = /^\/[^;\s\x00-\x1f\x7f]*$/

/** Decode a percent-encoded value; a malformed sequence gives the raw value back. */
export const decodeCookieValue = (raw: string): string => {
  const unquoted = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw
  try {
    return decodeURIComponent(unquoted)
  } catch {
    return unquoted
  }
}

/**
 * Parse `document.cookie` (`a=1; b=2`) into name → decoded value. When a name appears twice the first wins
 * (browsers list the cookie with the most specific path first). Parts without `=` are skipped.
 */
export const parseCookies = (text: string): ReadonlyMap<string, string> => {
  const cookies = new Map<string, string>()
  for (const part of text.split(";")) {
    const eq = part.indexOf("=")
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (name === "" || cookies.has(name)) continue
    cookies.set(name, decodeCookieValue(part.slice(eq + 1).trim()))
  }
  return cookies
}

/** True when `name` is a cookie name that can be written. */
export const isValidCookieName = (name: string): boolean => cookieName.test(name)

/**
 * The first attribute of a cookie write that cannot be written safely, or undefined when all are fine:
 * a name that is not a token, a domain that is not a host name, a path that is not absolute or holds `;`, spaces
 * or control characters, a `maxAgeSeconds` that is not a finite number.
 */
export const invalidCookieAttribute = (name: string, options: CookieOptions): InvalidCookieAttribute | undefined => {
  if (!cookieName.test(name)) return "name"
  if (options.domain !== undefined && !cookieDomain.test(options.domain)) return "domain"
  if (options.path !== undefined && !cookiePath.test(options.path)) return "path"
  if (options.maxAgeSeconds !== undefined && !Number.isFinite(options.maxAgeSeconds)) return "maxAgeSeconds"
  return undefined
}

/** The Warning logged when a cookie write is skipped because of an attribute that cannot be written safely. */
export const skippedCookieWriteMessage = (
  operation: "set" | "remove",
  name: string,
  attribute: InvalidCookieAttribute
): string => `Cookie ${operation} skipped: invalid ${attribute} attribute for "${name}"`

/**
 * Written as `Expires` next to `Max-Age=0`, so that agents which ignore Max-Age or compare the expiry with
 * "now" strictly (happy-dom) drop the cookie too.
 */
export const expiredCookieDate = "Thu, 01 Jan 1970 00:00:00 GMT"

/** Max-Age as written: whole seconds, never negative (0 expires the cookie at once). */
export const normalizeMaxAge = (seconds: number): number => Math.max(0, Math.floor(seconds))

/**
 * One `document.cookie` assignment: `name=encoded; Domain=…; Path=/; Max-Age=…; Secure; SameSite=…`
 * (plus `Expires=` {@link expiredCookieDate} when Max-Age is 0).
 * Path defaults to `/`. `SameSite=None` always adds `Secure` (browsers reject it otherwise).
 * Fails with the offending attribute when {@link invalidCookieAttribute} finds one, or with `value` when the
 * value holds a lone UTF-16 surrogate (it cannot be percent-encoded).
 */
export const serializeCookie = (
  name: string,
  value: string,
  options: CookieOptions = {}
): Result.Result<string, InvalidCookieAttribute> => {
  const invalid = invalidCookieAttribute(name, options)
  if (invalid !== undefined) return Result.fail(invalid)
  let encoded: string
  try {
    encoded = encodeURIComponent(value)
  } catch {
    return Result.fail("value") // a lone UTF-16 surrogate cannot be percent-encoded
  }
  const parts = [`${name}=${encoded}`]
  if (options.domain !== undefined) parts.push(`Domain=${options.domain}`)
  parts.push(`Path=${options.path ?? "/"}`)
  if (options.maxAgeSeconds !== undefined) {
    const maxAge = normalizeMaxAge(options.maxAgeSeconds)
    parts.push(`Max-Age=${maxAge}`)
    if (maxAge === 0) parts.push(`Expires=${expiredCookieDate}`)
  }
  if (options.secure === true || options.sameSite === "None") parts.push("Secure")
  if (options.sameSite !== undefined) parts.push(`SameSite=${options.sameSite}`)
  return Result.succeed(parts.join("; "))
}
