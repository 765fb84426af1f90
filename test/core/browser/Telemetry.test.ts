import { assert, describe, it } from "@effect/vitest"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { type BeaconTransport, ReportedErrorLogLevel, Telemetry } from "../../../src/core/browser/Telemetry.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"

type Sent = { readonly via: "beacon" | "fetch"; readonly url: string; readonly body: unknown; readonly init?: unknown }

/** A transport that records what it was given; the beacon answers `beaconAnswer` (or throws it when an Error). */
const fakeTransport = (options: { beaconAnswer?: boolean | Error; fetch?: "resolve" | "reject" | "absent" } = {}) => {
  const sent: Array<Sent> = []
  const transport: BeaconTransport = {
    sendBeacon:
      options.beaconAnswer === undefined
        ? undefined
        : (url, body) => {
            if (options.beaconAnswer instanceof Error) throw options.beaconAnswer
            if (options.beaconAnswer === true) sent.push({ via: "beacon", url, body: JSON.parse(body) })
            return options.beaconAnswer === true
          },
    fetch:
      options.fetch === "absent"
        ? undefined
        : (url, init) => {
            const { body, ...rest } = init
            sent.push({ via: "fetch", url, body: JSON.parse(body as string), init: rest })
            return options.fetch === "reject" ? Promise.reject(new TypeError("offline")) : Promise.resolve(undefined)
          }
  }
  return { sent, transport }
}

const provide = (endpoint: string | undefined, transport: BeaconTransport) =>
  Effect.provide(
    Layer.merge(
      Telemetry.beacon(endpoint, () => transport),
      MemoryLogger.layer()
    )
  )

class SigningFailure extends Data.TaggedError("SigningFailure")<{ readonly headers: Record<string, string> }> {
  override get message() {
    return "Signature failed"
  }
}

