/**
 * DeepLinkError: a string that is not a deep link we follow.
 *
 * The parser and the kind classifier fail with it; they never throw. The error never carries the link itself
 * (links can hold invite codes and access codes): only the reason and, where useful, the name of the offending
 * part (a parameter name, a scheme).
 *
 * @module
 */
import * as Data from "effect/Data"

/**
 * Why a link was refused.
 * - parsing: `Empty`, `TooLong` (over {@link maxDeepLinkLength} characters), `Malformed` (not a URL, or control
 *   characters), `MalformedEncoding` (a `%` sequence that does not decode), `UnsupportedScheme` (neither http(s)
 *   nor a configured app scheme: `javascript:`, `data:`, `vbscript:`, `file:` …), `ProtocolRelative` (`//host`),
 *   `Credentials` (a `user:password@` part), `HostTooLong` (a host name over 255 characters), `UnsupportedRedirect`
 *   (a redirector link without a usable wrapped link, or nested too deep);
 * - classifying: `ForeignHost` (a web link outside the platform's origins), `UnknownKind`, `MissingParameter`,
 *   `InvalidParameter`.
 */
export type DeepLinkErrorReason =
  | "Empty"
  | "TooLong"
  | "Malformed"
  | "MalformedEncoding"
  | "UnsupportedScheme"
  | "ProtocolRelative"
  | "Credentials"
  | "HostTooLong"
  | "UnsupportedRedirect"
  | "ForeignHost"
  | "UnknownKind"
  | "MissingParameter"
  | "InvalidParameter"

/** The longest link (in UTF-16 code units, after trimming) the parser reads. */
export const maxDeepLinkLength = 4096

/** A link that cannot be followed; see {@link DeepLinkErrorReason}. */
export class DeepLinkError extends Data.TaggedError("DeepLinkError")<{
  readonly reason: DeepLinkErrorReason
  /** The part at fault: a parameter name, a scheme or a kind (at most 40 characters), when there is one. */
  readonly detail?: string
}> {
  override get message(): string {
    return this.detail === undefined
      ? `Deep link refused: ${this.reason}`
      : `Deep link refused: ${this.reason} (${this.detail})`
  }
}

/** A DeepLinkError; `detail` is cut to 40 characters. */
export const deepLinkError = (reason: DeepLinkErrorReason, detail?: string): DeepLinkError =>
  new DeepLinkError(detail === undefined ? { reason } : { reason, detail: detail.slice(0, 40) })
