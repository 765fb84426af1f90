/** Test wiring for PlatformHttp: a stub fetch, in-memory storage and recording telemetry. */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { KeyValueStore } from "../../../src/core/browser/KeyValueStore.ts"
import { type ErrorSeverity, Telemetry } from "../../../src/core/browser/Telemetry.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { StubFetch, type StubHandler } from "../../../src/testing/StubFetch.ts"

/** What the recording telemetry saw. */
export interface Recorded {
  readonly errors: Array<{
    error: unknown
    context: Readonly<Record<string, string>> | undefined
    severity?: ErrorSeverity | undefined
  }>
  readonly storage: Map<string, string>
  /** Every storage write, in order. */
  readonly writes: Array<readonly [string, string]>
}

/** PlatformHttp over a stub fetch, with a Map as storage and recording telemetry. */
export const platformHttpLayer = (
  handler: StubHandler,
  config: PlatformConfigInput = {},
  recorded: Recorded = recording()
) =>
  PlatformHttp.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        StubFetch.layer(handler),
        PlatformConfig.layer(config),
        Layer.succeed(KeyValueStore, {
          get: (key) => Effect.sync(() => recorded.storage.get(key)),
          set: (key, value) =>
            Effect.sync(() => void (recorded.writes.push([key, value]), recorded.storage.set(key, value))),
          remove: (key) => Effect.sync(() => void recorded.storage.delete(key))
        }),
        Layer.succeed(Telemetry, {
          trackEvent: () => Effect.void,
          incrementCounter: () => Effect.void,
          recordMetric: () => Effect.void,
          reportError: (error, context, severity) =>
            Effect.sync(() => void recorded.errors.push({ error, context, severity }))
        })
      )
    )
  )

/** A fresh recording. */
export const recording = (): Recorded => ({ errors: [], storage: new Map(), writes: [] })
