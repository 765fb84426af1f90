/**
 * `Signing.auto`: picks the signer by comparing the page's origin (`Frames.origin`) with the origin of
 * `PlatformConfig.baseUrls.www` (`signingMode`), over the capabilities in context (memory ones in tests). It is
 * loaded with the rest of the on-demand code (../lazy/extras.ts) when its layer is built; `Signing.browser`
 * makes the same choice up front without it.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import type { Crypto } from "../browser/Crypto.ts"
import { Frames } from "../browser/Frames.ts"
import type { KeyDatabase } from "../browser/KeyDatabase.ts"
import type { Telemetry } from "../browser/Telemetry.ts"
import type { PlatformConfig } from "../config/PlatformConfig.ts"
import type { FrameMetrics } from "../security-frame/FrameMetrics.ts"
import { frameSigning } from "../security-frame/frameSigning.ts"
import { makeDirectSigner } from "./directSigning.ts"
import { type SignerLoaders, signerFor } from "./onDemandSigner.ts"
import type { RequestSigner } from "./RequestSigner.ts"

/** {@link signerFor} with the origin of the Frames in context (tests pass failing loaders to check the fallbacks). */
export const autoWith = <RD, RF>(loaders: SignerLoaders<RD, RF>) =>
  signerFor(Effect.gen(function*() {
    return (yield* Frames).origin
  }), loaders)

/** `Signing.auto`. */
export const auto: Layer.Layer<
  RequestSigner,
  never,
  PlatformConfig | Telemetry | Frames | Crypto | KeyDatabase | FrameMetrics
> = autoWith<PlatformConfig | Telemetry | KeyDatabase | Crypto, PlatformConfig | Telemetry | Frames | Crypto | FrameMetrics>({
  direct: () => Promise.resolve(makeDirectSigner),
  frame: () => Promise.resolve(frameSigning)
})
