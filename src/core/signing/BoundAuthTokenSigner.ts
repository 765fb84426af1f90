/**
 * BoundAuthTokenSigner: computes the `x-bound-auth-token` value of a request (format: ./BoundAuthToken.ts).
 *
 * For a request that the signing policy allows (./SigningPolicy.ts) it takes the site's key pair from the
 * KeyStore (memory after the first request), hashes the body, reads the Clock (whole seconds) and signs
 * `{bodyHash}|{timestamp}|{absolute URL}|{UPPERCASE METHOD}`; in the 5-field form
 * (`PlatformConfig.boundAuthToken.format`) it then signs `|{timestamp}|{URL path}|{UPPERCASE METHOD}` too (one
 * after the other: running the two concurrently would put Effect's concurrency code into what every page loads up
 * front, for a fraction of a millisecond). Every call signs anew: re-sent requests get a fresh timestamp and
 * signatures.
 * It fails with a {@link SigningFailure} (RequestExempt included) and never throws; callers (the direct signer,
 * the security frame) decide what to do with the failure.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { Crypto, type CryptoShape } from "../browser/Crypto.ts"
import type { KeyLocation } from "../browser/KeyDatabase.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import {
  base64,
  type BoundAuthTokenFormat,
  formatBoundAuthToken,
  pathSignedString,
  signedString,
  wholeSeconds
} from "./BoundAuthToken.ts"
import { KeyStore } from "./KeyStore.ts"
import type { SignableRequest } from "./SignableRequest.ts"
import { SigningFailure } from "./SigningFailure.ts"
import { makeSigningDecision } from "./SigningPolicy.ts"

const encoder = new TextEncoder()

const signingFailed = (cause: unknown) => new SigningFailure({ reason: "SignatureFailed", detail: "signing failed", cause })

/** The path of an absolute URL as sent (WHATWG-serialised, no query, no fragment), or RequestExemptError. */
const pathOf = (url: string): Effect.Effect<string, SigningFailure> => {
  try {
    return Effect.succeed(new URL(url).pathname)
  } catch (cause) {
    return Effect.fail(new SigningFailure({ reason: "RequestExemptError", detail: "request URL cannot be parsed", cause }))
  }
}

/**
 * The token of a request signed with `privateKey` at `nowMillis` in `format` (default the spec's 4-field form),
 * without any policy check. Exposed for the benchmark and for tools that hold a key of their own.
 */
export const computeBoundAuthToken = (
  crypto: CryptoShape,
  privateKey: CryptoKey,
  request: Pick<SignableRequest, "url" | "method" | "body">,
  nowMillis: number,
  format: BoundAuthTokenFormat = "4-field"
): Effect.Effect<string, SigningFailure> => {
  const bytes = typeof request.body === "string" ? encoder.encode(request.body) : request.body
  const timestamp = wholeSeconds(nowMillis)
  let bodyHash = ""
  const signature = Effect.mapBoth(
    crypto.sha256ThenSign(bytes, privateKey, (digest) => {
      bodyHash = base64(digest)
      return encoder.encode(signedString(bodyHash, timestamp, request.url, request.method))
    }),
    {
      onFailure: (cause) =>
        cause.operation === "sign"
          ? signingFailed(cause)
          : new SigningFailure({ reason: "RequestBodyHashFailed", detail: "body hash failed", cause }),
      onSuccess: (signed) => base64(signed.signature)
    }
  )
  if (format !== "5-field") {
    return Effect.map(signature, (sig1) => formatBoundAuthToken({ bodyHash, timestamp, signature: sig1 }))
  }
  const pathSignature = Effect.flatMap(pathOf(request.url), (path) =>
    Effect.mapBoth(crypto.sign(privateKey, encoder.encode(pathSignedString(timestamp, path, request.method))), {
      onFailure: signingFailed,
      onSuccess: base64
    }))
  return Effect.flatMap(signature, (sig1) =>
    Effect.map(pathSignature, (sig2) => formatBoundAuthToken({ bodyHash, timestamp, signature: sig1, pathSignature: sig2 })))
}

/** The shape of the token signer. */
export interface BoundAuthTokenSignerShape {
  /** The header value for `request`, or why it is not signed (RequestExempt when the policy says no). */
  readonly token: (request: SignableRequest) => Effect.Effect<string, SigningFailure>
  /** The header value for `request` with the key at `location`, the policy already applied by the caller. */
  readonly tokenAt: (location: KeyLocation, request: SignableRequest) => Effect.Effect<string, SigningFailure>
}

/** Computes bound-auth tokens with this page's key pair. */
export class BoundAuthTokenSigner extends Context.Service<BoundAuthTokenSigner, BoundAuthTokenSignerShape>()(
  "platform-web-client/core/signing/BoundAuthTokenSigner"
) {
  /** The signer over the site configuration, the key store and WebCrypto. */
  static readonly layer: Layer.Layer<BoundAuthTokenSigner, never, PlatformConfig | KeyStore | Crypto> = Layer.effect(
    BoundAuthTokenSigner,
    Effect.gen(function*() {
      const config = yield* PlatformConfig
      const keys = yield* KeyStore
      const crypto = yield* Crypto
      const format = config.boundAuthToken.format
      const tokenAt = (location: KeyLocation, request: SignableRequest) =>
        Effect.flatMap(keys.keyPair(location), (pair) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) => computeBoundAuthToken(crypto, pair.privateKey, request, now, format)))
      const decide = makeSigningDecision(config)
      return BoundAuthTokenSigner.of({
        tokenAt,
        token: (request) => {
          const location = decide(request.host)
          return Result.isFailure(location) ? Effect.fail(location.failure) : tokenAt(location.success, request)
        }
      })
    })
  )
}
