/**
 * Errors of the typed platform clients, besides the pipeline's own (RequiredError, ResponseError, FetchError,
 * ResponseDecodeError, ChallengeFailure).
 *
 * @module
 */
import * as Data from "effect/Data"
import type { PlatformHttpError, RequiredError, ResponseDecodeError } from "../../core/http/errors.ts"

/**
 * A request value is present but does not fit its definition (e.g. an id of 0, a size the service does not know), so
 * nothing was sent. `operation` names the call. When the value is outside a parameter's closed set of values (a page
 * size, an image size or format, an enum), `parameter` names the parameter and `allowed` lists the values it takes.
 */
export class RequestEncodeError extends Data.TaggedError("RequestEncodeError")<{
  readonly operation: string
  readonly issue: string
  readonly parameter?: string
  readonly allowed?: ReadonlyArray<string | number | boolean>
}> {
  override get message(): string {
    return `Request of ${this.operation} could not be encoded: ${this.issue}`
  }
}

/** What a typed platform call can fail with. */
export type PlatformCallError = RequiredError | RequestEncodeError | PlatformHttpError | ResponseDecodeError
