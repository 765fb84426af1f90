/**
 * Safe targets: the one rule that decides whether a URL may be navigated to or handed to the app. Every feature
 * that moves the page or gives a URL to the app checks its target here: deep-link and share-link navigations, help
 * and support links, the upsell cookie's item page, and the app-protocol links handed to the app or the desktop
 * client.
 *
 * A **web target** is safe on an origin (the www origin for page navigation and the upsell cookie; the help desk's
 * origin for help and support links) when it is, in this order:
 *
 * 1. text of at most {@link maxTargetLength} characters (`TooLong`) without a control character, an invisible
 *    format character or white space at either end (`Malformed`): the URL parser would silently drop them, so the
 *    text would not say what is followed;
 * 2. an absolute URL the WHATWG URL parser reads (`ProtocolRelative` for `//host`, `\\host` and `/\host`, which a
 *    browser reads as another host; `NotAbsolute` for any other reference without a scheme; `Malformed` for text the
 *    parser refuses);
 * 3. `http:` or `https:` (`Scheme`: `javascript:`, `data:`, `vbscript:`, `blob:`, `file:` …);
 * 4. without a user name or password (`Credentials`: `https://www.example.com@evil.net/` is a URL of `evil.net`);
 * 5. on exactly that origin — scheme, host and port as the parser writes them (`HostNotAllowed`): look-alikes
 *    (`www.example.com.evil.net`, `evil-example.com`, an IDN homograph, which the parser writes as `xn--…` punycode),
 *    plain `http` for an `https` origin and another port are all other origins.
 *
 * An **item target** (the upsell cookie's page to return to) is a safe web target that also ends in a numeric id:
 * its last path segment is a positive id in digits and it has no query and no fragment (`NotItem`).
 *
 * An **app target** is a link of the configured app protocol (`roblox://…`) of one of the routes the library builds
 * (`navigation/chat`, `navigation/content_posts`, `experiences/start`): clean text as in 1, a scheme that is not a
 * web or script scheme (`Scheme`), no user, password or port (`Credentials`, `Malformed`), no fragment, and exactly
 * the route asked for (`AppRoute`).
 *
 * What succeeds is the parser's serialisation of the target: what was checked is what is used. A refusal carries
 * only its reason, never the target (targets carry invite and access codes). Everything is decided by the URL
 * parser; nothing here reads a URL with a pattern.
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Result from "effect/Result"
import { idOf } from "./ids.ts"

/**
 * Why a target was refused (see the module documentation for each rule): `Malformed`, `TooLong`, `NotAbsolute`,
 * `ProtocolRelative`, `Scheme`, `Credentials`, `HostNotAllowed`, `NotItem` (an item target without its numeric id),
 * `AppRoute` (an app link of a route the library does not build), `NotInAppShell` (an app hand-off outside a native
 * app shell).
 */
export type UnsafeTargetReason =
  | "Malformed"
  | "TooLong"
  | "NotAbsolute"
  | "ProtocolRelative"
  | "Scheme"
  | "Credentials"
  | "HostNotAllowed"
  | "NotItem"
  | "AppRoute"
  | "NotInAppShell"

/** A target was refused. The target itself is not kept. */
export class UnsafeTargetError extends Data.TaggedError("UnsafeTargetError")<{
  readonly reason: UnsafeTargetReason
}> {
  override get message(): string {
    return `Navigation target refused: ${this.reason}`
  }
}

/** The longest target, in UTF-16 code units. */
export const maxTargetLength = 4096

/** The routes of the app protocol the library builds links to (`{scheme}://{route}?…`). */
export const appRoutes = ["navigation/chat", "navigation/content_posts", "experiences/start"] as const

/** A route of the app protocol. */
export type AppRoute = (typeof appRoutes)[number]

/** Schemes that are never the app's protocol: the web's, and those that run or embed content in the page. */
const notAppSchemes: ReadonlySet<string> = new Set([
  "http:",
  "https:",
  "ws:",
  "wss:",
  "ftp:",
  "file:",
  "javascript:",
  "vbscript:",
  "data:",
  "blob:",
  "about:",
  "filesystem:"
])

type Checked<A> = Result.Result<A, UnsafeTargetError>

const refuse = (reason: UnsafeTargetReason): Checked<never> => Result.fail(new UnsafeTargetError({ reason }))

