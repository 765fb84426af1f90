/**
 * The core layer of a page: configuration, browser capabilities and PlatformHttp, composed once.
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { Cookies } from "./browser/Cookies.ts"
import { KeyValueStore } from "./browser/KeyValueStore.ts"
import { Navigation } from "./browser/Navigation.ts"
import { PageMetadata } from "./browser/PageMetadata.ts"
import { Telemetry } from "./browser/Telemetry.ts"
import { PlatformConfig, type PlatformConfigInput } from "./config/PlatformConfig.ts"
import { PlatformHttp } from "./http/PlatformHttp.ts"

/** Options of {@link browserPlatformLayer}. */
export interface BrowserPlatformOptions {
  /** The configuration; read from the page's `<meta>` tags when left out. */
  readonly config?: PlatformConfigInput
  /** Where telemetry is posted; logged only when left out. */
  readonly telemetryEndpoint?: string
}

/**
 * Everything a page needs to call the platform: PlatformConfig (given, or from the page's `<meta>` tags), the
 * browser's storage, cookies, navigation, page metadata and telemetry, and PlatformHttp over `fetch` (the
 * `FetchHttpClient.Fetch` reference: globalThis.fetch unless you provide another). Add the
 * optional services (a RequestSigner, a ChallengeInterceptor) with `Layer.provide` on `PlatformHttp.layerNoDeps`
 * when the page uses them.
 */
export const browserPlatformLayer = (options: BrowserPlatformOptions = {}) => {
  const config = options.config === undefined
    ? PlatformConfig.fromPageMetadata.pipe(Layer.provide(PageMetadata.browser))
    : PlatformConfig.layer(options.config)
  const browser = Layer.mergeAll(
    config,
    KeyValueStore.browser,
    Cookies.browser,
    Navigation.browser,
    PageMetadata.browser,
    Telemetry.browser(options.telemetryEndpoint)
  )
  return PlatformHttp.layer.pipe(Layer.provideMerge(browser))
}