describe("Telemetry.beacon with an endpoint", () => {
  it.effect("sends events, counters and metrics by beacon as JSON to the endpoint, stamped with the Clock", () => {
    const { sent, transport } = fakeTransport({ beaconAnswer: true })
    return Effect.gen(function* () {
      const telemetry = yield* Telemetry
      yield* TestClock.adjust(1234)
      yield* telemetry.trackEvent("pageView", { page: "home", first: true })
      yield* telemetry.incrementCounter("FrameLoadTimedOut")
      yield* telemetry.incrementCounter("retries", 3)
      yield* telemetry.recordMetric("load_time_hba_frame", 87, { origin_site: "www" })
      yield* telemetry.recordMetric("bare", 1)
      assert.deepStrictEqual(sent, [
        {
          via: "beacon",
          url: "https://t.example.com/collect",
          body: { type: "event", name: "pageView", properties: { page: "home", first: true }, timestamp: 1234 }
        },
        {
          via: "beacon",
          url: "https://t.example.com/collect",
          body: { type: "counter", name: "FrameLoadTimedOut", by: 1, timestamp: 1234 }
        },
        {
          via: "beacon",
          url: "https://t.example.com/collect",
          body: { type: "counter", name: "retries", by: 3, timestamp: 1234 }
        },
        {
          via: "beacon",
          url: "https://t.example.com/collect",
          body: {
            type: "metric",
            name: "load_time_hba_frame",
            value: 87,
            labels: { origin_site: "www" },
            timestamp: 1234
          }
        },
        {
          via: "beacon",
          url: "https://t.example.com/collect",
          body: { type: "metric", name: "bare", value: 1, labels: {}, timestamp: 1234 }
        }
      ])
    }).pipe(provide("https://t.example.com/collect/", transport))
  })

  const fallbacks: ReadonlyArray<[string, Parameters<typeof fakeTransport>[0]]> = [
    ["the beacon refuses the body", { beaconAnswer: false }],
    ["the beacon throws", { beaconAnswer: new TypeError("bad url") }],
    ["there is no beacon", {}],
    ["there is no beacon and fetch rejects", { fetch: "reject" }]
  ]
  for (const [label, options] of fallbacks) {
    it.effect(`falls back to fetch with keepalive when ${label}`, () => {
      const { sent, transport } = fakeTransport(options)
      return Effect.gen(function* () {
        yield* (yield* Telemetry).trackEvent("e")
        assert.deepStrictEqual(sent, [
          {
            via: "fetch",
            url: "https://t.example.com",
            body: { type: "event", name: "e", properties: {}, timestamp: 0 },
            init: { method: "POST", keepalive: true }
          }
        ])
      }).pipe(provide("https://t.example.com", transport))
    })
  }

  it.effect("with neither beacon nor fetch nothing fails and a Debug line says so", () => {
    const { sent, transport } = fakeTransport({ fetch: "absent" })
    return Effect.gen(function* () {
      yield* (yield* Telemetry).incrementCounter("c")
      assert.deepStrictEqual(sent, [])
      const logs = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        logs.map((l) => [l.level, l.text]),
        [["Debug", "Telemetry counter not delivered: no beacon or fetch"]]
      )
    }).pipe(provide("https://t.example.com", transport))
  })

  it.effect("a body that cannot be serialised is dropped without failing", () => {
    const { sent, transport } = fakeTransport({ beaconAnswer: true })
    return Effect.gen(function* () {
      yield* (yield* Telemetry).trackEvent("e", { big: 1n } as never)
      assert.deepStrictEqual(sent, [])
      const logs = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        logs.map((l) => l.text),
        ["Telemetry event not delivered: no beacon or fetch"]
      )
    }).pipe(provide("https://t.example.com", transport))
  })

  it.effect(
    "reportError sends tag and message to {endpoint}/errors and logs them at Debug by default, never the object",
    () => {
      const { sent, transport } = fakeTransport({ beaconAnswer: true })
      return Effect.gen(function* () {
        const error = new SigningFailure({ headers: { "x-bound-auth-token": "SECRET" } })
        yield* (yield* Telemetry).reportError(error, { url: "/v1/x" })
        assert.deepStrictEqual(sent, [
          {
            via: "beacon",
            url: "https://t.example.com/errors",
            body: {
              type: "error",
              tag: "SigningFailure",
              message: "Signature failed",
              context: { url: "/v1/x" },
              timestamp: 0
            }
          }
        ])
        const logs = yield* (yield* MemoryLogger).entries
        assert.deepStrictEqual(
          logs.map((l) => [l.level, l.text, l.annotations]),
          [["Debug", "Reported error SigningFailure: Signature failed", { url: "/v1/x" }]]
        )
        assert.isFalse(JSON.stringify([sent, logs.map((l) => l.message)]).includes("SECRET"))
      }).pipe(provide("https://t.example.com", transport))
    }
  )

  it.effect(
    "ReportedErrorLogLevel raised to Error: an unexpected error is an Error line, an expected one stays at Debug",
    () => {
      const { sent, transport } = fakeTransport({ beaconAnswer: true })
      return Effect.gen(function* () {
        const telemetry = yield* Telemetry
        yield* telemetry.reportError(new TypeError("down"), { status: "503" })
        yield* telemetry.reportError(new TypeError("conflict"), { status: "409" }, "expected")
        assert.deepStrictEqual(
          sent.map((s) => s.url),
          ["https://t.example.com/errors", "https://t.example.com/errors"]
        )
        const logs = yield* (yield* MemoryLogger).entries
        assert.deepStrictEqual(
          logs.map((l) => [l.level, l.text]),
          [
            ["Error", "Reported error TypeError: down"],
            ["Debug", "Reported error TypeError: conflict"]
          ]
        )
      }).pipe(
        Effect.provide(Layer.succeed(ReportedErrorLogLevel, "Error")),
        provide("https://t.example.com", transport)
      )
    }
  )

  it.effect("ReportedErrorLogLevel None: no line at all, the reports are sent all the same", () => {
    const { sent, transport } = fakeTransport({ beaconAnswer: true })
    return Effect.gen(function* () {
      const telemetry = yield* Telemetry
      yield* telemetry.reportError(new TypeError("down"))
      yield* telemetry.reportError(new TypeError("conflict"), {}, "expected")
      assert.deepStrictEqual(
        sent.map((s) => (s.body as { message: string }).message),
        ["down", "conflict"]
      )
      assert.deepStrictEqual(yield* (yield* MemoryLogger).entries, [])
    }).pipe(Effect.provideService(ReportedErrorLogLevel, "None"), provide("https://t.example.com", transport))
  })

  it.effect("an expected error (a 4xx a caller handles) is sent all the same, but logged at Debug, not Error", () => {
    const { sent, transport } = fakeTransport({ beaconAnswer: true })
    return Effect.gen(function* () {
      yield* (yield* Telemetry).reportError(new TypeError("bad request"), { status: "400" }, "expected")
      assert.deepStrictEqual(
        sent.map((s) => s.url),
        ["https://t.example.com/errors"]
      )
      const logs = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        logs.map((l) => [l.level, l.text]),
        [["Debug", "Reported error TypeError: bad request"]]
      )
    }).pipe(provide("https://t.example.com", transport))
  })
})

