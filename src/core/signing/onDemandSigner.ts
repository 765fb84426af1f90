/**
 * The RequestSigners a page holds up front while the signers' code is loaded on demand (see Signing.ts and
 * docs/bundle-size.md):
 *
 * - {@link directSignerOnDemand}: when the page cannot sign at all (signing off, key database names missing, a
 *   guest, a user outside the sample: `signingLocation`), every request goes out unsigned as `RequestExempt`
 *   (logged at Debug level), whatever its URL, and nothing is loaded. Otherwise the direct signer (URL, policy and
 *   body checks, key store, WebCrypto) is loaded and built the first time a request is sent
 *   (../lazy/onDemand.ts); that request waits for it, as it waits for the key pair's first read.
 * - {@link frameSignerOrUnsigned}: the frame signer's layer, loaded when the layer is built (the frame is created
 *   then).
 * - {@link signerFor}: one or the other, by the page's signing mode (`signingMode`), chosen when the layer is
 *   built.
 *
 * Should a signer's code fail to load (a chunk that cannot be fetched), the request goes out unsigned and is
 * reported as a signing failure of reason `Unknown` ({@link signerUnavailable}); the direct signer tries to load
 * again with the next request.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import type * as Scope from "effect/Scope"
import { Telemetry } from "../browser/Telemetry.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import { onDemand } from "../lazy/onDemand.ts"
import { RequestSigner, type RequestSignerShape } from "./RequestSigner.ts"
import { reportSigningFailure } from "./reportSigningFailure.ts"
import { SigningFailure } from "./SigningFailure.ts"
import { signingMode } from "./signingMode.ts"
import { signingLocation } from "./SigningPolicy.ts"

/** The detail of the failure reported for every request a signer could not sign because its code did not load. */
export const signerUnavailable = "the signer's code could not be loaded"

/** A signer that leaves every request unchanged, reporting `failure` for each (with no host). */
const unsigning = (failure: (cause: unknown) => SigningFailure) =>
(cause?: unknown): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry> =>
  Layer.effect(
    RequestSigner,
    Effect.gen(function*() {
      const telemetry = yield* Telemetry
      const rate = (yield* PlatformConfig).boundAuthToken.eventSampleRatePerMillion
      const reported = failure(cause)
      return RequestSigner.of({
        sign: () => Effect.andThen(reportSigningFailure(telemetry, rate, reported, undefined), Effect.fail(reported))
      })
    })
  )

const unavailable = (cause: unknown) => new SigningFailure({ reason: "Unknown", detail: signerUnavailable, cause })

/**
 * The direct signer up front: exempt without loading anything when the page cannot sign, else the signer built
 * by the effect `load` gives, loaded with the first request (see the module doc).
 */
export const directSignerOnDemand = <R>(
  load: () => Promise<Effect.Effect<RequestSignerShape, never, R | Scope.Scope>>
): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | R> =>
  Layer.unwrap(Effect.gen(function*() {
    const location = signingLocation(yield* PlatformConfig)
    if (Result.isFailure(location)) return unsigning(() => location.failure)()
    return Layer.effect(
      RequestSigner,
      Effect.gen(function*() {
        const telemetry = yield* Telemetry
        const rate = (yield* PlatformConfig).boundAuthToken.eventSampleRatePerMillion
        const signer = onDemand(load, yield* Effect.scope, yield* Effect.context<R>())
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
  }))

/** The frame signer `load` gives, or (its code did not load) a signer that leaves every request unsigned. */
export const frameSignerOrUnsigned = <R>(
  load: () => Promise<Layer.Layer<RequestSigner, never, R>>
): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | R> =>
  Layer.unwrap(Effect.tryPromise(load).pipe(
    Effect.map((layer): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | R> => layer),
    Effect.catch((cause) =>
      Effect.as(Effect.logWarning(`Request signing: ${signerUnavailable}`, cause), unsigning(unavailable)(cause))
    )
  ))

/** Where {@link signerFor} gets the signers' code (`Signing.browser`: dynamic imports; `Signing.auto`: at hand). */
export interface SignerLoaders<RD, RF> {
  /** Gives the effect that builds the direct signer in the current scope; run with the first request. */
  readonly direct: () => Promise<Effect.Effect<RequestSignerShape, never, RD | Scope.Scope>>
  /** Gives the frame signer's layer; run when the layer is built in frame mode. */
  readonly frame: () => Promise<Layer.Layer<RequestSigner, never, RF>>
}

/**
 * The signer of the page's signing mode, the page's origin read from `origin`: the direct signer on demand
 * (./onDemandSigner.ts), or the frame signer (or unsigned requests when its code does not load).
 */
export const signerFor = <RO, RD, RF>(
  origin: Effect.Effect<string, never, RO>,
  loaders: SignerLoaders<RD, RF>
): Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | RO | RD | RF> =>
  Layer.unwrap(Effect.gen(function*() {
    const config = yield* PlatformConfig
    const mode = signingMode(yield* origin, config.baseUrls.www)
    yield* Effect.logDebug(`Request signing mode: ${mode}`)
    const chosen: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | RD | RF> = mode === "direct"
      ? directSignerOnDemand(loaders.direct)
      : frameSignerOrUnsigned(loaders.frame)
    return chosen
  }))
