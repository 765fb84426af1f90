/**
 * SecurityFrame (page side): signs requests of a page on another sub-domain through the hidden frame on the www
 * origin, whose key database the page cannot reach, over the real site's protocol (./protocol.ts).
 *
 * Lifecycle (spec: "Security frame: not loaded, loaded, or failed to load"):
 * - when the layer is built, a hidden iframe (id `hba-frame`, 0×0, fixed, `z-index: -1`) loading `{www}/hba/iframe`
 *   is created and a listener for its messages registered; on its `load` event the page posts
 *   `{ msg: "checkLoadedRequest" }` to the www origin;
 * - `NotLoaded` → `Loaded` when the frame answers `loaded` within {@link SecurityFrameLoadTimeout} (1500 ms) of
 *   the frame's creation; `load_time_hba_frame` records how long it took;
 * - `NotLoaded` → `Failed` when it does not (or the frame cannot be created or posted to); `event_hba_frame` with
 *   `event_type: FrameLoadTimedOut` is recorded on a time-out. A failed frame is never retried: from then on every
 *   request goes out unsigned (failure reason `Unknown`).
 *
 * Signing a request: wait for the load outcome (requests made while loading wait, at most until the load
 * time-out), post `signSubdomainRequest` under a fresh random UUID `identifier` (./pageRequest.ts says what the
 * request carries), and wait for the `batHeader` answer for at most {@link SecurityFrameDataTimeout} (100 ms);
 * `response_time_hba_frame` records the round trip. A time-out records `event_hba_frame` with `event_type:
 * FrameResponseTimedOut` and fails with reason `Unknown`; so does an `isError` answer or one without a well-formed
 * token (./frameAnswer.ts). The frame stays `Loaded` after any of these.
 *
 * Checks on every received message, all of which must pass or the message is ignored (it changes nothing): its
 * origin equals the www origin exactly and its source is the frame's own window (both checked by the Frames
 * listener before the message is queued, so a flood from other windows cannot push the frame's answers out), its
 * data decodes as a FrameAnswer, and a `batHeader` answer is for a request still waiting. Messages are only ever
 * posted to the exact www origin.
 *
 * Metrics go to FrameMetrics with the label `origin_site` ({@link SecurityFrameOriginSite}) and, on events,
 * `event_type`.
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
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { Crypto, type CryptoShape } from "../../browser/Crypto.ts"
import { Frames, type FramesShape, type HiddenFrame } from "../../browser/Frames.ts"
import { PlatformConfig } from "../../config/PlatformConfig.ts"
import type { SignableRequest } from "../token/SignableRequest.ts"
import { SigningFailure, type SigningFailureReason } from "../SigningFailure.ts"
import { type FrameOutcome, readAnswer, waitingFor } from "./frameAnswer.ts"
import { type FrameEventType, type FrameMetricName, FrameMetrics, type FrameMetricsShape } from "./FrameMetrics.ts"
import { defaultOriginSite } from "./originSite.ts"
import { signingRequestMessage } from "./pageRequest.ts"
import { checkLoadedRequest, FrameAnswer, securityFrameElementId, securityFramePath } from "./protocol.ts"
import { SecurityFrameDataTimeout, SecurityFrameLoadTimeout, SecurityFrameOriginSite } from "./settings.ts"

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

const decodeAnswer = Schema.decodeUnknownOption(FrameAnswer)

const failure = (reason: SigningFailureReason, detail: string) => new SigningFailure({ reason, detail })

const notLoaded = Effect.fail(failure("Unknown", "security frame is not loaded"))

/** The exact origin of the www base URL, or undefined when it is not a URL. */
const originOf = (url: string): string | undefined => (URL.canParse(url) ? new URL(url).origin : undefined)

/** Records a metric in the background (never delaying anything), labelled with `originSite`. */
const metricRecorder =
  (metrics: FrameMetricsShape, originSite: string, scope: Scope.Scope) =>
  (name: FrameMetricName, value: number, eventType?: FrameEventType): Effect.Effect<void> =>
    Effect.asVoid(
      Effect.forkIn(
        metrics.record(
          name,
          value,
          eventType === undefined ? { origin_site: originSite } : { origin_site: originSite, event_type: eventType }
        ),
        scope
      )
    )

/** A frame's conversation: the `loaded` answer, and the requests waiting for theirs, by identifier. */
interface Conversation {
  readonly loaded: Deferred.Deferred<void>
  readonly waiting: Map<string, Deferred.Deferred<FrameOutcome>>
}

/** Listen to the frame's window at the exact www origin, and route each well-formed answer. */
const listen = (frames: FramesShape, hidden: HiddenFrame, target: string, headerName: string, scope: Scope.Scope) =>
  Effect.gen(function* () {
    const conversation: Conversation = { loaded: yield* Deferred.make<void>(), waiting: new Map() }
    // only the frame's own window at the exact www origin gets through (checked before queueing)
    const messages = yield* frames.messages({ origin: (origin) => origin === target, source: hidden.isSource })
    const handle = (data: unknown): Effect.Effect<void> => {
      const answer = decodeAnswer(data)
      if (answer._tag === "None") return Effect.void
      const payload = answer.value.data
      if (payload.type === "loaded") return Deferred.succeed(conversation.loaded, undefined)
      const waiting = waitingFor(conversation.waiting, payload)
      return waiting === undefined ? Effect.void : Deferred.succeed(waiting, readAnswer(payload, headerName))
    }
    yield* Effect.forkIn(
      Effect.forever(
        Effect.flatMap(Queue.take(messages), (message) =>
          Effect.catchDefect(
            Effect.suspend(() => handle(message.data)),
            (defect) => Effect.logDebug("Security frame message ignored: it could not be read", String(defect))
          )
        )
      ),
      scope
    )
    return conversation
  })

