/**
 * The page heartbeat's configuration (BEAT-1 to BEAT-4), from three sources, each field taken from
 * the first that gives it a valid value:
 *
 * 1. the universal app configuration (`GET {apiGateway}/universal-app-configuration/v1/behaviors/page-heartbeat-v2/content`),
 *    the platform's live, rollout-controlled setting;
 * 2. the page's metadata (BEAT-3), for what the call does not give
 *    (it failed, answered nothing, or left a field out):
 *
 *    | `<meta name="page-heartbeat">` attribute | value | field |
 *    |---|---|---|
 *    | `data-is-enabled` | `true` or `false` (any case) | `isEnabled` |
 *    | `data-rollout-permille` | integer 0–1000 | `rolloutPermille` |
 *    | `data-activity-timeout-ms` | integer > 0 | `activityTimeoutMs` |
 *    | `data-heartbeat-pulse-interval-ms` | integer > 0 | `heartbeatPulseIntervalMs` |
 *    | `data-worker-version` | integer > 0 | `workerVersion` |
 *
 * 3. the defaults of BEAT-4 — pulse every 20,000 ms, activity timeout 600,000 ms, rollout 1000 per mille, worker version 1
 *    ({@link HeartbeatDefaults}).
 *
 * So the call wins over the page and the page over the defaults: a page can ship its settings (and keep them when the
 * gateway is down) while the platform's configuration can still turn the heartbeat off for everyone. Every source
 * is read field by field with the call's field schemas: a field that is missing or blank keeps the value below it
 * silently; one that is present but invalid keeps it and logs a Warning naming the field (the metadata's: the tag
 * and the attribute, never the value). A failed call logs one Warning. `isEnabled` has no default in the spec: it
 * defaults to true, since the spec's other defaults (a rollout of 1000 ‰) describe a heartbeat that runs for
 * everyone.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { type MetaData, PageMetadata } from "../../core/browser/PageMetadata.ts"
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

/** The spec's defaults (BEAT-4), `isEnabled` chosen as documented in the module doc. */
export const defaultHeartbeatConfig: HeartbeatConfig = {
  isEnabled: true,
  rolloutPermille: 1000,
  activityTimeoutMs: 600_000,
  heartbeatPulseIntervalMs: 20_000,
  workerVersion: 1
}

/** The defaults used for what neither the call nor the page gives; provide another value to change them. */
export const HeartbeatDefaults = Context.Reference<HeartbeatConfig>(
  "platform-web-client/platform/heartbeat/HeartbeatDefaults",
  {
    defaultValue: () => defaultHeartbeatConfig
  }
)

const fieldNames = [
  "isEnabled",
  "rolloutPermille",
  "activityTimeoutMs",
  "heartbeatPulseIntervalMs",
  "workerVersion"
] as const

type FieldName = (typeof fieldNames)[number]

/** `base` with the valid fields of `values` over it; `invalid` is the Warning of a field present but invalid. */
const overlay = (
  base: HeartbeatConfig,
  values: Readonly<Record<string, unknown>>,
  invalid: (name: FieldName) => string
): Effect.Effect<HeartbeatConfig> =>
  Effect.gen(function* () {
    const out: { -readonly [K in keyof HeartbeatConfig]: HeartbeatConfig[K] } = { ...base }
    for (const name of fieldNames) {
      if (!Object.hasOwn(values, name) || values[name] === undefined || values[name] === null) continue
      const decoded = Schema.decodeUnknownOption(PageHeartbeatContent.fields[name])(values[name])
      if (decoded._tag === "Some") (out as Record<string, unknown>)[name] = decoded.value
      else yield* Effect.logWarning(invalid(name))
    }
    return out
  })

/** The configuration an answer of the call gives, field by field over `base` (see the module doc). Never fails. */
export const decodeHeartbeatConfig = (answer: unknown, base: HeartbeatConfig): Effect.Effect<HeartbeatConfig> => {
  if (answer === undefined || answer === null) return Effect.succeed(base)
  if (typeof answer !== "object" || Array.isArray(answer)) {
    return Effect.as(Effect.logWarning("Page heartbeat config is not an object; using the defaults"), base)
  }
  return overlay(
    base,
    answer as Record<string, unknown>,
    (name) => `Page heartbeat config field ${name} is invalid; using the default`
  )
}

/** The `<meta>` tag whose data attributes carry the page's heartbeat settings. */
export const heartbeatMetaTag = "page-heartbeat"

/** The data attribute of each setting on {@link heartbeatMetaTag}. */
export const heartbeatMetaAttributes: { readonly [K in FieldName]: string } = {
  isEnabled: "data-is-enabled",
  rolloutPermille: "data-rollout-permille",
  activityTimeoutMs: "data-activity-timeout-ms",
  heartbeatPulseIntervalMs: "data-heartbeat-pulse-interval-ms",
  workerVersion: "data-worker-version"
}

/** An attribute's text as the call would send the value: a boolean, a number of digits, or the text itself. */
const fromText = (name: FieldName, text: string): unknown => {
  if (name === "isEnabled") {
    const lower = text.toLowerCase()
    return lower === "true" ? true : lower === "false" ? false : text
  }
  return /^\d{1,15}$/.test(text) ? Number(text) : text
}

/**
 * `base` with the settings of the page's {@link heartbeatMetaTag} tag over it (see the module doc). `data` is the
 * tag's data attributes as `dataset` keys them (`data-rollout-permille` → `rolloutPermille`). Never fails.
 */
export const applyHeartbeatMetadata = (
  base: HeartbeatConfig,
  data: MetaData | undefined
): Effect.Effect<HeartbeatConfig> => {
  if (data === undefined) return Effect.succeed(base)
  const values: Record<string, unknown> = {}
  for (const name of fieldNames) {
    const text = Object.hasOwn(data, name) ? data[name]?.trim() : undefined
    if (text !== undefined && text !== "") values[name] = fromText(name, text)
  }
  return overlay(
    base,
    values,
    (name) =>
      `Page metadata <meta name="${heartbeatMetaTag}"> ${heartbeatMetaAttributes[name]} is malformed; using the default`
  )
}

/**
 * The configuration: the call's answer over the page's metadata over the defaults (see the module doc). The call's
 * failure is one Warning; the page's settings (or the defaults) are then used.
 */
export const fetchHeartbeatConfig: Effect.Effect<HeartbeatConfig, never, PlatformHttp | PageMetadata> = Effect.gen(
  function* () {
    const http = yield* PlatformHttp
    const page = yield* applyHeartbeatMetadata(
      yield* HeartbeatDefaults,
      yield* (yield* PageMetadata).get(heartbeatMetaTag)
    )
    return yield* http
      .get({ service: "apiGateway", path: pageHeartbeatConfigPath }, { operation: "getPageHeartbeatConfig" })
      .pipe(
        Effect.matchEffect({
          onFailure: (error) =>
            Effect.as(
              Effect.logWarning(
                `Page heartbeat config unavailable (${error._tag}); using the page's settings or the defaults`
              ),
              page
            ),
          onSuccess: (answer) => decodeHeartbeatConfig(answer, page)
        })
      )
  }
)

/** The rollout rule (BEAT-5): a signed-in user whose `userId mod 1000` is below `rolloutPermille`. */
export const inHeartbeatRollout = (userId: number, rolloutPermille: number): boolean => userId % 1000 < rolloutPermille
