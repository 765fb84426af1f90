/**
 * The errors of the request pipeline. Every call through PlatformHttp fails with one of these (or the challenge
 * flow's ChallengeError), never with a raw effect/http error. docs/request-pipeline.md has the table.
 *
 * @module
 */
import * as Data from "effect/Data"
import type { ChallengeError } from "../challenge/ChallengeError.ts"
import { redactUrl } from "../text/redactUrl.ts"

/**
 * A response with a non-2xx status. `codes` are the numeric codes of the body, in order, the first being the main
 * one, read as the platform's own pages read them (rules/errorMapping.ts): every number `errors[].code`, then every
 * number `data.errors[].code`, or else the `code` of a `{ code, message }` body (at the top or under `data`); items
 * whose code is not a number are skipped. Empty when the body has none or is not JSON.
 * `serverMessage` and `userFacingMessage` are the main item's texts, when the server sent them; a body of any other
 * shape (plain text, HTML, JSON without codes) gives its text as `serverMessage`. Both are bounded in length, on one
 * line, with any secret the request carried blanked out. `headers` are the response's headers (lower-case names)
 * with the value of every secret-carrying one (../http/secretHeaders.ts) replaced by `[redacted]`.
 *
 * The `message` is exactly the spec's sentence, its URL shown by the one redaction rule (../text/redactUrl.ts: a
 * message is written to consoles and reports; the `url` field keeps the URL as the caller gave it); the server's
 * message stays a field of its own, and the log lines the library writes of the error show it after the sentence
 * (../browser/errorSummary.ts).
 */
export class ResponseError extends Data.TaggedError("ResponseError")<{
  readonly status: number
  /** The status text the server sent ("" over HTTP/2, which has none). */
  readonly statusText: string
  readonly url: string
  readonly method: string
  readonly codes: ReadonlyArray<number>
  /**
   * The response headers, secrets redacted; `retry-after` only from a platform host (the retries wait what it asks,
   * and no other host may steer them).
   */
  readonly headers: Readonly<Record<string, string>>
  /** The server's `message` for the main code, or the text of a body of another shape (for developers and logs). */
  readonly serverMessage?: string | undefined
  /** The server's `userFacingMessage` for the main code (meant to be shown to the person). */
  readonly userFacingMessage?: string | undefined
}> {
  /** The main error code: the first of `codes`, if any. */
  get code(): number | undefined {
    return this.codes[0]
  }
  /** Exactly the spec's sentence, `Response from {url} returned an error code {status}`, the URL redacted. */
  override get message(): string {
    return `Response from ${redactUrl(this.url)} returned an error code ${this.status}`
  }
}

/**
 * The request failed before a response arrived (network down, DNS, CORS, connection dropped, invalid URL): `cause`
 * is what fetch threw. The spec names this a fetch error without quoting a message; ours says what failed and where.
 */
export class FetchError extends Data.TaggedError("FetchError")<{
  readonly url: string
  readonly method: string
  readonly cause: unknown
}> {
  override get message(): string {
    return `Request to ${redactUrl(this.url)} failed before a response arrived`
  }
}

/**
 * No response within the time-out of one HTTP exchange (PlatformConfig.requestTimeoutMs, or
 * `withRequestTimeout` around the call): the fetch was aborted. A mutating request may still have reached the server.
 */
export class TimeoutError extends Data.TaggedError("TimeoutError")<{
  readonly url: string
  readonly method: string
  readonly timeoutMs: number
}> {
  override get message(): string {
    return `Request to ${redactUrl(this.url)} got no response within ${this.timeoutMs} ms`
  }
}

/**
 * A request that carried the platform's secrets (anti-forgery token, session values, a signature, challenge
 * headers) was answered with a redirect, which it never follows: a redirect would hand those headers to whatever
 * host the server names (see rules/redirectGuard.ts). `status` is the redirect's status, or 0 where the
 * browser hides it (an opaque redirect).
 */
export class RedirectError extends Data.TaggedError("RedirectError")<{
  readonly url: string
  readonly method: string
  readonly status: number
}> {
  override get message(): string {
    return `Request to ${redactUrl(this.url)} was answered with a redirect, which a request carrying the platform's secrets never follows`
  }
}

/**
 * The response's body is larger than the call accepts (`MaxResponseBytes`, default 16 MiB): reading stopped at the
 * cap (or before, when the declared length is over it) and the rest was never held in memory. `status` is the
 * response's status.
 */
export class ResponseTooLargeError extends Data.TaggedError("ResponseTooLargeError")<{
  readonly url: string
  readonly method: string
  readonly status: number
  readonly limitBytes: number
}> {
  override get message(): string {
    return `Response from ${redactUrl(this.url)} is larger than ${this.limitBytes} bytes`
  }
}

/** The response arrived but its body is not what the call expects. `operation` names the call. */
export class ResponseDecodeError extends Data.TaggedError("ResponseDecodeError")<{
  readonly operation: string
  readonly url: string
  readonly issue: string
}> {
  override get message(): string {
    return `Response of ${this.operation} (${redactUrl(this.url)}) did not match its schema: ${this.issue}`
  }
}

/**
 * A request value is present but cannot be sent, so nothing was: a body JSON cannot encode (a cycle, a BigInt), or,
 * in the typed clients, a value that does not fit its definition (an id of 0, a size the service does not know).
 * `operation` names the call. When the value is outside a parameter's closed set of values (a page size, an image
 * size or format, an enum), `parameter` names the parameter and `allowed` lists the values it takes.
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

/** A required path parameter or body/query field was null or undefined. */
export class RequiredError extends Data.TaggedError("RequiredError")<{
  readonly field: string
  readonly operation: string
}> {
  override get message(): string {
    return `Required parameter ${this.field} was null or undefined when calling ${this.operation}.`
  }
}

/** What a request through the pipeline can fail with (a ChallengeError only when a challenge flow is installed). */
export type PlatformHttpError =
  ResponseError | FetchError | TimeoutError | RedirectError | ResponseTooLargeError | ChallengeError
