/**
 * Support links open in a new tab (LINK-2, LINK-3): help-centre articles by locale and article id, and
 * support links, which must be http(s) on the help desk's host (a known domain).
 *
 * The help desk origin comes from {@link HelpDeskOrigin} when provided, else from the www base URL:
 * `https://www.example.com` gives `https://help.example.com`, and a www host without a `www.` label (a local
 * emulator) serves the help centre itself.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { Navigation } from "../../core/browser/Navigation.ts"
import { PlatformConfig, type PlatformConfigShape } from "../../core/config/PlatformConfig.ts"
import { helpCenterUrl, supportLink } from "./helpLinks.ts"
import type { LinkError } from "./LinkError.ts"

/** The help desk's origin, when it is not derived from the www base URL. */
export const HelpDeskOrigin = Context.Reference<string | undefined>(
  "platform-web-client/platform/links/HelpDeskOrigin",
  { defaultValue: () => undefined }
)

/** The help desk origin derived from a configuration's www base URL. */
export const helpDeskOriginOf = (config: PlatformConfigShape): string => {
  try {
    const www = new URL(config.baseUrls.www)
    if (www.hostname.startsWith("www.")) www.hostname = `help.${www.hostname.slice(4)}`
    return www.origin
  } catch {
    return config.baseUrls.www
  }
}

/** The help desk origin in use. */
export const helpDeskOrigin: Effect.Effect<string, never, PlatformConfig> = Effect.gen(function* () {
  const configured = yield* HelpDeskOrigin
  return configured ?? helpDeskOriginOf(yield* PlatformConfig)
})

const openResult = (url: Result.Result<string, LinkError>) =>
  Result.isSuccess(url) ? Navigation.use((n) => n.openInNewTab(url.success)) : Effect.fail(url.failure)

/** Open a help-centre article (or the help centre's home without an id) in a new tab. */
export const openHelpArticle = (
  locale: string | null | undefined,
  articleId?: string | number | null
): Effect.Effect<void, LinkError, PlatformConfig | Navigation> =>
  Effect.flatMap(helpDeskOrigin, (desk) => openResult(helpCenterUrl(desk, locale, articleId)))

/** Open a support link in a new tab, when it is http(s) on the help desk's host. */
export const openSupportLink = (url: string): Effect.Effect<void, LinkError, PlatformConfig | Navigation> =>
  Effect.flatMap(helpDeskOrigin, (desk) => openResult(supportLink(url, desk)))
