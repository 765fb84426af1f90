/**
 * Crypto: the page's WebCrypto (`crypto.subtle`), reduced to what request signing and device attestation need.
 *
 * - SHA-256 digests;
 * - ECDSA P-256 key pairs whose private key is NOT extractable (`extractable: false`): script can sign with it,
 *   store it in IndexedDB and load it again, but never read its bytes (EFFECT4.md §12). The public key of a
 *   WebCrypto pair is always extractable, so its SPKI can be sent to the server;
 * - ECDSA P-256 / SHA-256 signatures, in WebCrypto's raw `r‖s` form (64 bytes);
 * - random identifiers (`crypto.randomUUID`).
 *
 * Every failure (no WebCrypto in an insecure context, a rejected operation) is a typed {@link CryptoError}, never
 * an exception. Only this module touches `crypto.subtle`.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/** The WebCrypto operation that failed; `unavailable` when the page has no WebCrypto (insecure context). */
export type CryptoOperation = "unavailable" | "digest" | "generateKey" | "sign" | "exportKey" | "randomId"

/** A WebCrypto operation failed. The message names the operation only, never key material or data. */
export class CryptoError extends Data.TaggedError("CryptoError")<{
  readonly operation: CryptoOperation
  readonly cause?: unknown
}> {
  override get message(): string {
    return this.operation === "unavailable" ? "WebCrypto is not available" : `WebCrypto ${this.operation} failed`
  }
}

/** The algorithm of signing keys: ECDSA on the P-256 curve. */
export const signingKeyAlgorithm: EcKeyGenParams = { name: "ECDSA", namedCurve: "P-256" }

/** The signature algorithm: ECDSA with SHA-256. */
export const signatureAlgorithm: EcdsaParams = { name: "ECDSA", hash: "SHA-256" }

/** The shape of the crypto capability. */
export interface CryptoShape {
  /** SHA-256 of `data` (32 bytes). */
  readonly sha256: (data: Uint8Array) => Effect.Effect<Uint8Array, CryptoError>
  /** A fresh ECDSA P-256 key pair with a non-extractable private key (usages: sign, verify). */
  readonly generateSigningKeyPair: Effect.Effect<CryptoKeyPair, CryptoError>
  /** The raw `r‖s` ECDSA P-256 / SHA-256 signature of `data` (64 bytes). */
  readonly sign: (privateKey: CryptoKey, data: Uint8Array) => Effect.Effect<Uint8Array, CryptoError>
  /**
   * SHA-256 of `data`, then the signature of `message(digest)`, in one promise chain (one asynchronous step for
   * the caller instead of two: this is the per-request path of signing). A failure names the stage that failed
   * (`digest` or `sign`).
   */
  readonly sha256ThenSign: (
    data: Uint8Array,
    privateKey: CryptoKey,
    message: (digest: Uint8Array) => Uint8Array
  ) => Effect.Effect<{ readonly digest: Uint8Array; readonly signature: Uint8Array }, CryptoError>
  /** The DER SubjectPublicKeyInfo of a public key. */
  readonly exportSpki: (publicKey: CryptoKey) => Effect.Effect<Uint8Array, CryptoError>
  /** A random identifier (a version 4 UUID). */
  readonly randomId: Effect.Effect<string, CryptoError>
}

/** The part of the Web Crypto API the capability uses (`globalThis.crypto` satisfies it). */
export interface WebCryptoLike {
  readonly subtle: SubtleCrypto
  readonly randomUUID: () => string
}

const fromWebCrypto = (crypto: () => WebCryptoLike | undefined): CryptoShape => {
  // One promise per operation and no extra hops: this is on every signed request's path.
  const run = <A>(operation: CryptoOperation, f: (c: WebCryptoLike) => PromiseLike<A>): Effect.Effect<A, CryptoError> =>
    Effect.suspend(() => {
      let c: WebCryptoLike | undefined
      try {
        c = crypto()
      } catch (cause) {
        return Effect.fail(new CryptoError({ operation: "unavailable", cause }))
      }
      if (c === undefined || c.subtle === undefined) return Effect.fail(new CryptoError({ operation: "unavailable" }))
      const target = c
      return Effect.tryPromise({
        try: () => Promise.resolve(f(target)),
        catch: (cause) => new CryptoError({ operation, cause })
      })
    })
  return {
    sha256: (data) =>
      run("digest", (c) => c.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>)).pipe(
        Effect.map((buffer) => new Uint8Array(buffer))
      ),
    generateSigningKeyPair: run("generateKey", (c) => c.subtle.generateKey(signingKeyAlgorithm, false, ["sign", "verify"])),
    sign: (privateKey, data) =>
      run("sign", (c) => c.subtle.sign(signatureAlgorithm, privateKey, data as Uint8Array<ArrayBuffer>)).pipe(
        Effect.map((buffer) => new Uint8Array(buffer))
      ),
    sha256ThenSign: (data, privateKey, message) =>
      Effect.suspend(() => {
        let c: WebCryptoLike | undefined
        try {
          c = crypto()
        } catch (cause) {
          return Effect.fail(new CryptoError({ operation: "unavailable", cause }))
        }
        if (c === undefined || c.subtle === undefined) return Effect.fail(new CryptoError({ operation: "unavailable" }))
        const subtle = c.subtle
        let stage: "digest" | "sign" = "digest"
        let digest: Uint8Array | undefined
        return Effect.map(
          Effect.tryPromise({
            try: () =>
              subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>).then((buffer) => {
                digest = new Uint8Array(buffer)
                stage = "sign"
                return subtle.sign(signatureAlgorithm, privateKey, message(digest) as Uint8Array<ArrayBuffer>)
              }),
            catch: (cause) => new CryptoError({ operation: stage, cause })
          }),
          (signature) => ({ digest: digest!, signature: new Uint8Array(signature) })
        )
      }),
    exportSpki: (publicKey) =>
      run("exportKey", (c) => c.subtle.exportKey("spki", publicKey)).pipe(Effect.map((buffer) => new Uint8Array(buffer))),
    randomId: Effect.suspend(() => {
      try {
        const c = crypto()
        if (c === undefined || typeof c.randomUUID !== "function") {
          return Effect.fail(new CryptoError({ operation: "unavailable" }))
        }
        return Effect.succeed(c.randomUUID())
      } catch (cause) {
        return Effect.fail(new CryptoError({ operation: "randomId", cause }))
      }
    })
  }
}

/** WebCrypto: digests, non-extractable signing keys, signatures, random identifiers. */
export class Crypto extends Context.Service<Crypto, CryptoShape>()("platform-web-client/core/browser/Crypto") {
  /** Crypto over a Web Crypto object, looked up on every operation (undefined or throwing: `unavailable`). */
  static fromWebCrypto(crypto: () => WebCryptoLike | undefined): Layer.Layer<Crypto> {
    return Layer.succeed(Crypto, fromWebCrypto(crypto))
  }

  /** The page's `globalThis.crypto` (also Node's, version 19 and later). */
  static readonly browser: Layer.Layer<Crypto> = Crypto.fromWebCrypto(() =>
    typeof globalThis.crypto === "undefined" ? undefined : globalThis.crypto
  )
}
