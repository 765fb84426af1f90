/**
 * The bound-auth token: the value of the `x-bound-auth-token` header that proves a request was made by the
 * browser holding the session's private key. Two forms, chosen by `PlatformConfig.boundAuthToken.format`:
 *
 * ```
 * 5-field (the default; the real site's)  v1|{bodyHash}|{timestamp}|{signature}|{pathSignature}
 * 4-field (the spec's; an option)          v1|{bodyHash}|{timestamp}|{signature}
 *
 *   bodyHash       standard base64 (with padding) of SHA-256 of exactly the body bytes sent (text as its UTF-8
 *                  bytes, bytes as they are); a request without a body hashes the empty string
 *                  (47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=)
 *   timestamp      the client's time in whole seconds since the epoch (floor(ms / 1000)), decimal
 *   signature      (sig1) standard base64 of the raw 64-byte r‖s ECDSA P-256 / SHA-256 signature, by the session's
 *                  private key, of the UTF-8 string
 *                    {bodyHash}|{timestamp}|{absolute URL}|{UPPERCASE METHOD}
 *                  where the absolute URL is the URL as fetch sends it: resolved and serialised by the WHATWG URL
 *                  parser, query string included, fragment excluded
 *   pathSignature  (sig2) the same kind of signature, by the same key, of
 *                    |{timestamp}|{URL path}|{UPPERCASE METHOD}
 *                  an empty body hash and the URL's pathname only, as the WHATWG URL parser serialises it
 *                  (dot segments removed, percent-encoded, always starting with `/`), WITHOUT the query string or
 *                  the fragment
 * ```
 *
 * sig2 lets a gateway that routes by path and never sees the body (nor the query) check that the request comes
 * from the key holder, at this time, for this path and method; sig1 binds the body and the whole URL for the
 * service behind it. Every string signed here is ASCII (the URL serialiser percent-encodes everything else, base64
 * and decimal are ASCII), so its UTF-8 bytes are the bytes the real site's signer produces with its own mapping
 * (the low byte of each UTF-16 code unit), which differs from UTF-8 only past ASCII.
 *
 * Base64 never contains `|`, so the fields split unambiguously. The server recomputes the body hash from the
 * bytes it received, checks the timestamp against its clock (the emulator allows ±60 s), rejects a token it has
 * seen before, and verifies the signatures with the public key bound to the session at sign-in (device
 * attestation).
 *
 * @module
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import type { BoundAuthTokenSettings } from "../../config/PlatformConfig.ts"

/** The token format version, the first field. */
export const boundAuthTokenVersion = "v1"

/** The two forms of the token (`PlatformConfig.boundAuthToken.format`). */
export type BoundAuthTokenFormat = BoundAuthTokenSettings["format"]

/** The fields of a bound-auth token. */
export interface BoundAuthTokenFields {
  /** Standard base64 of SHA-256 of the body. */
  readonly bodyHash: string
  /** Whole seconds since the epoch. */
  readonly timestamp: number
  /** sig1: standard base64 of the 64-byte r‖s signature of {@link signedString}. */
  readonly signature: string
  /** sig2 (5-field form only): standard base64 of the 64-byte r‖s signature of {@link pathSignedString}. */
  readonly pathSignature?: string | undefined
}

/** Whole seconds of a time in milliseconds: `floor(ms / 1000)`. */
export const wholeSeconds = (millis: number): number => Math.floor(millis / 1000)

/** The string sig1 signs: `{bodyHash}|{timestamp}|{absolute URL}|{UPPERCASE METHOD}`. */
export const signedString = (bodyHash: string, timestamp: number, url: string, method: string): string =>
  `${bodyHash}|${timestamp}|${url}|${method.toUpperCase()}`

/** The string sig2 signs: `|{timestamp}|{URL path}|{UPPERCASE METHOD}` (an empty body hash, the path alone). */
export const pathSignedString = (timestamp: number, path: string, method: string): string =>
  signedString("", timestamp, path, method)

/** The header value: `v1|{bodyHash}|{timestamp}|{signature}`, then `|{pathSignature}` when there is one. */
export const formatBoundAuthToken = (fields: BoundAuthTokenFields): string => {
  const token = `${boundAuthTokenVersion}|${fields.bodyHash}|${fields.timestamp}|${fields.signature}`
  return fields.pathSignature === undefined ? token : `${token}|${fields.pathSignature}`
}

/**
 * Standard base64 (with padding) of bytes: the platform's native `btoa` over the bytes as one character each (it
 * encodes Latin-1 code units, which are the byte values here), measured cheaper in Chromium than a base64 written
 * in JavaScript.
 */
export const base64 = (bytes: Uint8Array): string => {
  let binary = ""
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!)
  return btoa(binary)
}

/**
 * A well-formed token of either form: version `v1`, a 32-byte base64 hash, a decimal timestamp (at most 12 digits),
 * a 64-byte base64 signature, and in the 5-field form a second 64-byte base64 signature.
 */
export const BoundAuthTokenString = Schema.String.check(
  Schema.isPattern(/^v1\|[A-Za-z0-9+/]{43}=\|\d{1,12}\|[A-Za-z0-9+/]{86}==(?:\|[A-Za-z0-9+/]{86}==)?$/)
)

/** Read a header value; none when it is not a well-formed token of either form (outside input, decoded). */
export const parseBoundAuthToken = (value: unknown): Option.Option<BoundAuthTokenFields> =>
  Option.map(Schema.decodeUnknownOption(BoundAuthTokenString)(value), (token) => {
    const [, bodyHash, timestamp, signature, pathSignature] = token.split("|") as [
      string,
      string,
      string,
      string,
      string?
    ]
    return {
      bodyHash,
      timestamp: Number(timestamp),
      signature,
      ...(pathSignature === undefined ? {} : { pathSignature })
    }
  })

/** The form of a parsed token. */
export const formatOf = (fields: BoundAuthTokenFields): BoundAuthTokenFormat =>
  fields.pathSignature === undefined ? "4-field" : "5-field"
