/**
 * The host-name length limit (ROUTE-6): the longest host name the library accepts, and its check.
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"

/** The longest host name accepted (ROUTE-6: 255). */
export const maxHostNameLength = 255

/** A host name that cannot be used: empty, or longer than {@link maxHostNameLength}. */
export class InvalidHostError extends Data.TaggedError("InvalidHostError")<{
  readonly reason: "Empty" | "TooLong"
  /** The length of the rejected host name (the name itself is not kept: it can be arbitrarily long). */
  readonly length: number
}> {
  override get message(): string {
    return this.reason === "Empty"
      ? "Host name is empty"
      : `Host name is ${this.length} characters long; the limit is ${maxHostNameLength}`
  }
}

/** Succeeds with `host` when it has 1 to 255 characters; otherwise fails with {@link InvalidHostError}. */
export const validateHostName = (host: string): Effect.Effect<string, InvalidHostError> =>
  host.length === 0
    ? Effect.fail(new InvalidHostError({ reason: "Empty", length: 0 }))
    : host.length > maxHostNameLength
      ? Effect.fail(new InvalidHostError({ reason: "TooLong", length: host.length }))
      : Effect.succeed(host)
