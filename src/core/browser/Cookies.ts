/**
 * Cookies: read and write the page's cookies (document.cookie in the browser).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { parseCookies, serializeCookie, skippedCookieWriteMessage } from "./cookieString.ts"
import { errorName } from "./errorSummary.ts"

/** Attributes of a cookie being written. */
export interface CookieOptions {
  /** The cookie's domain, e.g. `.example.com` for the parent domain; the page's host when left out. */
  readonly domain?: string
  /** The cookie's path; `/` when left out. */
  readonly path?: string
  /** Lifetime in seconds (whole seconds, 0 or less expires it at once); a session cookie when left out. */
  readonly maxAgeSeconds?: number
  readonly secure?: boolean
  /** `None` implies `Secure`. */
  readonly sameSite?: "Strict" | "Lax" | "None"
}

/**
 * The shape of the cookie jar. Values are raw strings; decode them with a Schema where they are read.
 *
 * A write whose name, domain, path or max-age cannot be written safely (see `invalidCookieAttribute`) is skipped
 * and a Warning naming the cookie and the attribute is logged; it never throws.
 */
export interface CookiesShape {
  /** The decoded value of cookie `name`, or undefined. */
  readonly get: (name: string) => Effect.Effect<string | undefined>
  readonly set: (name: string, value: string, options?: CookieOptions) => Effect.Effect<void>
  /** Remove a cookie; give the same domain and path it was written with. */
  readonly remove: (name: string, options?: Pick<CookieOptions, "domain" | "path">) => Effect.Effect<void>
}

/** The part of `document` the cookie jar uses. */
export interface CookieDocument {
  cookie: string
}

const fromDocument = (document: () => CookieDocument | undefined): CookiesShape => {
  const write = (name: string, value: string, options: CookieOptions, operation: "set" | "remove") =>
    Effect.suspend(() => {
      const assignment = serializeCookie(name, value, options)
      if (Result.isFailure(assignment)) {
        return Effect.logWarning(skippedCookieWriteMessage(operation, name, assignment.failure))
      }
      try {
        const target = document()
        if (target !== undefined) target.cookie = assignment.success
        return Effect.void
      } catch (cause) {
        return Effect.logWarning(`Cookie ${operation} of "${name}" failed: cookies are unavailable`, errorName(cause))
      }
    })
  return {
    get: (name) =>
      Effect.suspend(() => {
        try {
          const target = document()
          return Effect.succeed(target === undefined ? undefined : parseCookies(target.cookie).get(name))
        } catch (cause) {
          // Sandboxed documents throw a SecurityError when cookies are read.
          return Effect.as(
            Effect.logDebug(`Cookie get of "${name}" failed: cookies are unavailable`, errorName(cause)),
            undefined
          )
        }
      }),
    set: (name, value, options = {}) => write(name, value, options, "set"),
    remove: (name, options = {}) => write(name, "", { ...options, maxAgeSeconds: 0 }, "remove")
  }
}

/** The page's cookies. */
export class Cookies extends Context.Service<Cookies, CookiesShape>()("platform-web-client/core/browser/Cookies") {
  /** A cookie jar over any object with a `document.cookie`-style `cookie` property (undefined: no cookies). */
  static fromDocument(document: () => CookieDocument | undefined): Layer.Layer<Cookies> {
    return Layer.succeed(Cookies, fromDocument(document))
  }

  /** The browser's `document.cookie`; outside a browser reads give undefined and writes do nothing. */
  static readonly browser: Layer.Layer<Cookies> = Cookies.fromDocument(() =>
    typeof document === "undefined" ? undefined : document
  )
}
