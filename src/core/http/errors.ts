/**
 * The errors of the request pipeline. Every call through PlatformHttp fails with one of these, never with a raw
 * HttpClientError.
 *
 * @module
 */
import * as Data from "effect/Data"
import type { ChallengeFailure } from "../challenge/ChallengeInterceptor.ts"

/**
 * A response with a non-2xx status. `codes` are the numeric `errors[].code` values of the body (the first is the
 * main one); empty when the body has none or is not JSON.
 */
export class ResponseError extends Data.TaggedError("ResponseError")<{
  readonly status: number
  readonly url: string
  readonly method: string
  readonly codes: ReadonlyArray<number>
}> {
  /** The main error code: the first of `errors[].code`, if any. */
  get code(): number | undefined {
    return this.codes[0]
  }
  override get message(): string {
    return `Response from ${this.url} returned an error code ${this.status}`
  }
}

/**
 * The request failed before a response arrived (network down, DNS, CORS, connection dropped, invalid URL).
 * The spec names this a fetch error without quoting a message; ours says what failed and where.
 */
export class FetchError extends Data.TaggedError("FetchError")<{
  readonly url: string
  readonly method: string
  readonly cause: unknown
}> {
  override get message(): string {
    return `Request to ${this.url} failed before a response arrived`
  }
}

/** The response arrived but its body is not what the call expects. `operation` names the call. */
export class ResponseDecodeError extends Data.TaggedError("ResponseDecodeError")<{
  readonly operation: string
  readonly url: string
  readonly issue: string
}> {
  override get message(): string {
    return `Response of ${this.operation} (${this.url}) did not match its schema: ${this.issue}`
  }
}

/** A required path parameter or body/query field was null or undefined. */
export class RequiredError extends Data.TaggedError("RequiredError")<{
  readonly field: string
  readonly operation: string
}> {
  override get message(): string {
    return `Required parameter ${this.field} was null or undefined when calling ${this.operation}.`
  }
}

/** What a request through the pipeline can fail with (a ChallengeFailure only when a challenge flow is installed). */
export type PlatformHttpError = ResponseError | FetchError | ChallengeFailure
