import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import * as Exit from "effect/Exit"
import * as SubscriptionRef from "effect/SubscriptionRef"
import { TestClock } from "effect/testing"
import type { MetaData } from "../../../src/core/browser/PageMetadata.ts"
import type { CurrentUser } from "../../../src/core/config/PlatformConfig.ts"
import { heartbeatWorkerUrl, PageHeartbeat } from "../../../src/platform/heartbeat/PageHeartbeat.ts"
import { runPulseWorker } from "../../../src/platform/heartbeat/worker/pulseWorker.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { MemoryUserActivity } from "../../../src/testing/memory/MemoryUserActivity.ts"
import { MemoryWorkerHost, type MemoryWorkerHostOptions } from "../../../src/testing/memory/MemoryWorkerHost.ts"
import { jsonResponse, StubFetch, type StubHandler } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

const signedIn = (id: number): Partial<CurrentUser> => ({ id, authenticated: true })
const config =
  (content: Record<string, unknown>): StubHandler =>
  () =>
    jsonResponse(content)

const env = (
  handler: StubHandler = config({}),
  user: Partial<CurrentUser> = signedIn(1001),
  workers: MemoryWorkerHostOptions = { program: () => runPulseWorker },
  metadata: Readonly<Record<string, MetaData>> = {}
) =>
  PageHeartbeat.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        testPlatformLayer(
          handler,
          {
            user,
            baseUrls: { apiGateway: "https://apis.example.com", www: "https://www.example.com" }
          },
          { url: "https://www.example.com/games/42?secret=1", metadata }
        ),
        MemoryUserActivity.layer(),
        MemoryWorkerHost.layer(workers),
        MemoryLogger.layer()
      )
    )
  )

/** Let stub-fetch promises and the fibers behind them run. */
const settle = Effect.promise(async () => {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setTimeout(resolve, 1))
})
const advance = (ms: number) => Effect.andThen(TestClock.adjust(ms), settle)
const heartbeats = Effect.flatMap(MemoryTelemetry, (t) =>
  Effect.map(t.recorded, (r) => r.events.filter((e) => e.name === "pageHeartbeat_v2").map((e) => e.properties))
)
const sequences = Effect.map(heartbeats, (list) => list.map((p) => p.sequence))
const state = Effect.flatMap(PageHeartbeat, (h) => SubscriptionRef.get(h.state))
const act = Effect.flatMap(MemoryUserActivity, (a) => a.act("scroll"))
const warnings = Effect.flatMap(MemoryLogger, (l) =>
  Effect.map(l.entries, (e) => e.filter((x) => x.level === "Warn").map((x) => x.text))
)
const start = Effect.andThen(
  Effect.flatMap(PageHeartbeat, (h) => h.run),
  settle
)