/** True for C0 and C1 controls, DEL, and the invisible format characters that can hide a scheme or a host. */
const isHiddenCode = (code: number): boolean =>
  code <= 0x1f ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0xad ||
  (code >= 0x200b && code <= 0x200f) ||
  code === 0x2028 ||
  code === 0x2029 ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2060 && code <= 0x2064) ||
  code === 0xfeff

/**
 * True when `text` holds a C0 or C1 control character, DEL, or an invisible format character (soft hyphen,
 * zero-width and direction marks, line and paragraph separators, bidi overrides, word joiners, the byte-order mark):
 * characters the URL parser drops or that hide what a link says.
 */
export const hasHiddenCharacter = (text: string): boolean => {
  for (let i = 0; i < text.length; i++) if (isHiddenCode(text.charCodeAt(i))) return true
  return false
}

/** Rule 1: `input` is text the parser reads as written (no hidden characters, no white space at its ends). */
const cleanText = (input: unknown): Checked<string> => {
  if (typeof input !== "string" || input === "") return refuse("Malformed")
  if (input.length > maxTargetLength) return refuse("TooLong")
  return input.trim() !== input || hasHiddenCharacter(input) ? refuse("Malformed") : Result.succeed(input)
}

/** A host no target can have: relative references are resolved against it to tell paths from `//host`. */
const probeBase = "https://relative.invalid/"

/** Rule 2: `text` as an absolute URL. */
const absoluteUrl = (text: string): Checked<URL> => {
  if (URL.canParse(text)) return Result.succeed(new URL(text))
  if (!URL.canParse(text, probeBase)) return refuse("Malformed")
  return new URL(text, probeBase).host === new URL(probeBase).host ? refuse("NotAbsolute") : refuse("ProtocolRelative")
}

/**
 * The exact origin (`https://www.example.com`) of an http(s) base URL as the parser writes it, or undefined when
 * `baseUrl` is not one (then no target is safe on it).
 */
export const exactOrigin = (baseUrl: string): string | undefined => {
  if (!URL.canParse(baseUrl)) return undefined
  const url = new URL(baseUrl)
  return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined
}

/** `input` as a URL when it is a safe web target on `origin` (an origin or a base URL on it); see the module doc. */
export const checkTarget = (input: unknown, origin: string): Checked<URL> =>
  Result.flatMap(cleanText(input), (text) =>
    Result.flatMap(absoluteUrl(text), (url) => {
      if (url.protocol !== "https:" && url.protocol !== "http:") return refuse("Scheme")
      if (url.username !== "" || url.password !== "") return refuse("Credentials")
      const allowed = exactOrigin(origin)
      return allowed !== undefined && url.origin === allowed ? Result.succeed(url) : refuse("HostNotAllowed")
    })
  )

/** The href of `input` when it is a safe web target on `origin`. */
export const safeTarget = (input: unknown, origin: string): Checked<string> =>
  Result.map(checkTarget(input, origin), (url) => url.href)

/** A safe item target: the URL as the parser writes it and the id it ends in. */
export interface ItemTarget {
  readonly href: string
  readonly itemId: number
}

/** `input` when it is a safe web target on `origin` that ends in a numeric id; see the module doc. */
export const safeItemTarget = (input: unknown, origin: string): Checked<ItemTarget> =>
  Result.flatMap(checkTarget(input, origin), (url) => {
    // no query and no fragment, not even an empty `?` or `#`: the URL ends in the id
    const itemId = url.href === url.origin + url.pathname ? idOf(url.pathname.split("/").at(-1)) : undefined
    return itemId === undefined ? refuse("NotItem") : Result.succeed({ href: url.href, itemId })
  })

/** `input` when it is an app-protocol link of `scheme` (`roblox`) to one of `routes`; see the module doc. */
export const safeAppTarget = (input: unknown, scheme: string, routes: ReadonlyArray<AppRoute>): Checked<string> =>
  Result.flatMap(cleanText(input), (text) => {
    if (!URL.canParse(text)) return refuse("Malformed")
    const url = new URL(text)
    if (notAppSchemes.has(url.protocol) || url.protocol !== `${scheme.toLowerCase()}:`) return refuse("Scheme")
    if (url.username !== "" || url.password !== "") return refuse("Credentials")
    // a fragment, even an empty one (`…#`: the parser's `hash` is then empty, its `href` keeps the `#`)
    if (url.port !== "" || url.hash !== "" || url.href.endsWith("#")) return refuse("Malformed")
    const route = `${url.host}${url.pathname}`
    return url.host !== "" && (routes as ReadonlyArray<string>).includes(route)
      ? Result.succeed(url.href)
      : refuse("AppRoute")
  })
