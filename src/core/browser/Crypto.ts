/**
 * Crypto: the page's WebCrypto (`crypto.subtle`), reduced to what request signing and device attestation need.
 *
 * - SHA-256 digests;
 * - ECDSA P-256 key pairs whose private key is NOT extractable (`extractable: false`): script can sign with it,
 *   store it in IndexedDB and load it again, but never read its bytes (a non-extractable key never leaves WebCrypto). The public key of a
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
   * the caller instead of two: this is the per-request path of signing). With `alongside`, that message is signed
   * at the same time (it does not wait for the digest) and its signature is `alongsideSignature`. The first
   * failure settles the whole at once, whatever the other part is doing (a failed digest never waits for the path
   * signature); it names the stage that failed: `digest` or `sign`. The other part's late outcome is ignored.
   */
  readonly sha256ThenSign: (
    data: Uint8Array,
    privateKey: CryptoKey,
    message: (digest: Uint8Array) => Uint8Array,
    alongside?: Uint8Array
  ) => Effect.Effect<DigestAndSignatures, CryptoError>
  /** The DER SubjectPublicKeyInfo of a public key. */
  readonly exportSpki: (publicKey: CryptoKey) => Effect.Effect<Uint8Array, CryptoError>
  /** A random identifier (a version 4 UUID). */
  readonly randomId: Effect.Effect<string, CryptoError>
}

/** What {@link CryptoShape.sha256ThenSign} produces. */
export interface DigestAndSignatures {
  /** SHA-256 of the data (32 bytes). */
  readonly digest: Uint8Array
  /** The signature of the message made from the digest. */
  readonly signature: Uint8Array
  /** The signature of the `alongside` message, when one was given. */
  readonly alongsideSignature?: Uint8Array | undefined
}

/** The part of the Web Crypto API the capability uses (`globalThis.crypto` satisfies it). */
export interface WebCryptoLike {
  readonly subtle: SubtleCrypto
  readonly randomUUID: () => string
}

const fromWebCrypto = (crypto: () => WebCryptoLike | undefined): CryptoShape => {
  /** The page's SubtleCrypto, or the `unavailable` failure. */
  const subtleCrypto = (): SubtleCrypto | CryptoError => {
    try {
      const c = crypto()
      return c === undefined || c.subtle === undefined ? new CryptoError({ operation: "unavailable" }) : c.subtle
    } catch (cause) {
      return new CryptoError({ operation: "unavailable", cause })
    }
  }
  // One promise per operation and no extra hops: this is on every signed request's path.
  const run = <A>(
    operation: CryptoOperation,
    f: (subtle: SubtleCrypto) => PromiseLike<A>
  ): Effect.Effect<A, CryptoError> =>
    Effect.suspend(() => {
      const subtle = subtleCrypto()
      if (subtle instanceof CryptoError) return Effect.fail(subtle)
      return Effect.tryPromise({
        try: () => Promise.resolve(f(subtle)),
        catch: (cause) => (cause instanceof CryptoError ? cause : new CryptoError({ operation, cause }))
      })
    })
  const bytes = (buffer: ArrayBuffer) => new Uint8Array(buffer)
  return {
    sha256: (data) =>
      Effect.map(
        run("digest", (s) => s.digest("SHA-256", data as Uint8Array<ArrayBuffer>)),
        bytes
      ),
    generateSigningKeyPair: run("generateKey", (s) => s.generateKey(signingKeyAlgorithm, false, ["sign", "verify"])),
    sign: (privateKey, data) =>
      Effect.map(
        run("sign", (s) => s.sign(signatureAlgorithm, privateKey, data as Uint8Array<ArrayBuffer>)),
        bytes
      ),
    sha256ThenSign: (data, privateKey, message, alongside) =>
      run("digest", (subtle) => {
        const failed =
          (operation: "digest" | "sign") =>
          (cause: unknown): never => {
            throw new CryptoError({ operation, cause })
          }
        const sign = (signed: () => Uint8Array): Promise<Uint8Array> => {
          try {
            return subtle
              .sign(signatureAlgorithm, privateKey, signed() as Uint8Array<ArrayBuffer>)
              .then(bytes, failed("sign"))
          } catch (cause) {
            return Promise.reject(new CryptoError({ operation: "sign", cause }))
          }
        }
        const chain = subtle
          .digest("SHA-256", data as Uint8Array<ArrayBuffer>)
          .then(bytes, failed("digest"))
          .then((digest) =>
            sign(() => message(digest)).then((signature): DigestAndSignatures => ({ digest, signature }))
          )
        if (alongside === undefined) return chain
        // the first failure of either part answers at once: a failed digest does not wait for a slow (or hung) path
        // signature, nor the other way round; the other part's late outcome is ignored (Promise.all handles it)
        return Promise.all([chain, sign(() => alongside)]).then(([first, second]): DigestAndSignatures => ({
          ...first,
          alongsideSignature: second
        }))
      }),
    exportSpki: (publicKey) =>
      Effect.map(
        run("exportKey", (s) => s.exportKey("spki", publicKey)),
        bytes
      ),
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
