/**
 * The demo's configuration: where the emulator is, read from `/emulator-config.json` on the page's own origin
 * (the Vite dev server asks the emulator for it; the emulator's www origin serves it itself).
 *
 * @module
 */
import { Context, Effect, Schema } from "effect"
import { EmulatorConfig } from "../../emulator/admin/AdminApi.ts"

/** The emulator's configuration, as a service of the demo. */
export class DemoConfig extends Context.Service<DemoConfig, EmulatorConfig>()("demo/DemoConfig") {}

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
