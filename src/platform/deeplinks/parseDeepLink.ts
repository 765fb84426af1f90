/**
 * The deep-link parser: any string in, a {@link DeepLink} (path segments, query parameters, original URL) or a
 * {@link DeepLinkError} out. It never throws and never touches the page.
 *
 * Forms understood:
 * - web URLs, `http:` and `https:` (`https://www.example.com/games/1?privateServerLinkCode=x`), also pasted
 *   without a scheme (`www.example.com/home` is read as `https://www.example.com/home`) or as a path (`/home`,
 *   `origin` is then undefined);
 * - app-scheme URLs (`roblox://navigation/home`, `roblox:navigation/home`): the part after `//` is the path, so
 *   `navigation` is the first path segment;
 * - app-scheme URLs without a path, whose "host" is a query (`roblox://placeId=1&launchData=x`): its parameters go
 *   into `queryParams` and there are no path segments;
 * - share URLs (`https://www.example.com/share?code=…&type=…`): ordinary web URLs, classified later;
 * - links wrapped in a redirector's query (`https://go.example.com/x?af_dp=roblox%253A%252F%252F…`), URL-encoded
 *   once or twice: on a configured redirector host the first configured parameter holding a parsable link wins,
 *   up to {@link maxRedirectDepth} redirectors deep.
 *
 * Refused: empty or over-long input, control and invisible format characters (`hasHiddenCharacter` of
 * links/safeTarget.ts, after white space at the ends is trimmed), protocol-relative links, credentials, host names over
 * 255 characters, bad `%` escapes in the path, and every other scheme (`javascript:`, `data:`, `vbscript:` …).
 * Query values are decoded as forms are (`+` is a space; a bad `%` escape is kept as written); when a parameter is
 * repeated the first value wins.
 *
 * This module is deliberately plain functions over the platform's URL parser (one small tagged error and `Result`
 * from Effect): it is meant to stay small in a bundle.
 *
 * @module
 */
import * as Result from "effect/Result"
import { maxHostNameLength } from "../../core/http/hostName.ts"
import { hasHiddenCharacter } from "../links/safeTarget.ts"
import { type DeepLinkError, deepLinkError, maxDeepLinkLength } from "./DeepLinkError.ts"

/** A parsed link. */
export interface DeepLink {
  /** The string given to the parser, unchanged. */
  readonly url: string
  /** The link that was read: `url` trimmed, with a scheme added when it had none, unwrapped from redirectors. */
  readonly link: string
  /** Lower-case scheme without `:` (`https`, `roblox`); `""` for a path-only link. */
  readonly scheme: string
  /** `app` for a configured app scheme, `web` for http(s) URLs and paths. */
  readonly form: "web" | "app"
  /** The origin of a web URL (`https://www.example.com`); undefined for app links and paths. */
  readonly origin: string | undefined
  /** Non-empty path segments, percent-decoded. */
  readonly pathSegments: ReadonlyArray<string>
  /** Query parameters (own properties only; the first of repeated keys wins). */
  readonly queryParams: Readonly<Record<string, string>>
  /** The fragment with its `#` (`#!/forums/1/post/2/comment/3`), or `""`. */
  readonly hash: string
  /** The redirector hosts the link was unwrapped from, outermost first. */
  readonly redirectedBy: ReadonlyArray<string>
}

/** Options of {@link parseDeepLink}. */
export interface ParseOptions {
  /** App schemes, lower case without `:`. */
  readonly appSchemes: ReadonlyArray<string>
  /** Hosts (lower case, exact) whose links wrap another link in their query. */
  readonly redirectorHosts: ReadonlyArray<string>
  /** Query parameters of a redirector that may hold the wrapped link, in order of preference. */
  readonly redirectorParams: ReadonlyArray<string>
}

/** The platform's app schemes: `roblox` and the legacy `robloxmobile`. */
export const defaultAppSchemes: ReadonlyArray<string> = ["roblox", "robloxmobile"]

