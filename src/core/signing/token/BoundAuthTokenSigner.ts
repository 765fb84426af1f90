/**
 * BoundAuthTokenSigner: computes the `x-bound-auth-token` value of a request (format: ./BoundAuthToken.ts).
 *
 * For a request that the signing policy allows (../policy/SigningPolicy.ts) it takes the site's key pair from the
 * KeyStore (memory after the first request), hashes the body, reads the Clock (whole seconds) and signs
 * `{bodyHash}|{timestamp}|{absolute URL}|{UPPERCASE METHOD}`; in the 5-field form (the default of
 * `PlatformConfig.boundAuthToken.format`) it signs `|{timestamp}|{URL path}|{UPPERCASE METHOD}` too, at the same
 * time as the digest → first signature chain (sig2 does not need the digest; one promise chain in Crypto, no
 * fibers), so a 5-field token costs two WebCrypto round trips, not three. Every call signs anew: re-sent requests
 * get a fresh timestamp and signatures.
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
import { Crypto, type CryptoShape } from "../../browser/Crypto.ts"
import type { KeyLocation } from "../../browser/KeyDatabase.ts"
import { PlatformConfig } from "../../config/PlatformConfig.ts"
import {
  base64,
  type BoundAuthTokenFormat,
  formatBoundAuthToken,
  pathSignedString,
  signedString,
  wholeSeconds
} from "./BoundAuthToken.ts"
import { KeyStore } from "../keys/KeyStore.ts"
import { requestUrl, type SignableRequest } from "./SignableRequest.ts"
import { SigningFailure } from "../SigningFailure.ts"
import { makeSigningDecision } from "../policy/SigningPolicy.ts"

const encoder = new TextEncoder()

/** The path of an absolute URL as sent (WHATWG-serialised, no query, no fragment), or RequestExemptError. */
export const urlPath = (url: string): string | SigningFailure => {
  try {
    return new URL(url).pathname
  } catch (cause) {
    return new SigningFailure({ reason: "RequestExemptError", detail: "request URL cannot be parsed", cause })
  }
}

/**
 * `url` up to and with its first `?` or `#`: for the URL parser a query or a fragment starts there (in the authority
 * too), so the path of `url` is the path of this part. The delimiter is kept: without it, spaces or controls just
 * before it would end the string, and the parser strips those where it would keep them encoded in the whole URL.
 */
const beforeQuery = (url: string): string => {
  const end = url.search(/[?#]/)
  return end < 0 ? url : url.slice(0, end + 1)
}

/**
 * {@link urlPath} with a small memo (the same endpoints are signed again and again), keyed by the URL without its
 * query or fragment ({@link beforeQuery}): URLs that differ only there (cursors, cache-busters) share one entry, and
 * no query value (it may be a secret) is kept. The path is parsed from that key, so it is a function of the key
 * alone. At most `capacity` keys are kept, then the memo starts over. A URL that cannot be parsed is not kept.
 */
export const makeUrlPathMemo = (capacity = 256) => {
  const memo = new Map<string, string>()
  return (url: string): string | SigningFailure => {
    const key = beforeQuery(url)
    const known = memo.get(key)
    if (known !== undefined) return known
    const path = urlPath(key)
    if (path instanceof SigningFailure) return path
    if (memo.size >= capacity) memo.clear()
    memo.set(key, path)
    return path
  }
}

/**
 * The token of a request signed with `privateKey` at `nowMillis` in `format` (default the 5-field form, as the real
 * site forms it; `request.url` is signed as given: pass the absolute URL as fetch sends it),
 * without any policy check; `pathOf` gives the 5-field token's URL path (default {@link urlPath}: parsed each
 * time; the signer passes its memo). Exposed for the benchmark and for tools that hold a key of their own.
 */
export const computeBoundAuthToken = (
  crypto: CryptoShape,
  privateKey: CryptoKey,
  request: Pick<SignableRequest, "url" | "method" | "body">,
  nowMillis: number,
  format: BoundAuthTokenFormat = "5-field",
  pathOf: (url: string) => string | SigningFailure = urlPath
): Effect.Effect<string, SigningFailure> => {
  const timestamp = wholeSeconds(nowMillis)
  let pathMessage: Uint8Array | undefined
  if (format === "5-field") {
    const path = pathOf(request.url)
    if (path instanceof SigningFailure) return Effect.fail(path)
    pathMessage = encoder.encode(pathSignedString(timestamp, path, request.method))
  }
  const bytes = typeof request.body === "string" ? encoder.encode(request.body) : request.body
  let bodyHash = ""
  return Effect.mapBoth(
    // the path signature does not need the digest: it is made alongside the digest → sig1 chain
    crypto.sha256ThenSign(
      bytes,
      privateKey,
      (digest) => {
        bodyHash = base64(digest)
        return encoder.encode(signedString(bodyHash, timestamp, request.url, request.method))
      },
      pathMessage
    ),
    {
      onFailure: (cause) =>
        cause.operation === "sign"
          ? new SigningFailure({ reason: "SignatureFailed", detail: "signing failed", cause })
          : new SigningFailure({ reason: "RequestBodyHashFailed", detail: "body hash failed", cause }),
      onSuccess: (signed) =>
        formatBoundAuthToken({
          bodyHash,
          timestamp,
          signature: base64(signed.signature),
          pathSignature: signed.alongsideSignature === undefined ? undefined : base64(signed.alongsideSignature)
        })
    }
  )
}

/** The shape of the token signer. */
export interface BoundAuthTokenSignerShape {
  /**
   * The header value for `request`, or why it is not signed (RequestExempt when the policy says no). Its URL is read
   * as fetch sends it (resolved, the fragment removed) for the policy and the signature (the security frame passes
   * the page's URL as it is).
   */
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
    Effect.gen(function* () {
      const config = yield* PlatformConfig
      const keys = yield* KeyStore
      const crypto = yield* Crypto
      const format = config.boundAuthToken.format
      const pathOf = makeUrlPathMemo()
      const tokenAt = (location: KeyLocation, request: SignableRequest) =>
        Effect.flatMap(keys.keyPair(location), (pair) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) =>
            computeBoundAuthToken(crypto, pair.privateKey, request, now, format, pathOf)
          )
        )
      const decide = makeSigningDecision(config)
      return BoundAuthTokenSigner.of({
        tokenAt,
        token: (request) => {
          const url = requestUrl(request.url)
          if (Result.isFailure(url)) return Effect.fail(url.failure)
          const location = decide(url.success)
          return Result.isFailure(location)
            ? Effect.fail(location.failure)
            : tokenAt(location.success, { ...request, url: url.success.href, host: url.success.hostname })
        }
      })
    })
  )
}
