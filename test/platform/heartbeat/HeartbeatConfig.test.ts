import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { MetaData } from "../../../src/core/browser/PageMetadata.ts"
import {
  applyHeartbeatMetadata,
  decodeHeartbeatConfig,
  defaultHeartbeatConfig,
  fetchHeartbeatConfig,
  HeartbeatDefaults,
  heartbeatMetaTag,
  inHeartbeatRollout
} from "../../../src/platform/heartbeat/HeartbeatConfig.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, StubFetch, type StubHandler } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

const env = (handler: StubHandler, page?: MetaData) =>
  Layer.mergeAll(
    testPlatformLayer(
      handler,
      { baseUrls: { apiGateway: "https://apis.example.com" } },
      page === undefined ? {} : { metadata: { [heartbeatMetaTag]: page } }
    ),
    MemoryLogger.layer()
  )
const warnings = Effect.flatMap(MemoryLogger, (l) =>
  Effect.map(l.entries, (e) => e.filter((x) => x.level === "Warn").map((x) => x.text))
)

describe("heartbeat configuration", () => {
  it("has the spec's defaults", () => {
    assert.deepStrictEqual(defaultHeartbeatConfig, {
      isEnabled: true,
      rolloutPermille: 1000,
      activityTimeoutMs: 600_000,
      heartbeatPulseIntervalMs: 20_000,
      workerVersion: 1
    })
  })

  it.effect("reads the app-configuration answer from the API gateway", () =>
    Effect.gen(function* () {
      const config = yield* fetchHeartbeatConfig
      assert.deepStrictEqual(config, {
        isEnabled: false,
        rolloutPermille: 250,
        activityTimeoutMs: 60_000,
        heartbeatPulseIntervalMs: 5000,
        workerVersion: 3
      })
      const [request] = (yield* StubFetch).requests
      assert.strictEqual(request?.method, "GET")
      assert.strictEqual(
        request?.url,
        "https://apis.example.com/universal-app-configuration/v1/behaviors/page-heartbeat-v2/content"
      )
      assert.strictEqual(request?.credentials, "include")
    }).pipe(
      Effect.provide(
        env(() =>
          jsonResponse({
            isEnabled: false,
            rolloutPermille: 250,
            activityTimeoutMs: 60_000,
            heartbeatPulseIntervalMs: 5000,
            workerVersion: 3,
            extra: 1
          })
        )
      )
    )
  )

  it.effect("a failed call uses the defaults, with one Warning", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* fetchHeartbeatConfig, defaultHeartbeatConfig)
      assert.deepStrictEqual(yield* warnings, [
        "Page heartbeat config unavailable (ResponseError); using the page's settings or the defaults"
      ])
    }).pipe(Effect.provide(env(() => jsonResponse({ errors: [] }, { status: 500 }))))
  )

  it.effect("a network failure uses the defaults", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* fetchHeartbeatConfig, defaultHeartbeatConfig)
      assert.deepStrictEqual(yield* warnings, [
        "Page heartbeat config unavailable (FetchError); using the page's settings or the defaults"
      ])
    }).pipe(Effect.provide(env(() => Promise.reject(new TypeError("offline")))))
  )

  it.effect("an empty answer (no body, null, {}) uses the defaults silently", () =>
    Effect.gen(function* () {
      for (const answer of [undefined, null, {}])
        assert.deepStrictEqual(yield* decodeHeartbeatConfig(answer, defaultHeartbeatConfig), defaultHeartbeatConfig)
      assert.deepStrictEqual(yield* fetchHeartbeatConfig, defaultHeartbeatConfig)
      assert.deepStrictEqual(yield* warnings, [])
    }).pipe(Effect.provide(env(() => new Response("", { status: 200 }))))
  )

  it.effect("decodes field by field: missing fields keep their default, invalid ones too with a Warning", () =>
    Effect.gen(function* () {
      const config = yield* decodeHeartbeatConfig(
        { rolloutPermille: 5000, heartbeatPulseIntervalMs: 1000, activityTimeoutMs: "soon", isEnabled: "yes" },
        defaultHeartbeatConfig
      )
      assert.deepStrictEqual(config, { ...defaultHeartbeatConfig, heartbeatPulseIntervalMs: 1000 })
      assert.deepStrictEqual(yield* warnings, [
        "Page heartbeat config field isEnabled is invalid; using the default",
        "Page heartbeat config field rolloutPermille is invalid; using the default",
        "Page heartbeat config field activityTimeoutMs is invalid; using the default"
      ])
      assert.deepStrictEqual(yield* decodeHeartbeatConfig([1, 2], defaultHeartbeatConfig), defaultHeartbeatConfig)
    }).pipe(Effect.provide(MemoryLogger.layer()))
  )

  it.effect("the defaults can be changed with HeartbeatDefaults", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* fetchHeartbeatConfig).isEnabled, false)
    }).pipe(
      Effect.provide(env(() => jsonResponse({}, { status: 503 }))),
      Effect.provideService(HeartbeatDefaults, { ...defaultHeartbeatConfig, isEnabled: false })
    )
  )

  // page metadata (BEAT-3): under the call's answer, over the defaults
  const page: MetaData = {
    isEnabled: "false",
    rolloutPermille: "400",
    activityTimeoutMs: "120000",
    heartbeatPulseIntervalMs: "15000",
    workerVersion: "2"
  }
  const fromPage = {
    isEnabled: false,
    rolloutPermille: 400,
    activityTimeoutMs: 120_000,
    heartbeatPulseIntervalMs: 15_000,
    workerVersion: 2
  }

  it.effect("the page's <meta name=page-heartbeat> settings are used when the call fails", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* fetchHeartbeatConfig, fromPage)
      assert.deepStrictEqual(yield* warnings, [
        "Page heartbeat config unavailable (ResponseError); using the page's settings or the defaults"
      ])
    }).pipe(Effect.provide(env(() => jsonResponse({}, { status: 502 }), page)))
  )

  it.effect("the page's settings fill what the call leaves out; what the call answers wins", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* fetchHeartbeatConfig, {
        ...fromPage,
        isEnabled: true,
        heartbeatPulseIntervalMs: 30_000
      })
      assert.deepStrictEqual(yield* warnings, [])
    }).pipe(Effect.provide(env(() => jsonResponse({ isEnabled: true, heartbeatPulseIntervalMs: 30_000 }), page)))
  )

  it.effect("an invalid field of the call keeps the page's value, not the default", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* fetchHeartbeatConfig).rolloutPermille, 400)
      assert.deepStrictEqual(yield* warnings, [
        "Page heartbeat config field rolloutPermille is invalid; using the default"
      ])
    }).pipe(Effect.provide(env(() => jsonResponse({ rolloutPermille: -3 }), page)))
  )

  it.effect(
    "metadata is read field by field: blank and missing keep the default, malformed too with a Warning naming the attribute",
    () =>
      Effect.gen(function* () {
        const config = yield* applyHeartbeatMetadata(defaultHeartbeatConfig, {
          isEnabled: "TRUE",
          rolloutPermille: "1001",
          activityTimeoutMs: "  ",
          heartbeatPulseIntervalMs: "1e4",
          workerVersion: " 3 ",
          unrelated: "x"
        })
        assert.deepStrictEqual(config, { ...defaultHeartbeatConfig, isEnabled: true, workerVersion: 3 })
        assert.deepStrictEqual(yield* warnings, [
          `Page metadata <meta name="page-heartbeat"> data-rollout-permille is malformed; using the default`,
          `Page metadata <meta name="page-heartbeat"> data-heartbeat-pulse-interval-ms is malformed; using the default`
        ])
        assert.deepStrictEqual(yield* applyHeartbeatMetadata(defaultHeartbeatConfig, undefined), defaultHeartbeatConfig)
        assert.deepStrictEqual(
          yield* applyHeartbeatMetadata(defaultHeartbeatConfig, { isEnabled: "yes", workerVersion: "0" }),
          defaultHeartbeatConfig
        )
      }).pipe(Effect.provide(MemoryLogger.layer()))
  )

  it.effect("the page's settings sit over HeartbeatDefaults", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* fetchHeartbeatConfig, {
        ...defaultHeartbeatConfig,
        isEnabled: false,
        workerVersion: 4
      })
    }).pipe(
      Effect.provide(env(() => jsonResponse({}), { workerVersion: "4" })),
      Effect.provideService(HeartbeatDefaults, { ...defaultHeartbeatConfig, isEnabled: false })
    )
  )

  it("rollout: userId mod 1000 below the per-mille rollout", () => {
    assert.isTrue(inHeartbeatRollout(1, 1000))
    assert.isTrue(inHeartbeatRollout(999, 1000))
    assert.isFalse(inHeartbeatRollout(5, 0))
    assert.isTrue(inHeartbeatRollout(1249, 250))
    assert.isFalse(inHeartbeatRollout(1250, 250))
    assert.isTrue(inHeartbeatRollout(2000, 1))
    assert.isFalse(inHeartbeatRollout(2001, 1))
  })
})