/**
 * The load handshake of a frame created at `startedAt`, bounded by `timeout`: `Loaded` or `Failed`, with its log
 * line and metric.
 */
const handshake = (
  hidden: HiddenFrame,
  target: string,
  conversation: Conversation,
  timeout: Duration.Duration,
  record: ReturnType<typeof metricRecorder>,
  startedAt: number
) =>
  Effect.gen(function* () {
    const load = Effect.gen(function* () {
      yield* hidden.loaded
      yield* hidden.post(checkLoadedRequest, target)
      yield* Deferred.await(conversation.loaded)
    })
    const outcome = yield* Effect.timeoutOption(Effect.result(load), timeout)
    if (outcome._tag === "None") {
      yield* Effect.logWarning(
        `Security frame did not load within ${Duration.toMillis(timeout)} ms; requests go on unsigned`
      )
      yield* record("event_hba_frame", 1, "FrameLoadTimedOut")
      return "Failed" as const
    }
    if (Result.isFailure(outcome.value)) {
      yield* Effect.logWarning(
        `Security frame could not be asked whether it loaded (${outcome.value.failure.reason}); requests go on unsigned`
      )
      return "Failed" as const
    }
    yield* record("load_time_hba_frame", (yield* Clock.currentTimeMillis) - startedAt)
    return "Loaded" as const
  })

/** One signing round trip: post the request under a fresh identifier, wait for its answer at most `timeout`. */
const roundTrip =
  (
    hidden: HiddenFrame,
    target: string,
    conversation: Conversation,
    crypto: CryptoShape,
    timeout: Duration.Duration,
    record: ReturnType<typeof metricRecorder>
  ) =>
  (request: SignableRequest): Effect.Effect<string, SigningFailure> =>
    Effect.gen(function* () {
      const identifier = yield* Effect.mapError(crypto.randomId, () =>
        failure("Unknown", "no random request identifier")
      )
      const message = signingRequestMessage(identifier, request)
      if (Result.isFailure(message)) return yield* message.failure
      const answer = yield* Deferred.make<FrameOutcome>()
      conversation.waiting.set(identifier, answer)
      return yield* Effect.gen(function* () {
        const sentAt = yield* Clock.currentTimeMillis
        yield* Effect.mapError(hidden.post(message.success, target), () =>
          failure("Unknown", "security frame post failed")
        )
        const got = yield* Effect.timeoutOption(Deferred.await(answer), timeout)
        if (got._tag === "None") {
          yield* record("event_hba_frame", 1, "FrameResponseTimedOut")
          return yield* failure("Unknown", "security frame response timed out")
        }
        yield* record("response_time_hba_frame", (yield* Clock.currentTimeMillis) - sentAt)
        if ("refused" in got.value) return yield* failure("Unknown", got.value.refused)
        return got.value.token
      }).pipe(Effect.ensuring(Effect.sync(() => conversation.waiting.delete(identifier))))
    })

/** The page side of the hidden security frame. */
export class SecurityFrame extends Context.Service<SecurityFrame, SecurityFrameShape>()(
  "platform-web-client/core/signing/frame/SecurityFrame"
) {
  /**
   * Creates the frame and starts loading it when the layer is built; the frame and its listener are removed
   * when the layer's scope closes.
   */
  static readonly layer: Layer.Layer<SecurityFrame, never, Frames | PlatformConfig | FrameMetrics | Crypto> =
    Layer.effect(
      SecurityFrame,
      Effect.gen(function* () {
        const frames = yield* Frames
        const config = yield* PlatformConfig
        const scope = yield* Effect.scope
        const originSite = (yield* SecurityFrameOriginSite) ?? defaultOriginSite(frames.origin, config.baseUrls.www)
        const record = metricRecorder(yield* FrameMetrics, originSite, scope)
        const state = yield* Ref.make<SecurityFrameState>("NotLoaded")
        const settledWith = yield* Deferred.make<Exclude<SecurityFrameState, "NotLoaded">>()
        const settle = (outcome: "Loaded" | "Failed") =>
          Effect.andThen(Ref.set(state, outcome), Deferred.succeed(settledWith, outcome))
        const service = (token: SecurityFrameShape["token"]) =>
          SecurityFrame.of({ state: Ref.get(state), settled: Deferred.await(settledWith), token })

        const target = originOf(config.baseUrls.www)
        if (target === undefined) {
          yield* Effect.logWarning("Security frame not created: the www base URL is not a URL")
          yield* settle("Failed")
          return service(() => notLoaded)
        }
        const url = config.baseUrls.www.replace(/\/+$/, "") + securityFramePath
        const created = yield* Effect.result(frames.hidden(url, { id: securityFrameElementId }))
        if (Result.isFailure(created)) {
          yield* Effect.logWarning(`Security frame could not be created (${created.failure.reason})`)
          yield* settle("Failed")
          return service(() => notLoaded)
        }
        const startedAt = yield* Clock.currentTimeMillis
        const hidden = created.success
        const conversation = yield* listen(frames, hidden, target, config.headers.boundAuthToken, scope)
        const loadTimeout = Duration.fromInputUnsafe(yield* SecurityFrameLoadTimeout)
        yield* Effect.forkIn(
          Effect.flatMap(handshake(hidden, target, conversation, loadTimeout, record, startedAt), settle),
          scope
        )
        const dataTimeout = Duration.fromInputUnsafe(yield* SecurityFrameDataTimeout)
        const ask = roundTrip(hidden, target, conversation, yield* Crypto, dataTimeout, record)
        return service((request) =>
          Effect.flatMap(Deferred.await(settledWith), (outcome) => (outcome === "Failed" ? notLoaded : ask(request)))
        )
      })
    )
}
