/**
 * Device attestation's wire shapes: the server nonce's path and value (ATT-2) and the payload a sign-in carries
 * (ATT-3). The hba service's API definition (platform/api/attestation.ts) and the emulator use these same shapes.
 *
 * `GET /hba-service/v1/getServerNonce` answers the nonce as a JSON string (`"3f9c…"`); its exact format is not
 * shown in the spec, so any non-empty string of at most 1024 characters is accepted.
 *
 * @module
 */
import * as Schema from "effect/Schema"

/** The path of the nonce endpoint on the hba service. */
export const serverNoncePath = "/hba-service/v1/getServerNonce"

/** A server nonce: a non-empty string of at most 1024 characters. */
export const ServerNonce = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(1024))

/**
 * The device attestation payload sent with a sign-in:
 * - `clientPublicKey`: standard base64 of the DER SubjectPublicKeyInfo of the site's signing key (ECDSA P-256);
 * - `clientEpochTimestamp`: the client's time in whole seconds;
 * - `serverNonce`: the nonce from `getServerNonce`;
 * - `saiSignature`: standard base64 of the raw r‖s ECDSA P-256 / SHA-256 signature, with the private key, of the
 *   UTF-8 string `{clientPublicKey}|{clientEpochTimestamp}|{serverNonce}`.
 */
export const AttestationPayload = Schema.Struct({
  clientPublicKey: Schema.String,
  clientEpochTimestamp: Schema.Int,
  serverNonce: ServerNonce,
  saiSignature: Schema.String
})

/** The type of {@link AttestationPayload}. */
export type AttestationPayload = typeof AttestationPayload.Type
