import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Cookies } from "../../../src/core/browser/Cookies.ts"
import type { PageNavigationType } from "../../../src/core/browser/PageLifecycle.ts"
import { Telemetry } from "../../../src/core/browser/Telemetry.ts"
import { type AppType, PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { PaymentFlow } from "../../../src/platform/payments/PaymentFlow.ts"
import { MemoryCookies } from "../../../src/testing/memory/MemoryCookies.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { MemoryPageLifecycle } from "../../../src/testing/memory/MemoryPageLifecycle.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"

export interface EnvOptions {
  readonly url?: string
  readonly appType?: AppType
  readonly cookies?: Record<string, string>
  readonly navigationType?: PageNavigationType | "unreadable"
  readonly referrer?: string
  readonly failSubscribe?: boolean
  /** Replace the cookie jar by one that never stores anything. */
  readonly cookiesDisabled?: boolean
  /** Replace the event tracker by one that dies. */
  readonly trackerDies?: boolean
  /** Replace the cookie jar by one whose every operation dies (a defect of a capability). */
  readonly cookiesDie?: boolean
}

const deadCookies = Layer.succeed(
  Cookies,
  Cookies.of({ get: () => Effect.succeed(undefined), set: () => Effect.void, remove: () => Effect.void })
)
const dyingCookies = Layer.succeed(
  Cookies,
  Cookies.of({
    get: () => Effect.die(new RangeError("jar broke")),
    set: () => Effect.die(new RangeError("jar broke")),
    remove: () => Effect.die(new RangeError("jar broke"))
  })
)
const dyingTelemetry = Layer.succeed(
  Telemetry,
  Telemetry.of({
    trackEvent: () => Effect.die(new TypeError("tracker is gone")),
    incrementCounter: () => Effect.void,
    recordMetric: () => Effect.void,
    reportError: () => Effect.void
  })
)

export const env = (options: EnvOptions = {}) => {
  const capabilities = Layer.mergeAll(
    MemoryCookies.layer(options.cookies),
    MemoryNavigation.layer(options.url ?? "https://www.example.com/upgrades/robux"),
    MemoryPageLifecycle.layer({
      navigationType: options.navigationType ?? "navigate",
      referrer: options.referrer ?? "https://www.example.com/catalog/1234",
      failSubscribe: options.failSubscribe ?? false
    }),
    MemoryTelemetry.layer(),
    PlatformConfig.layer({ device: { appType: options.appType ?? "None" } }),
    MemoryLogger.layer()
  )
  const overrides = Layer.mergeAll(
    options.cookiesDisabled === true ? deadCookies : options.cookiesDie === true ? dyingCookies : Layer.empty,
    options.trackerDies === true ? dyingTelemetry : Layer.empty
  )
  return PaymentFlow.layer.pipe(Layer.provide(overrides), Layer.provideMerge(capabilities))
}

export const events = Effect.flatMap(MemoryTelemetry, (t) => Effect.map(t.recorded, (r) => r.events))
export const errorLines = Effect.flatMap(MemoryLogger, (l) =>
  Effect.map(l.entries, (entries) => entries.filter((e) => e.level === "Error").map((e) => e.text))
)
export const flowCookies = Effect.flatMap(MemoryCookies, (c) =>
  Effect.map(c.cookies, (all) => all.filter((cookie) => cookie.name === "paymentFlowContext"))
)

export const uuid = "0e5e2f6b-8b8c-4f43-9c1e-7d5a3b2c1a00"
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
