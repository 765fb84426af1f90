/**
 * SignableRequest: what a signature covers, read from an outgoing request (the pipeline's light request,
 * ../../http/request.ts).
 *
 * - `url`: the absolute URL exactly as fetch sends it: the request URL (query included) resolved and serialised by
 *   the WHATWG URL parser (against the document's base URL when relative), without the fragment (a fragment is
 *   never sent, so the server could not check it). This is what the server receives (`https://h` → `https://h/`,
 *   spaces percent-encoded); signing the URL string verbatim would fail verification for such URLs.
 * - `method`: upper-cased.
 * - `body`: the request body as the server receives it. PlatformHttp sends JSON as a text body, hashed as its UTF-8
 *   bytes; bytes are hashed as they are. No body is the empty string. Form-data, URL-encoded and blob bodies cannot
 *   be hashed without consuming them: `RequestBodyHashFailed`.
 *
 * @module
 */
import * as Result from "effect/Result"
import type { KeyLocation } from "../../browser/KeyDatabase.ts"
import { pageBaseUrl } from "../../browser/pageBaseUrl.ts"
import type { HttpRequest } from "../../http/request.ts"
import { SigningFailure } from "../SigningFailure.ts"

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

/**
 * The URL of a request as fetch sends it (resolved, the fragment removed), or `RequestExemptError` when it cannot be
 * resolved. Its `href` is what sig1 signs; the signing policy reads it whole (scheme, host, port, user info).
 */
export const requestUrl = (url: string): Result.Result<URL, SigningFailure> => {
  const base = pageBaseUrl()
  if (!URL.canParse(url, base)) {
    return Result.fail(new SigningFailure({ reason: "RequestExemptError", detail: "request URL cannot be parsed" }))
  }
  const resolved = new URL(url, base)
  resolved.hash = ""
  return Result.succeed(resolved)
}

/** Where a request goes, as signed: the URL as fetch sends it (what sig1 signs), its host, and the policy's decision. */
export interface SigningTarget {
  /** The absolute URL as sent (query included, fragment excluded). */
  readonly href: string
  /** Its host name, as the URL parser writes it. */
  readonly host: string
  /** The key location when the policy signs it (rules 1–4), else why not. */
  readonly decision: Result.Result<KeyLocation, SigningFailure>
}

/**
 * The signing target of each request: {@link requestUrl}, then `decide` on the parsed URL, with a small memo of
 * absolute URLs (the URL string alone decides the result, the configuration being fixed; POSTs to the same
 * endpoints repeat): one map lookup per request once a URL is known. At most `capacity` URLs are kept, then the
 * memo starts over. One per signer, never shared between pages.
 */
export const makeSigningTargets = (
  decide: (url: URL) => Result.Result<KeyLocation, SigningFailure>,
  capacity = 256
) => {
  const memo = new Map<string, Result.Result<SigningTarget, SigningFailure>>()
  return (request: HttpRequest): Result.Result<SigningTarget, SigningFailure> => {
    let target = memo.get(request.url)
    if (target === undefined) {
      target = Result.map(requestUrl(request.url), (url) => ({
        href: url.href,
        host: url.hostname,
        decision: decide(url)
      }))
      // a relative URL depends on the base URL too: not memoised
      if (!URL.canParse(request.url)) return target
      if (memo.size >= capacity) memo.clear()
      memo.set(request.url, target)
    }
    return target
  }
}

/** The body of a request as signed, or `RequestBodyHashFailed` for bodies that cannot be read without consuming them. */
export const requestBody = (request: HttpRequest): Result.Result<string | Uint8Array, SigningFailure> => {
  const body = request.body
  if (body === undefined) return Result.succeed("")
  if (typeof body === "string" || body instanceof Uint8Array) return Result.succeed(body)
  const kind = body instanceof FormData ? "form-data" : body instanceof URLSearchParams ? "url-encoded" : "blob"
  return Result.fail(new SigningFailure({ reason: "RequestBodyHashFailed", detail: `${kind} body cannot be hashed` }))
}
