/**
 * Checking the `x-bound-auth-token` of a request the emulator receives, and the attestation of a sign-in.
 *
 * Verdicts of a request (recorded in the request log):
 * - `signature verified`: well-formed, the body hash matches the bytes received, the signature verifies with the
 *   session's bound key over `{bodyHash}|{timestamp}|{absolute URL}|{METHOD}`, the timestamp is within ±60 s of
 *   the emulator's clock, and the token was not seen before;
 * - `signature missing`: no header;
 * - `bad signature (…)`: malformed token, no key bound to the session, body hash mismatch, or a signature that
 *   does not verify;
 * - `stale timestamp (…)`: a valid signature whose timestamp is more than 60 s away;
 * - `replayed token`: a valid token already seen.
 *
 * The absolute URL is rebuilt as `{scheme}://{Host header}{path and query}`, i.e. what the client addressed.
 *
 * @module
 */
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { createHash, type KeyObject, verify } from "node:crypto"
import { parseBoundAuthToken } from "../../../src/core/signing/BoundAuthToken.ts"
import type { AttestationPayload } from "../../../src/platform/api/attestation.ts"
import { type HbaState, p256PublicKey, timestampWindowSeconds } from "./HbaState.ts"

/** What a request's token is checked against. */
export interface SignedRequestInput {
  readonly sessionKey: string
  readonly method: string
  /** The absolute URL the client addressed. */
  readonly url: string
  /** The body bytes as received (empty when none). */
  readonly body: Uint8Array
  readonly header: string | undefined
  readonly nowMs: number
}

const verifyP1363 = (key: KeyObject, data: string, signatureBase64: string) => {
  const signature = Buffer.from(signatureBase64, "base64")
  if (signature.length !== 64) return false
  try {
    return verify("sha256", Buffer.from(data, "utf8"), { key, dsaEncoding: "ieee-p1363" }, signature)
  } catch {
    return false
  }
}

/** The verdict on a request's bound-auth token. */
export const boundAuthVerdict = (hba: HbaState, input: SignedRequestInput): string => {
  if (input.header === undefined || input.header === "") return "signature missing"
  const token = parseBoundAuthToken(input.header)
  if (token._tag === "None") return "bad signature (malformed token)"
  const key = hba.keyOf(input.sessionKey)
  if (key === undefined) return "bad signature (no key bound to the session)"
  const { bodyHash, signature, timestamp } = token.value
  if (createHash("sha256").update(input.body).digest("base64") !== bodyHash) return "bad signature (body hash mismatch)"
  const signed = `${bodyHash}|${timestamp}|${input.url}|${input.method.toUpperCase()}`
  if (!verifyP1363(key, signed, signature)) return "bad signature"
  const skew = Math.floor(input.nowMs / 1000) - timestamp
  if (Math.abs(skew) > timestampWindowSeconds) return `stale timestamp (${skew > 0 ? "+" : ""}${skew} s)`
  if (!hba.remember(input.header, input.nowMs)) return "replayed token"
  return "signature verified"
}

/** The verdict on a request the emulator serves; reads the body only when the request carries a token. */
export const requestVerdict = (
  hba: HbaState,
  request: HttpServerRequest.HttpServerRequest,
  sessionKey: string,
  nowMs: number,
  header = "x-bound-auth-token"
): Effect.Effect<string> => {
  const value = request.headers[header]
  const host = request.headers["host"] ?? "localhost"
  const url = `http://${host}${request.url}`
  const check = (body: Uint8Array) =>
    boundAuthVerdict(hba, { sessionKey, method: request.method, url, body, header: value, nowMs })
  if (value === undefined || value === "") return Effect.succeed(check(new Uint8Array()))
  return request.arrayBuffer.pipe(
    Effect.map((buffer) => check(new Uint8Array(buffer))),
    Effect.catch(() => Effect.succeed("bad signature (body unreadable)"))
  )
}

/** The verdict on a sign-in's attestation, binding the key to `newSessionKey` when it checks out. */
export const attestationVerdict = (
  hba: HbaState,
  payload: AttestationPayload,
  nonceSessionKey: string,
  newSessionKey: string,
  nowMs: number
): { readonly bound: boolean; readonly verdict: string } => {
  const key = p256PublicKey(payload.clientPublicKey)
  if (key === undefined) return { bound: false, verdict: "attestation rejected (not a P-256 public key)" }
  if (!hba.consumeNonce(nonceSessionKey, payload.serverNonce, nowMs)) {
    return { bound: false, verdict: "attestation rejected (unknown or used nonce)" }
  }
  const skew = Math.floor(nowMs / 1000) - payload.clientEpochTimestamp
  if (Math.abs(skew) > timestampWindowSeconds) return { bound: false, verdict: "attestation rejected (stale timestamp)" }
  const signed = `${payload.clientPublicKey}|${payload.clientEpochTimestamp}|${payload.serverNonce}`
  if (!verifyP1363(key, signed, payload.saiSignature)) return { bound: false, verdict: "attestation rejected (bad signature)" }
  hba.bind(newSessionKey, payload.clientPublicKey)
  return { bound: true, verdict: "attestation verified, key bound" }
}
