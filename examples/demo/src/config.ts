/**
 * The demo's configuration: where the emulator is, read from `/emulator-config.json` on the page's own origin
 * (the Vite dev server asks the emulator for it; the emulator's www origin serves it itself), and the library's
 * PlatformConfig made from it.
 *
 * @module
 */
import { Effect, Schema } from "effect"
import type { PlatformConfigInput } from "platform-web-client"
import { EmulatorConfig } from "../../../src/emulator/admin/AdminApi.ts"

/** The configuration could not be loaded: the emulator is not running, or answered something else. */
export class ConfigUnavailable extends Schema.TaggedError<ConfigUnavailable>()("ConfigUnavailable", {
  detail: Schema.String
}) {
  override get message(): string {
    return `Cannot reach the emulator (${this.detail}). Start it with: npm start`
  }
}

/** Fetch and decode `/emulator-config.json`. */
export const loadConfig: Effect.Effect<EmulatorConfig, ConfigUnavailable> = Effect.tryPromise({
  try: () => fetch("/emulator-config.json").then((response) => response.json()),
  catch: (cause) => new ConfigUnavailable({ detail: String(cause) })
}).pipe(
  Effect.flatMap(Schema.decodeUnknownEffect(EmulatorConfig)),
  Effect.mapError((error) => error._tag === "ConfigUnavailable" ? error : new ConfigUnavailable({ detail: "unexpected configuration" }))
)

/**
 * The PlatformConfig of a page on the emulator: its services' URLs, its signed-in user (or a guest), and the
 * retry-attempt header on re-sent requests (the inspector marks retries with it).
 */
export const emulatorPlatformConfig = (config: EmulatorConfig): PlatformConfigInput => ({
  baseUrls: config.baseUrls,
  user: { id: config.defaultUserId ?? undefined, authenticated: config.defaultUserId !== null },
  retryAttemptHeader: true
})
