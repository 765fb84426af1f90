/**
 * SigningFailure: why a request went out without an `x-bound-auth-token` (SIGN-11: the
 * failure's `reason`).
 *
 * | reason                | when                                                                                  |
 * |-----------------------|---------------------------------------------------------------------------------------|
 * | RequestExempt         | signing does not apply: guest, host not allow-listed, settings off, user not sampled  |
 * | RequestExemptError    | the exemption could not be decided (the request URL cannot be parsed)                 |
 * | GetKeyPairFailed      | the key pair could not be read (no IndexedDB, a failed read, no WebCrypto)            |
 * | UpdateKeyPairFailed   | a missing key pair could not be replaced (generating or storing the new one failed)   |
 * | NoKeyPairFound        | no usable key pair: a freshly generated pair is not an ECDSA P-256 signing pair       |
 * | RequestBodyHashFailed | the body cannot be hashed (a stream or form-data body) or hashing failed              |
 * | SignatureFailed       | WebCrypto refused to sign                                                             |
 * | SigningTimedOut       | signing the request took longer than RequestSigningTimeout (default 2 s)              |
 * | Unknown               | anything else: an unexpected defect, or the security frame did not answer             |
 *
 * All but `SigningTimedOut` are the spec's kinds. The spec names no time-out for signing; ours (the team's rule:
 * every wait has one) gets a kind of its own so that a hung WebCrypto or frame is told apart from a refusal in the
 * logs, the devtools and the sampled event.
 *
 * A SigningFailure never fails a request: the request goes out unsigned. `RequestExempt` is the normal case for
 * most requests and is logged at Debug level only; every other reason is logged as a Warning and counts as a missing
 * signature (sampled telemetry event). The `detail` is a short fixed text, never a token, signature or key.
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Schema from "effect/Schema"

/** The reasons of a signing failure, as the spec names them (its "kinds"). */
export const signingFailureReasons = [
  "RequestExempt",
  "RequestExemptError",
  "GetKeyPairFailed",
  "UpdateKeyPairFailed",
  "NoKeyPairFound",
  "RequestBodyHashFailed",
  "SignatureFailed",
  "SigningTimedOut",
  "Unknown"
] as const

/** A signing failure reason. */
export type SigningFailureReason = (typeof signingFailureReasons)[number]

/** The schema of a signing failure reason (the security frame sends reasons across windows). */
export const SigningFailureReason = Schema.Literals(signingFailureReasons)

/** A request could not be signed; see the module doc for the reasons. */
export class SigningFailure extends Data.TaggedError("SigningFailure")<{
  readonly reason: SigningFailureReason
  /** A short fixed explanation, free of secrets. */
  readonly detail: string
  readonly cause?: unknown
}> {
  override get message(): string {
    return `${this.reason}: ${this.detail}`
  }
}
