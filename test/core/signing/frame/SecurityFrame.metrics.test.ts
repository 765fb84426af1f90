/**
 * The page side's metrics as they go over the wire: POST {apis}/account-security-service/v1/metrics/record with
 * { name, value, labelValues: { origin_site, event_type? } }, exact bodies; and the origin_site label.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Crypto } from "../../../../src/core/browser/Crypto.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../../../src/core/config/PlatformConfig.ts"
import { FrameMetrics } from "../../../../src/core/signing/frame/FrameMetrics.ts"
import { defaultOriginSite } from "../../../../src/core/signing/frame/originSite.ts"
import { SecurityFrame } from "../../../../src/core/signing/frame/SecurityFrame.ts"
import { SecurityFrameOriginSite } from "../../../../src/core/signing/frame/settings.ts"
import { MemoryFrames } from "../../../../src/testing/memory/MemoryFrames.ts"
import { jsonResponse, StubFetch } from "../../../../src/testing/StubFetch.ts"
import { signingConfig } from "../harness.ts"
import { batAnswer, loadFrame, pageOrigin, playFrame, settle, token4 } from "./harness.ts"

const metricsUrl = "https://apis.example.com/account-security-service/v1/metrics/record"

const request = { url: "https://apis.example.com/v1/things", host: "apis.example.com", method: "POST", body: "{}" }

/** The page side with the real FrameMetrics over a stub fetch that answers 200. */
const wireLayer = (config: PlatformConfigInput = signingConfig()) =>
  SecurityFrame.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        MemoryFrames.layer({ origin: pageOrigin }),
        PlatformConfig.layer(config),
        FrameMetrics.layer.pipe(
          Layer.provideMerge(
            Layer.mergeAll(
              StubFetch.layer(() => jsonResponse({})),
              PlatformConfig.layer(config)
            )
          )
        ),
        Crypto.browser
      )
    )
  )

/** The metric posts so far: [url, method, body text]. */
const posted = Effect.gen(function* () {
  yield* settle
  return (yield* StubFetch).requests.map((r) => [r.url, r.method, r.body])
})

describe("SecurityFrame metrics on the wire", () => {
  it.effect(
    "load_time_hba_frame, response_time_hba_frame and event_hba_frame FrameResponseTimedOut: exact bodies",
    () =>
      Effect.gen(function* () {
        const frame = yield* SecurityFrame
        yield* settle
        yield* TestClock.adjust(40)
        yield* loadFrame()
        const timedOut = yield* Effect.forkChild(Effect.flip(frame.token(request)))
        yield* settle
        yield* TestClock.adjust(100)
        yield* Fiber.join(timedOut)
        yield* playFrame((message) => batAnswer(message.identifier, { "x-bound-auth-token": token4 }))
        assert.strictEqual(yield* frame.token(request), token4)
        assert.deepStrictEqual(yield* posted, [
          [metricsUrl, "POST", '{"name":"load_time_hba_frame","value":40,"labelValues":{"origin_site":"create"}}'],
          [
            metricsUrl,
            "POST",
            '{"name":"event_hba_frame","value":1,"labelValues":{"origin_site":"create","event_type":"FrameResponseTimedOut"}}'
          ],
          [metricsUrl, "POST", '{"name":"response_time_hba_frame","value":0,"labelValues":{"origin_site":"create"}}']
        ])
      }).pipe(Effect.provide(wireLayer()))
  )

  it.effect("event_hba_frame FrameLoadTimedOut: exact body, once", () =>
    Effect.gen(function* () {
      yield* settle
      yield* TestClock.adjust(1500)
      assert.strictEqual(yield* (yield* SecurityFrame).settled, "Failed")
      yield* TestClock.adjust("1 minute")
      assert.deepStrictEqual(yield* posted, [
        [
          metricsUrl,
          "POST",
          '{"name":"event_hba_frame","value":1,"labelValues":{"origin_site":"create","event_type":"FrameLoadTimedOut"}}'
        ]
      ])
    }).pipe(Effect.provide(wireLayer()))
  )

  it.effect("SecurityFrameOriginSite sets origin_site (e.g. the real site's creator_hub)", () =>
    Effect.gen(function* () {
      yield* settle
      yield* loadFrame()
      assert.deepStrictEqual(
        (yield* posted).map((p) => p[2]),
        ['{"name":"load_time_hba_frame","value":0,"labelValues":{"origin_site":"creator_hub"}}']
      )
    }).pipe(Effect.provide(wireLayer()), Effect.provide(Layer.succeed(SecurityFrameOriginSite, "creator_hub")))
  )

  it("the default origin_site: the page's label under the site's domain, else its origin", () => {
    assert.deepStrictEqual(
      [
        ["https://create.example.com", "https://www.example.com"],
        ["https://studio.create.example.com", "https://www.example.com/"],
        ["https://advertise.example.com:8443", "https://www.example.com"],
        ["https://www.example.com", "https://www.example.com"],
        ["https://example.com", "https://www.example.com"],
        ["https://create.example.com.evil.test", "https://www.example.com"],
        ["http://127.0.0.1:4010", "http://127.0.0.1:4011"],
        ["https://create.example.com", "https://example.com"],
        ["null", "https://www.example.com"]
      ].map(([page, www]) => defaultOriginSite(page!, www!)),
      [
        "create",
        "studio.create",
        "advertise",
        "www",
        "https://example.com",
        "https://create.example.com.evil.test",
        "http://127.0.0.1:4010",
        "https://create.example.com",
        "null"
      ]
    )
  })
})
