/**
 * Signing: every RequestSigner layer. PlatformHttp signs with the RequestSigner of its context
 * (`platformLayer({ signer })`; `browserPlatformLayer({ signer: Signing.browser })` uses {@link Signing.browser},
 * `testPlatformLayer(…, { signing: true })` {@link Signing.auto}).
 *
 * | layer              | signs                                                            | needs                                                       |
 * |--------------------|------------------------------------------------------------------|-------------------------------------------------------------|
 * | `browser`          | by the page's mode (below), over the browser's capabilities       | PlatformConfig, Telemetry                                   |
 * | `auto`             | by the page's mode, over the capabilities in context (tests)      | the two rows below together                                 |
 * | `direct`           | with this origin's key; exposes KeyStore and BoundAuthTokenSigner | PlatformConfig, Telemetry, KeyDatabase, Crypto              |
 * | `viaSecurityFrame` | through the hidden frame on the www origin; exposes SecurityFrame | PlatformConfig, Telemetry, Frames, Crypto, FrameMetrics     |
 *
 * The page's mode ({@link signingMode}, chosen once when the layer is built): a page on the www origin, or without
 * an http(s) origin (Node, tests), signs with its own key; a page on another origin (another sub-domain) cannot
 * reach the www origin's IndexedDB and signs through the frame. `browser` reads the page's origin from
 * `window.location`, `auto` from `Frames.origin`.
 *
 * The signers' code is in the signing chunk (../wiring/onDemand.ts, built in ../wiring/signingCode.ts): both
 * signers are ./makeRequestSigner.ts over a token source, ./token/BoundAuthTokenSigner.ts (direct) or
 * ./frame/SecurityFrame.ts (through the frame). `browser` decides up front, without it:
 *
 * - direct mode, a page that cannot sign at all (signing off, key database names missing, a guest, a user outside
 *   the sample: `signingLocation`): every request goes out unsigned as `RequestExempt` (Debug), whatever its URL,
 *   and nothing is loaded;
 * - direct mode, a page that can sign: the direct signer is loaded with the first request, which waits for it (as
 *   it waits for the key pair's first read);
 * - frame mode: the frame signer is loaded when the layer is built (the frame is created then).
 *
 * `auto` loads the chunk when it is built (the Frames capability it reads the origin from is on-demand code too),
 * then behaves the same: a page that cannot sign builds no signer and reads no key. `direct` and
 * `viaSecurityFrame` load it when they are built.
 *
 * If the chunk cannot be loaded, or not within `OnDemandLoadTimeout`, requests go out unsigned, each reported as a
 * signing failure of kind `Unknown` ({@link signerUnavailable}: a Warning and the sampled event); in direct mode
 * the next request tries to load it again. `direct` and `viaSecurityFrame` cannot fall back (they expose services
 * no stand-in could provide): their build dies when the chunk does not load in time.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import type * as Scope from "effect/Scope"
import type { Crypto } from "../browser/Crypto.ts"
import type { Frames } from "../browser/Frames.ts"
import type { KeyDatabase } from "../browser/KeyDatabase.ts"
import { pageOrigin } from "../browser/pageOrigin.ts"
import { Telemetry } from "../browser/Telemetry.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import type { FrameMetrics } from "./frame/FrameMetrics.ts"
import type { SecurityFrame } from "./frame/SecurityFrame.ts"
import type { BoundAuthTokenSigner } from "./token/BoundAuthTokenSigner.ts"
import type { KeyStore } from "./keys/KeyStore.ts"
import { RequestSigner, type RequestSignerShape } from "./RequestSigner.ts"
import { reportSigningFailure } from "./reportSigningFailure.ts"
import { SigningFailure } from "./SigningFailure.ts"
import { signingLocation } from "./policy/SigningPolicy.ts"
import { loadBounded, loadFailure, onDemand } from "../wiring/onDemand.ts"
import { loadSigningCode, type SigningCode } from "../wiring/signingChunk.ts"

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

/** The detail of the failure reported for every request a signer could not sign because its code did not load. */
export const signerUnavailable = "the signer's code could not be loaded"

const unavailable = (cause: unknown) => new SigningFailure({ reason: "Unknown", detail: signerUnavailable, cause })

/** A signer that signs nothing: each request fails with `failure`, reported (with no host); the pipeline sends it unsigned. */
const unsigning = (failure: SigningFailure): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry> =>
  Layer.effect(
    RequestSigner,
    Effect.gen(function* () {
      const telemetry = yield* Telemetry
      const rate = (yield* PlatformConfig).boundAuthToken.eventSampleRatePerMillion
      return RequestSigner.of({
        sign: () => Effect.andThen(reportSigningFailure(telemetry, rate, failure, undefined), Effect.fail(failure))
      })
    })
  )

