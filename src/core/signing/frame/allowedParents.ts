/**
 * Which parent origins the frame side answers (./frameSide.ts). A parent may have the frame sign requests with the
 * www origin's key, so the rule is narrow:
 *
 * - an exact origin listed for the frame (`allowedParentOrigins`: the frame page's
 *   `<meta name="hba-frame" data-allowed-parent-origins>`, e.g. the emulator's page origins or a local app); or
 * - an https origin on the default port whose host is STRICTLY under one of the platform's domains (the domain
 *   suffix entries of `PlatformConfig.platformHosts`): `https://create.example.com` for `example.com`, never the bare
 *   `https://example.com`, never `http:`, never another port, never an origin entry of `platformHosts` (those are
 *   listed explicitly or not at all). This is where the site's pages live; a host on another domain, a look-alike
 *   (`create.example.com.evil.net`, `evilexample.com`) or an opaque origin (`null`, sandboxed frames) is refused.
 *
 * Origins are compared as the browser serialises them (`event.origin`); anything that is not an exact origin is
 * refused.
 *
 * @module
 */
import { isExactOrigin } from "../../browser/Frames.ts"
import { hostMatchesSuffix, type PlatformConfigShape } from "../../config/PlatformConfig.ts"

/** The host name of a domain suffix entry as the URL parser writes it, or undefined. */
const domainOf = (entry: string): string | undefined => {
  const bare = entry.replace(/^\./, "").replace(/\.$/, "")
  return bare !== "" && URL.canParse(`https://${bare}/`) ? new URL(`https://${bare}/`).hostname : undefined
}

/** True when `host` is a sub-domain of one of the domain suffix entries of `platformHosts` (not the domain itself). */
const strictlyUnderPlatform = (host: string, platformHosts: ReadonlyArray<string>): boolean =>
  platformHosts.some((entry) => {
    if (entry.includes("://")) return false
    const domain = domainOf(entry)
    return domain !== undefined && host !== domain && hostMatchesSuffix(host, [domain])
  })

/** The parent-origin rule of the frame side (see the module doc). */
export const allowedParent =
  (config: PlatformConfigShape, allowedParentOrigins: ReadonlyArray<string> = []) =>
  (origin: string): boolean => {
    if (!isExactOrigin(origin)) return false
    if (allowedParentOrigins.includes(origin)) return true
    const url = new URL(origin)
    return url.protocol === "https:" && url.port === "" && strictlyUnderPlatform(url.hostname, config.platformHosts)
  }
