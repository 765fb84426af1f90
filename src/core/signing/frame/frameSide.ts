/**
 * The frame side of the security frame: the program that runs inside `/hba/iframe` on the www origin and signs
 * requests for pages on the site's other sub-domains with the www origin's key, over the real site's protocol
 * (./protocol.ts), so the site's own page code can use it as it uses the site's frame.
 *
 * It listens to the messages its window receives from its PARENT window (`Frames.isParent`: the page that embeds
 * it) at an allowed parent origin (./allowedParents.ts); both are checked by the Frames listener before anything is
 * queued, so other windows (sibling frames, openers, a flood) never reach it. For each such message:
 * - a message that does not decode as a FrameRequest (unknown `msg`, no `identifier`, not an object…) is ignored;
 * - `checkLoadedRequest` is answered `{ msg: "dataFromHbaFrame", data: { type: "loaded" } }`;
 * - `signSubdomainRequest` is answered `type: "batHeader"` with the same `identifier`: `batHeader: { <header>:
 *   token }` (the header named by the frame page's `PlatformConfig.headers.boundAuthToken`, and nothing else), or
 *   `isError: true` with an empty `batHeader` when the frame does not sign: a request it refuses
 *   (./frameRequest.ts: too large, not JSON, a URL off the platform's hosts…) or one the BoundAuthTokenSigner does
 *   not sign under the frame page's own configuration (its policy: allow-list, user, sample). The signing of each
 *   request is bounded like the page's (`RequestSigningTimeout`, default 2 s, ../makeRequestSigner.ts): a
 *   digest or signature that never settles is answered `isError` and leaves no fiber behind (the page stops
 *   waiting sooner, at its own time-out).
 *
 * Answers go to the sender's window at exactly the origin the message came from (`event.origin`, never `*`).
 * Signing requests are handled concurrently. When the frame page's user can sign, the key pair is read as the
 * program starts, so that the first request is answered within the page's 100 ms. The program runs until its scope
 * closes; the browser entry is ./frameMain.ts.
 *
 * @module
 */
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { type FrameMessage, Frames } from "../../browser/Frames.ts"
import { PlatformConfig, type PlatformConfigShape } from "../../config/PlatformConfig.ts"
import { BoundAuthTokenSigner } from "../token/BoundAuthTokenSigner.ts"
import { KeyStore } from "../keys/KeyStore.ts"
import { boundedBy, RequestSigningTimeout } from "../makeRequestSigner.ts"
import type { SignableRequest } from "../token/SignableRequest.ts"
import type { SigningFailure } from "../SigningFailure.ts"
import { signingLocation } from "../policy/SigningPolicy.ts"
import { allowedParent } from "./allowedParents.ts"
import { readSubdomainRequest } from "./frameRequest.ts"
import { batErrorAnswer, batHeaderAnswer, FrameRequest, loadedAnswer } from "./protocol.ts"

export { allowedParent } from "./allowedParents.ts"

/** Options of {@link serveSecurityFrame}. */
export interface SecurityFrameHostOptions {
  /** Exact origins that may use the frame besides those the default rule allows (e.g. the emulator's). */
  readonly allowedParentOrigins?: ReadonlyArray<string>
}

const decodeRequest = Schema.decodeUnknownOption(FrameRequest)

/** The answer to the signing request `identifier` of `serialized`: the header, or `isError` (logged). */
const answerFor = (
  config: PlatformConfigShape,
  token: (request: SignableRequest) => Effect.Effect<string, SigningFailure>,
  identifier: string,
  serialized: string
) => {
  const refused = batErrorAnswer(identifier)
  const request = readSubdomainRequest(serialized, config)
  if (Result.isFailure(request)) {
    return Effect.as(Effect.logWarning(`Security frame refused to sign: ${request.failure}`), refused)
  }
  return token(request.success).pipe(
    Effect.map((value): typeof refused | ReturnType<typeof batHeaderAnswer> =>
      batHeaderAnswer(identifier, config.headers.boundAuthToken, value)
    ),
    Effect.catch((failure) =>
      Effect.as(
        failure.reason === "RequestExempt"
          ? Effect.logDebug(`Security frame did not sign (RequestExempt): ${failure.detail}`)
          : Effect.logWarning(`Security frame could not sign (${failure.reason}): ${failure.detail}`),
        refused
      )
    ),
    Effect.catchDefect(() => Effect.succeed(refused))
  )
}

/** Read the key pair now, when the frame page's user can sign: the first request then does not wait for it. */
const warmUp = (config: PlatformConfigShape) =>
  Effect.gen(function* () {
    const location = signingLocation(config)
    if (Result.isFailure(location)) return
    const keys = yield* KeyStore
    yield* Effect.ignore(keys.keyPair(location.success))
  })

/** Serve the security frame protocol until the scope closes. */
export const serveSecurityFrame = (
  options: SecurityFrameHostOptions = {}
): Effect.Effect<never, never, Frames | PlatformConfig | BoundAuthTokenSigner | KeyStore | Scope.Scope> =>
  Effect.gen(function* () {
    const frames = yield* Frames
    const config = yield* PlatformConfig
    const signer = yield* BoundAuthTokenSigner
    const bounded = boundedBy(Duration.fromInputUnsafe(yield* RequestSigningTimeout))
    const token = (request: SignableRequest) => bounded(signer.token(request))
    const scope = yield* Effect.scope
    const messages = yield* frames.messages({
      origin: allowedParent(config, options.allowedParentOrigins),
      source: frames.isParent
    })
    yield* Effect.forkIn(warmUp(config), scope)
    const reply = (message: FrameMessage, answer: unknown) =>
      Effect.catch(message.reply(answer, message.origin), (error) =>
        Effect.logDebug(`Security frame answer not delivered (${error.reason})`)
      )
    const handle = (message: FrameMessage): Effect.Effect<void> => {
      const request = decodeRequest(message.data)
      if (request._tag === "None") return Effect.void
      const value = request.value
      if (value.msg === "checkLoadedRequest") return reply(message, loadedAnswer)
      return Effect.asVoid(
        Effect.forkIn(
          Effect.flatMap(answerFor(config, token, value.identifier, value.serializedSubdomainRequestData), (answer) =>
            reply(message, answer)
          ),
          scope
        )
      )
    }
    yield* Effect.logDebug("Security frame ready")
    return yield* Effect.forever(
      Effect.flatMap(Queue.take(messages), (message) =>
        Effect.catchDefect(
          Effect.suspend(() => handle(message)),
          (defect) => Effect.logDebug("Security frame message ignored: it could not be read", String(defect))
        )
      )
    )
  })
