/**
 * The payment flow's cookie, kept for the page: write the active flow (restarting its lifetime), remove it (from the
 * configured domain and the host alike), and read it back, a cookie that does not decode being logged and removed.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { parentCookieDomainOfUrl } from "../../core/browser/cookieDomain.ts"
import type { Cookies } from "../../core/browser/Cookies.ts"
import type { Navigation } from "../../core/browser/Navigation.ts"
import { decodeFlowCookie, encodeFlowCookie, type PaymentFlowContext } from "./flowCookie.ts"
import { logPaymentFlowError, type PaymentFlowErrorName } from "./PaymentFlowError.ts"
import type { PaymentFlowSettingsShape } from "./PaymentFlowSettings.ts"

/** The flow cookie's `Domain` attribute for the page at `url`. */
export const flowCookieDomain = (settings: PaymentFlowSettingsShape, url: string): string | undefined =>
  settings.cookieDomain === "parent"
    ? parentCookieDomainOfUrl(url)
    : settings.cookieDomain === "host"
      ? undefined
      : settings.cookieDomain

/** The flow cookie of the page. */
export interface FlowStore {
  /** Write `flow` as the active flow, for the cookie's whole lifetime again. */
  readonly write: (settings: PaymentFlowSettingsShape, flow: PaymentFlowContext) => Effect.Effect<void>
  /** Remove the flow cookie. */
  readonly remove: (settings: PaymentFlowSettingsShape) => Effect.Effect<void>
  /** The active flow; a cookie that does not decode is logged under `corrupt` and removed. */
  readonly load: (
    settings: PaymentFlowSettingsShape,
    corrupt: PaymentFlowErrorName
  ) => Effect.Effect<PaymentFlowContext | undefined>
  /** The flow the cookie holds now, read back as it was stored (nothing logged). */
  readonly stored: (settings: PaymentFlowSettingsShape) => Effect.Effect<PaymentFlowContext | undefined>
}

/** The flow cookie over the page's cookies, its domain decided by the page's URL. */
export const makeFlowStore = (cookies: Cookies["Service"], navigation: Navigation["Service"]): FlowStore => {
  const write = (settings: PaymentFlowSettingsShape, flow: PaymentFlowContext) =>
    Effect.flatMap(navigation.current, (url) => {
      const domain = flowCookieDomain(settings, url)
      return cookies.set(settings.cookieName, encodeFlowCookie(flow), {
        maxAgeSeconds: settings.cookieMaxAgeSeconds,
        ...(domain === undefined ? {} : { domain })
      })
    })

  const remove = (settings: PaymentFlowSettingsShape) =>
    Effect.flatMap(navigation.current, (url) => {
      const domain = flowCookieDomain(settings, url)
      return domain === undefined
        ? cookies.remove(settings.cookieName)
        : // a host-only cookie of the same name (written before a settings change) goes too
          Effect.andThen(cookies.remove(settings.cookieName, { domain }), cookies.remove(settings.cookieName))
    })

  const load = (settings: PaymentFlowSettingsShape, corrupt: PaymentFlowErrorName) =>
    Effect.flatMap(cookies.get(settings.cookieName), (value) => {
      if (value === undefined) return Effect.succeed(undefined)
      const flow = decodeFlowCookie(value)
      if (flow !== undefined) return Effect.succeed(flow)
      return logPaymentFlowError(corrupt, "the flow cookie does not hold a valid flow; it was removed").pipe(
        Effect.andThen(remove(settings)),
        Effect.as(undefined)
      )
    })

  const stored = (settings: PaymentFlowSettingsShape) =>
    Effect.map(cookies.get(settings.cookieName), (value) => decodeFlowCookie(value ?? ""))

  return { write, remove, load, stored }
}
