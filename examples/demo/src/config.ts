/**
 * What the demo needs to know besides its page's tags: where the emulator's admin API is (for the request
 * inspector), read from `/emulator-config.json` on the page's own origin (the emulator's www origin serves it; the
 * Vite dev server asks the emulator for it). Everything about the platform itself (where the services are, the
 * signed-in user, request signing) the library reads from the page's `<meta>` tags, as on a real page.
 *
 * @module
 */
import { Effect, Schema } from "effect"

/** The part of the emulator's configuration the demo reads. */
export const DemoEmulator = Schema.Struct({
  /** Base URL of the emulator's admin API (`{origin}/admin`). */
  adminUrl: Schema.String
})

/** The type of {@link DemoEmulator}. */
export type DemoEmulator = typeof DemoEmulator.Type

/** The configuration could not be loaded: the emulator is not running, or answered something else. */
export class ConfigUnavailable extends Schema.TaggedError<ConfigUnavailable>()("ConfigUnavailable", {
  detail: Schema.String
}) {
  override get message(): string {
    return `Cannot reach the emulator (${this.detail}). Start it with: npm start`
  }
}

/** Fetch and decode `/emulator-config.json`. */
export const loadConfig: Effect.Effect<DemoEmulator, ConfigUnavailable> = Effect.tryPromise({
  try: () => fetch("/emulator-config.json").then((response) => response.json()),
  catch: (cause) => new ConfigUnavailable({ detail: String(cause) })
}).pipe(
  Effect.flatMap(Schema.decodeUnknownEffect(DemoEmulator)),
  Effect.mapError((error) =>
    error._tag === "ConfigUnavailable" ? error : new ConfigUnavailable({ detail: "unexpected configuration" })
  )
)
