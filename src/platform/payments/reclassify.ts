/**
 * Platform reclassification (PAY-13): in a native app's webview (Amazon, UWP, iOS, Android) the Robux
 * and Premium purchase contexts become their webview variants; everywhere else (a browser: `None` or the real site's
 * `Unknown`; or an app shell not in that list: Xbox, Win32, UniversalApp) they are the web variants. Every other
 * context is kept as it is.
 *
 * @module
 */
import type { AppType } from "../../core/config/PlatformConfig.ts"
import type { TriggeringContext } from "./enums.ts"

/** The app shells whose webviews use the webview contexts. */
export const webviewAppTypes: ReadonlyArray<AppType> = ["Amazon", "UWP", "iOS", "Android"]

/** True in the webview of one of {@link webviewAppTypes}. */
export const isPaymentWebview = (appType: AppType): boolean => webviewAppTypes.includes(appType)

/** The context to record for `context` on a page running in `appType`. */
export const reclassifyContext = (context: TriggeringContext, appType: AppType): TriggeringContext => {
  const webview = isPaymentWebview(appType)
  switch (context) {
    case "WebRobuxPurchase":
    case "WebViewRobuxPurchase":
      return webview ? "WebViewRobuxPurchase" : "WebRobuxPurchase"
    case "WebPremiumPurchase":
    case "WebViewPremiumPurchase":
      return webview ? "WebViewPremiumPurchase" : "WebPremiumPurchase"
    default:
      return context
  }
}
