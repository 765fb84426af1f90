/**
 * The bound-auth token: the value of the `x-bound-auth-token` header that proves a request was made by the
 * browser holding the session's private key.
 *
 * ```
 * x-bound-auth-token: v1|{bodyHash}|{timestamp}|{signature}
 *
 *   bodyHash   standard base64 (with padding) of SHA-256 of the request body as UTF-8 bytes;
 *              a request without a body hashes the empty string (47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=)
 *   timestamp  the client's time in whole seconds since the epoch (floor(ms / 1000)), decimal
 *   signature  standard base64 of the raw 64-byte r‖s ECDSA P-256 / SHA-256 signature, by the session's private
 *              key, of the UTF-8 string
 *                {bodyHash}|{timestamp}|{absolute URL}|{UPPERCASE METHOD}
 *              where the absolute URL is the URL the request is sent to, query string included, fragment excluded
 * ```
 *
 * Base64 never contains `|`, so the four fields split unambiguously. The server recomputes the body hash from the
 * bytes it received, checks the timestamp against its clock (the emulator allows ±60 s), rejects a token it has
 * seen before, and verifies the signature with the public key bound to the session at sign-in (device attestation).
 *
 * @module
 */
import * as Base64 from "effect/encoding/Base64"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

/** The token format version, the first field. */
export const boundAuthTokenVersion = "v1"

/** The fields of a bound-auth token. */
export interface BoundAuthTokenFields {
  /** Standard base64 of SHA-256 of the body. */
  readonly bodyHash: string
  /** Whole seconds since the epoch. */
  readonly timestamp: number
  /** Standard base64 of the 64-byte r‖s signature. */
  readonly signature: string
}

/** Whole seconds of a time in milliseconds: `floor(ms / 1000)`. */
export const wholeSeconds = (millis: number): number => Math.floor(millis / 1000)

/** The string that is signed: `{bodyHash}|{timestamp}|{absolute URL}|{UPPERCASE METHOD}`. */
export const signedString = (bodyHash: string, timestamp: number, url: string, method: string): string =>
  `${bodyHash}|${timestamp}|${url}|${method.toUpperCase()}`

/** The header value: `v1|{bodyHash}|{timestamp}|{signature}`. */
export const formatBoundAuthToken = (fields: BoundAuthTokenFields): string =>
  `${boundAuthTokenVersion}|${fields.bodyHash}|${fields.timestamp}|${fields.signature}`

/** Standard base64 (with padding) of bytes. */
export const base64 = (bytes: Uint8Array): string => Base64.encode(bytes)

/**
 * A well-formed token: version `v1`, a 32-byte base64 hash, a decimal timestamp (at most 12 digits) and a 64-byte
 * base64 signature.
 */
export const BoundAuthTokenString = Schema.String.check(
  Schema.isPattern(/^v1\|[A-Za-z0-9+/]{43}=\|\d{1,12}\|[A-Za-z0-9+/]{86}==$/)
)

/** Read a header value; none when it is not a well-formed token (outside input, decoded with a Schema). */
export const parseBoundAuthToken = (value: unknown): Option.Option<BoundAuthTokenFields> =>
  Option.map(Schema.decodeUnknownOption(BoundAuthTokenString)(value), (token) => {
    const [, bodyHash, timestamp, signature] = token.split("|") as [string, string, string, string]
    return { bodyHash, timestamp: Number(timestamp), signature }
  })
