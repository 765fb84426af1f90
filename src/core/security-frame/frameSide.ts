/**
 * The frame side of the security frame: the program that runs inside `/hba/iframe` on the www origin and signs
 * requests for pages on the site's other sub-domains with the www origin's key (protocol: ./protocol.ts).
 *
 * It listens to the messages its window receives from its PARENT window (the page that embeds it) at an allowed
 * parent origin (see {@link allowedParent}); both are checked by the Frames listener before anything is queued,
 * so other windows (sibling frames, openers, a flood) never reach it. For each such message it:
 * - ignores it unless its data decodes as a FrameRequest;
 * - answers `checkLoadedRequest` with `{ msg: "dataFromHbaFrame", data: { type: "loaded" } }`;
 * - answers `signSubdomainRequest` with `type: "batHeader"`, the same `requestId`, and the header computed by the
 *   BoundAuthTokenSigner under the frame page's own configuration (the signing policy applies here too), or the
 *   SigningFailure reason when there is none. The signing of each request is bounded like the page's
 *   (`RequestSigningTimeout`, default 2 s, the signer's own bound: ../signing/makeRequestSigner.ts): a digest or signature that never settles is
 *   answered with `SigningTimedOut` and leaves no fiber behind (the page stops waiting sooner, at its own time-out).
 *
 * Answers go to the sender's window and to exactly the origin the message came from (never `*`). Signing
 * requests are handled concurrently. The program runs until its scope closes; the browser entry is
 * ./frameMain.ts.
 *
 * @module
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { type FrameMessage, Frames, isExactOrigin } from "../browser/Frames.ts"
import { hostMatchesSuffix, PlatformConfig, type PlatformConfigShape } from "../config/PlatformConfig.ts"
import { BoundAuthTokenSigner } from "../signing/BoundAuthTokenSigner.ts"
import { boundedBy, RequestSigningTimeout } from "../signing/makeRequestSigner.ts"
import type { SignableRequest } from "../signing/SignableRequest.ts"
import type { SigningFailure } from "../signing/SigningFailure.ts"
import { FrameRequest, loadedAnswer, type SerializedRequest } from "./protocol.ts"

/** Options of {@link serveSecurityFrame}. */
export interface SecurityFrameHostOptions {
  /** Exact origins that may use the frame besides those the default rule allows (e.g. the emulator's). */
  readonly allowedParentOrigins?: ReadonlyArray<string>
}

/**
 * The parent-origin rule: an exact origin (`scheme://host[:port]`) listed in `allowedParentOrigins`, or one with
 * the frame's own scheme whose host ends with one of the bound-auth-token allow-listed suffixes.
 */
export const allowedParent = (
  config: PlatformConfigShape,
  frameOrigin: string,
  allowedParentOrigins: ReadonlyArray<string> = []
) =>
(origin: string): boolean => {
  if (!isExactOrigin(origin)) return false
  if (allowedParentOrigins.includes(origin)) return true
  const url = new URL(origin)
  const ownScheme = isExactOrigin(frameOrigin) ? new URL(frameOrigin).protocol : "https:"
  return url.protocol === ownScheme && hostMatchesSuffix(url.hostname, config.boundAuthToken.allowedHostSuffixes)
}

const decodeRequest = Schema.decodeUnknownOption(FrameRequest)

const answerFor = (
  token: (request: SignableRequest) => Effect.Effect<string, SigningFailure>,
  requestId: string,
  request: SerializedRequest
) => {
  let host: string
  try {
    host = new URL(request.url).hostname
  } catch {
    return Effect.succeed({ msg: "dataFromHbaFrame", data: { type: "batHeader", requestId, error: "RequestExemptError" } })
  }
  return token({ url: request.url, host, method: request.method, body: request.body }).pipe(
    Effect.map((header) => ({ msg: "dataFromHbaFrame", data: { type: "batHeader", requestId, header } })),
    Effect.catch((failure) =>
      Effect.as(
        failure.reason === "RequestExempt"
          ? Effect.logDebug(`Security frame did not sign (RequestExempt): ${failure.detail}`)
          : Effect.logWarning(`Security frame could not sign (${failure.reason}): ${failure.detail}`),
        { msg: "dataFromHbaFrame", data: { type: "batHeader", requestId, error: failure.reason } }
      )
    ),
    Effect.catchDefect(() =>
      Effect.succeed({ msg: "dataFromHbaFrame", data: { type: "batHeader", requestId, error: "Unknown" } })
    )
  )
}

/** Serve the security frame protocol until the scope closes. */
export const serveSecurityFrame = (
  options: SecurityFrameHostOptions = {}
): Effect.Effect<never, never, Frames | PlatformConfig | BoundAuthTokenSigner | Scope.Scope> =>
  Effect.gen(function*() {
    const frames = yield* Frames
    const config = yield* PlatformConfig
    const signer = yield* BoundAuthTokenSigner
    const bounded = boundedBy(Duration.fromInputUnsafe(yield* RequestSigningTimeout))
    const token = (request: SignableRequest) => bounded(signer.token(request))
    const scope = yield* Effect.scope
    const allowed = allowedParent(config, frames.origin, options.allowedParentOrigins)
    const messages = yield* frames.messages({ origin: allowed, source: frames.isParent })
    const reply = (message: FrameMessage, answer: unknown) =>
      Effect.catch(
        message.reply(answer, message.origin),
        (error) => Effect.logDebug(`Security frame answer not delivered (${error.reason})`)
      )
    const handle = (message: FrameMessage): Effect.Effect<void> => {
      const request = decodeRequest(message.data)
      if (request._tag === "None") return Effect.void
      const value = request.value
      if (value.msg === "checkLoadedRequest") return reply(message, loadedAnswer)
      return Effect.asVoid(Effect.forkIn(
        Effect.flatMap(answerFor(token, value.data.requestId, value.data.request), (answer) => reply(message, answer)),
        scope
      ))
    }
    yield* Effect.logDebug("Security frame ready")
    return yield* Effect.forever(Effect.flatMap(Queue.take(messages), (message) =>
      Effect.catchDefect(
        Effect.suspend(() => handle(message)),
        (defect) => Effect.logDebug("Security frame message ignored: it could not be read", String(defect))
      )))
  })
