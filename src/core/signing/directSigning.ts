/**
 * The direct signer's code (URL, policy and body checks, the key store over IndexedDB, the bound-auth token over
 * WebCrypto): part of the core's on-demand code (../lazy/extras.ts), which `Signing.browser` loads with the
 * first request of a page that can sign (and `Signing.direct` and `Signing.auto` when their layer is built).
 * Pages of guests, of users outside the sample and of sites with signing off never load it for signing
 * (docs/bundle-size.md).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import { Crypto } from "../browser/Crypto.ts"
import { KeyDatabase } from "../browser/KeyDatabase.ts"
import { Telemetry } from "../browser/Telemetry.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import { BoundAuthTokenSigner } from "./BoundAuthTokenSigner.ts"
import { DirectSigner } from "./DirectSigner.ts"
import { KeyStore } from "./KeyStore.ts"
import { makeRequestSigner } from "./makeRequestSigner.ts"
import type { RequestSigner, RequestSignerShape } from "./RequestSigner.ts"

/** `Signing.direct`: the direct RequestSigner, exposing its token signer and key store. */
export const direct: Layer.Layer<
  RequestSigner | KeyStore | BoundAuthTokenSigner,
  never,
  PlatformConfig | Telemetry | KeyDatabase | Crypto
> = DirectSigner.pipe(Layer.provideMerge(BoundAuthTokenSigner.layer), Layer.provideMerge(KeyStore.layer))

const signerOver = <R>(tokens: Layer.Layer<BoundAuthTokenSigner, never, R>) =>
  Effect.gen(function*() {
    const built = yield* Layer.build(tokens)
    return makeRequestSigner(yield* PlatformConfig, yield* Telemetry, Context.get(built, BoundAuthTokenSigner).tokenAt)
  })

const tokens = BoundAuthTokenSigner.layer.pipe(Layer.provide(KeyStore.layer))

/** Build the direct signer in the current scope, over the key database and crypto in context (`Signing.auto`). */
export const makeDirectSigner: Effect.Effect<
  RequestSignerShape,
  never,
  PlatformConfig | Telemetry | KeyDatabase | Crypto | Scope.Scope
> = signerOver(tokens)

/** Build the direct signer in the current scope over the browser's IndexedDB and WebCrypto (`Signing.browser`). */
export const makeBrowserDirectSigner: Effect.Effect<RequestSignerShape, never, PlatformConfig | Telemetry | Scope.Scope> =
  signerOver(tokens.pipe(Layer.provide(Layer.merge(KeyDatabase.browser, Crypto.browser))))
