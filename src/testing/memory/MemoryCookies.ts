/**
 * MemoryCookies: a cookie jar in memory that keeps every attribute and expires cookies on the Effect Clock
 * (so `TestClock.adjust` expires them).
 *
 * Like a browser, a cookie is identified by name, domain and path: writing the same triple replaces it, and
 * `remove` only removes the cookie written with the same domain (leading dot and case ignored) and path.
 * `get` returns the most recently written live cookie of that name. Writes with an attribute that cannot be
 * written safely are skipped with the same Warning as the browser layer.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { type CookieOptions, Cookies } from "../../core/browser/Cookies.ts"
import { invalidCookieAttribute, normalizeMaxAge, skippedCookieWriteMessage } from "../../core/browser/cookieString.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** A cookie held by the memory jar, with its attributes. */
export interface MemoryCookie {
  readonly name: string
  readonly value: string
  /** Lower-cased, without a leading dot; undefined for a host-only cookie. */
  readonly domain: string | undefined
  readonly path: string
  readonly secure: boolean
  readonly sameSite: "Strict" | "Lax" | "None" | undefined
  /** Clock time (ms) at which the cookie expires; undefined for a session cookie. */
  readonly expiresAt: number | undefined
}

/** The test-side control of a memory cookie jar. */
export interface MemoryCookiesShape {
  /** The live cookies (expired ones dropped), oldest write first. */
  readonly cookies: Effect.Effect<ReadonlyArray<MemoryCookie>>
}

const keyOf = (name: string, domain: string | undefined, path: string) => JSON.stringify([name, domain ?? null, path])
const normalizeDomain = (domain: string | undefined) => domain?.replace(/^\./, "").toLowerCase()

/** Control of the memory Cookies provided by {@link MemoryCookies.layer}. */
export class MemoryCookies extends Context.Service<MemoryCookies, MemoryCookiesShape>()(
  "platform-web-client/testing/memory/MemoryCookies"
) {
  /** A fresh memory cookie jar holding `initial` as host-only session cookies on path `/`. */
  static layer(initial: Readonly<Record<string, string>> = {}): Layer.Layer<Cookies | MemoryCookies> {
    return layerWithControl(Cookies, MemoryCookies, () => {
      const jar = new Map<string, MemoryCookie>()
      for (const [name, value] of Object.entries(initial)) {
        jar.set(keyOf(name, undefined, "/"), {
          name,
          value,
          domain: undefined,
          path: "/",
          secure: false,
          sameSite: undefined,
          expiresAt: undefined
        })
      }
      const live = Effect.map(Clock.currentTimeMillis, (now) => {
        for (const [key, cookie] of jar) if (cookie.expiresAt !== undefined && cookie.expiresAt <= now) jar.delete(key)
        return [...jar.values()]
      })
      const write = (operation: "set" | "remove", name: string, value: string, options: CookieOptions) =>
        Effect.flatMap(Clock.currentTimeMillis, (now) => {
          const invalid = invalidCookieAttribute(name, options)
          if (invalid !== undefined) return Effect.logWarning(skippedCookieWriteMessage(operation, name, invalid))
          const domain = normalizeDomain(options.domain)
          const path = options.path ?? "/"
          const key = keyOf(name, domain, path)
          jar.delete(key)
          const maxAge = options.maxAgeSeconds === undefined ? undefined : normalizeMaxAge(options.maxAgeSeconds)
          if (maxAge !== 0) {
            jar.set(key, {
              name,
              value,
              domain,
              path,
              secure: options.secure === true || options.sameSite === "None",
              sameSite: options.sameSite,
              expiresAt: maxAge === undefined ? undefined : now + maxAge * 1000
            })
          }
          return Effect.void
        })
      return [
        Cookies.of({
          get: (name) => Effect.map(live, (cookies) => cookies.filter((c) => c.name === name).pop()?.value),
          set: (name, value, options = {}) => write("set", name, value, options),
          remove: (name, options = {}) => write("remove", name, "", { ...options, maxAgeSeconds: 0 })
        }),
        MemoryCookies.of({ cookies: live })
      ]
    })
  }
}
