/**
 * The postMessage protocol between a page on another sub-domain and the hidden security frame (`/hba/iframe` on
 * the www origin), which signs requests with the www origin's key database on the page's behalf.
 *
 * ```
 * page  → frame   { msg: "checkLoadedRequest" }
 * frame → page    { msg: "dataFromHbaFrame", data: { type: "loaded" } }
 *
 * page  → frame   { msg: "signSubdomainRequest",
 *                   data: { requestId, request: { url, method, body } } }
 * frame → page    { msg: "dataFromHbaFrame", data: { type: "batHeader", requestId, header } }
 *             or  { msg: "dataFromHbaFrame", data: { type: "batHeader", requestId, error } }
 * ```
 *
 * - `requestId` is a fresh random identifier per request (1–64 characters); the answer carries it back.
 * - `request.url` is the absolute URL as it will be sent (query included), `method` upper-case, `body` the body as
 *   UTF-8 text ("" when there is none).
 * - `header` is the complete `x-bound-auth-token` value; `error` is the SigningFailure reason that kept the frame
 *   from signing.
 *
 * Both sides post only to an exact origin (never `*`) and accept messages only from the exact origin (and window)
 * they expect; anything that does not decode with these schemas is ignored.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { BoundAuthTokenString } from "../signing/BoundAuthToken.ts"
import { SigningFailureReason } from "../signing/SigningFailure.ts"

/** The path of the security frame on the www origin (spec §2). */
export const securityFramePath = "/hba/iframe"

/** A request identifier: 1 to 64 characters. */
export const RequestId = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))

/** The methods a request sent to the frame may have. */
export const frameMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const

/** A method a request sent to the frame may have. */
export type FrameMethod = (typeof frameMethods)[number]

/** True when `method` may be sent to the frame. */
export const isFrameMethod = (method: string): method is FrameMethod => (frameMethods as ReadonlyArray<string>).includes(method)

/** A request as the page sends it to the frame. */
export const SerializedRequest = Schema.Struct({
  url: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(16_384)),
  method: Schema.Literals(frameMethods),
  body: Schema.String
})

/** The type of {@link SerializedRequest}. */
export type SerializedRequest = typeof SerializedRequest.Type

/** The page asks whether the frame is ready. */
export const CheckLoadedRequest = Schema.Struct({ msg: Schema.Literal("checkLoadedRequest") })

/** The page asks the frame to sign a request. */
export const SignSubdomainRequest = Schema.Struct({
  msg: Schema.Literal("signSubdomainRequest"),
  data: Schema.Struct({ requestId: RequestId, request: SerializedRequest })
})

/** Any message the page sends the frame. */
export const FrameRequest = Schema.Union([CheckLoadedRequest, SignSubdomainRequest])

/** The type of {@link FrameRequest}. */
export type FrameRequest = typeof FrameRequest.Type

/** The frame's "ready" answer. */
export const LoadedData = Schema.Struct({ type: Schema.Literal("loaded") })

/** The frame's answer to a signing request: the header. */
export const BatHeaderData = Schema.Struct({
  type: Schema.Literal("batHeader"),
  requestId: RequestId,
  header: BoundAuthTokenString
})

/** The frame's answer to a signing request: why it could not sign. */
export const BatErrorData = Schema.Struct({
  type: Schema.Literal("batHeader"),
  requestId: RequestId,
  error: SigningFailureReason
})

/** Any message the frame sends the page. */
export const FrameAnswer = Schema.Struct({
  msg: Schema.Literal("dataFromHbaFrame"),
  data: Schema.Union([LoadedData, BatHeaderData, BatErrorData])
})

/** The type of {@link FrameAnswer}. */
export type FrameAnswer = typeof FrameAnswer.Type

/** The "ready" answer. */
export const loadedAnswer: FrameAnswer = { msg: "dataFromHbaFrame", data: { type: "loaded" } }

/** The "ready?" question. */
export const checkLoadedRequest: FrameRequest = { msg: "checkLoadedRequest" }
