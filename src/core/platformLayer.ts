/**
 * The core layer of a page: configuration, browser capabilities and PlatformHttp, composed once, with request
 * signing and the challenge flow when the page asks for them.
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { KeyValueStore } from "./browser/KeyValueStore.ts"
import { PageMetadata } from "./browser/PageMetadata.ts"
import { Telemetry } from "./browser/Telemetry.ts"
import { PlatformHttpWithChallenges } from "./challenge/withChallenges.ts"
import { platformConfigFromPageMetadataLayer } from "./config/fromPageMetadata.ts"
import { PlatformConfig, type PlatformConfigInput } from "./config/PlatformConfig.ts"
import { CsrfStore } from "./csrf/CsrfStore.ts"
import { PlatformHttp } from "./http/PlatformHttp.ts"
import { SessionHeaders } from "./http/SessionHeaders.ts"
import { Signing } from "./signing/Signing.ts"

/** Options of {@link browserPlatformLayer}. */
export interface BrowserPlatformOptions {
  /** The configuration; read from the page's `<meta>` tags when left out. */
  readonly config?: PlatformConfigInput
  /** Where telemetry is posted; logged only when left out. */
  readonly telemetryEndpoint?: string
  /**
   * Sign requests with the x-bound-auth-token header (`Signing.browser`: this origin's key store on the www
   * origin, the hidden security frame elsewhere). Whether a request is signed still follows the site's settings.
   */
  readonly signing?: boolean
  /** Run the challenge flow on challenged responses; mount a `<ChallengeHost/>` to show challenges. */
  readonly challenges?: boolean
}

/**
 * The configuration and the browser capabilities the core itself uses: storage (the CSRF token), page metadata
 * (the configuration; platform features read it too) and telemetry.
 */
const capabilitiesLayer = (options: BrowserPlatformOptions) =>
  Layer.mergeAll(
    options.config === undefined
      ? platformConfigFromPageMetadataLayer.pipe(Layer.provide(PageMetadata.browser))
      : PlatformConfig.layer(options.config),
    KeyValueStore.browser,
    PageMetadata.browser,
    Telemetry.browser(options.telemetryEndpoint)
  )

/**
 * Everything a page needs to call the platform: PlatformConfig (given, or from the page's `<meta>` tags), the
 * browser's storage, page metadata and telemetry, PlatformHttp (with its CsrfStore and SessionHeaders) over
 * `fetch` (the `FetchHttpClient.Fetch` reference: globalThis.fetch unless you provide another), and, when asked
 * for, the request signer and the challenge flow.
 *
 * Platform features that use cookies or navigation (payment-flow analytics, the upsell cookie, deep links, help
 * links) add those capabilities themselves, e.g.
 * `browserPlatformLayer().pipe(Layer.provideMerge(Layer.merge(Cookies.browser, Navigation.browser)))`, so a page
 * that does not use them does not load their code (docs/bundle-size.md).
 */
export const browserPlatformLayer = (options: BrowserPlatformOptions = {}) => {
  const http = options.challenges === true
    ? PlatformHttpWithChallenges.browser
    : PlatformHttp.layerNoDeps.pipe(Layer.provideMerge(Layer.merge(CsrfStore.layer, SessionHeaders.layer)))
  const signer = options.signing === true ? Signing.browser : Layer.empty
  return http.pipe(
    Layer.provide(signer),
    Layer.provideMerge(capabilitiesLayer(options))
  )
}