/** The direct signer up front: exempt without loading anything when the page cannot sign, else loaded on demand. */
const directOnDemand = <R>(
  load: () => Promise<SigningCode>,
  make: (code: SigningCode) => Effect.Effect<RequestSignerShape, never, R | Scope.Scope>
): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | R> =>
  Layer.unwrap(
    Effect.gen(function* () {
      const location = signingLocation(yield* PlatformConfig)
      if (Result.isFailure(location)) return unsigning(location.failure)
      return Layer.effect(
        RequestSigner,
        Effect.gen(function* () {
          const telemetry = yield* Telemetry
          const rate = (yield* PlatformConfig).boundAuthToken.eventSampleRatePerMillion
          const signer = yield* onDemand(load, make)
          return RequestSigner.of({
            sign: (request) =>
              Effect.matchEffect(signer, {
                onFailure: (cause) => {
                  const failure = unavailable(cause)
                  return Effect.andThen(reportSigningFailure(telemetry, rate, failure, undefined), Effect.fail(failure))
                },
                onSuccess: (loaded) => loaded.sign(request)
              })
          })
        })
      )
    })
  )

/** The signer `layer` gives from the chunk, loaded when the layer is built; a Warning and unsigned requests when it cannot be. */
const loadedOrUnsigned = <R>(
  load: () => Promise<SigningCode>,
  layer: (code: SigningCode) => Layer.Layer<RequestSigner, never, R>
): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | R> =>
  Layer.unwrap(
    loadBounded(load).pipe(
      Effect.map((code): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | R> => layer(code)),
      Effect.catch((cause) =>
        Effect.as(
          Effect.logWarning(`Request signing: ${signerUnavailable}:`, loadFailure(cause)),
          unsigning(unavailable(cause))
        )
      )
    )
  )

/** The signer of the page's mode, the page's origin read from `origin` when the layer is built. */
const byMode = <RO, RD, RF>(
  origin: Effect.Effect<string, never, RO>,
  load: () => Promise<SigningCode>,
  direct: (code: SigningCode) => Effect.Effect<RequestSignerShape, never, RD | Scope.Scope>,
  frame: (code: SigningCode) => Layer.Layer<RequestSigner, never, RF>
): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | RO | RD | RF> =>
  Layer.unwrap(
    Effect.gen(function* () {
      const mode = signingMode(yield* origin, (yield* PlatformConfig).baseUrls.www)
      yield* Effect.logDebug(`Request signing mode: ${mode}`)
      const chosen: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | RD | RF> =
        mode === "direct" ? directOnDemand(load, direct) : loadedOrUnsigned(load, frame)
      return chosen
    })
  )

/** A layer of the chunk, loaded when it is built (dies when the chunk cannot be loaded in time). */
const whenBuilt = <A, R>(load: () => Promise<SigningCode>, layer: (code: SigningCode) => Layer.Layer<A, never, R>) =>
  Layer.unwrap(Effect.map(Effect.orDie(loadBounded(load)), layer))

/** The RequestSigner layers; see the module doc. */
export interface SigningLayers {
  readonly browser: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry>
  readonly auto: Layer.Layer<
    RequestSigner,
    never,
    PlatformConfig | Telemetry | Frames | KeyDatabase | Crypto | FrameMetrics
  >
  readonly direct: Layer.Layer<
    RequestSigner | KeyStore | BoundAuthTokenSigner,
    never,
    PlatformConfig | Telemetry | KeyDatabase | Crypto
  >
  readonly viaSecurityFrame: Layer.Layer<
    RequestSigner | SecurityFrame,
    never,
    PlatformConfig | Telemetry | Frames | Crypto | FrameMetrics
  >
}

/** The signing layers over the chunk `load` gives (tests pass a chunk that fails, stalls or is replaced). */
export const makeSigning = (load: () => Promise<SigningCode>): SigningLayers => ({
  browser: byMode(
    Effect.sync(pageOrigin),
    load,
    (code) => code.makeBrowserDirectSigner,
    (code) => code.browserFrameSigner
  ),
  auto: loadedOrUnsigned(load, (code) =>
    byMode(
      code.framesOrigin,
      () => Promise.resolve(code),
      (loaded) => loaded.makeDirectSigner,
      (loaded) => loaded.frameSigner
    )
  ),
  direct: whenBuilt(load, (code) => code.directSigner),
  viaSecurityFrame: whenBuilt(load, (code) => code.frameSigner)
})

/** The RequestSigner layers; see the module doc. */
export const Signing: SigningLayers = makeSigning(loadSigningCode)
