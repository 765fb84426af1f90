/**
 * The security-frame RequestSigner: for pages on another sub-domain than www, each request PlatformHttp sends
 * (re-sends included) is signed by the hidden frame (SecurityFrame). URL, policy and body are checked on the page
 * first, exactly as the direct signer does (an exempt request never reaches the frame); a frame that failed to
 * load, a time-out or an error answer leaves the request unsigned and is reported like any signing failure.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Telemetry } from "../browser/Telemetry.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import { makeRequestSigner } from "../signing/makeRequestSigner.ts"
import { RequestSigner } from "../signing/RequestSigner.ts"
import { SecurityFrame } from "./SecurityFrame.ts"

/** The RequestSigner that signs through the security frame. */
export const FrameSigner: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | SecurityFrame> = Layer.effect(
  RequestSigner,
  Effect.gen(function*() {
    const config = yield* PlatformConfig
    const telemetry = yield* Telemetry
    const frame = yield* SecurityFrame
    return RequestSigner.of(makeRequestSigner(config, telemetry, (_location, request) => frame.token(request)))
  })
)
