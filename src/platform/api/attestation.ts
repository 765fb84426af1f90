/**
 * The hardware-backed-authentication (hba) service: the server nonce of device attestation (ATT-2),
 * and the shapes of the attestation payloads a sign-in carries.
 *
 * One definition drives the client (DeviceAttestation), the emulator and the OpenAPI document. Paths are relative
 * to the hba service's base URL (`PlatformConfig.baseUrls.hba`).
 *
 * `GET /hba-service/v1/getServerNonce` is called with credentials and answers the nonce as a JSON string
 * (`"3f9c…"`); its exact format is not shown in the spec, so any non-empty string of at most 1024 characters is
 * accepted.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { AttestationPayload, ServerNonce, serverNoncePath } from "../../core/signing/attestation/attestationPayload.ts"
import { api, get, group } from "./definition.ts"

export { AttestationPayload, ServerNonce, serverNoncePath }

/** A passkey (WebAuthn) payload, as the spec lists its fields; the library does not produce it. */
export const PasskeyPayload = Schema.Struct({
  id: Schema.String,
  rawId: Schema.String,
  type: Schema.String,
  authenticatorAttachment: Schema.optionalKey(Schema.NullOr(Schema.String)),
  response: Schema.Struct({
    authenticatorData: Schema.optionalKey(Schema.String),
    clientDataJSON: Schema.String,
    signature: Schema.optionalKey(Schema.String),
    userHandle: Schema.optionalKey(Schema.NullOr(Schema.String)),
    attestationObject: Schema.optionalKey(Schema.String)
  })
})

/** The type of {@link PasskeyPayload}. */
export type PasskeyPayload = typeof PasskeyPayload.Type

/** `GET /hba-service/v1/getServerNonce`. */
export const getServerNonce = get("getServerNonce", serverNoncePath, { success: ServerNonce })

/** The hba endpoints. */
export const HbaGroup = group("hba", getServerNonce)

/** The hba service as an API of its own. */
export const HbaApi = api("hba", { title: "Hardware-backed authentication", version: "v1" }, HbaGroup)
