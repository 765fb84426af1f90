/**
 * The page side's `signSubdomainRequest`: a signable request as the frame receives it (./protocol.ts).
 *
 * - `url`: the absolute URL the request is sent to (query included, fragment excluded: SignableRequest's).
 * - `requestInit.method`: the upper-case method; only {@link frameMethods}.
 * - `requestInit.body`: the exact body text sent, left out when there is none. A bytes body is sent as the text it
 *   encodes in UTF-8 (decoded strictly, a leading byte-order mark kept), so the frame's UTF-8 encoding of it gives
 *   back the very bytes sent; bytes that are not UTF-8 cannot cross as text and go out unsigned
 *   (`RequestBodyHashFailed`), as does a request whose serialised form is longer than
 *   {@link maxSerializedRequestLength}.
 * - No headers: the signature covers none of them, and the page's headers carry the anti-forgery token and session
 *   values no other window needs.
 *
 * @module
 */
import * as Result from "effect/Result"
import type { SignableRequest } from "../token/SignableRequest.ts"
import { SigningFailure } from "../SigningFailure.ts"
import { isFrameMethod, maxSerializedRequestLength, signSubdomainRequest } from "./protocol.ts"

/** The message a page posts to have a request signed. */
export type SignSubdomainRequestMessage = ReturnType<typeof signSubdomainRequest>

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true })

/** The body as the text sent, or none when the bytes are not UTF-8. */
const bodyText = (body: string | Uint8Array): string | undefined => {
  if (typeof body === "string") return body
  try {
    return utf8.decode(body)
  } catch {
    return undefined
  }
}

/** The `signSubdomainRequest` of `request` under `identifier`, or why it cannot be sent to the frame. */
export const signingRequestMessage = (
  identifier: string,
  request: SignableRequest
): Result.Result<SignSubdomainRequestMessage, SigningFailure> => {
  if (!isFrameMethod(request.method)) {
    return Result.fail(new SigningFailure({ reason: "Unknown", detail: "method cannot be signed through the frame" }))
  }
  const body = bodyText(request.body)
  if (body === undefined) {
    return Result.fail(new SigningFailure({ reason: "RequestBodyHashFailed", detail: "body is not UTF-8 text" }))
  }
  const message = signSubdomainRequest(identifier, request.url, request.method, body)
  if (message.serializedSubdomainRequestData.length > maxSerializedRequestLength) {
    return Result.fail(
      new SigningFailure({ reason: "RequestBodyHashFailed", detail: "request too large for the security frame" })
    )
  }
  return Result.succeed(message)
}
