/**
 * NativeBridge: messages from the page to the native app shell around it (the iOS app's WKWebView).
 *
 * Inside the iOS app, navigation goes through the app rather than the webview's location (DEEP-16):
 * the page posts `{ type: "navigate", url }` to the script message handler
 * `window.webkit.messageHandlers.platformNavigation` ({@link nativeNavigationHandler}), and the app decides how to
 * show the URL. When the handler is missing (a plain browser, another app shell) nothing is posted and
 * `navigate` answers false, so the caller can set the location instead.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { errorName } from "./errorSummary.ts"

/** The name of the script message handler the iOS app registers for navigation. */
export const nativeNavigationHandler = "platformNavigation"

/** The message posted for a navigation. */
export interface NativeNavigateMessage {
  readonly type: "navigate"
  readonly url: string
}

/** The shape of the native bridge. */
export interface NativeBridgeShape {
  /** True when the app's navigation handler is present. */
  readonly available: Effect.Effect<boolean>
  /** Ask the app to navigate to `url`: true when posted, false when there is no handler or posting failed. */
  readonly navigate: (url: string) => Effect.Effect<boolean>
}

/** The part of `window` the bridge uses (WebKit's script message handlers). */
export interface WebKitWindow {
  readonly webkit?: {
    readonly messageHandlers?: Readonly<
      Record<string, { readonly postMessage: (message: unknown) => void } | undefined>
    >
  }
}

const handlerOf = (window: WebKitWindow | undefined, name: string) => {
  const handlers = window?.webkit?.messageHandlers
  const handler = handlers !== undefined && Object.hasOwn(handlers, name) ? handlers[name] : undefined
  return typeof handler?.postMessage === "function" ? handler : undefined
}

/** The page's bridge to the native app shell. */
export class NativeBridge extends Context.Service<NativeBridge, NativeBridgeShape>()(
  "platform-web-client/core/browser/NativeBridge"
) {
  /**
   * A bridge over a window-like object and a handler name (default {@link nativeNavigationHandler}). Looking the
   * handler up or posting never throws: a failure is logged as a Warning (without the URL) and answers false.
   */
  static fromWindow(
    window: () => WebKitWindow | undefined,
    handlerName: string = nativeNavigationHandler
  ): Layer.Layer<NativeBridge> {
    const lookup = () => {
      try {
        return handlerOf(window(), handlerName)
      } catch {
        return undefined
      }
    }
    return Layer.succeed(NativeBridge, {
      available: Effect.sync(() => lookup() !== undefined),
      navigate: (url) =>
        Effect.suspend(() => {
          const handler = lookup()
          if (handler === undefined) return Effect.succeed(false)
          try {
            const message: NativeNavigateMessage = { type: "navigate", url }
            handler.postMessage(message)
            return Effect.succeed(true)
          } catch (cause) {
            return Effect.as(Effect.logWarning(`Native navigation failed: ${errorName(cause)}`), false)
          }
        })
    })
  }

  /** The browser's `window.webkit.messageHandlers`; outside a browser or the iOS app nothing is posted. */
  static readonly browser: Layer.Layer<NativeBridge> = NativeBridge.fromWindow(() =>
    typeof window === "undefined" ? undefined : (window as unknown as WebKitWindow)
  )

  /** No app shell: `navigate` always answers false. */
  static readonly none: Layer.Layer<NativeBridge> = NativeBridge.fromWindow(() => undefined)
}
