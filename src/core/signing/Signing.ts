/**
 * Signing: the RequestSigner layers a page chooses from (PlatformHttp uses the RequestSigner in its context).
 *
 * - {@link Signing.direct}: sign on this page with this origin's IndexedDB key (pages on the www origin, where
 *   the key was created at sign-in).
 * - {@link Signing.viaSecurityFrame}: sign through the hidden `/hba/iframe` frame on the www origin (pages on the
 *   site's other sub-domains, which cannot reach the www origin's database).
 * - {@link Signing.auto}: picks one by comparing the page's origin (`Frames.origin`) with the origin of
 *   `PlatformConfig.baseUrls.www` ({@link signingMode}): the same origin, or a page without an http(s) origin
 *   (tests, Node), signs directly; any other origin goes through the frame. The choice is made once, when the
 *   layer is built.
 * - {@link Signing.browser}: `auto` over the browser's IndexedDB, WebCrypto, window and fetch.
 *
 * Wiring, e.g. with the core browser layer: `PlatformHttp.layer.pipe(Layer.provide(Signing.browser),
 * Layer.provideMerge(browserLayer))`: the signer must be in context when PlatformHttp is built.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import { Crypto } from "../browser/Crypto.ts"
import { Frames } from "../browser/Frames.ts"
import { KeyDatabase } from "../browser/KeyDatabase.ts"
import type { Telemetry } from "../browser/Telemetry.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import { FrameMetrics } from "../security-frame/FrameMetrics.ts"
import { FrameSigner } from "../security-frame/FrameSigner.ts"
import { SecurityFrame } from "../security-frame/SecurityFrame.ts"
import { BoundAuthTokenSigner } from "./BoundAuthTokenSigner.ts"
import { DirectSigner } from "./DirectSigner.ts"
import { KeyStore } from "./KeyStore.ts"
import type { RequestSigner } from "./RequestSigner.ts"

/** How a page signs: with its own key database, or through the security frame. */
export type SigningMode = "direct" | "frame"

/**
 * `direct` when the page's origin is the www origin, or is not an http(s) origin (no browser page); else
 * `frame`. A www base URL that cannot be parsed gives `direct` (the frame could not be loaded either).
 */
export const signingMode = (pageOrigin: string, wwwBaseUrl: string): SigningMode => {
  let www: string
  try {
    www = new URL(wwwBaseUrl).origin
  } catch {
    return "direct"
  }
  if (!/^https?:\/\//.test(pageOrigin)) return "direct"
  return pageOrigin === www ? "direct" : "frame"
}

const direct: Layer.Layer<
  RequestSigner | KeyStore | BoundAuthTokenSigner,
  never,
  PlatformConfig | Telemetry | KeyDatabase | Crypto
> = DirectSigner.pipe(Layer.provideMerge(BoundAuthTokenSigner.layer), Layer.provideMerge(KeyStore.layer))

const viaSecurityFrame: Layer.Layer<
  RequestSigner | SecurityFrame,
  never,
  PlatformConfig | Telemetry | Frames | Crypto | FrameMetrics
> = FrameSigner.pipe(Layer.provideMerge(SecurityFrame.layer))

const auto: Layer.Layer<
  RequestSigner,
  never,
  PlatformConfig | Telemetry | Frames | Crypto | KeyDatabase | FrameMetrics
> = Layer.unwrap(Effect.gen(function*() {
  const frames = yield* Frames
  const config = yield* PlatformConfig
  const mode = signingMode(frames.origin, config.baseUrls.www)
  yield* Effect.logDebug(`Request signing mode: ${mode}`)
  const chosen: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | Frames | Crypto | KeyDatabase | FrameMetrics> =
    mode === "direct" ? direct : viaSecurityFrame
  return chosen
}))

/** The RequestSigner layers; see the module doc. */
export const Signing: {
  readonly direct: typeof direct
  readonly viaSecurityFrame: typeof viaSecurityFrame
  readonly auto: typeof auto
  readonly browser: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry>
  readonly browserWith: (
    httpClient: Layer.Layer<HttpClient.HttpClient>
  ) => Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry>
} = {
  direct,
  viaSecurityFrame,
  auto,
  browser: auto.pipe(Layer.provide(Layer.mergeAll(
    KeyDatabase.browser,
    Crypto.browser,
    Frames.browser,
    FrameMetrics.layer.pipe(Layer.provide(FetchHttpClient.layer))
  ))),
  browserWith: (httpClient) =>
    auto.pipe(Layer.provide(Layer.mergeAll(
      KeyDatabase.browser,
      Crypto.browser,
      Frames.browser,
      FrameMetrics.layer.pipe(Layer.provide(httpClient))
    )))
}
