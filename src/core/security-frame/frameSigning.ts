/**
 * The security-frame RequestSigner with its frame: part of the core's on-demand code (../lazy/extras.ts), which
 * `Signing` loads when a page signs through the frame (pages off the www origin), so pages on the www origin do
 * not load the frame's code up front (docs/bundle-size.md).
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { Crypto } from "../browser/Crypto.ts"
import { Frames } from "../browser/Frames.ts"
import type { Telemetry } from "../browser/Telemetry.ts"
import type { PlatformConfig } from "../config/PlatformConfig.ts"
import type { RequestSigner } from "../signing/RequestSigner.ts"
import { FrameMetrics } from "./FrameMetrics.ts"
import { FrameSigner } from "./FrameSigner.ts"
import { SecurityFrame } from "./SecurityFrame.ts"

/** The frame signer over the page side of the security frame (`Signing.viaSecurityFrame` loads it). */
export const frameSigning: Layer.Layer<
  RequestSigner | SecurityFrame,
  never,
  PlatformConfig | Telemetry | Frames | Crypto | FrameMetrics
> = FrameSigner.pipe(Layer.provideMerge(SecurityFrame.layer))

/**
 * {@link frameSigning} over the browser's window, WebCrypto and fetch (the frame's metrics) (what `Signing.browser`
 * loads on pages off the www origin).
 */
export const browserFrameSigning: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry> = frameSigning.pipe(
  Layer.provide(Layer.mergeAll(Frames.browser, Crypto.browser, FrameMetrics.layer))
)
