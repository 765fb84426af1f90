/**
 * Typed errors as sentences a person can act on. Every error the demo can meet is named here; nothing is shown as
 * a raw stack or left blank.
 *
 * @module
 */
import { BatchFailure, FetchError, PagingError, ResponseDecodeError, ResponseError } from "./lib.ts"

const serviceOf = (url: string): string => {
  try {
    return new URL(url).pathname.split("/")[1] || "platform"
  } catch {
    return "platform"
  }
}

/** A short explanation of `error` for the page. */
export const describeError = (error: unknown): string => {
  if (error instanceof ResponseError) {
    const code = error.code === undefined ? "" : `, error code ${error.code}`
    const hint = error.status === 429
      ? " Too many requests: try again in a moment."
      : error.status >= 500
      ? " The service is unavailable; try again."
      : ""
    return `The ${serviceOf(error.url)} service answered ${error.status}${code}.${hint}`
  }
  if (error instanceof FetchError) return `Could not reach the ${serviceOf(error.url)} service (the connection failed).`
  if (error instanceof ResponseDecodeError) return `The ${serviceOf(error.url)} service sent an answer the app cannot read.`
  if (error instanceof PagingError) {
    return error.cause === undefined ? `${error.message}.` : `${error.message}: ${describeError(error.cause)}`
  }
  if (error instanceof BatchFailure) {
    return error.cause === undefined ? `Lookup failed (${error.reason}).` : describeError(error.cause)
  }
  if (error instanceof Error) return error.message
  return "Something went wrong."
}
