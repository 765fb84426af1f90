import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { FrameMetrics } from "../../../src/core/security-frame/FrameMetrics.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"

const layer = (status: number) =>
  FrameMetrics.layer.pipe(Layer.provideMerge(Layer.mergeAll(
    StubFetch.layer(() => status === 0 ? Promise.reject(new Error("offline")) : jsonResponse({}, { status })),
    PlatformConfig.layer({}, "example.com"),
    MemoryLogger.layer()
  )))

describe("FrameMetrics over HTTP", () => {
  it.effect("POSTs {name, value, labelValues} to {apis}/account-security-service/v1/metrics/record with credentials", () =>
    Effect.gen(function*() {
      yield* (yield* FrameMetrics).record("event_hba_frame", 1, {
        event_type: "FrameResponseTimedOut",
        origin_site: "https://create.example.com"
      })
      const [request] = (yield* StubFetch).requests
      assert.deepStrictEqual(
        { method: request!.method, url: request!.url, credentials: request!.credentials, type: request!.headers["content-type"] },
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
    }).pipe(Effect.provide(layer(200))))

  for (const [status, text] of [[500, "Security frame metric load_time_hba_frame was answered 500"], [0, "Security frame metric load_time_hba_frame could not be sent"]] as const) {
    it.effect(`never fails: ${status === 0 ? "a network failure" : `a ${status}`} is logged at Debug`, () =>
      Effect.gen(function*() {
        yield* (yield* FrameMetrics).record("load_time_hba_frame", 12, { origin_site: "https://create.example.com" })
        const logs = yield* (yield* MemoryLogger).entries
        assert.deepStrictEqual(logs.filter((l) => l.text.startsWith("Security frame")).map((l) => [l.level, l.text]), [["Debug", text]])
      }).pipe(Effect.provide(layer(status))))
  }
})
