/**
 * An independent verifier of bound-auth tokens, written against node:crypto only (it shares no code with the
 * library): split the header, recompute the body hash from the received body, rebuild the signed string and check
 * the ECDSA P-256 / SHA-256 signature (IEEE P1363, raw r‖s) with the SPKI public key.
 */
import { createHash, createPublicKey, verify } from "node:crypto"

/** What the server received. */
export interface Received {
  readonly url: string
  readonly method: string
  /** The body as received (text is taken as UTF-8); undefined when there was none. */
  readonly body: string | Uint8Array | undefined
}

/** The verdict and, when rejected, why. */
export type Verdict = "verified" | "malformed" | "body hash mismatch" | "bad signature"

/** Verify `token` for `received` with the DER SPKI public key `spki`. */
export const verifyToken = (token: string | undefined, received: Received, spki: Uint8Array): Verdict => {
  if (token === undefined) return "malformed"
  const parts = token.split("|")
  if (parts.length !== 4 || parts[0] !== "v1") return "malformed"
  const [, bodyHash, timestamp, signature] = parts as [string, string, string, string]
  if (!/^\d+$/.test(timestamp)) return "malformed"
  const expected = createHash("sha256").update(
    typeof received.body === "string" || received.body === undefined
      ? Buffer.from(received.body ?? "", "utf8")
      : received.body
  ).digest("base64")
  if (bodyHash !== expected) return "body hash mismatch"
  const signed = Buffer.from(`${bodyHash}|${timestamp}|${received.url}|${received.method.toUpperCase()}`, "utf8")
  const key = createPublicKey({ key: Buffer.from(spki), format: "der", type: "spki" })
  const sig = Buffer.from(signature, "base64")
  if (sig.length !== 64) return "bad signature"
  return verify("sha256", signed, { key, dsaEncoding: "ieee-p1363" }, sig) ? "verified" : "bad signature"
}

/** The timestamp field of a token, as a number. */
export const timestampOf = (token: string): number => Number(token.split("|")[2])
