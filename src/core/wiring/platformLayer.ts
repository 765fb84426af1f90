/**
 * How to get PlatformHttp. Two recommended ways, and one for apps that compose their own capabilities:
 *
 * - a page: {@link browserPlatformLayer}`({ signing, challenges })`: the configuration (from the page's `<meta>`
 *   tags, or given), the browser's capabilities, and the pipeline;
 * - a test: `testPlatformLayer(handler, config, { signing, challenges })` from `platform-web-client/testing`: the
 *   same over a stub fetch and memory capabilities;
 * - advanced: {@link platformLayer}`({ signer, challenges })`: the pipeline over the capabilities you provide,
 *   with the signer and challenge flow you choose (`Signing.*`, `Challenges.*`).
 *
 * Each builds the pipeline with its CsrfStore and SessionHeaders (both exposed) over fetch (the
 * `FetchHttpClient.Fetch` reference: globalThis.fetch unless you provide another).
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { Cookies } from "../browser/Cookies.ts"
import { KeyValueStore } from "../browser/KeyValueStore.ts"
import { Navigation } from "../browser/Navigation.ts"
import { PageMetadata } from "../browser/PageMetadata.ts"
import { Telemetry } from "../browser/Telemetry.ts"
import type { ChallengeComponent } from "../challenge/presenters/ChallengeComponent.ts"
import type { ChallengeInterceptor } from "../challenge/ChallengeInterceptor.ts"
import { platformConfigFromPageMetadataLayer } from "../config/fromPageMetadata.ts"
import { PlatformConfig, type PlatformConfigInput } from "../config/PlatformConfig.ts"
import { CsrfStore } from "../csrf/CsrfStore.ts"
import { initialCsrfTokenFromPage } from "../csrf/pageCsrfToken.ts"
import { PlatformHttp } from "../http/PlatformHttp.ts"
import { SessionHeaders } from "../http/SessionHeaders.ts"
import type { RequestSigner } from "../signing/RequestSigner.ts"
import { Challenges } from "../challenge/Challenges.ts"
import { Signing } from "../signing/Signing.ts"

/** Options of {@link platformLayer}: the signer and the challenge flow, each optional. */
export interface PlatformLayerOptions<AS, RS, AC, RC> {
  /**
   * The RequestSigner (and whatever else the layer exposes), e.g. `Signing.auto` or `Signing.direct`; without
   * one, requests go out unsigned. It signs the challenge flow's calls to the challenge service too.
   */
  readonly signer?: Layer.Layer<AS, never, RS> & Layer.Layer<RequestSigner, never, RS>
  /**
   * The challenge flow (`Challenges.browser`, `Challenges.layer`): the ChallengeInterceptor (and whatever else
   * the layer exposes), built over this pipeline's CsrfStore and SessionHeaders (its calls go through fetch like the pipeline's); without one,
   * challenged responses are ordinary errors.
   */
  readonly challenges?: Layer.Layer<AC, never, RC> & Layer.Layer<ChallengeInterceptor, never, RC>
}

/** What {@link platformLayer} builds for the challenge flow, so it is not needed from outside. */
type BuiltForTheFlow = CsrfStore | SessionHeaders

/**
 * The advanced way: PlatformHttp (with its CsrfStore and SessionHeaders) over the PlatformConfig, KeyValueStore
 * and Telemetry you provide, with the signer and the challenge flow you give, and whatever their layers need.
 * Everything the signer and the challenge layers expose is exposed too (e.g. `Signing.direct`'s KeyStore).
 *
 * ```ts
 * platformLayer({ signer: Signing.auto, challenges: Challenges.layer }).pipe(Layer.provideMerge(myCapabilities))
 * ```
 */
export const platformLayer = <AS = never, RS = never, AC = never, RC = never>(
  options: PlatformLayerOptions<AS, RS, AC, RC> = {}
): Layer.Layer<
  PlatformHttp | CsrfStore | SessionHeaders | AS | AC,
  never,
  PlatformConfig | KeyValueStore | Telemetry | RS | Exclude<RC, BuiltForTheFlow | AS>
