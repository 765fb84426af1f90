/**
 * A failure the app receives is not also logged as an error: a 503 and a dropped connection through the pipeline
 * reach the caller as typed errors, are reported to the telemetry endpoint, and the console gets a Debug line only,
 * unless the app raises `ReportedErrorLogLevel`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PlatformConfig, PlatformHttp, platformLayer } from "platform-web-client"
import { ReportedErrorLogLevel, Telemetry } from "platform-web-client/browser"
import { jsonResponse, MemoryKeyValueStore, MemoryLogger, StubFetch } from "platform-web-client/testing"

const reports: Array<string> = []
const telemetry = Telemetry.beacon("https://telemetry.example.com", () => ({
  sendBeacon: (url, body) => {
    reports.push(`${url} ${(JSON.parse(body) as { tag: string }).tag}`)
    return true
  }
}))

const pipeline = platformLayer().pipe(
  Layer.provideMerge(
    Layer.mergeAll(
      StubFetch.layer((request) => {
        if (request.url.endsWith("/down"))
          return jsonResponse({ errors: [{ code: 0, message: "down" }] }, { status: 503 })
        throw new TypeError("Failed to fetch")
      }),
      PlatformConfig.layer({}),
      MemoryKeyValueStore.layer(),
      telemetry
    )
  )
)

const failBoth = Effect.gen(function* () {
  const http = yield* PlatformHttp
  const down = yield* Effect.flip(http.get({ service: "users", path: "/down" }))
  const dropped = yield* Effect.flip(http.get({ service: "users", path: "/dropped" }))
  return [down._tag, dropped._tag]
})

const levelsAndTexts = Effect.map(
  Effect.flatMap(MemoryLogger, (logger) => logger.entries),
  (entries) => entries.filter((e) => e.text.startsWith("Reported error")).map((e) => [e.level, e.text.split(":")[0]])
)

describe("quiet by default", () => {
  it.effect("a 503 and a dropped request: typed errors for the caller, reported, logged at Debug only", () =>
    Effect.gen(function* () {
      reports.length = 0
      assert.deepStrictEqual(yield* failBoth, ["ResponseError", "FetchError"])
      assert.deepStrictEqual(reports, [
        "https://telemetry.example.com/errors ResponseError",
        "https://telemetry.example.com/errors FetchError"
      ])
      assert.deepStrictEqual(yield* levelsAndTexts, [
        ["Debug", "Reported error ResponseError"],
        ["Debug", "Reported error FetchError"]
      ])
      const loud = (yield* (yield* MemoryLogger).entries).filter((e) => e.level === "Error" || e.level === "Warn")
      assert.deepStrictEqual(loud, [])
    }).pipe(Effect.provide(Layer.merge(pipeline, MemoryLogger.layer())))
  )

  it.effect("ReportedErrorLogLevel Error in the app's layer: the same failures are Error lines", () =>
    Effect.gen(function* () {
      reports.length = 0
      assert.deepStrictEqual(yield* failBoth, ["ResponseError", "FetchError"])
      assert.strictEqual(reports.length, 2)
      assert.deepStrictEqual(yield* levelsAndTexts, [
        ["Error", "Reported error ResponseError"],
        ["Error", "Reported error FetchError"]
      ])
    }).pipe(
      Effect.provide(Layer.mergeAll(pipeline, MemoryLogger.layer(), Layer.succeed(ReportedErrorLogLevel, "Error")))
    )
  )
})