describe("PageHeartbeat", () => {
  it.effect(
    "starts the worker from /worker-resources/script/ with component and version, asking for the configured pulse",
    () =>
      Effect.gen(function* () {
        yield* start
        const workers = yield* MemoryWorkerHost
        assert.deepStrictEqual(yield* workers.spawned, [
          "https://www.example.com/worker-resources/script/?component=PageHeartbeatWorker&v=1"
        ])
        assert.deepStrictEqual(yield* workers.posted, [{ type: "start", pulseIntervalMs: 20_000 }])
        assert.strictEqual(
          heartbeatWorkerUrl("https://w.example", 7),
          "https://w.example/worker-resources/script/?component=PageHeartbeatWorker&v=7"
        )
        const s = yield* state
        assert.strictEqual(s.status, "running")
        assert.strictEqual(s.driver, "worker")
        assert.deepStrictEqual(s.config, {
          isEnabled: true,
          rolloutPermille: 1000,
          activityTimeoutMs: 600_000,
          heartbeatPulseIntervalMs: 20_000,
          workerVersion: 1
        })
      }).pipe(Effect.provide(env()))
  )

  it.effect("sends a numbered pageHeartbeat_v2 on a pulse only after user activity", () =>
    Effect.gen(function* () {
      yield* start
      yield* advance(20_000)
      assert.deepStrictEqual(yield* sequences, [])
      assert.strictEqual((yield* state).pulses, 1)
      yield* act
      yield* advance(19_999)
      assert.deepStrictEqual(yield* sequences, [])
      yield* advance(1)
      assert.deepStrictEqual(yield* heartbeats, [
        { sequence: 1, pulseIntervalMs: 20_000, workerVersion: 1, pagePath: "/games/42" }
      ])
      yield* advance(40_000)
      assert.deepStrictEqual(yield* sequences, [1, 2, 3])
      const s = yield* state
      assert.strictEqual(s.pulses, 4)
      assert.strictEqual(s.heartbeats, 3)
      assert.strictEqual(s.lastActivityAt, 20_000)
      assert.strictEqual(s.lastPulseAt, 80_000)
      assert.strictEqual(s.lastHeartbeatAt, 80_000)
    }).pipe(Effect.provide(env()))
  )

  it.effect("activity time-out: pulses up to activityTimeoutMs after the last activity count, later ones do not", () =>
    Effect.gen(function* () {
      yield* start
      yield* act // t = 0
      yield* advance(600_000) // pulses at 20 s … 600 s: 30 pulses, all within the time-out
      assert.strictEqual((yield* sequences).length, 30)
      yield* advance(20_000) // pulse at 620 s: the activity is 620 s old
      assert.strictEqual((yield* sequences).length, 30)
      yield* advance(100_000)
      assert.strictEqual((yield* sequences).length, 30)
      yield* act // t = 720 s
      yield* advance(20_000)
      assert.deepStrictEqual((yield* sequences).slice(-2), [30, 31])
      assert.strictEqual((yield* state).pulses, 37)
    }).pipe(Effect.provide(env()))
  )

  it.effect("uses the configured pulse interval, time-out and worker version", () =>
    Effect.gen(function* () {
      yield* start
      assert.deepStrictEqual(yield* (yield* MemoryWorkerHost).spawned, [
        "https://www.example.com/worker-resources/script/?component=PageHeartbeatWorker&v=2"
      ])
      yield* act
      yield* advance(5000)
      yield* advance(5000)
      yield* advance(5000)
      assert.deepStrictEqual(yield* sequences, [1, 2])
    }).pipe(
      Effect.provide(env(config({ heartbeatPulseIntervalMs: 5000, activityTimeoutMs: 10_000, workerVersion: 2 })))
    )
  )

  it.effect("a failed config call runs with the defaults", () =>
    Effect.gen(function* () {
      yield* start
      assert.strictEqual((yield* state).status, "running")
      assert.deepStrictEqual(yield* (yield* MemoryWorkerHost).posted, [{ type: "start", pulseIntervalMs: 20_000 }])
      assert.deepStrictEqual(yield* warnings, [
        "Page heartbeat config unavailable (ResponseError); using the page's settings or the defaults"
      ])
    }).pipe(Effect.provide(env(() => jsonResponse({ errors: [] }, { status: 503 }))))
  )

  it.effect("a failed config call runs with the page's <meta name=page-heartbeat> settings", () =>
    Effect.gen(function* () {
      yield* start
      assert.strictEqual((yield* state).status, "running")
      const workers = yield* MemoryWorkerHost
      assert.deepStrictEqual(yield* workers.spawned, [
        "https://www.example.com/worker-resources/script/?component=PageHeartbeatWorker&v=3"
      ])
      assert.deepStrictEqual(yield* workers.posted, [{ type: "start", pulseIntervalMs: 7000 }])
    }).pipe(
      Effect.provide(
        env(
          () => jsonResponse({ errors: [] }, { status: 503 }),
          signedIn(1001),
          { program: () => runPulseWorker },
          { "page-heartbeat": { heartbeatPulseIntervalMs: "7000", workerVersion: "3" } }
        )
      )
    )
  )

  it.effect("the page can keep the heartbeat off while the gateway is down", () =>
    Effect.gen(function* () {
      yield* start
      assert.strictEqual((yield* state).status, "disabled")
    }).pipe(
      Effect.provide(
        env(
          () => Promise.reject(new TypeError("offline")),
          signedIn(1001),
          { program: () => runPulseWorker },
          { "page-heartbeat": { isEnabled: "false" } }
        )
      )
    )
  )

  it.effect("the gateway's isEnabled wins over the page's", () =>
    Effect.gen(function* () {
      yield* start
      assert.strictEqual((yield* state).status, "running")
    }).pipe(
      Effect.provide(
        env(
          config({ isEnabled: true }),
          signedIn(1001),
          { program: () => runPulseWorker },
          { "page-heartbeat": { isEnabled: "false" } }
        )
      )
    )
  )

  it.effect("does not run for a guest (and does not even read the config)", () =>
    Effect.gen(function* () {
      yield* start
      assert.strictEqual((yield* state).status, "signedOut")
      assert.strictEqual((yield* StubFetch).requests.length, 0)
      assert.deepStrictEqual(yield* (yield* MemoryWorkerHost).spawned, [])
    }).pipe(Effect.provide(env(config({}), { id: undefined, authenticated: false })))
  )

  it.effect("does not run when disabled", () =>
    Effect.gen(function* () {
      yield* start
      assert.strictEqual((yield* state).status, "disabled")
      assert.deepStrictEqual(yield* (yield* MemoryWorkerHost).spawned, [])
    }).pipe(Effect.provide(env(config({ isEnabled: false }))))
  )

  it.effect("runs only when userId mod 1000 is below the rollout", () =>
    Effect.gen(function* () {
      const outcome = (userId: number, rolloutPermille: number) =>
        Effect.gen(function* () {
          yield* start
          return [(yield* state).status, (yield* (yield* MemoryWorkerHost).spawned).length] as const
        }).pipe(Effect.provide(env(config({ rolloutPermille }), signedIn(userId))))
      assert.deepStrictEqual(yield* outcome(1249, 250), ["running", 1])
      assert.deepStrictEqual(yield* outcome(1250, 250), ["notInRollout", 0])
      assert.deepStrictEqual(yield* outcome(7, 0), ["notInRollout", 0])
      assert.deepStrictEqual(yield* outcome(999, 1000), ["running", 1])
    })
  )

  it.effect("logs the rollout calculation at Debug level only", () =>
    Effect.gen(function* () {
      yield* start
      const lines = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        lines.filter((l) => l.text.startsWith("Page heartbeat rollout")).map((l) => [l.level, l.text]),
        [["Debug", "Page heartbeat rollout: bucket 250 >= 250"]]
      )
    }).pipe(Effect.provide(env(config({ rolloutPermille: 250 }), signedIn(3250))))
  )

  it.effect("without Worker support the pulses run in the page, with one Warning", () =>
    Effect.gen(function* () {
      yield* start
      assert.strictEqual((yield* state).driver, "page")
      assert.deepStrictEqual(yield* warnings, [
        "Page heartbeat worker unavailable (Worker spawn failed: Worker is not supported); pulsing in the page"
      ])
      yield* act
      yield* advance(40_000)
      assert.deepStrictEqual(yield* sequences, [1, 2])
    }).pipe(Effect.provide(env(config({}), signedIn(1), { unsupported: true })))
  )

  it.effect("a worker whose script fails falls back to the page", () =>
    Effect.gen(function* () {
      yield* start
      assert.strictEqual((yield* state).driver, "page")
      assert.deepStrictEqual(yield* warnings, [
        "Page heartbeat worker unavailable (Worker runtime failed); pulsing in the page"
      ])
      yield* act
      yield* advance(20_000)
      assert.deepStrictEqual(yield* sequences, [1])
    }).pipe(Effect.provide(env(config({}), signedIn(1), { failAtRuntime: true, program: () => runPulseWorker })))
  )

  it.effect("ignores worker messages outside the protocol", () =>
    Effect.gen(function* () {
      yield* start
      yield* act
      const workers = yield* MemoryWorkerHost
      for (const bad of [{ type: "pulse" }, { type: "pulse", sequence: -1 }, "pulse", null]) yield* workers.emit(bad)
      yield* settle
      assert.strictEqual((yield* state).pulses, 0)
      yield* workers.emit({ type: "pulse", sequence: 9 })
      yield* settle
      assert.deepStrictEqual(yield* sequences, [1])
    }).pipe(Effect.provide(env(config({}), signedIn(1), {})))
  )

  it.effect("closing the scope terminates the worker, stops the pulses and sets status stopped", () =>
    Effect.gen(function* () {
      const heartbeat = yield* PageHeartbeat
      const scope = yield* Scope.make()
      yield* Scope.provide(heartbeat.run, scope)
      yield* settle
      yield* act
      yield* advance(20_000)
      assert.deepStrictEqual(yield* sequences, [1])
      yield* Scope.close(scope, Exit.void)
      assert.strictEqual((yield* state).status, "stopped")
      assert.strictEqual(yield* (yield* MemoryWorkerHost).running, 0)
      assert.strictEqual(yield* (yield* MemoryUserActivity).listeners, 0)
      yield* act
      yield* advance(100_000)
      assert.deepStrictEqual(yield* sequences, [1])
    }).pipe(Effect.provide(env()))
  )
})
