/**
 * The universal app configuration on the API gateway: the page-heartbeat behaviour (BEAT-1).
 *
 * `GET {apiGateway}/universal-app-configuration/v1/behaviors/page-heartbeat-v2/content` answers the heartbeat
 * settings: `isEnabled`, `rolloutPermille`, `activityTimeoutMs`, `heartbeatPulseIntervalMs`, `workerVersion`. The
 * answer is read leniently (every field optional, unknown fields ignored); the heartbeat fills what is missing
 * with the defaults of BEAT-4, and uses the defaults altogether when the call fails or the answer is empty.
 *
 * One definition drives the client (PageHeartbeat), the emulator and the OpenAPI document. Paths are relative to
 * the API gateway's base URL (`PlatformConfig.baseUrls.apiGateway`).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { api, get, group } from "./definition.ts"

/** The path of the page-heartbeat behaviour on the API gateway. */
export const pageHeartbeatConfigPath = "/universal-app-configuration/v1/behaviors/page-heartbeat-v2/content"

/** A non-negative integer. */
const Count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** The page-heartbeat behaviour as served; every field may be missing. */
export const PageHeartbeatContent = Schema.Struct({
  isEnabled: Schema.optionalKey(Schema.Boolean),
  /** Users with `userId mod 1000` below this take part (0–1000). */
  rolloutPermille: Schema.optionalKey(Count.check(Schema.isLessThanOrEqualTo(1000))),
  /** User activity older than this does not count (ms, > 0). */
  activityTimeoutMs: Schema.optionalKey(Count.check(Schema.isGreaterThan(0))),
  /** The time between pulses (ms, > 0). */
  heartbeatPulseIntervalMs: Schema.optionalKey(Count.check(Schema.isGreaterThan(0))),
  /** The worker script's version (≥ 1). */
  workerVersion: Schema.optionalKey(Count.check(Schema.isGreaterThan(0)))
})

/** The type of {@link PageHeartbeatContent}. */
export type PageHeartbeatContent = typeof PageHeartbeatContent.Type

/** `GET /universal-app-configuration/v1/behaviors/page-heartbeat-v2/content`. */
export const getPageHeartbeatConfig = get("getPageHeartbeatConfig", pageHeartbeatConfigPath, {
  success: PageHeartbeatContent
})

/** The app-configuration endpoints. */
export const AppConfigGroup = group("appConfig", getPageHeartbeatConfig)

/** The universal app configuration as an API of its own. */
export const AppConfigApi = api("appConfig", { title: "Universal app configuration", version: "v1" }, AppConfigGroup)
