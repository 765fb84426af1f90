/**
 * Where a request goes and where a response came from, as the pipeline's trust decisions need it: the host and
 * whether it is one of the platform's own hosts (PlatformConfig.platformHosts, see ../config/platformHosts.ts).
 *
 * A URL is resolved exactly as fetch resolves it (the WHATWG URL parser, relative URLs against the document's base
 * URL: ../browser/pageBaseUrl.ts), never with a regular expression. The answer for an absolute URL depends on the
 * URL string alone, so each pipeline keeps a small memo of them: every rule of every send asks, and a URL is parsed
 * once however many rules and sends ask about it (at most `capacity` URLs are kept, then the memo starts over). A
 * relative URL is resolved anew each time (the base may change).
 *
 * @module
 */
import { pageBaseUrl } from "../browser/pageBaseUrl.ts"
import { platformUrlCheck } from "../config/platformHosts.ts"
import type { HttpResponse } from "./response.ts"

/** Where a URL goes. */
export interface UrlTarget {
  /** The host name as the browser sends it (lower case, punycode); undefined when the URL cannot be resolved. */
  readonly host: string | undefined
  /** True when the URL is on one of the platform's own hosts. */
  readonly platform: boolean
  /** True when the URL carries a user name or password (which fetch refuses to send). */
  readonly userInfo: boolean
}

/** Classifies URLs (memoised); see the module doc. */
export type Targets = (url: string) => UrlTarget

const unresolved: UrlTarget = { host: undefined, platform: false, userInfo: false }

/** The memoised classifier of one pipeline, for the platform-host `entries`. */
export const makeTargets = (entries: ReadonlyArray<string>, capacity = 256): Targets => {
  const isPlatform = platformUrlCheck(entries)
  const classify = (url: URL): UrlTarget => ({
    host: url.hostname,
    platform: isPlatform(url),
    userInfo: url.username !== "" || url.password !== ""
  })
  const memo = new Map<string, UrlTarget>()
  return (url) => {
    let target = memo.get(url)
    if (target !== undefined) return target
    if (!URL.canParse(url)) {
      // relative: resolved against the document's base URL as it is now (not memoised: the base may change)
      const base = pageBaseUrl()
      return URL.canParse(url, base) ? classify(new URL(url, base)) : unresolved
    }
    target = classify(new URL(url))
    if (memo.size >= capacity) memo.clear()
    memo.set(url, target)
    return target
  }
}

/**
 * True when a response comes from a platform host: its request went to one, and the URL the response actually
 * came from (`Response.url`: after any redirect fetch followed) is one too. A response without a URL of its own
 * (a Response built by a stub fetch) is judged by its request. Ask only about responses that carry something to
 * trust (a token, a challenge): the final URL is one more URL to parse.
 */
export const fromPlatform = (targets: Targets, response: HttpResponse): boolean =>
  targets(response.request.url).platform && (response.url === "" || targets(response.url).platform)
