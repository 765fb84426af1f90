/**
 * An independent verifier of bound-auth tokens, written against node:crypto only (it shares no code with the
 * library): split the header, check it has exactly the fields of the expected form, recompute the body hash from
 * the received body, rebuild the signed strings and check the ECDSA P-256 / SHA-256 signatures (IEEE P1363, raw
 * r‖s) with the SPKI public key. In the 5-field form the second signature covers `|{timestamp}|{path}|{METHOD}`:
 * {@link verifyPathSignature} checks it alone, as a gateway that never sees the body would.
 */
import { createHash, createPublicKey, verify } from "node:crypto"

/** What the server received. */
export interface Received {
  readonly url: string
  readonly method: string
  /** The body as received (text is taken as UTF-8); undefined when there was none. */
  readonly body: string | Uint8Array | undefined
}

/** The token forms. */
export type Form = "4-field" | "5-field"

/** The verdict and, when rejected, why. */
export type Verdict = "verified" | "malformed" | "body hash mismatch" | "bad signature" | "bad path signature"

const fieldCount: Record<Form, number> = { "4-field": 4, "5-field": 5 }

const signatureHolds = (spki: Uint8Array, data: string, signature: string): boolean => {
  const key = createPublicKey({ key: Buffer.from(spki), format: "der", type: "spki" })
  const sig = Buffer.from(signature, "base64")
  return sig.length === 64 && verify("sha256", Buffer.from(data, "utf8"), { key, dsaEncoding: "ieee-p1363" }, sig)
}

const split = (token: string | undefined, form: Form): ReadonlyArray<string> | undefined => {
  if (token === undefined) return undefined
  const parts = token.split("|")
  if (parts.length !== fieldCount[form] || parts[0] !== "v1" || !/^\d+$/.test(parts[2]!)) return undefined
  return parts
}

/** Verify the path signature of a 5-field `token` for a request to `url` with `method` (no body needed). */
export const verifyPathSignature = (
  token: string | undefined,
  received: Pick<Received, "url" | "method">,
  spki: Uint8Array
): Verdict => {
  const parts = split(token, "5-field")
  if (parts === undefined) return "malformed"
  const path = new URL(received.url).pathname
  return signatureHolds(spki, `|${parts[2]}|${path}|${received.method.toUpperCase()}`, parts[4]!)
    ? "verified"
    : "bad path signature"
}

/**
 * Verify `token` of the expected `form` (default 5-field, the library's default) for `received` with the DER SPKI
 * public key `spki`.
 */
export const verifyToken = (
  token: string | undefined,
  received: Received,
  spki: Uint8Array,
  form: Form = "5-field"
): Verdict => {
  const parts = split(token, form)
  if (parts === undefined) return "malformed"
  const [, bodyHash, timestamp, signature] = parts as [string, string, string, string]
  const expected = createHash("sha256")
    .update(
      typeof received.body === "string" || received.body === undefined
        ? Buffer.from(received.body ?? "", "utf8")
        : received.body
    )
    .digest("base64")
  if (bodyHash !== expected) return "body hash mismatch"
  const signed = `${bodyHash}|${timestamp}|${received.url}|${received.method.toUpperCase()}`
  if (!signatureHolds(spki, signed, signature)) return "bad signature"
  return form === "5-field" ? verifyPathSignature(token, received, spki) : "verified"
}

/** The timestamp field of a token, as a number. */
export const timestampOf = (token: string): number => Number(token.split("|")[2])
