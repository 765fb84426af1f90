/**
 * The postMessage protocol between a page on another sub-domain of the site and the hidden security frame
 * (`/hba/iframe` on the www origin), which signs requests with the www origin's key on the page's behalf. It is
 * the real site's protocol, message for message, so that the page side works with the site's own frame and the
 * frame side (ours) answers the site's own page code:
 *
 * ```
 * page  → frame   { msg: "checkLoadedRequest" }
 * frame → page    { msg: "dataFromHbaFrame", data: { type: "loaded" } }
 *
 * page  → frame   { msg: "signSubdomainRequest", identifier: "<random UUID>",
 *                   serializedSubdomainRequestData: "{\"url\":\"https://…\",\"requestInit\":{\"method\":\"POST\",\"body\":\"…\"}}" }
 * frame → page    { msg: "dataFromHbaFrame",
 *                   data: { type: "batHeader", identifier: "<the same>", batHeader: { "x-bound-auth-token": "v1|…" } } }
 *             or  { msg: "dataFromHbaFrame", data: { type: "batHeader", identifier: "<the same>", isError: true, batHeader: {} } }
 * ```
 *
 * - `serializedSubdomainRequestData` is a JSON string of `{ url, requestInit }`: `url` the absolute URL the
 *   request goes to, `requestInit` the fetch options that matter to the signature (`method`, `body` as text; our
 *   page side sends no headers: see SecurityFrame.ts). At most {@link maxSerializedRequestLength} characters.
 * - `batHeader` is an object of headers to add to the request; the page takes only the bound-auth-token header
 *   from it.
 *
 * Readers are tolerant (extra keys are ignored: the real site adds fields over time), writers strict (exactly the
 * shapes above). Both sides post only to an exact origin (never `*`) and accept messages only from the exact
 * origin and window they expect (src/core/browser/Frames.ts); anything that does not decode is ignored.
 *
 * @module
 */
import * as Schema from "effect/Schema"

/** The path of the security frame on the www origin. */
export const securityFramePath = "/hba/iframe"

/** The `id` of the hidden iframe the page creates (the real site's). */
export const securityFrameElementId = "hba-frame"

/**
 * The most characters `serializedSubdomainRequestData` may have (1 MiB of UTF-16 code units): the page does not
 * post a larger request (it goes out unsigned) and the frame answers `isError` to one. A bound on what a parent
 * can make the frame parse and hash; JSON bodies of the site's pages are far below it.
 */
export const maxSerializedRequestLength = 1_048_576

/** A request identifier as the frame accepts it: 1 to 128 characters (the real page side sends a UUID). */
export const RequestIdentifier = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(128))

/** The methods the frame signs (compared after upper-casing). */
export const frameMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const

/** A method the frame signs. */
export type FrameMethod = (typeof frameMethods)[number]

/** True when `method` (upper case) is one the frame signs. */
export const isFrameMethod = (method: string): method is FrameMethod =>
  (frameMethods as ReadonlyArray<string>).includes(method)

/** The page asks whether the frame is ready. */
export const CheckLoadedRequest = Schema.Struct({ msg: Schema.Literal("checkLoadedRequest") })

/** The page asks the frame to sign a request (the request itself is a JSON string: {@link SubdomainRequestData}). */
export const SignSubdomainRequest = Schema.Struct({
  msg: Schema.Literal("signSubdomainRequest"),
  identifier: RequestIdentifier,
  serializedSubdomainRequestData: Schema.String
})

/** Any message the page sends the frame. */
export const FrameRequest = Schema.Union([CheckLoadedRequest, SignSubdomainRequest])

/** The type of {@link FrameRequest}. */
export type FrameRequest = typeof FrameRequest.Type

/**
 * The request inside `serializedSubdomainRequestData`, as the frame reads it: `requestInit.method` (default GET,
 * any case) and `requestInit.body` (text; null or absent for none). Other fields (headers, credentials…) are
 * ignored: the signature does not cover them.
 */
export const SubdomainRequestData = Schema.Struct({
  url: Schema.String,
  requestInit: Schema.optionalKey(
    Schema.Struct({
      method: Schema.optionalKey(Schema.String),
      body: Schema.optionalKey(Schema.NullOr(Schema.String))
    })
  )
})

/** The type of {@link SubdomainRequestData}. */
export type SubdomainRequestData = typeof SubdomainRequestData.Type

/** The frame's "ready" answer. */
export const LoadedData = Schema.Struct({ type: Schema.Literal("loaded") })

/**
 * The frame's answer to a signing request, as the page reads it: `identifier` (when present, the request's),
 * `isError`, and `batHeader`, an object of header values.
 */
export const BatHeaderData = Schema.Struct({
  type: Schema.Literal("batHeader"),
  identifier: Schema.optionalKey(Schema.String),
  isError: Schema.optionalKey(Schema.Boolean),
  batHeader: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown))
})

/** Any message the frame sends the page. */
export const FrameAnswer = Schema.Struct({
  msg: Schema.Literal("dataFromHbaFrame"),
  data: Schema.Union([LoadedData, BatHeaderData])
})

/** The type of {@link FrameAnswer}. */
export type FrameAnswer = typeof FrameAnswer.Type

/** The "ready?" question. */
export const checkLoadedRequest = { msg: "checkLoadedRequest" } as const

/** The "ready" answer. */
export const loadedAnswer = { msg: "dataFromHbaFrame", data: { type: "loaded" } } as const

/** The signing request for `url` with `method` and `body` ("" for none: left out), under `identifier`. */
export const signSubdomainRequest = (identifier: string, url: string, method: string, body: string) => ({
  msg: "signSubdomainRequest" as const,
  identifier,
  serializedSubdomainRequestData: JSON.stringify({ url, requestInit: body === "" ? { method } : { method, body } })
})

/** The frame's answer carrying `token` under the header `headerName`, for the request `identifier`. */
export const batHeaderAnswer = (identifier: string, headerName: string, token: string) => ({
  msg: "dataFromHbaFrame" as const,
  data: { type: "batHeader" as const, identifier, batHeader: { [headerName]: token } }
})

/**
 * The frame's answer when it does not sign the request `identifier`: `isError` and an empty `batHeader` (a page
 * that adds every key of `batHeader` to its request adds nothing).
 */
export const batErrorAnswer = (identifier: string) => ({
  msg: "dataFromHbaFrame" as const,
  data: { type: "batHeader" as const, identifier, isError: true, batHeader: {} }
})