/** The redirector parameters read by default: the app deep link (`af_dp`), then the web fallback (`af_web_dp`). */
export const defaultRedirectorParams: ReadonlyArray<string> = ["af_dp", "af_web_dp"]

/** Defaults: the platform's app schemes, no redirector host, the usual redirector parameters. */
export const defaultParseOptions: ParseOptions = {
  appSchemes: defaultAppSchemes,
  redirectorHosts: [],
  redirectorParams: defaultRedirectorParams
}

/** How many redirectors deep a link is unwrapped. */
export const maxRedirectDepth = 3

const schemePattern = /^([a-zA-Z][a-zA-Z0-9+.-]*):/
const bareHostPattern =
  /^[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*\.[a-zA-Z]{2,}(?::\d{1,5})?(?:[/?#]|$)/

type Parsed = Result.Result<DeepLink, DeepLinkError>

const fail = (reason: DeepLinkError["reason"], detail?: string): Parsed => Result.fail(deepLinkError(reason, detail))

/** Decode one path segment; undefined when its `%` escapes are malformed. */
const decodeSegment = (segment: string): string | undefined => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}

const segmentsOf = (path: string): Array<string> | undefined => {
  const out: Array<string> = []
  for (const raw of path.split("/")) {
    if (raw === "") continue
    const decoded = decodeSegment(raw)
    if (decoded === undefined) return undefined
    out.push(decoded)
  }
  return out
}

/** Query parameters of one or more query strings, first value of a key wins, as own properties. */
const queryOf = (...queries: ReadonlyArray<string>): Readonly<Record<string, string>> => {
  const entries: Array<[string, string]> = []
  const seen = new Set<string>()
  for (const query of queries) {
    for (const [key, value] of new URLSearchParams(query)) {
      if (seen.has(key)) continue
      seen.add(key)
      entries.push([key, value])
    }
  }
  return Object.fromEntries(entries)
}

/** A wrapped link decoded until it starts with a scheme or a path (at most twice more than the query did). */
const unwrapValue = (value: string): string | undefined => {
  let v = value.trim()
  for (let i = 0; i < 3; i++) {
    if (schemePattern.test(v) || v.startsWith("/")) return v
    try {
      const next = decodeURIComponent(v)
      if (next === v) return v
      v = next.trim()
    } catch {
      return undefined
    }
  }
  return v
}

const parseApp = (
  url: string,
  link: string,
  scheme: string,
  rest: string,
  redirectedBy: ReadonlyArray<string>
): Parsed => {
  let body = rest.startsWith("//") ? rest.slice(2) : rest
  const hashAt = body.indexOf("#")
  const hash = hashAt === -1 ? "" : body.slice(hashAt)
  if (hashAt !== -1) body = body.slice(0, hashAt)
  const queryAt = body.indexOf("?")
  const path = queryAt === -1 ? body : body.slice(0, queryAt)
  const query = queryAt === -1 ? "" : body.slice(queryAt + 1)
  const first = path.split("/")[0] ?? ""
  if (first.includes("=")) {
    // the form without a path: the "host" is a query (`roblox://placeId=1&launchData=…`)
    return Result.succeed({
      url,
      link,
      scheme,
      form: "app",
      origin: undefined,
      pathSegments: [],
      queryParams: queryOf(path, query),
      hash,
      redirectedBy
    })
  }
  const pathSegments = segmentsOf(path)
  if (pathSegments === undefined) return fail("MalformedEncoding", "path")
  return Result.succeed({
    url,
    link,
    scheme,
    form: "app",
    origin: undefined,
    pathSegments,
    queryParams: queryOf(query),
    hash,
    redirectedBy
  })
}

const parseWeb = (url: string, link: string, options: ParseOptions, redirectedBy: ReadonlyArray<string>): Parsed => {
  let parsed: URL
  try {
    parsed = new URL(link)
  } catch {
    return fail("Malformed")
  }
  if (parsed.username !== "" || parsed.password !== "") return fail("Credentials")
  const host = parsed.hostname.toLowerCase()
  if (host === "") return fail("Malformed", "host")
  if (host.length > maxHostNameLength) return fail("HostTooLong")
  if (options.redirectorHosts.includes(host)) {
    if (redirectedBy.length >= maxRedirectDepth) return fail("UnsupportedRedirect", "depth")
    for (const name of options.redirectorParams) {
      const value = parsed.searchParams.get(name)
      if (value === null) continue
      const inner = unwrapValue(value)
      if (inner === undefined) continue
      const result = parseString(url, inner, options, [...redirectedBy, host])
      if (Result.isSuccess(result)) return result
    }
    return fail("UnsupportedRedirect", host)
  }
  const pathSegments = segmentsOf(parsed.pathname)
  if (pathSegments === undefined) return fail("MalformedEncoding", "path")
  return Result.succeed({
    url,
    link,
    scheme: parsed.protocol.slice(0, -1),
    form: "web",
    origin: parsed.origin,
    pathSegments,
    queryParams: queryOf(parsed.search),
    hash: parsed.hash,
    redirectedBy
  })
}

const parsePath = (url: string, link: string, redirectedBy: ReadonlyArray<string>): Parsed => {
  let parsed: URL
  try {
    parsed = new URL(link, "https://path.invalid")
  } catch {
    return fail("Malformed")
  }
  if (parsed.host !== "path.invalid") return fail("ProtocolRelative")
  const pathSegments = segmentsOf(parsed.pathname)
  if (pathSegments === undefined) return fail("MalformedEncoding", "path")
  return Result.succeed({
    url,
    link,
    scheme: "",
    form: "web",
    origin: undefined,
    pathSegments,
    queryParams: queryOf(parsed.search),
    hash: parsed.hash,
    redirectedBy
  })
}

const parseString = (
  url: string,
  input: string,
  options: ParseOptions,
  redirectedBy: ReadonlyArray<string>
): Parsed => {
  const link = input.trim()
  if (link === "") return fail("Empty")
  if (link.length > maxDeepLinkLength) return fail("TooLong")
  if (hasHiddenCharacter(link)) return fail("Malformed", "control characters")
  // `//host`, `\\host`, `/\host`, `\/host`: browsers read all of them as another host
  if (/^[/\\]{2}/.test(link)) return fail("ProtocolRelative")
  const scheme = schemePattern.exec(link)
  if (scheme === null) {
    if (link.startsWith("/")) return parsePath(url, link, redirectedBy)
    if (bareHostPattern.test(link)) return parseWeb(url, `https://${link}`, options, redirectedBy)
    return fail("Malformed")
  }
  const name = scheme[1]!.toLowerCase()
  if (name === "http" || name === "https") {
    // `https:/\evil.net`, `https:evil.net`: not a plain `scheme://host` URL
    if (!/^[a-zA-Z]+:\/\/[^/\\]/.test(link)) return fail("Malformed", "authority")
    return parseWeb(url, link, options, redirectedBy)
  }
  if (options.appSchemes.includes(name)) return parseApp(url, link, name, link.slice(scheme[0].length), redirectedBy)
  return fail("UnsupportedScheme", name)
}

/**
 * Parse `input` as a deep link; see the module documentation for the forms read and refused. Anything that is not
 * a string (outside input can be anything) is `Malformed`.
 */
export const parseDeepLink = (
  input: unknown,
  options: ParseOptions = defaultParseOptions
): Result.Result<DeepLink, DeepLinkError> =>
  typeof input === "string" ? parseString(input, input, options, []) : fail("Malformed", typeof input)

/** The value of query parameter `name` of a link, matched without regard to case; undefined when absent. */
export const queryParam = (link: Pick<DeepLink, "queryParams">, name: string): string | undefined => {
  const params = link.queryParams
  if (Object.hasOwn(params, name)) return params[name]
  const lower = name.toLowerCase()
  for (const key of Object.keys(params)) if (key.toLowerCase() === lower) return params[key]
  return undefined
}
