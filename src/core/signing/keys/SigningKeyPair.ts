/**
 * SigningKeyPair: the schema of a stored (or freshly generated) key pair. A value read from IndexedDB is outside
 * input: another script, an older version of this library or a damaged database may have put anything there.
 *
 * A usable pair is `{ privateKey, publicKey }`, both `CryptoKey`s of algorithm ECDSA on P-256, the private key
 * NOT extractable and allowed to sign, the public key of type public.
 *
 * @module
 */
import * as Schema from "effect/Schema"

const isEcdsaP256 = (key: CryptoKey): boolean => {
  const algorithm = key.algorithm as Partial<EcKeyAlgorithm>
  return algorithm.name === "ECDSA" && algorithm.namedCurve === "P-256"
}

const isCryptoKey = (u: unknown): u is CryptoKey => typeof CryptoKey === "function" && u instanceof CryptoKey

/** A non-extractable ECDSA P-256 private key that may sign. */
export const SigningPrivateKey = Schema.declare(
  (u: unknown): u is CryptoKey =>
    isCryptoKey(u) && u.type === "private" && !u.extractable && u.usages.includes("sign") && isEcdsaP256(u),
  { expected: "a non-extractable ECDSA P-256 private signing key" }
)

/** An ECDSA P-256 public key. */
export const SigningPublicKey = Schema.declare(
  (u: unknown): u is CryptoKey => isCryptoKey(u) && u.type === "public" && isEcdsaP256(u),
  { expected: "an ECDSA P-256 public key" }
)

/** A signing key pair as stored in the key database. */
export const SigningKeyPair = Schema.Struct({ privateKey: SigningPrivateKey, publicKey: SigningPublicKey })

/** The type of {@link SigningKeyPair}. */
export type SigningKeyPair = typeof SigningKeyPair.Type
