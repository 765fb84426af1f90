/**
 * PageHeartbeat: tells the platform, every pulse, that a signed-in user is actively on the page
 * (BEAT-5 to BEAT-11).
 *
 * {@link PageHeartbeatShape.run} (once per page, for the lifetime of its Scope):
 * 1. needs a signed-in user (BEAT-10); a guest gets status `signedOut` and nothing else happens;
 * 2. reads the configuration (HeartbeatConfig.ts: the app-configuration call over the page's `page-heartbeat`
 *    metadata over the defaults);
 * 3. runs only when `isEnabled` and `userId mod 1000 < rolloutPermille` (the rollout calculation is logged at
 *    Debug level only, BEAT-11); otherwise status `disabled` or `notInRollout`;
 * 4. starts the pulse worker from `{www}/worker-resources/script/?component=PageHeartbeatWorker&v={workerVersion}`
 *    and asks it to pulse every `heartbeatPulseIntervalMs`. When the page cannot start a worker, or the worker
 *    fails (its script did not load), the same pulse program runs inside the page instead (one Warning);
 * 5. listens to the user's activity (UserActivity: the events of BEAT-9) and remembers when the last one happened;
 * 6. on each pulse, sends a `pageHeartbeat_v2` event, numbered from 1, only if the last activity was at most
 *    `activityTimeoutMs` ago (BEAT-6). Event properties: `sequence` (the heartbeat's number on this page),
 *    `pulseIntervalMs`, `workerVersion`, `pagePath` (the page's path, without query or fragment).
 *
 * Times come from Effect's Clock, so TestClock drives pulses and the activity time-out in tests. {@link state}
 * publishes the status and counters (for a live panel). Nothing here fails or throws.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { Navigation } from "../../core/browser/Navigation.ts"
import { Telemetry } from "../../core/browser/Telemetry.ts"
import { UserActivity } from "../../core/browser/UserActivity.ts"
import { makeWorkerChannel } from "../../core/browser/WorkerChannel.ts"
import { type WorkerConnection, type WorkerError, WorkerHost } from "../../core/browser/WorkerHost.ts"
import { WorkerPort } from "../../core/browser/WorkerPort.ts"
import type { PageMetadata } from "../../core/browser/PageMetadata.ts"
import { PlatformConfig } from "../../core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../core/http/PlatformHttp.ts"
import { fetchHeartbeatConfig, type HeartbeatConfig, inHeartbeatRollout } from "./HeartbeatConfig.ts"
import { Pulse, type ToPulseWorker } from "./protocol.ts"
import { runPulseWorker } from "./worker/pulseWorker.ts"

/** The heartbeat event's name (BEAT-8). */
export const heartbeatEventName = "pageHeartbeat_v2"

/** The worker script's component name, as the platform's own pages ask for it. */
export const heartbeatWorkerComponent = "PageHeartbeatWorker"

/** The pulse worker's script URL on the www host, in the form the platform's own pages use (`component`, `v`). */
export const heartbeatWorkerUrl = (wwwBaseUrl: string, workerVersion: number): string =>
  `${wwwBaseUrl}/worker-resources/script/?component=${heartbeatWorkerComponent}&v=${workerVersion}`

/** Where the heartbeat is. */
export type HeartbeatStatus = "idle" | "starting" | "signedOut" | "disabled" | "notInRollout" | "running" | "stopped"

/** The heartbeat's published state. Times are Effect Clock milliseconds. */
export interface HeartbeatState {
  readonly status: HeartbeatStatus
  readonly config: HeartbeatConfig | undefined
  /** `worker` once the worker pulses, `page` after falling back to pulsing in the page. */
  readonly driver: "worker" | "page" | undefined
  readonly pulses: number
  readonly heartbeats: number
  readonly lastActivityAt: number | undefined
  readonly lastPulseAt: number | undefined
  readonly lastHeartbeatAt: number | undefined
}

/** The state before `run`. */
export const initialHeartbeatState: HeartbeatState = {
  status: "idle",
  config: undefined,
  driver: undefined,
  pulses: 0,
  heartbeats: 0,
  lastActivityAt: undefined,
  lastPulseAt: undefined,
  lastHeartbeatAt: undefined
}

/** The shape of the page heartbeat. */
export interface PageHeartbeatShape {
  /**
   * Start the heartbeat (see the module doc) for the lifetime of the scope; returns once it has started or decided
   * not to run. Closing the scope stops the pulses, terminates the worker and sets status `stopped`.
   */
  readonly run: Effect.Effect<void, never, Scope.Scope>
  /** The published state. */
  readonly state: SubscriptionRef.SubscriptionRef<HeartbeatState>
}

const decodePulse = Schema.decodeUnknownOption(Pulse)
const pathOf = (url: string): string => (URL.canParse(url) ? new URL(url).pathname : "")

/** Change the published state. */
const updateState = (
  state: SubscriptionRef.SubscriptionRef<HeartbeatState>,
  f: (s: HeartbeatState) => HeartbeatState
): Effect.Effect<void> => SubscriptionRef.update(state, f)

/** What the pulses use: the published state, the event tracker and the page's location. */
interface PulseTarget {
  readonly state: SubscriptionRef.SubscriptionRef<HeartbeatState>
  readonly telemetry: Telemetry["Service"]
  readonly navigation: Navigation["Service"]
}

