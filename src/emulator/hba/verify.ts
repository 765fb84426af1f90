/**
 * Checking the `x-bound-auth-token` of a request the emulator receives, and the attestation of a sign-in.
 *
 * Tokens are verified as the real site forms them: the 5-field `v1|hash|ts|sig1|sig2`. A token is checked in two
 * steps, as the real platform splits them: first the gateway's check ({@link gatewayVerdict}: sig2 over
 * `|{timestamp}|{pathname}|{METHOD}`, without the body or the query, which a gateway does not see), then the
 * service's check ({@link serviceVerdict}: the body hash over the bytes received, sig1 over
 * `{bodyHash}|{timestamp}|{absolute URL}|{METHOD}`, the timestamp, replay).
 *
 * The spec's 4-field form `v1|hash|ts|sig1` (no sig2) is refused (`bad signature (no path signature)`) unless the
 * caller accepts it: `boundAuthVerdict(…, { acceptFourFieldTokens: true })`, which the tests of the library's
 * 4-field option use. The served emulator ({@link requestVerdict} as the platform middleware calls it) verifies
 * the 5-field form only.
 *
 * Verdicts of a request (recorded in the request log):
 * - `signature verified`: well-formed, sig2 verifies over the pathname, the body hash matches the bytes received,
 *   sig1 verifies with the session's bound key, the timestamp is within ±60 s of the emulator's clock, and the
 *   token was not seen before;
 * - `signature missing`: no header;
 * - `bad signature (…)`: malformed token, no key bound to the session, `no path signature` (a 4-field token where
 *   only the 5-field form is accepted), `path signature` (sig2 does not verify), body hash mismatch, or (no detail)
 *   sig1 does not verify;
 * - `stale timestamp (…)`: valid signatures whose timestamp is more than 60 s away;
 * - `replayed token`: a valid token already seen (by its sig1: the same token in the other form is a replay too).
 *
 * The absolute URL is the request's own when it has one (a Fetch-API request), else it is rebuilt as
 * `http://{Host header}{path and query}`: what the client addressed either way. The pathname is that URL's as the
 * WHATWG URL parser serialises it.
 *
 * @module
 */
import { Effect } from "effect"
import type { HttpServerRequest } from "effect/http"
import {
  type BoundAuthTokenFields,
  parseBoundAuthToken,
  pathSignedString,
  signedString
} from "../../core/signing/token/BoundAuthToken.ts"
import type { AttestationPayload } from "../../platform/api/attestation.ts"
import { type HbaState, timestampWindowSeconds } from "./HbaState.ts"

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

/** The bytes of standard base64 text, or undefined when it is not base64. */
const base64Bytes = (text: string): Uint8Array<ArrayBuffer> | undefined => {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  } catch {
    return undefined
  }
}

const base64Of = (bytes: Uint8Array): string => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""))

const ecdsa = { name: "ECDSA", namedCurve: "P-256" } as const

/** Read a standard-base64 SPKI key; undefined unless it is an EC P-256 public key. */
export const importP256PublicKey = async (spkiBase64: string): Promise<CryptoKey | undefined> => {
  const der = base64Bytes(spkiBase64)
  if (der === undefined) return undefined
  return crypto.subtle.importKey("spki", der, ecdsa, false, ["verify"]).catch(() => undefined)
}

