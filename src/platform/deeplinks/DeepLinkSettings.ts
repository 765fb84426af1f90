/**
 * DeepLinkSettings: what the deep-link navigator reads besides PlatformConfig. A `Context.Reference`, so it
 * needs no layer: provide a value (`Effect.provideService(DeepLinkSettings, …)`) only to change the defaults.
 *
 * @module
 */
import * as Context from "effect/Context"
import { defaultParseOptions, type ParseOptions } from "./parseDeepLink.ts"

/** Deep-link settings. */
export interface DeepLinkSettingsShape extends ParseOptions {
  /**
   * Origins allowed besides the service base URLs of PlatformConfig (full URLs are fine: only their origin
   * counts). Web deep links from these origins are followed, and navigation may go to them.
   */
  readonly extraOrigins: ReadonlyArray<string>
}

/** The defaults: app schemes `roblox` and `robloxmobile`, no redirector host, no extra origin. */
export const defaultDeepLinkSettings: DeepLinkSettingsShape = { ...defaultParseOptions, extraOrigins: [] }

/** The deep-link settings in use; {@link defaultDeepLinkSettings} unless provided. */
export const DeepLinkSettings = Context.Reference<DeepLinkSettingsShape>(
  "platform-web-client/platform/deeplinks/DeepLinkSettings",
  { defaultValue: () => defaultDeepLinkSettings }
)
