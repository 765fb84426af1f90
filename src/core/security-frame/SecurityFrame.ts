/**
 * SecurityFrame (page side): signs requests of a page on another sub-domain through a hidden frame on the www
 * origin, whose key database the page cannot reach (protocol: ./protocol.ts).
 *
 * Lifecycle (spec §4, "Security frame: not loaded, loaded, or failed to load"):
 * - when the layer is built, a hidden iframe loading `{www}/hba/iframe` is created and a listener for its messages
 *   registered; on its `load` event the page posts `checkLoadedRequest` to the www origin;
 * - `NotLoaded` → `Loaded` when the frame answers `loaded` within {@link SecurityFrameLoadTimeout} (1500 ms) of
 *   the frame's creation; `load_time_hba_frame` records how long it took;
 * - `NotLoaded` → `Failed` when it does not (or the frame cannot be created or posted to). `event_hba_frame`
 *   with `event_type: FrameLoadTimedOut` is recorded on a time-out. A failed frame is never retried: from then on
 *   every request goes out unsigned (failure reason `Unknown`).
 *
 * Signing a request: wait for the load outcome (requests made while loading wait, at most until the load
 * time-out), post `signSubdomainRequest` with a fresh random `requestId`, and wait for the `batHeader` answer with
 * that id for at most {@link SecurityFrameDataTimeout} (100 ms); `response_time_hba_frame` records the round trip.
 * A time-out records `event_hba_frame` with `event_type: FrameResponseTimedOut` and fails with reason `Unknown`; an
 * `error` answer fails with the reason the frame reported. The frame stays `Loaded` after a response time-out.
 *
 * Checks on every received message, all of which must pass or the message is ignored (it changes nothing):
 * its origin equals the www origin exactly and its source is the frame's own window (both checked by the Frames
 * listener before the message is queued, so a flood from other windows cannot push the frame's answers out), and
 * its data decodes as a FrameAnswer; a `batHeader` must carry the id of a request still waiting. Messages are only
 * ever posted to the exact www origin.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import { Crypto } from "../browser/Crypto.ts"
import { Frames, type HiddenFrame } from "../browser/Frames.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import type { SignableRequest } from "../signing/SignableRequest.ts"
import { SigningFailure, type SigningFailureReason } from "../signing/SigningFailure.ts"
import { type FrameEventType, FrameMetrics } from "./FrameMetrics.ts"
import { checkLoadedRequest, FrameAnswer, type FrameRequest, isFrameMethod, securityFramePath } from "./protocol.ts"
import { SecurityFrameDataTimeout, SecurityFrameLoadTimeout } from "./settings.ts"

/** The states of the frame. */
export type SecurityFrameState = "NotLoaded" | "Loaded" | "Failed"

/** The shape of the page-side security frame. */
export interface SecurityFrameShape {
  /** The frame's current state. */
  readonly state: Effect.Effect<SecurityFrameState>
  /** Completes with the load outcome (`Loaded` or `Failed`) once there is one. */
  readonly settled: Effect.Effect<Exclude<SecurityFrameState, "NotLoaded">>
  /** The bound-auth token of `request`, signed by the frame; fails with the reason when there is none. */
  readonly token: (request: SignableRequest) => Effect.Effect<string, SigningFailure>
}

type Answer = { readonly header: string } | { readonly error: SigningFailureReason }

const decodeAnswer = Schema.decodeUnknownOption(FrameAnswer)
const utf8 = new TextDecoder("utf-8", { fatal: true })

const failure = (reason: SigningFailureReason, detail: string) => new SigningFailure({ reason, detail })