/** Count a pulse and send a heartbeat when the last activity was within the activity time-out. */
const handlePulse = (target: PulseTarget, settings: HeartbeatConfig, raw: unknown): Effect.Effect<void> =>
  Effect.gen(function* () {
    const pulse = decodePulse(raw)
    if (pulse._tag === "None")
      return yield* Effect.logDebug("Page heartbeat: ignored a worker message outside the protocol")
    const now = yield* Clock.currentTimeMillis
    const current = yield* SubscriptionRef.get(target.state)
    const active = current.lastActivityAt !== undefined && now - current.lastActivityAt <= settings.activityTimeoutMs
    if (!active) return yield* updateState(target.state, (s) => ({ ...s, pulses: s.pulses + 1, lastPulseAt: now }))
    const sequence = current.heartbeats + 1
    yield* updateState(target.state, (s) => ({
      ...s,
      pulses: s.pulses + 1,
      heartbeats: sequence,
      lastPulseAt: now,
      lastHeartbeatAt: now
    }))
    yield* target.telemetry.trackEvent(heartbeatEventName, {
      sequence,
      pulseIntervalMs: settings.heartbeatPulseIntervalMs,
      workerVersion: settings.workerVersion,
      pagePath: pathOf(yield* target.navigation.current)
    })
  })

/** Ask a pulse driver to start, then handle its pulses until it ends or fails. */
const drivePulses = (
  target: PulseTarget,
  connection: WorkerConnection,
  settings: HeartbeatConfig
): Effect.Effect<void, WorkerError> => {
  const start: ToPulseWorker = { type: "start", pulseIntervalMs: settings.heartbeatPulseIntervalMs }
  return Effect.andThen(
    connection.post(start),
    Stream.runForEach(connection.messages, (raw) => handlePulse(target, settings, raw))
  )
}

/** Pulse inside the page: the pulse program on an in-page channel, for when no worker can run. */
const pulseInPage = (target: PulseTarget, settings: HeartbeatConfig): Effect.Effect<void> =>
  Effect.scoped(
    Effect.gen(function* () {
      const channel = yield* makeWorkerChannel
      yield* Effect.forkScoped(runPulseWorker.pipe(Effect.provideService(WorkerPort, channel.port)))
      yield* updateState(target.state, (s) => ({ ...s, driver: "page" }))
      yield* drivePulses(target, channel.connection, settings).pipe(Effect.catch(() => Effect.void))
    })
  )

/** Remember when the user's activity last happened, for the lifetime of the scope. */
const trackActivity = (
  activity: UserActivity["Service"],
  state: SubscriptionRef.SubscriptionRef<HeartbeatState>
): Effect.Effect<void, never, Scope.Scope> =>
  activity.events.pipe(
    Stream.runForEach(() =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => updateState(state, (s) => ({ ...s, lastActivityAt: now })))
    ),
    Effect.catch((error) => Effect.logWarning(`Page heartbeat cannot observe user activity: ${error.message}`)),
    Effect.forkScoped,
    Effect.asVoid
  )

/** The page heartbeat. */
export class PageHeartbeat extends Context.Service<PageHeartbeat, PageHeartbeatShape>()(
  "platform-web-client/platform/heartbeat/PageHeartbeat"
) {
  /** The heartbeat over PlatformHttp, page metadata, the event tracker, user activity and the worker host. */
  static readonly layer: Layer.Layer<
    PageHeartbeat,
    never,
    PlatformHttp | PageMetadata | PlatformConfig | Telemetry | UserActivity | WorkerHost | Navigation
  > = Layer.effect(
    PageHeartbeat,
    Effect.gen(function* () {
      const context = yield* Effect.context<PlatformHttp | PageMetadata>()
      const config = yield* PlatformConfig
      const activity = yield* UserActivity
      const workers = yield* WorkerHost
      const state = yield* SubscriptionRef.make(initialHeartbeatState)
      const target: PulseTarget = { state, telemetry: yield* Telemetry, navigation: yield* Navigation }
      const update = (f: (s: HeartbeatState) => HeartbeatState) => updateState(state, f)

      const inWorker = (settings: HeartbeatConfig) =>
        Effect.scoped(
          Effect.gen(function* () {
            const connection = yield* workers.spawn(heartbeatWorkerUrl(config.baseUrls.www, settings.workerVersion))
            yield* update((s) => ({ ...s, driver: "worker" }))
            yield* drivePulses(target, connection, settings)
          })
        )

      const run = Effect.gen(function* () {
        yield* Effect.addFinalizer(() => update((s) => (s.status === "running" ? { ...s, status: "stopped" } : s)))
        const userId = config.user.id
        if (!config.user.authenticated || userId === undefined) {
          return yield* update((s) => ({ ...s, status: "signedOut" }))
        }
        yield* update((s) => ({ ...s, status: "starting" }))
        const settings = yield* Effect.provideContext(fetchHeartbeatConfig, context)
        yield* update((s) => ({ ...s, config: settings }))
        if (!settings.isEnabled) return yield* update((s) => ({ ...s, status: "disabled" }))
        const included = inHeartbeatRollout(userId, settings.rolloutPermille)
        yield* Effect.logDebug(
          `Page heartbeat rollout: bucket ${userId % 1000} ${included ? "<" : ">="} ${settings.rolloutPermille}`
        )
        if (!included) return yield* update((s) => ({ ...s, status: "notInRollout" }))

        yield* trackActivity(activity, state)
        yield* inWorker(settings).pipe(
          Effect.catch((error) =>
            Effect.andThen(
              Effect.logWarning(`Page heartbeat worker unavailable (${error.message}); pulsing in the page`),
              pulseInPage(target, settings)
            )
          ),
          Effect.forkScoped
        )
        yield* update((s) => ({ ...s, status: "running" }))
      })

      return PageHeartbeat.of({ run, state })
    })
  )
}
