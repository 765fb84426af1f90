/**
 * Where a request goes and where a response came from, as the pipeline's trust decisions need it: the host and
 * whether it is one of the platform's own hosts (PlatformConfig.platformHosts, see ../config/platformHosts.ts).
 *
 * A URL is resolved exactly as the transport resolves it (`Url.make`, the function effect/http's clients use:
 * the WHATWG URL parser, relative URLs against the page), never with a regular expression. The answer depends on
 * the URL string alone, so each pipeline keeps a small memo: every rule of every send asks, and a URL is parsed
 * once however many rules and sends ask about it (at most `capacity` URLs are kept, then the memo starts over).
 *
 * @module
 */
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Url from "effect/http/Url"
import * as UrlParams from "effect/http/UrlParams"
import * as Result from "effect/Result"
import { platformUrlCheck } from "../config/platformHosts.ts"

/** Where a URL goes. */
export interface UrlTarget {
  /** The host name as the browser sends it (lower case, punycode); undefined when the URL cannot be resolved. */
  readonly host: string | undefined
  /** True when the URL is on one of the platform's own hosts. */
  readonly platform: boolean
}

/** Classifies URLs (memoised); see the module doc. */
export type Targets = (url: string) => UrlTarget

const unresolved: UrlTarget = { host: undefined, platform: false }

/** The memoised classifier of one pipeline, for the platform-host `entries`. */
export const makeTargets = (entries: ReadonlyArray<string>, capacity = 256): Targets => {
  const isPlatform = platformUrlCheck(entries)
  const memo = new Map<string, UrlTarget>()
  return (url) => {
    let target = memo.get(url)
    if (target === undefined) {
      const parsed = Url.make(url, UrlParams.empty, undefined)
      target = Result.isFailure(parsed)
        ? unresolved
        : { host: parsed.success.hostname, platform: isPlatform(parsed.success) }
      if (memo.size >= capacity) memo.clear()
      memo.set(url, target)
    }
    return target
  }
}

/**
 * True when a response comes from a platform host: its request went to one, and the URL the response actually
 * came from (`Response.url`: after any redirect fetch followed) is one too. A response without a URL of its own
 * (one built in a test, or by another HttpClient) is judged by its request. Ask only about responses that carry
 * something to trust (a token, a challenge): the final URL is one more URL to parse.
 */
export const fromPlatform = (targets: Targets, response: HttpClientResponse.HttpClientResponse): boolean => {
  if (!targets(response.request.url).platform) return false
  const web = HttpClientResponse.toWeb(response)
  return web._tag === "None" || web.value.url === "" || targets(web.value.url).platform
}
