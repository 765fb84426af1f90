/**
 * SignableRequest: what a signature covers, read from an outgoing `HttpClientRequest`.
 *
 * - `url`: the absolute URL exactly as the fetch client sends it: the request URL with its `urlParams` appended,
 *   resolved and serialised by `Url.make` (the function `FetchHttpClient` uses), without the fragment (a fragment
 *   is never sent, so the server could not check it). This is `fullUrl` of the middleware, normalised the way the
 *   WHATWG URL parser normalises it (`https://h` → `https://h/`, spaces percent-encoded), which is what the server
 *   receives; signing `fullUrl` verbatim would fail verification for such URLs.
 * - `method`: upper-cased.
 * - `body`: the request body as the server receives it. PlatformHttp sends JSON as a text body (`bodyText`, an
 *   HttpBody of type Uint8Array holding the UTF-8 bytes of the string), so hashing these bytes is hashing the UTF-8
 *   body string. No body is the empty string. Raw bodies that are strings or bytes are hashed likewise; form-data,
 *   stream and other raw bodies cannot be hashed without consuming them: `RequestBodyHashFailed`.
 *
 * @module
 */
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Url from "effect/http/Url"
import * as Result from "effect/Result"
import { SigningFailure } from "./SigningFailure.ts"

/** A request reduced to what is signed. */
export interface SignableRequest {
  /** The absolute URL as sent (query included, fragment excluded). */
  readonly url: string
  /** The host name of `url` (lower case), for the allow-list check. */
  readonly host: string
  /** The upper-case method. */
  readonly method: string
  /** The body: text (hashed as UTF-8) or bytes; "" when there is none. */
  readonly body: string | Uint8Array
}

/** The absolute URL and host of a request, or `RequestExemptError` when the URL cannot be resolved. */
export const requestUrl = (
  request: HttpClientRequest.HttpClientRequest
): Result.Result<{ readonly url: string; readonly host: string }, SigningFailure> => {
  const made = Url.make(request.url, request.urlParams, undefined)
  if (Result.isFailure(made)) {
    return Result.fail(
      new SigningFailure({ kind: "RequestExemptError", detail: "request URL cannot be parsed", cause: made.failure })
    )
  }
  return Result.succeed({ url: made.success.href, host: made.success.hostname })
}

/**
 * {@link requestUrl} with a small memo for requests without query parameters (their URL string alone decides the
 * result; POSTs to the same endpoints repeat): at most `capacity` URLs are kept, then the memo starts over. One
 * resolver per signer, never shared between pages.
 */
export const makeRequestUrlResolver = (capacity = 256) => {
  const memo = new Map<string, Result.Result<{ readonly url: string; readonly host: string }, SigningFailure>>()
  return (request: HttpClientRequest.HttpClientRequest) => {
    if (request.urlParams.params.length > 0) return requestUrl(request)
    let resolved = memo.get(request.url)
    if (resolved === undefined) {
      if (memo.size >= capacity) memo.clear()
      resolved = requestUrl(request)
      memo.set(request.url, resolved)
    }
    return resolved
  }
}

/** The body of a request as signed, or `RequestBodyHashFailed` for bodies that cannot be read without consuming them. */
export const requestBody = (
  request: HttpClientRequest.HttpClientRequest
): Result.Result<string | Uint8Array, SigningFailure> => {
  const body = request.body
  switch (body._tag) {
    case "Empty":
      return Result.succeed("")
    case "Uint8Array":
      // the bytes (encoded once from the text and cached by the body, so re-sends do not encode again)
      return Result.succeed(body.body)
    case "Raw":
      if (typeof body.body === "string") return Result.succeed(body.body)
      if (body.body instanceof Uint8Array) return Result.succeed(body.body)
      if (body.body instanceof ArrayBuffer) return Result.succeed(new Uint8Array(body.body))
      return Result.fail(unhashable("raw body of this type cannot be hashed"))
    case "FormData":
      return Result.fail(unhashable("form-data body cannot be hashed"))
    case "Stream":
      return Result.fail(unhashable("stream body cannot be hashed"))
  }
}

const unhashable = (detail: string) => new SigningFailure({ kind: "RequestBodyHashFailed", detail })
