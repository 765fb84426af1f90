/**
 * The signing chunk: the real signers, which the layers of ../signing/Signing.ts load through ./signingChunk.ts (the
 * only importer, with a dynamic `import()`; tests import it directly) and ./onDemand.ts. Nothing else in the core imports this module,
 * so none of this code is in what a page loads up front, and a page that does not use `Signing` has none of it.
 *
 * - the direct signer: a RequestSigner over the key store (IndexedDB) and the bound-auth token (WebCrypto);
 * - the security-frame signer: a RequestSigner over the hidden frame on the www origin.
 *
 * Both signers are made by `makeRequestSigner` (URL, policy and body checks, the header, the time-out of each
 * request's signing, reporting): they differ only in where the token comes from and what they wait for first (the
 * key pair's load; the frame's load), which is bounded by its own time-out, not by `RequestSigningTimeout`. The
 * `make…` effects build their layer in the current scope and give the service; the stand-ins run them on demand.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { Crypto } from "../browser/Crypto.ts"
import { Frames } from "../browser/Frames.ts"
import { KeyDatabase } from "../browser/KeyDatabase.ts"
import { Telemetry } from "../browser/Telemetry.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import { InitialCsrfToken } from "../csrf/CsrfStore.ts"
import { FrameMetrics, FrameMetricsCsrfToken } from "../signing/frame/FrameMetrics.ts"
import { SecurityFrame } from "../signing/frame/SecurityFrame.ts"
import { BoundAuthTokenSigner } from "../signing/token/BoundAuthTokenSigner.ts"
import { KeyStore } from "../signing/keys/KeyStore.ts"
import { makeRequestSigner, RequestSigningTimeout } from "../signing/makeRequestSigner.ts"
import { RequestSigner } from "../signing/RequestSigner.ts"
import { serviceOf } from "./onDemand.ts"

/** The direct signer: signs with this origin's key (`Signing.direct`), exposing its token signer and key store. */
export const directSigner: Layer.Layer<
  RequestSigner | KeyStore | BoundAuthTokenSigner,
  never,
  PlatformConfig | Telemetry | KeyDatabase | Crypto
> = Layer.effect(
  RequestSigner,
  Effect.gen(function* () {
    const tokens = yield* BoundAuthTokenSigner
    const keys = yield* KeyStore
    return RequestSigner.of(
      makeRequestSigner(yield* PlatformConfig, yield* Telemetry, tokens.tokenAt, {
        ready: keys.keyPair,
        timeout: yield* RequestSigningTimeout
      })
    )
  })
).pipe(Layer.provideMerge(BoundAuthTokenSigner.layer), Layer.provideMerge(KeyStore.layer))

/**
 * The security-frame signer (`Signing.viaSecurityFrame`), exposing the frame: URL, policy and body are checked on
 * the page first, so an exempt request never reaches the frame; the frame's token or failure is reported like the
 * direct signer's.
 */
export const frameSigner: Layer.Layer<
  RequestSigner | SecurityFrame,
  never,
  PlatformConfig | Telemetry | Frames | Crypto | FrameMetrics
> = Layer.effect(
  RequestSigner,
  Effect.gen(function* () {
    const frame = yield* SecurityFrame
    return RequestSigner.of(
      makeRequestSigner(yield* PlatformConfig, yield* Telemetry, (_, request) => frame.token(request), {
        ready: () => frame.settled,
        timeout: yield* RequestSigningTimeout
      })
    )
  })
).pipe(Layer.provideMerge(SecurityFrame.layer))

/** The page's origin as the Frames in context report it (`Signing.auto` chooses the page's mode by it). */
export const framesOrigin: Effect.Effect<string, never, Frames> = Effect.map(Frames, (frames) => frames.origin)

/** The direct signer over the key database and crypto in context, built in the current scope (`Signing.auto`). */
export const makeDirectSigner: Effect.Effect<
  RequestSigner["Service"],
  never,
  PlatformConfig | Telemetry | KeyDatabase | Crypto | Scope.Scope
> = serviceOf(directSigner, RequestSigner)

/** The direct signer over the browser's IndexedDB and WebCrypto, built in the current scope (`Signing.browser`). */
export const makeBrowserDirectSigner: Effect.Effect<
  RequestSigner["Service"],
  never,
  PlatformConfig | Telemetry | Scope.Scope
> = serviceOf(directSigner.pipe(Layer.provide(Layer.merge(KeyDatabase.browser, Crypto.browser))), RequestSigner)

/**
 * The frame signer over the browser's window and WebCrypto, its metrics posted through fetch with the token the page
 * was served with (`Signing.browser`).
 */
export const browserFrameSigner: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry> = frameSigner.pipe(
  Layer.provide(
    Layer.mergeAll(
      Frames.browser,
      Crypto.browser,
      FrameMetrics.layer.pipe(Layer.provide(Layer.effect(FrameMetricsCsrfToken, Effect.service(InitialCsrfToken))))
    )
  )
)
