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
 * - {@link Signing.browser}: the same choice over the browser's IndexedDB, WebCrypto, window and fetch (for the
 *   frame's metrics).
 *
 * Wiring, e.g. with the core browser layer: `PlatformHttp.layer.pipe(Layer.provide(Signing.browser),
 * Layer.provideMerge(browserLayer))`: the signer must be in context when PlatformHttp is built.
 *
 * What a page loads, and when (docs/bundle-size.md). Up front, with `Signing.browser`: this module, the page's
 * origin, the mode choice and `signingLocation` (whether the page can sign at all: signing on, key database names
 * present, user signed in and in the sample). The signers' code is in the core's on-demand module
 * (../lazy/extras.ts), loaded with a dynamic `import()` (./onDemandSigner.ts):
 *
 * - direct mode: a page that cannot sign loads nothing, every request is `RequestExempt` (Debug) whatever its URL;
 *   a page that can sign loads the whole direct signer (URL, policy and body checks, key store, crypto) with its
 *   first request, which waits for the load as it waits for the key pair's first read;
 * - frame mode: the frame signer when the layer is built (the frame is created then);
 * - `direct`, `viaSecurityFrame` and `auto`: their code when their layer is built.
 *
 * Should the signer's code fail to load (a chunk that cannot be fetched), requests go out unsigned, each reported
 * as a signing failure of kind `Unknown` ({@link signerUnavailable}); the direct signer tries again with the next
 * request.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { Crypto } from "../browser/Crypto.ts"
import type { Frames } from "../browser/Frames.ts"
import type { KeyDatabase } from "../browser/KeyDatabase.ts"
import { pageOrigin } from "../browser/pageOrigin.ts"
import type { Telemetry } from "../browser/Telemetry.ts"
import type { PlatformConfig } from "../config/PlatformConfig.ts"
import { loadExtras } from "../lazy/loadExtras.ts"
import type { FrameMetrics } from "../security-frame/FrameMetrics.ts"
import type { SecurityFrame } from "../security-frame/SecurityFrame.ts"
import type { BoundAuthTokenSigner } from "./BoundAuthTokenSigner.ts"
import type { KeyStore } from "./KeyStore.ts"
import { signerFor } from "./onDemandSigner.ts"
import type { RequestSigner } from "./RequestSigner.ts"

/** Whether a page signs directly or through the frame (defined in ./signingMode.ts). */
export { signingMode, type SigningMode } from "./signingMode.ts"
/** The detail of the failure reported when a signer's code could not be loaded (defined in ./onDemandSigner.ts). */
export { signerUnavailable } from "./onDemandSigner.ts"

/** The core's on-demand code (see the module doc). */
const extras = loadExtras

const direct: Layer.Layer<
  RequestSigner | KeyStore | BoundAuthTokenSigner,
  never,
  PlatformConfig | Telemetry | KeyDatabase | Crypto
> = Layer.unwrap(Effect.map(Effect.promise(extras), (module) => module.direct))

const viaSecurityFrame: Layer.Layer<
  RequestSigner | SecurityFrame,
  never,
  PlatformConfig | Telemetry | Frames | Crypto | FrameMetrics
> = Layer.unwrap(Effect.map(Effect.promise(extras), (module) => module.frameSigning))

const auto: Layer.Layer<
  RequestSigner,
  never,
  PlatformConfig | Telemetry | Frames | Crypto | KeyDatabase | FrameMetrics
> = Layer.unwrap(Effect.map(Effect.promise(extras), (module) => module.auto))

const browser: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry> = signerFor(Effect.sync(pageOrigin), {
  direct: () => extras().then((module) => module.makeBrowserDirectSigner),
  frame: () => extras().then((module) => module.browserFrameSigning)
})

/** The RequestSigner layers; see the module doc. */
export const Signing: {
  readonly direct: typeof direct
  readonly viaSecurityFrame: typeof viaSecurityFrame
  readonly auto: typeof auto
  readonly browser: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry>
} = {
  direct,
  viaSecurityFrame,
  auto,
  browser
}
