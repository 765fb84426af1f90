import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { PlatformConfig } from "../../../../src/core/config/PlatformConfig.ts"
import { FrameMetrics, FrameMetricsCsrfToken } from "../../../../src/core/signing/frame/FrameMetrics.ts"
import { MemoryLogger } from "../../../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, StubFetch } from "../../../../src/testing/StubFetch.ts"

const layer = (status: number) =>
  FrameMetrics.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        StubFetch.layer(() => (status === 0 ? Promise.reject(new Error("offline")) : jsonResponse({}, { status }))),
        PlatformConfig.layer({}, "example.com"),
        MemoryLogger.layer()
      )
    )
  )

/**
 * FrameMetrics over a service that accepts the token `t1` only and answers anything else 403 with `t1`; with
 * `known`, the token the frame knows up front (FrameMetricsCsrfToken).
 */
const rotatingTokenLayer = (known?: string) =>
  FrameMetrics.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        StubFetch.layer((r) =>
          r.headers["x-csrf-token"] === "t1"
            ? jsonResponse({})
            : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "t1" } })
        ),
        PlatformConfig.layer({}, "example.com"),
        known === undefined ? Layer.empty : Layer.succeed(FrameMetricsCsrfToken, known)
      )
    )
  )

describe("FrameMetrics over HTTP", () => {
  it.effect(
    "POSTs {name, value, labelValues} to {apis}/account-security-service/v1/metrics/record with credentials",
    () =>
      Effect.gen(function* () {
        yield* (yield* FrameMetrics).record("event_hba_frame", 1, {
          event_type: "FrameResponseTimedOut",
          origin_site: "https://create.example.com"
        })
        const [request] = (yield* StubFetch).requests
        assert.deepStrictEqual(
          {
            method: request!.method,
            url: request!.url,
            credentials: request!.credentials,
            type: request!.headers["content-type"]
          },
          {
            method: "POST",
            url: "https://apis.example.com/account-security-service/v1/metrics/record",
            credentials: "include",
            type: "application/json"
          }
        )
        assert.deepStrictEqual(JSON.parse(request!.body!), {
          name: "event_hba_frame",
          value: 1,
          labelValues: { event_type: "FrameResponseTimedOut", origin_site: "https://create.example.com" }
        })
      }).pipe(Effect.provide(layer(200)))
  )

  for (const [status, text] of [
    [500, "Security frame metric load_time_hba_frame was answered 500"],
    [0, "Security frame metric load_time_hba_frame could not be sent"]
  ] as const) {
    it.effect(`never fails: ${status === 0 ? "a network failure" : `a ${status}`} is logged at Debug`, () =>
      Effect.gen(function* () {
        yield* (yield* FrameMetrics).record("load_time_hba_frame", 12, { origin_site: "https://create.example.com" })
        const logs = yield* (yield* MemoryLogger).entries
        assert.deepStrictEqual(
          logs.filter((l) => l.text.startsWith("Security frame")).map((l) => [l.level, l.text]),
          [["Debug", text]]
        )
      }).pipe(Effect.provide(layer(status)))
    )
  }

  it.effect("a 403 with a new anti-forgery token is re-sent once with it; the token is kept for the next metric", () =>
    Effect.gen(function* () {
      const metrics = yield* FrameMetrics
      yield* metrics.record("load_time_hba_frame", 10, { origin_site: "https://create.example.com" })
      yield* metrics.record("load_time_hba_frame", 11, { origin_site: "https://create.example.com" })
      const requests = (yield* StubFetch).requests
      assert.deepStrictEqual(
        requests.map((r) => [r.headers["x-csrf-token"], JSON.parse(r.body!).value]),
        [
          [undefined, 10],
          ["t1", 10],
          ["t1", 11]
        ]
      )
    }).pipe(Effect.provide(rotatingTokenLayer()))
  )

  it.effect(
    "a token known up front (FrameMetricsCsrfToken) is carried from the first metric: no 403 first; an illegal one is ignored",
    () =>
      Effect.gen(function* () {
        const sent = (start: string) =>
          Effect.gen(function* () {
            const metrics = yield* FrameMetrics
            yield* metrics.record("load_time_hba_frame", 10, {})
            yield* metrics.record("response_time_hba_frame", 11, {})
            return (yield* StubFetch).requests.map((r) => [r.headers["x-csrf-token"], JSON.parse(r.body!).value])
          }).pipe(Effect.provide(rotatingTokenLayer(start)))
        assert.deepStrictEqual(yield* sent("t1"), [
          ["t1", 10],
          ["t1", 11]
        ])
        assert.deepStrictEqual(yield* sent("bad token\u0001"), [
          [undefined, 10],
          ["t1", 10],
          ["t1", 11]
        ])
      })
  )

  it.effect("concurrent metrics sent before the token was known are each re-sent with it", () =>
    Effect.gen(function* () {
      const metrics = yield* FrameMetrics
      yield* Effect.all(
        [10, 11, 12].map((v) => metrics.record("response_time_hba_frame", v, {})),
        {
          concurrency: "unbounded"
        }
      )
      const requests = (yield* StubFetch).requests
      const delivered = requests.filter((r) => r.headers["x-csrf-token"] === "t1").map((r) => JSON.parse(r.body!).value)
      assert.deepStrictEqual(delivered.sort(), [10, 11, 12])
      assert.strictEqual(requests.length, 6)
    }).pipe(Effect.provide(rotatingTokenLayer()))
  )

  it.effect(
    "keeps the pipeline's trust rules: never follows a redirect, bounded by the configured time-out, ignores an illegal token",
    () =>
      Effect.gen(function* () {
        const metrics = yield* FrameMetrics
        yield* metrics.record("load_time_hba_frame", 10, { origin_site: "https://create.example.com" })
        const requests = (yield* StubFetch).requests
        // the 403's token is not a legal header value: not stored, nothing re-sent
        assert.deepStrictEqual(
          requests.map((r) => [r.redirect, r.headers["x-csrf-token"]]),
          [["manual", undefined]]
        )
        const logs = yield* (yield* MemoryLogger).entries
        assert.deepStrictEqual(
          logs.filter((l) => l.text.startsWith("Security frame")).map((l) => l.text),
          ["Security frame metric load_time_hba_frame was answered 403"]
        )
      }).pipe(
        Effect.provide(
          FrameMetrics.layer.pipe(
            Layer.provideMerge(
              Layer.mergeAll(
                StubFetch.layer(() =>
                  jsonResponse({}, { status: 403, headers: { "x-csrf-token": "bad token\u0001" } })
                ),
                PlatformConfig.layer({}, "example.com"),
                MemoryLogger.layer()
              )
            )
          )
        )
      )
  )

  it.effect(
    "a server that never answers: the metric gives up at the configured time-out (the fetch aborted), logged at Debug",
    () =>
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild((yield* FrameMetrics).record("load_time_hba_frame", 10, {}), {
          startImmediately: true
        })
        yield* TestClock.adjust("1999 millis")
        assert.isUndefined(fiber.pollUnsafe())
        yield* TestClock.adjust("1 millis")
        yield* Fiber.join(fiber)
        const [request] = (yield* StubFetch).requests
        assert.isTrue(request!.signal!.aborted)
        const logs = yield* (yield* MemoryLogger).entries
        assert.deepStrictEqual(
          logs.filter((l) => l.text.startsWith("Security frame")).map((l) => l.text),
          ["Security frame metric load_time_hba_frame could not be sent"]
        )
      }).pipe(
        Effect.provide(
          FrameMetrics.layer.pipe(
            Layer.provideMerge(
              Layer.mergeAll(
                StubFetch.layer(() => new Promise<Response>(() => {})),
                PlatformConfig.layer({ requestTimeoutMs: 2000 }, "example.com"),
                MemoryLogger.layer()
              )
            )
          )
        )
      )
  )
})
