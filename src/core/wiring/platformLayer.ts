/**
 * How to get PlatformHttp. Two recommended ways, and one for apps that compose their own capabilities:
 *
 * - a page: {@link browserPlatformLayer}`({ signer, challenges })`: the configuration (from the page's `<meta>`
 *   tags, or given), the browser's capabilities, and the pipeline, with the signer and challenge flow the page
 *   imports (`Signing.browser`, `Challenges.browser`): a page pays only for the ones it uses;
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
import type { ChallengeInterceptor } from "../challenge/ChallengeInterceptor.ts"
import { platformConfigFromPageMetadataLayer } from "../config/fromPageMetadata.ts"
import { PlatformConfig, type PlatformConfigInput } from "../config/PlatformConfig.ts"
import { CsrfStore } from "../csrf/CsrfStore.ts"
import { initialCsrfTokenFromPage } from "../csrf/pageCsrfToken.ts"
import { PlatformHttp } from "../http/PlatformHttp.ts"
import { SessionHeaders } from "../http/SessionHeaders.ts"
import type { RequestSigner } from "../signing/RequestSigner.ts"

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

/** The capabilities {@link browserPlatformLayer} provides (and a signer or challenge layer given to it may use). */
export type BrowserCapabilities = PlatformConfig | KeyValueStore | PageMetadata | Telemetry | Cookies | Navigation

/** What {@link browserPlatformLayer} provides whatever its options: the pipeline and the browser's capabilities. */
export type PageServices = PlatformHttp | CsrfStore | SessionHeaders | BrowserCapabilities

/** Options of {@link browserPlatformLayer}: `AS` and `AC`, what its signer and its challenge layer provide. */
export interface BrowserPlatformOptions<AS = never, AC = never> {
  /**
   * The configuration; read from the page's `<meta>` tags when left out (the ones the platform's server renders,
   * and the library's own overrides; README, "Configure the page"). The CSRF token the page was served with is read
   * either way.
   */
  readonly config?: PlatformConfigInput
  /** Where telemetry is posted; logged only when left out. */
  readonly telemetryEndpoint?: string
  /**
   * Sign requests with the x-bound-auth-token header: `Signing.browser` (this origin's key store on the www
   * origin, the hidden security frame elsewhere). Whether a request is signed still follows the site's settings.
   * Without one, requests go out unsigned, and the page's bundle has no signer.
   */
  readonly signer?: Layer.Layer<AS, never, BrowserCapabilities> & Layer.Layer<RequestSigner, never, BrowserCapabilities>
  /**
   * Run the challenge flow on challenged responses: `Challenges.browser` (which also provides the
   * ChallengeComponent a mounted `<ChallengeHost/>` shows them in). Without one, a challenged response is the
   * caller's error, and the page's bundle has no challenge flow.
   */
  readonly challenges?: Layer.Layer<AC, never, BrowserCapabilities | BuiltForTheFlow> &
    Layer.Layer<ChallengeInterceptor, never, BrowserCapabilities | BuiltForTheFlow>
}

/**
 * What {@link browserPlatformLayer} provides with a signer providing `AS` and a challenge layer providing `AC`: what
 * they add for the app (the ChallengeComponent of `Challenges.browser`), not the RequestSigner and
 * ChallengeInterceptor the pipeline uses (so that the test and server layers, whose flows differ, have the same type).
 */
export type BrowserPlatformServices<AS = never, AC = never> =
  PageServices | Exclude<AS, RequestSigner> | Exclude<AC, ChallengeInterceptor>

/**
 * The configuration and the browser capabilities: storage (the CSRF token), page metadata (the configuration, the
 * CSRF token the page was served with; platform features read it too), telemetry, and the cookies and navigation
 * that platform features use.
 */
const capabilitiesLayer = (options: Pick<BrowserPlatformOptions, "config" | "telemetryEndpoint">) =>
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
 * use), PlatformHttp (with its CsrfStore and SessionHeaders) over `fetch`, and the signer and challenge flow the
 * page gives, with whatever they provide:
 *
 * ```ts
 * browserPlatformLayer({ signer: Signing.browser, challenges: Challenges.browser })
 * ```
 *
 * Each is a layer the page imports (`platform-web-client/signing`, `platform-web-client/challenge`), so that a page
 * that does not use one has none of its code, not even in a chunk loaded on demand (docs/bundle-size.md).
 */
export const browserPlatformLayer = <AS = never, AC = never>(
  options: BrowserPlatformOptions<AS, AC> = {}
): Layer.Layer<BrowserPlatformServices<AS, AC>> => {
  refuseBooleanOptions(options)
  const layer: Layer.Layer<BrowserPlatformServices<AS, AC>> = platformLayer<
    AS,
    BrowserCapabilities,
    AC,
    BrowserCapabilities | BuiltForTheFlow
  >({
    ...(options.signer === undefined ? {} : { signer: options.signer }),
    ...(options.challenges === undefined ? {} : { challenges: options.challenges })
  }).pipe(Layer.provideMerge(capabilitiesLayer(options)))
  return layer
}

/**
 * The message {@link browserPlatformLayer} throws (a TypeError, when it is called) for the boolean options it took
 * before it took layers: a page passing `signing: true` through a variable, or from JavaScript, would otherwise
 * build without a signer and send every request unsigned, silently.
 */
export const booleanOptionsMessage =
  "browserPlatformLayer takes layers: { signer: Signing.browser } for { signing: true }, " +
  "{ challenges: Challenges.browser } for { challenges: true }"

const refuseBooleanOptions = (options: object): void => {
  const given = options as { readonly signing?: unknown; readonly challenges?: unknown }
  if ("signing" in options || typeof given.challenges === "boolean") throw new TypeError(booleanOptionsMessage)
}