/** The page side of the hidden security frame. */
export class SecurityFrame extends Context.Service<SecurityFrame, SecurityFrameShape>()(
  "platform-web-client/core/security-frame/SecurityFrame"
) {
  /**
   * Creates the frame and starts loading it when the layer is built; the frame and its listener are removed
   * when the layer's scope closes.
   */
  static readonly layer: Layer.Layer<SecurityFrame, never, Frames | PlatformConfig | FrameMetrics | Crypto> = Layer
    .effect(
      SecurityFrame,
      Effect.gen(function*() {
        const frames = yield* Frames
        const config = yield* PlatformConfig
        const metrics = yield* FrameMetrics
        const crypto = yield* Crypto
        const loadTimeout = Duration.fromInputUnsafe(yield* SecurityFrameLoadTimeout)
        const dataTimeout = Duration.fromInputUnsafe(yield* SecurityFrameDataTimeout)
        const scope = yield* Effect.scope

        const originSite = frames.origin
        const state = yield* Ref.make<SecurityFrameState>("NotLoaded")
        const settledWith = yield* Deferred.make<Exclude<SecurityFrameState, "NotLoaded">>()
        const answeredLoaded = yield* Deferred.make<void>()
        const pending = new Map<string, Deferred.Deferred<Answer>>()

        const emit = (name: "load_time_hba_frame" | "response_time_hba_frame", value: number) =>
          Effect.asVoid(Effect.forkIn(metrics.record(name, value, { origin_site: originSite }), scope))
        const event = (eventType: FrameEventType) =>
          Effect.asVoid(Effect.forkIn(
            metrics.record("event_hba_frame", 1, { event_type: eventType, origin_site: originSite }),
            scope
          ))
        const settle = (outcome: "Loaded" | "Failed") =>
          Effect.andThen(Ref.set(state, outcome), Deferred.succeed(settledWith, outcome))

        let wwwOrigin: string | undefined
        try {
          wwwOrigin = new URL(config.baseUrls.www).origin
        } catch {
          wwwOrigin = undefined
        }

        let frame: HiddenFrame | undefined
        if (wwwOrigin === undefined) {
          yield* Effect.logWarning("Security frame not created: the www base URL is not a URL")
          yield* settle("Failed")
        } else {
          const target = wwwOrigin
          const created = yield* Effect.result(frames.hidden(config.baseUrls.www.replace(/\/+$/, "") + securityFramePath))
          if (created._tag === "Failure") {
            yield* Effect.logWarning(`Security frame could not be created (${created.failure.reason})`)
            yield* settle("Failed")
          } else {
            const hidden = created.success
            frame = hidden
            // only the frame's own window at the exact www origin gets through (checked before queueing)
            const messages = yield* frames.messages({ origin: (origin) => origin === target, source: hidden.isSource })

            // every message from the frame: a well-formed answer, for a request still waiting
            const handle = (data: unknown): Effect.Effect<void> => {
              const answer = decodeAnswer(data)
              if (answer._tag === "None") return Effect.void
              const payload = answer.value.data
              if (payload.type === "loaded") return Deferred.succeed(answeredLoaded, undefined)
              const waiting = pending.get(payload.requestId)
              if (waiting === undefined) return Effect.void
              return Deferred.succeed(waiting, "header" in payload ? { header: payload.header } : { error: payload.error })
            }
            yield* Effect.forkIn(
              Effect.forever(Effect.flatMap(Queue.take(messages), (m) =>
                Effect.catchDefect(
                  Effect.suspend(() => handle(m.data)),
                  (defect) => Effect.logDebug("Security frame message ignored: it could not be read", String(defect))
                ))),
              scope
            )

            const startedAt = yield* Clock.currentTimeMillis
            const load = Effect.gen(function*() {
              yield* hidden.loaded
              yield* hidden.post(checkLoadedRequest, target)
              yield* Deferred.await(answeredLoaded)
            })
            yield* Effect.forkIn(
              Effect.timeoutOption(Effect.result(load), loadTimeout).pipe(
                Effect.flatMap((outcome) =>
                  Effect.gen(function*() {
                    if (outcome._tag === "None") {
                      yield* Effect.logWarning(
                        `Security frame did not load within ${Duration.toMillis(loadTimeout)} ms; requests go on unsigned`
                      )
                      yield* event("FrameLoadTimedOut")
                      return yield* settle("Failed")
                    }
                    if (outcome.value._tag === "Failure") {
                      yield* Effect.logWarning(
                        `Security frame could not be asked whether it loaded (${outcome.value.failure.reason}); requests go on unsigned`
                      )
                      return yield* settle("Failed")
                    }
                    yield* emit("load_time_hba_frame", (yield* Clock.currentTimeMillis) - startedAt)
                    yield* settle("Loaded")
                  })
                )
              ),
              scope
            )
          }
        }

        const ask = (hidden: HiddenFrame, target: string, request: SignableRequest) =>
          Effect.gen(function*() {
            const method = request.method
            if (!isFrameMethod(method)) return yield* failure("Unknown", "method cannot be signed through the frame")
            let body: string
            try {
              body = typeof request.body === "string" ? request.body : utf8.decode(request.body)
            } catch {
              return yield* failure("RequestBodyHashFailed", "body is not UTF-8 text")
            }
            const requestId = yield* Effect.mapError(crypto.randomId, () =>
              failure("Unknown", "no random request identifier"))
            const answer = yield* Deferred.make<Answer>()
            const message: FrameRequest = {
              msg: "signSubdomainRequest",
              data: { requestId, request: { url: request.url, method, body } }
            }
            return yield* Effect.gen(function*() {
              pending.set(requestId, answer)
              const sentAt = yield* Clock.currentTimeMillis
              yield* Effect.mapError(hidden.post(message, target), () => failure("Unknown", "security frame post failed"))
              const got = yield* Effect.timeoutOption(Deferred.await(answer), dataTimeout)
              if (got._tag === "None") {
                yield* event("FrameResponseTimedOut")
                return yield* failure("Unknown", "security frame response timed out")
              }
              yield* emit("response_time_hba_frame", (yield* Clock.currentTimeMillis) - sentAt)
              if ("error" in got.value) return yield* failure(got.value.error, "security frame could not sign")
              return got.value.header
            }).pipe(Effect.ensuring(Effect.sync(() => pending.delete(requestId))))
          })

        return SecurityFrame.of({
          state: Ref.get(state),
          settled: Deferred.await(settledWith),
          token: (request) =>
            Effect.flatMap(Deferred.await(settledWith), (outcome) =>
              outcome === "Failed" || frame === undefined || wwwOrigin === undefined
                ? Effect.fail(failure("Unknown", "security frame is not loaded"))
                : ask(frame, wwwOrigin, request))
        })
      })
    )
}
