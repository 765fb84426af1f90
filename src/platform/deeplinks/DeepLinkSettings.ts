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
   * Origins whose web deep links are read besides the www origin's (full URLs are fine: only their origin counts),
   * such as the bare domain `https://example.com`: their path is followed on the www origin. Navigation itself never
   * leaves the www origin.
   */
  readonly linkOrigins: ReadonlyArray<string>
}

/** The defaults: app schemes `roblox` and `robloxmobile`, no redirector host, no other link origin. */
export const defaultDeepLinkSettings: DeepLinkSettingsShape = { ...defaultParseOptions, linkOrigins: [] }

/** The deep-link settings in use; {@link defaultDeepLinkSettings} unless provided. */
export const DeepLinkSettings = Context.Reference<DeepLinkSettingsShape>(
  "platform-web-client/platform/deeplinks/DeepLinkSettings",
  { defaultValue: () => defaultDeepLinkSettings }
)
