/**
 * The navigation allow-list: a deep link only ever moves the page to an http or https URL whose origin is one of
 * the platform's (every service's base URL in PlatformConfig, plus configured extra origins), or, inside a native
 * app shell, to an app-scheme link the library built itself.
 *
 * Origins are compared exactly (scheme, host, port) after the URL parser has normalised them, so look-alike hosts
 * (`www.example.com.evil.net`, `wwwexample.com`, `www.exаmple.com` with a Cyrillic letter, which the parser turns
 * into `xn--…` punycode) never match, and `https://www.example.com@evil.net/` (its host is `evil.net`) is refused
 * for its credentials anyway.
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Result from "effect/Result"
import type { PlatformConfigShape } from "../../core/config/PlatformConfig.ts"
import { maxHostNameLength } from "../../core/http/routing.ts"

/**
 * Why a navigation target was refused: `Malformed` (not a URL, or control characters), `NotAbsolute`,
 * `ProtocolRelative` (`//host`), `Scheme` (not http/https: `javascript:`, `data:`, `vbscript:` …), `Credentials`
 * (`user@host`), `HostTooLong` (over 255 characters), `HostNotAllowed` (an origin outside the allow-list).
 */
export type UnsafeTargetReason =
  | "Malformed"
  | "NotAbsolute"
  | "ProtocolRelative"
  | "Scheme"
  | "Credentials"
  | "HostTooLong"
  | "HostNotAllowed"

/** A navigation target was refused. The target itself is not kept (it may carry codes). */
export class UnsafeTargetError extends Data.TaggedError("UnsafeTargetError")<{
  readonly reason: UnsafeTargetReason
}> {
  override get message(): string {
    return `Navigation target refused: ${this.reason}`
  }
}

const refuse = (reason: UnsafeTargetReason): Result.Result<never, UnsafeTargetError> =>
  Result.fail(new UnsafeTargetError({ reason }))

/** The origin of an http(s) URL, or undefined. */
const originOf = (url: string): string | undefined => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/**
 * The allowed origins: the origin of every service base URL of `config` and of every `extra` origin (which may
 * be full URLs), deduplicated. Values that are not http(s) URLs are skipped.
 */
export const allowedOrigins = (config: PlatformConfigShape, extra: ReadonlyArray<string> = []): ReadonlyArray<string> => {
  const out = new Set<string>()
  for (const url of [...Object.values(config.baseUrls), ...extra]) {
    const origin = originOf(url)
    if (origin !== undefined) out.add(origin)
  }
  return [...out]
}

// C0 controls, DEL and invisible format characters
const unsafeCharacters = /[\u0000-\u001F\u007F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2064\uFEFF]/

/**
 * `url` when it may be navigated to: an absolute http(s) URL without credentials whose origin is in `allowed`.
 * Succeeds with the URL as the URL parser writes it (what was checked is what is navigated to).
 */
export const guardTarget = (url: string, allowed: ReadonlyArray<string>): Result.Result<string, UnsafeTargetError> => {
  if (unsafeCharacters.test(url)) return refuse("Malformed")
  if (/^\s*[/\\]{2}/.test(url)) return refuse("ProtocolRelative")
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) return refuse("NotAbsolute")
  if (scheme !== "http" && scheme !== "https") return refuse("Scheme")
  if (!/^https?:\/\/[^/\\]/i.test(url)) return refuse("Malformed")
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return refuse("Malformed")
  }
  if (parsed.username !== "" || parsed.password !== "") return refuse("Credentials")
  if (parsed.hostname.length > maxHostNameLength) return refuse("HostTooLong")
  return allowed.includes(parsed.origin) ? Result.succeed(parsed.href) : refuse("HostNotAllowed")
}

/**
 * `url` when it is an app-scheme link of the shape the library builds: `{appScheme}://navigation/{name}` with
 * only letters, digits, `_`, `-`, `=`, `&` and `%` escapes in its query. Used for the app links opened inside a
 * native app shell (chat, content posts).
 */
export const guardAppLink = (url: string, appScheme: string): Result.Result<string, UnsafeTargetError> =>
  new RegExp(`^${appScheme.replace(/[^a-z0-9]/gi, "")}://navigation/[a-z_]+(?:\\?[A-Za-z0-9_=&%-]*)?$`).test(url)
    ? Result.succeed(url)
    : refuse("Scheme")
