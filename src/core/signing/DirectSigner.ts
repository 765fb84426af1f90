/**
 * The direct RequestSigner: signs on this page with this origin's key database (pages on the www origin, and the
 * security frame itself).
 *
 * For each request PlatformHttp sends (re-sends included) it resolves the absolute URL, applies the signing
 * policy, reads the body and sets the `x-bound-auth-token` header (name from PlatformConfig.headers). Any failure,
 * including an unexpected defect (`Unknown`), leaves the request unchanged and is reported
 * (./reportSigningFailure.ts): signing never blocks or fails a request. Interruption is not a failure and passes
 * through.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Telemetry } from "../browser/Telemetry.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import { BoundAuthTokenSigner } from "./BoundAuthTokenSigner.ts"
import { makeRequestSigner } from "./makeRequestSigner.ts"
import { RequestSigner } from "./RequestSigner.ts"

/** Shared with the security-frame signer (defined in ./makeRequestSigner.ts). */
export { makeRequestSigner } from "./makeRequestSigner.ts"

/** The direct signer as the RequestSigner PlatformHttp uses. */
export const DirectSigner: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | BoundAuthTokenSigner> = Layer
  .effect(
    RequestSigner,
    Effect.gen(function*() {
      const config = yield* PlatformConfig
      const telemetry = yield* Telemetry
      const signer = yield* BoundAuthTokenSigner
      return RequestSigner.of(makeRequestSigner(config, telemetry, signer.tokenAt))
    })
  )
