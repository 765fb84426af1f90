/**
 * The page heartbeat's configuration (platform-features §3, §7, §9): read from the universal app configuration
 * (`GET {apiGateway}/universal-app-configuration/v1/behaviors/page-heartbeat-v2/content`), with the §9 defaults
 * — pulse every 20,000 ms, activity timeout 600,000 ms, rollout 1000 per mille, worker version 1 — when the call
 * fails or answers nothing.
 *
 * Decoding is field by field: a field that is missing keeps its default silently; a field that is present but
 * invalid keeps its default and logs a Warning naming it. A failed call logs one Warning and uses every default.
 * `isEnabled` has no default in the spec: it defaults to true, since the spec's other defaults (a rollout of
 * 1000 ‰) describe a heartbeat that runs for everyone; provide {@link HeartbeatDefaults} to change it.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { PlatformHttp } from "../../core/http/PlatformHttp.ts"
import { PageHeartbeatContent, pageHeartbeatConfigPath } from "../api/appConfig.ts"

/** The heartbeat configuration with every field known. */
export interface HeartbeatConfig {
  readonly isEnabled: boolean
  /** Users with `userId mod 1000` below this take part (0–1000). */
  readonly rolloutPermille: number
  /** An activity older than this (ms) does not count. */
  readonly activityTimeoutMs: number
  /** The time between pulses (ms). */
  readonly heartbeatPulseIntervalMs: number
  /** The pulse worker script's version. */
  readonly workerVersion: number
}

/** The spec's defaults (§9), `isEnabled` chosen as documented in the module doc. */
export const defaultHeartbeatConfig: HeartbeatConfig = {
  isEnabled: true,
  rolloutPermille: 1000,
  activityTimeoutMs: 600_000,
  heartbeatPulseIntervalMs: 20_000,
  workerVersion: 1
}

/** The defaults used for missing or invalid fields and failed calls; provide another value to change them. */
export const HeartbeatDefaults = Context.Reference<HeartbeatConfig>("platform-web-client/platform/heartbeat/HeartbeatDefaults", {
  defaultValue: () => defaultHeartbeatConfig
})

const fieldNames = ["isEnabled", "rolloutPermille", "activityTimeoutMs", "heartbeatPulseIntervalMs", "workerVersion"] as const

/** The configuration an answer gives, field by field over `defaults` (see the module doc). Never fails. */
export const decodeHeartbeatConfig = (answer: unknown, defaults: HeartbeatConfig): Effect.Effect<HeartbeatConfig> =>
  Effect.gen(function*() {
    const out: { -readonly [K in keyof HeartbeatConfig]: HeartbeatConfig[K] } = { ...defaults }
    if (answer === undefined || answer === null) return out
    if (typeof answer !== "object" || Array.isArray(answer)) {
      yield* Effect.logWarning("Page heartbeat config is not an object; using the defaults")
      return out
    }
    const record = answer as Record<string, unknown>
    for (const name of fieldNames) {
      if (!(name in record) || record[name] === undefined || record[name] === null) continue
      const decoded = Schema.decodeUnknownOption(PageHeartbeatContent.fields[name])(record[name])
      if (decoded._tag === "Some") (out as Record<string, unknown>)[name] = decoded.value
      else yield* Effect.logWarning(`Page heartbeat config field ${name} is invalid; using the default`)
    }
    return out
  })

/** Fetch the configuration through PlatformHttp; the defaults when the call fails or answers nothing. */
export const fetchHeartbeatConfig: Effect.Effect<HeartbeatConfig, never, PlatformHttp> = Effect.gen(function*() {
  const http = yield* PlatformHttp
  const defaults = yield* HeartbeatDefaults
  return yield* http.get({ service: "apiGateway", path: pageHeartbeatConfigPath }, { operation: "getPageHeartbeatConfig" }).pipe(
    Effect.matchEffect({
      onFailure: (error) =>
        Effect.as(Effect.logWarning(`Page heartbeat config unavailable (${error._tag}); using the defaults`), defaults),
      onSuccess: (answer) => decodeHeartbeatConfig(answer, defaults)
    })
  )
})

/** The rollout rule (§4): a signed-in user whose `userId mod 1000` is below `rolloutPermille`. */
export const inHeartbeatRollout = (userId: number, rolloutPermille: number): boolean => userId % 1000 < rolloutPermille
