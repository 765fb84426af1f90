/**
 * Cookies: read and write the page's cookies (document.cookie in the browser).
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Effect from "effect/Effect"

/** Attributes of a cookie being written. */
export interface CookieOptions {
  /** The cookie's domain, e.g. `.example.com` for the parent domain; the page's host when left out. */
  readonly domain?: string
  readonly path?: string
  /** Lifetime in seconds; a session cookie when left out. */
  readonly maxAgeSeconds?: number
  readonly secure?: boolean
  readonly sameSite?: "Strict" | "Lax" | "None"
}

/** The shape of the cookie jar. Values are raw strings; decode them with a Schema where they are read. */
export interface CookiesShape {
  /** The decoded value of cookie `name`, or undefined. */
  readonly get: (name: string) => Effect.Effect<string | undefined>
  readonly set: (name: string, value: string, options?: CookieOptions) => Effect.Effect<void>
  /** Remove a cookie; give the same domain and path it was written with. */
  readonly remove: (name: string, options?: Pick<CookieOptions, "domain" | "path">) => Effect.Effect<void>
}

/** The page's cookies. */
export class Cookies extends Context.Service<Cookies, CookiesShape>()("platform-web-client/core/browser/Cookies") {}
