/**
 * Typed errors as sentences a person can act on. Every error the demo can meet is named here; nothing is shown as
 * a raw stack or left blank.
 *
 * @module
 */
import { FetchError, ResponseDecodeError, ResponseError, TimeoutError } from "platform-web-client"
import { BatchFailure } from "platform-web-client/batch"
import { ChallengeError } from "platform-web-client/challenge"
import { isTransientFailure } from "platform-web-client/clients"
import { PagingError } from "platform-web-client/paging"
import { AttestationError } from "platform-web-client/signing"
import { SigningUnavailable } from "./signIn.ts"

const serviceOf = (url: string): string => {
  try {
    return new URL(url).pathname.split("/")[1] || "platform"
  } catch {
    return "platform"
  }
}

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`)

/** What the person can do after a failed challenge, by reason (the library's ChallengeError reasons). */
const challengeHints: { readonly [K in ChallengeError["reason"]]: string } = {
  unknown: "The platform asked for a security check this app cannot show.",
  invalidated: "The security check was not accepted; try again.",
  abandoned: "The action was not done; try again when you are ready.",
  loadfailed: "The security check could not be shown; try again."
}

/** What a failed device attestation means, by reason. */
const attestationHints: { readonly [K in AttestationError["reason"]]: string } = {
  NonceUnavailable: "the hba service gave no nonce",
  KeyUnavailable: "the signing key could not be read or created in IndexedDB",
  PublicKeyExportFailed: "the public key could not be exported",
  SignatureFailed: "WebCrypto refused to sign"
}

/** Why the requests go out unsigned, as a sentence. */
const describeSigningUnavailable = (error: SigningUnavailable): string => {
  switch (error.reason) {
    case "OtherOrigin":
      return (
        `Requests go unsigned: this page is not on the www origin (${error.wwwOrigin}), so the security frame ` +
        "would sign them with a key this sign-in cannot attest. Serve the demo from the www origin to sign them " +
        "(docs/emulator.md)."
      )
    case "AttestationFailed":
      return `Requests go unsigned: ${describeError(error.cause)}`
    case "SignInFailed":
      return `Requests go unsigned: the sign-in failed. ${describeError(error.cause)}`
    case "KeyNotBound":
      return "Requests go unsigned: the emulator signed you in but did not bind the key (attestation rejected)."
  }
}

/** A short explanation of `error` for the page. */
export const describeError = (error: unknown): string => {
  if (error instanceof ResponseError) {
    const code = error.code === undefined ? "" : `, error code ${error.code}`
    // the library's retry rule says which answers may pass on a later attempt (5xx, 429)
    const hint = !isTransientFailure(error)
      ? ""
      : error.status === 429
        ? " Too many requests: try again in a moment."
        : " The service is unavailable; try again."
    return `The ${serviceOf(error.url)} service answered ${error.status}${code}.${hint}`
  }
  if (error instanceof FetchError) return `Could not reach the ${serviceOf(error.url)} service (the connection failed).`
  if (error instanceof TimeoutError) {
    return `The ${serviceOf(error.url)} service did not answer within ${error.timeoutMs / 1000} s; try again.`
  }
  if (error instanceof ResponseDecodeError)
    return `The ${serviceOf(error.url)} service sent an answer the app cannot read.`
  if (error instanceof PagingError) {
    return error.cause === undefined ? `${error.message}.` : `${error.message}: ${describeError(error.cause)}`
  }
  if (error instanceof BatchFailure) {
    return error.cause === undefined ? `Lookup failed (${error.reason}).` : describeError(error.cause)
  }
  if (error instanceof ChallengeError) {
    return `Security challenge ${error.reason}: ${sentence(error.message)} ${challengeHints[error.reason]}`
  }
  if (error instanceof AttestationError) {
    return `Device attestation failed (${error.reason}): ${attestationHints[error.reason]}.`
  }
  if (error instanceof SigningUnavailable) return describeSigningUnavailable(error)
  if (error instanceof Error) return error.message
  return "Something went wrong."
}
