/**
 * Links of the app protocol (`roblox://…`, the configured app scheme): the hand-offs to the app inside native app
 * shells (`navigation/chat`, `navigation/content_posts`) and the experience launch of the desktop client protocol
 * (`experiences/start`). Built with the URL API; checked before use with `safeAppTarget` (safeTarget.ts).
 *
 * @module
 */
import type { AppRoute } from "./safeTarget.ts"
import { type QueryPairs, searchParamsOf } from "./query.ts"

/**
 * `{scheme}://{route}?{query}`, the query written by `URLSearchParams`. A scheme the URL parser cannot set (not a
 * scheme name, or a web scheme such as `https`) leaves the placeholder scheme `app`, which no check accepts: such a
 * link is refused when it is checked, never built into something else.
 */
export const appLink = (scheme: string, route: AppRoute, query: QueryPairs): string => {
  const url = new URL(`app://${route}`)
  url.protocol = scheme
  url.search = searchParamsOf(query).toString()
  return url.href
}
