/**
 * UpsellCookie: the catalog upsell cookie. An item page that sends a buyer without enough Robux to the Robux
 * purchase page writes it ({@link UpsellCookieShape.write}); when the buyer comes back (the URL carries the upsell
 * uuid in its query), the item page reads it ({@link UpsellCookieShape.read}) to resume the purchase.
 *
 * `read` applies the validity rules of `UpsellCookieData.ts` against the page's query parameter, the signed-in user
 * and the www origin (the target item URL must be a safe item target there: links/safeTarget.ts). An invalid cookie
 * is expired: it is removed and one Info line is logged, `Upsell cookie expired: {reason}` — the rule, such as
 * `targetUrlScheme`; the value is never logged — and `read` gives none. It never fails.
 *
 * `write` is a strict writer: a target item URL that is not a safe item target on the www origin is not written
 * (an `UnsafeTargetError` naming the rule); the URL is written as the URL parser writes it.
 *
 * The cookie name, the query parameter and the domain are not in the spec; see {@link UpsellCookieSettings}.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { parentCookieDomainOfUrl } from "../../core/browser/cookieDomain.ts"
import { Cookies } from "../../core/browser/Cookies.ts"
import { Navigation } from "../../core/browser/Navigation.ts"
import { PlatformConfig } from "../../core/config/PlatformConfig.ts"
import { safeItemTarget, type UnsafeTargetError } from "../links/safeTarget.ts"
import { encodeUpsellCookie, type UpsellData, validateUpsellCookie, type ValidUpsell } from "./UpsellCookieData.ts"

/** Where the upsell cookie lives. */
export interface UpsellSettings {
  /** The cookie's name (default `catalogUpsell`). */
  readonly cookieName: string
  /** The query parameter carrying the upsell uuid on the page the buyer returns to (default `UpsellUuid`). */
  readonly queryParameter: string
  /** `parent` (default): the page's parent domain (see cookieDomain.ts); `host`: host-only; or a domain. */
  readonly domain: "parent" | "host" | string
}

/** The defaults of {@link UpsellSettings}. */
export const defaultUpsellSettings: UpsellSettings = {
  cookieName: "catalogUpsell",
  queryParameter: "UpsellUuid",
  domain: "parent"
}

/** The upsell cookie's settings; provide another value to change them. */
export const UpsellCookieSettings = Context.Reference<UpsellSettings>(
  "platform-web-client/platform/upsell/UpsellCookieSettings",
  {
    defaultValue: () => defaultUpsellSettings
  }
)

/** The shape of the upsell cookie service. */
export interface UpsellCookieShape {
  /** The valid cookie for this page and user; an invalid one is removed and logged (see the module doc). */
  readonly read: Effect.Effect<Option.Option<ValidUpsell>>
  /**
   * Write the cookie (a session cookie) before sending the buyer to buy Robux; fails, writing nothing, when the
   * target item URL is not a safe item target on the www origin.
   */
  readonly write: (data: UpsellData) => Effect.Effect<void, UnsafeTargetError>
  /** Remove the cookie (after the purchase completed). */
  readonly clear: Effect.Effect<void>
}

/** The `Domain` attribute for the page at `url`. */
export const upsellCookieDomain = (settings: UpsellSettings, url: string): string | undefined =>
  settings.domain === "parent" ? parentCookieDomainOfUrl(url) : settings.domain === "host" ? undefined : settings.domain

const queryValue = (url: string, name: string): string | undefined => {
  if (!URL.canParse(url)) return undefined
  const value = new URL(url).searchParams.get(name)
  return value === null ? undefined : value
}

/** The catalog upsell cookie. */
export class UpsellCookie extends Context.Service<UpsellCookie, UpsellCookieShape>()(
  "platform-web-client/platform/upsell/UpsellCookie"
) {
  /** The upsell cookie over the page's cookies, URL and configured user. */
  static readonly layer: Layer.Layer<UpsellCookie, never, Cookies | Navigation | PlatformConfig> = Layer.effect(
    UpsellCookie,
    Effect.gen(function* () {
      const cookies = yield* Cookies
      const navigation = yield* Navigation
      const config = yield* PlatformConfig

      const clear = Effect.gen(function* () {
        const settings = yield* UpsellCookieSettings
        const domain = upsellCookieDomain(settings, yield* navigation.current)
        // A cookie written host-only (by the server, or before a settings change) is removed as well.
        yield* cookies.remove(settings.cookieName, domain === undefined ? {} : { domain })
        if (domain !== undefined) yield* cookies.remove(settings.cookieName)
      })

      const read = Effect.gen(function* () {
        const settings = yield* UpsellCookieSettings
        const value = yield* cookies.get(settings.cookieName)
        if (value === undefined) return Option.none<ValidUpsell>()
        const url = yield* navigation.current
        const result = validateUpsellCookie(value, {
          queryUuid: queryValue(url, settings.queryParameter),
          currentUserId: config.user.id,
          www: config.baseUrls.www
        })
        if (Result.isSuccess(result)) return Option.some(result.success)
        yield* Effect.logInfo(`Upsell cookie expired: ${result.failure}`)
        yield* clear
        return Option.none<ValidUpsell>()
      })

      const write = (data: UpsellData) =>
        Effect.gen(function* () {
          const target = yield* Effect.fromResult(safeItemTarget(data.targetItemUrl, config.baseUrls.www))
          const settings = yield* UpsellCookieSettings
          const domain = upsellCookieDomain(settings, yield* navigation.current)
          const value = encodeUpsellCookie({ ...data, targetItemUrl: target.href })
          yield* cookies.set(settings.cookieName, value, domain === undefined ? {} : { domain })
        })

      return UpsellCookie.of({ read, write, clear })
    })
  )
}