describe("Telemetry.beacon without an endpoint", () => {
  it.effect("logs events, counters and metrics at Debug level only", () => {
    const { sent, transport } = fakeTransport({ beaconAnswer: true })
    return Effect.gen(function* () {
      const telemetry = yield* Telemetry
      yield* telemetry.trackEvent("e", { a: 1 })
      yield* telemetry.incrementCounter("c", 2)
      yield* telemetry.recordMetric("m", 5)
      assert.deepStrictEqual(sent, [])
      const logs = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        logs.map((l) => [l.level, ...l.message]),
        [
          ["Debug", "Telemetry event (no endpoint)", { type: "event", name: "e", properties: { a: 1 }, timestamp: 0 }],
          ["Debug", "Telemetry counter (no endpoint)", { type: "counter", name: "c", by: 2, timestamp: 0 }],
          ["Debug", "Telemetry metric (no endpoint)", { type: "metric", name: "m", value: 5, labels: {}, timestamp: 0 }]
        ]
      )
    }).pipe(provide(undefined, transport))
  })

  const errors: ReadonlyArray<[string, unknown, string]> = [
    ["a TypeError", new TypeError("bad"), "Reported error TypeError: bad"],
    ["a string", "went wrong", "Reported error Unknown: went wrong"],
    ["a number", 42, "Reported error Unknown: "],
    ["a very long message", new Error("x".repeat(600)), `Reported error Error: ${"x".repeat(499)}…`]
  ]
  it.effect("an expected error is logged at Debug only: nothing at Error on the console", () => {
    const { sent, transport } = fakeTransport({ beaconAnswer: true })
    return Effect.gen(function* () {
      yield* (yield* Telemetry).reportError(new TypeError("conflict"), {}, "expected")
      assert.deepStrictEqual(sent, [])
      const logs = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        logs.map((l) => [l.level, l.text]),
        [["Debug", "Reported error TypeError: conflict"]]
      )
    }).pipe(provide(undefined, transport))
  })

  for (const [label, error, text] of errors) {
    it.effect(`reportError of ${label} logs "${text.slice(0, 40)}" (at Debug) and sends nothing`, () => {
      const { sent, transport } = fakeTransport({ beaconAnswer: true })
      return Effect.gen(function* () {
        yield* (yield* Telemetry).reportError(error)
        assert.deepStrictEqual(sent, [])
        const logs = yield* (yield* MemoryLogger).entries
        assert.deepStrictEqual(
          logs.map((l) => [l.level, l.text]),
          [["Debug", text]]
        )
      }).pipe(provide("", transport))
    })
  }
})