/** Does `signatureBase64` (IEEE P1363: r‖s, 64 bytes) sign `data` (UTF-8) with `key`, over SHA-256? */
const verifyP1363 = async (key: CryptoKey, data: string, signatureBase64: string): Promise<boolean> => {
  const signature = base64Bytes(signatureBase64)
  if (signature?.length !== 64) return false
  return crypto.subtle
    .verify({ name: "ECDSA", hash: "SHA-256" }, key, signature, new TextEncoder().encode(data))
    .catch(() => false)
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

const pathSignatureCheck = async (
  key: CryptoKey,
  token: BoundAuthTokenFields,
  input: GatewayInput
): Promise<string | undefined> => {
  if (token.pathSignature === undefined) return "bad signature (no path signature)"
  const signed = pathSignedString(token.timestamp, new URL(input.url).pathname, input.method)
  return (await verifyP1363(key, signed, token.pathSignature)) ? undefined : "bad signature (path signature)"
}

/**
 * The gateway's verdict on a request's token, WITHOUT its body: `path signature verified` when the token is a
 * 5-field one whose sig2 verifies over `|{timestamp}|{path}|{METHOD}` within the timestamp window; else
 * `signature missing`, `bad signature (malformed token | no key bound to the session | no path signature | path
 * signature)` or `stale timestamp (…)`. It does not remember the token (the service behind does).
 */
export const gatewayVerdict = async (hba: HbaState, input: GatewayInput): Promise<string> => {
  const read = readToken(hba, input)
  if (typeof read === "string") return read
  return (
    (await pathSignatureCheck(read.key, read.token, input)) ??
    skewVerdict(read.token.timestamp, input.nowMs) ??
    "path signature verified"
  )
}

/** A request's parsed token and the session's key to check it with. */
interface TokenAndKey {
  readonly token: BoundAuthTokenFields
  readonly key: CryptoKey
}

/** The token of a request and the key to check it with, or the verdict when there is neither. */
const readToken = (hba: HbaState, input: Pick<GatewayInput, "header" | "sessionKey">): TokenAndKey | string => {
  if (input.header === undefined || input.header === "") return "signature missing"
  const token = parseBoundAuthToken(input.header)
  if (token._tag === "None") return "bad signature (malformed token)"
  const key = hba.keyOf(input.sessionKey)
  if (key === undefined) return "bad signature (no key bound to the session)"
  return { token: token.value, key }
}

/** What a verifier accepts besides tokens as the real site forms them (5-field). */
export interface VerifyOptions {
  /** Accept the spec's 4-field form too, checked by the service alone (it has no sig2); default false. */
  readonly acceptFourFieldTokens?: boolean
}

/** The body hash a request's bytes must carry: standard base64 of their SHA-256. */
const bodyHashOf = async (body: Uint8Array): Promise<string> =>
  base64Of(new Uint8Array(await crypto.subtle.digest("SHA-256", body as Uint8Array<ArrayBuffer>)))

/**
 * The service's verdict on a request's token, WITHOUT sig2 (the gateway in front checked it): the body hash over
 * the bytes received, sig1 over `{bodyHash}|{timestamp}|{absolute URL}|{METHOD}`, the timestamp window, and replay
 * (a verified token is remembered). `signature verified`, or the verdict saying why not (see the module doc).
 */
export const serviceVerdict = async (hba: HbaState, input: SignedRequestInput): Promise<string> => {
  const read = readToken(hba, input)
  return typeof read === "string" ? read : serviceCheck(hba, read, input)
}

const serviceCheck = async (
  hba: HbaState,
  { key, token: { bodyHash, signature, timestamp } }: TokenAndKey,
  input: SignedRequestInput
): Promise<string> => {
  if ((await bodyHashOf(input.body)) !== bodyHash) return "bad signature (body hash mismatch)"
  if (!(await verifyP1363(key, signedString(bodyHash, timestamp, input.url, input.method), signature))) {
    return "bad signature"
  }
  const stale = skewVerdict(timestamp, input.nowMs)
  if (stale !== undefined) return stale
  // sig1 identifies the signed request: a 5-field token replayed without its sig2 is the same token
  if (!hba.remember(signature, input.nowMs)) return "replayed token"
  return "signature verified"
}

/**
 * The verdict on a request's bound-auth token (see the module doc): the gateway's check of sig2, then the
 * service's ({@link serviceVerdict}). A 4-field token is checked by the service alone when
 * `options.acceptFourFieldTokens` is set, else refused.
 */
export const boundAuthVerdict = async (
  hba: HbaState,
  input: SignedRequestInput,
  options: VerifyOptions = {}
): Promise<string> => {
  const read = readToken(hba, input)
  if (typeof read === "string") return read
  if (read.token.pathSignature !== undefined || options.acceptFourFieldTokens !== true) {
    const gateway = await pathSignatureCheck(read.key, read.token, input)
    if (gateway !== undefined) return gateway
  }
  return serviceCheck(hba, read, input)
}

/** The verdict on a request the emulator serves; reads the body only when the request carries a token. */
export const requestVerdict = (
  hba: HbaState,
  request: HttpServerRequest.HttpServerRequest,
  sessionKey: string,
  nowMs: number,
  header = "x-bound-auth-token",
  options: VerifyOptions = {}
): Effect.Effect<string> => {
  const value = request.headers[header]
  // a web request (msw, the Node adapter) carries the absolute URL the client addressed
  const url = URL.canParse(request.originalUrl)
    ? request.originalUrl
    : `http://${request.headers["host"] ?? "localhost"}${request.url}`
  const check = (body: Uint8Array) =>
    Effect.promise(() =>
      boundAuthVerdict(hba, { sessionKey, method: request.method, url, body, header: value, nowMs }, options)
    )
  if (value === undefined || value === "") return check(new Uint8Array())
  return request.arrayBuffer.pipe(
    Effect.matchEffect({
      onFailure: () => Effect.succeed("bad signature (body unreadable)"),
      onSuccess: (buffer) => check(new Uint8Array(buffer))
    })
  )
}

/** The verdict on a sign-in's attestation, binding the key to `newSessionKey` when it checks out. */
export const attestationVerdict = async (
  hba: HbaState,
  payload: AttestationPayload,
  nonceSessionKey: string,
  newSessionKey: string,
  nowMs: number
): Promise<{ readonly bound: boolean; readonly verdict: string }> => {
  const key = await importP256PublicKey(payload.clientPublicKey)
  if (key === undefined) return { bound: false, verdict: "attestation rejected (not a P-256 public key)" }
  if (!hba.consumeNonce(nonceSessionKey, payload.serverNonce, nowMs)) {
    return { bound: false, verdict: "attestation rejected (unknown or used nonce)" }
  }
  if (skewVerdict(payload.clientEpochTimestamp, nowMs) !== undefined) {
    return { bound: false, verdict: "attestation rejected (stale timestamp)" }
  }
  const signed = `${payload.clientPublicKey}|${payload.clientEpochTimestamp}|${payload.serverNonce}`
  if (!(await verifyP1363(key, signed, payload.saiSignature))) {
    return { bound: false, verdict: "attestation rejected (bad signature)" }
  }
  hba.bind(newSessionKey, key)
  return { bound: true, verdict: "attestation verified, key bound" }
}