> =>
  Layer.fresh(PlatformHttp.layerNoDeps).pipe(
    Layer.provideMerge(options.challenges ?? Layer.empty),
    Layer.provideMerge(Layer.merge(CsrfStore.layer, SessionHeaders.layer)),
    Layer.provideMerge(options.signer ?? Layer.empty)
  ) as Layer.Layer<
    PlatformHttp | CsrfStore | SessionHeaders | AS | AC,
    never,
    PlatformConfig | KeyValueStore | Telemetry | RS | Exclude<RC, BuiltForTheFlow | AS>
  >

/** Options of {@link browserPlatformLayer}. */
export interface BrowserPlatformOptions {
  /**
   * The configuration; read from the page's `<meta>` tags when left out (the ones the platform's server renders,
   * and the library's own overrides; README, "Configure the page"). The CSRF token the page was served with is read
   * either way.
   */
  readonly config?: PlatformConfigInput
  /** Where telemetry is posted; logged only when left out. */
  readonly telemetryEndpoint?: string
  /**
   * Sign requests with the x-bound-auth-token header (`Signing.browser`: this origin's key store on the www
   * origin, the hidden security frame elsewhere). Whether a request is signed still follows the site's settings.
   */
  readonly signing?: boolean
  /** Run the challenge flow on challenged responses (`Challenges.browser`); mount a `<ChallengeHost/>` to show them. */
  readonly challenges?: boolean
}

/** What {@link browserPlatformLayer} provides with `options`. */
export type BrowserPlatformServices<O extends BrowserPlatformOptions> =
  | PlatformHttp
  | CsrfStore
  | SessionHeaders
  | PlatformConfig
  | KeyValueStore
  | PageMetadata
  | Telemetry
  | Cookies
  | Navigation
  | (O["challenges"] extends true ? ChallengeComponent : never)

/**
 * The configuration and the browser capabilities: storage (the CSRF token), page metadata (the configuration, the
 * CSRF token the page was served with; platform features read it too), telemetry, and the cookies and navigation
 * that platform features use.
 */
const capabilitiesLayer = (options: BrowserPlatformOptions) =>
  Layer.mergeAll(
    options.config === undefined
      ? platformConfigFromPageMetadataLayer.pipe(Layer.provide(PageMetadata.browser))
      : PlatformConfig.layer(options.config),
    initialCsrfTokenFromPage.pipe(Layer.provide(PageMetadata.browser)),
    KeyValueStore.browser,
    PageMetadata.browser,
    Telemetry.browser(options.telemetryEndpoint),
    Cookies.browser,
    Navigation.browser
  )

/**
 * A page's layer: PlatformConfig (given, or from the page's `<meta>` tags), the browser's storage, page metadata,
 * telemetry, cookies and navigation (what payment-flow analytics, the upsell cookie, deep links and help links
 * use), PlatformHttp (with its CsrfStore and SessionHeaders) over `fetch`, and, when asked for, the request signer
 * (`signing: true`) and the challenge flow (`challenges: true`, which also provides the ChallengeComponent a
 * `<ChallengeHost/>` attaches to).
 */
export const browserPlatformLayer = <const O extends BrowserPlatformOptions = {}>(
  options: O = {} as O
): Layer.Layer<BrowserPlatformServices<O>> => {
  // Checked by the compiler for every option on; what `O` leaves off is left out of the type only.
  const everything: Layer.Layer<BrowserPlatformServices<{ signing: true; challenges: true }>> = platformLayer({
    ...(options.signing === true ? { signer: Signing.browser } : {}),
    ...(options.challenges === true ? { challenges: Challenges.browser } : {})
  }).pipe(Layer.provideMerge(capabilitiesLayer(options)))
  return everything as Layer.Layer<BrowserPlatformServices<O>>
}
