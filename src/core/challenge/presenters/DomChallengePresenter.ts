/**
 * DomChallengePresenter: shows challenges in the browser. The hybrid challenge page loads in a full-screen frame
 * (id `challenge-frame`, `allow="publickey-credentials-get; publickey-credentials-create"`, hidden until it has
 * loaded) inside the locked modal (type 4) of the newest mounted ChallengeHost, from `/challenge/cdn/hybrid` on the
 * `www` origin (see hybridPage.ts for its query). Only messages from that frame's window and the `www` origin that
 * decode as page messages get through, pinned after the first (see messageFilter.ts).
 *
 * The component is available while a ChallengeHost is mounted. If the host unmounts during a challenge, the
 * frame is removed and the message queue ends (the flow treats it as abandoned).
 *
 * @module
 */
import type * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Queue from "effect/Queue"
import { ChallengeFrames } from "../../browser/ChallengeFrames.ts"
import { PlatformConfig } from "../../config/PlatformConfig.ts"
import { ChallengeComponent } from "./ChallengeComponent.ts"
import { ChallengeError } from "../ChallengeError.ts"
import { ChallengePresenter } from "./ChallengePresenter.ts"
import { hybridPageUrl, originOf } from "./hybridPage.ts"
import { makeChallengeMessageFilter } from "./messageFilter.ts"
import type { ChallengePageMessage } from "./messages.ts"
import { ChallengePagePath, HybridPageSettings } from "../settings.ts"

/** The accessible title of the challenge frame. */
export const challengeFrameTitle = "Security challenge"

/** The challenge frame's element id, as the platform's own pages name it. */
export const challengeFrameId = "challenge-frame"

/** The challenge frame's permissions policy: the page may ask for a security key or passkey. */
export const challengeFrameAllow = "publickey-credentials-get; publickey-credentials-create"

const layer: Layer.Layer<ChallengePresenter, never, ChallengeComponent | ChallengeFrames | PlatformConfig> =
  Layer.effect(
    ChallengePresenter,
    Effect.gen(function* () {
      const component = yield* ChallengeComponent
      const frames = yield* ChallengeFrames
      const config = yield* PlatformConfig
      const www = config.baseUrls.www
      const wwwOrigin = originOf(www)
      return ChallengePresenter.of({
        available: component.available,
        present: (presentation) =>
          Effect.gen(function* () {
            const loadFailed = (reason?: string) =>
              ChallengeError.of("loadfailed", reason, {
                challengeType: presentation.challenge.type,
                customError: presentation.customError
              })
            const host = yield* component.host
            if (Option.isNone(host) || wwwOrigin === undefined) return yield* Effect.fail(loadFailed())
            const path = yield* ChallengePagePath
            const settings = yield* HybridPageSettings
            yield* component.showing({
              challengeType: presentation.challenge.type,
              modal: presentation.modal,
              customError: presentation.customError
            })
            const frame = yield* frames
              .show({
                url: hybridPageUrl({
                  www,
                  path,
                  challenge: presentation.challenge,
                  parentOrigin: frames.origin,
                  settings
                }),
                origin: wwwOrigin,
                container: host.value.container,
                title: challengeFrameTitle,
                id: challengeFrameId,
                allow: challengeFrameAllow
              })
              .pipe(Effect.mapError(() => loadFailed()))
            const filter = makeChallengeMessageFilter({ allowedOrigins: [wwwOrigin], isFrameWindow: frame.isSource })
            const messages = yield* Queue.unbounded<ChallengePageMessage, Cause.Done>()
            yield* Effect.forkScoped(
              Effect.forever(
                Effect.flatMap(Queue.take(frame.messages), (raw) => {
                  const message = filter(raw)
                  return message._tag === "Some" ? Queue.offer(messages, message.value) : Effect.void
                })
              )
            )
            yield* Effect.forkScoped(Effect.andThen(host.value.detached, Queue.end(messages)))
            return messages
          })
      })
    })
  )

/** The DOM presenter. */
export const DomChallengePresenter = {
  /** The presenter over a challenge component, challenge frames and the configuration. */
  layer,
  /**
   * The presenter in the browser, with its ChallengeComponent (which the ChallengeHost attaches to) and the
   * browser's challenge frames.
   */
  browser: layer.pipe(Layer.provideMerge(Layer.merge(ChallengeComponent.layer, ChallengeFrames.browser)))
}
