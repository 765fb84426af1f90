/**
 * Checking the `x-bound-auth-token` of a request the emulator receives, and the attestation of a sign-in.
 *
 * Both token forms are accepted (like the real services while clients move over): the spec's 4-field
 * `v1|hash|ts|sig1` and the real site's 5-field `v1|hash|ts|sig1|sig2`. A 5-field token is checked in two steps,
 * as the real platform splits them: first the gateway's check ({@link gatewayVerdict}: sig2 over
 * `|{timestamp}|{path}|{METHOD}`, without the body or the query, which a gateway does not see), then the service's
 * check of sig1 with the body.
 *
 * Verdicts of a request (recorded in the request log):
 * - `signature verified`: well-formed, (5-field) sig2 verifies over the path, the body hash matches the bytes
 *   received, sig1 verifies with the session's bound key over `{bodyHash}|{timestamp}|{absolute URL}|{METHOD}`, the
 *   timestamp is within ±60 s of the emulator's clock, and the token was not seen before;
 * - `signature missing`: no header;
 * - `bad signature (…)`: malformed token, no key bound to the session, `path signature` (sig2 does not verify),
 *   body hash mismatch, or (no detail) sig1 does not verify;
 * - `stale timestamp (…)`: valid signatures whose timestamp is more than 60 s away;
 * - `replayed token`: a valid token already seen (by its sig1: the same token in the other form is a replay too).
 *
 * The absolute URL is the request's own when it has one (a Fetch-API request), else it is rebuilt as
 * `http://{Host header}{path and query}`: what the client addressed either way. The path is that URL's path as the
 * WHATWG URL parser serialises it.
 *
 * @module
 */
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import { createHash, type KeyObject, verify } from "node:crypto"
import {
  type BoundAuthTokenFields,
  parseBoundAuthToken,
  pathSignedString,
  signedString
} from "../../core/signing/BoundAuthToken.ts"
import type { AttestationPayload } from "../../platform/api/attestation.ts"
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

const skewVerdict = (timestamp: number, nowMs: number): string | undefined => {
  const skew = Math.floor(nowMs / 1000) - timestamp
  return Math.abs(skew) > timestampWindowSeconds ? `stale timestamp (${skew > 0 ? "+" : ""}${skew} s)` : undefined
}

/** What a gateway in front of a service sees of a request: no body, and it routes by path. */
export interface GatewayInput {
  readonly sessionKey: string
  readonly method: string
  /** The absolute URL the client addressed (only its path is used). */
  readonly url: string
  readonly header: string | undefined
  readonly nowMs: number
}

const pathSignatureCheck = (key: KeyObject, token: BoundAuthTokenFields, input: GatewayInput): string | undefined => {
  if (token.pathSignature === undefined) return "bad signature (no path signature)"
  const signed = pathSignedString(token.timestamp, new URL(input.url).pathname, input.method)
  return verifyP1363(key, signed, token.pathSignature) ? undefined : "bad signature (path signature)"
}

/**
 * The gateway's verdict on a request's token, WITHOUT its body: `path signature verified` when the token is a
 * 5-field one whose sig2 verifies over `|{timestamp}|{path}|{METHOD}` within the timestamp window; else
 * `signature missing`, `bad signature (malformed token | no key bound to the session | no path signature | path
 * signature)` or `stale timestamp (…)`. It does not remember the token (the service behind does).
 */
export const gatewayVerdict = (hba: HbaState, input: GatewayInput): string => {
  const read = readToken(hba, input)
  if (typeof read === "string") return read
  return pathSignatureCheck(read.key, read.token, input) ?? skewVerdict(read.token.timestamp, input.nowMs) ??
    "path signature verified"
}

/** The token of a request and the key to check it with, or the verdict when there is neither. */
const readToken = (
  hba: HbaState,
  input: Pick<GatewayInput, "header" | "sessionKey">
): { readonly token: BoundAuthTokenFields; readonly key: KeyObject } | string => {
  if (input.header === undefined || input.header === "") return "signature missing"
  const token = parseBoundAuthToken(input.header)
  if (token._tag === "None") return "bad signature (malformed token)"
  const key = hba.keyOf(input.sessionKey)
  if (key === undefined) return "bad signature (no key bound to the session)"
  return { token: token.value, key }
}

/** The verdict on a request's bound-auth token, either form (see the module doc). */
export const boundAuthVerdict = (hba: HbaState, input: SignedRequestInput): string => {
  const read = readToken(hba, input)
  if (typeof read === "string") return read
  const { key, token } = read
  const { bodyHash, pathSignature, signature, timestamp } = token
  if (pathSignature !== undefined) {
    const gateway = pathSignatureCheck(key, token, input)
    if (gateway !== undefined) return gateway
  }
  if (createHash("sha256").update(input.body).digest("base64") !== bodyHash) return "bad signature (body hash mismatch)"
  if (!verifyP1363(key, signedString(bodyHash, timestamp, input.url, input.method), signature)) return "bad signature"
  const stale = skewVerdict(timestamp, input.nowMs)
  if (stale !== undefined) return stale
  // sig1 identifies the signed request: a 5-field token replayed without its sig2 is the same token
  if (!hba.remember(signature, input.nowMs)) return "replayed token"
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
  // a web request (msw, the Node adapter) carries the absolute URL the client addressed
  const url = URL.canParse(request.originalUrl)
    ? request.originalUrl
    : `http://${request.headers["host"] ?? "localhost"}${request.url}`
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
  if (skewVerdict(payload.clientEpochTimestamp, nowMs) !== undefined) {
    return { bound: false, verdict: "attestation rejected (stale timestamp)" }
  }
  const signed = `${payload.clientPublicKey}|${payload.clientEpochTimestamp}|${payload.serverNonce}`
  if (!verifyP1363(key, signed, payload.saiSignature)) return { bound: false, verdict: "attestation rejected (bad signature)" }
  hba.bind(newSessionKey, payload.clientPublicKey)
  return { bound: true, verdict: "attestation verified, key bound" }
}
