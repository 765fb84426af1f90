/**
 * platform-web-client/api/hba: the hardware-backed authentication service: the server nonce for attestation. Its
 * definition (`HbaApi`: the typed client's, the emulator's and the OpenAPI document's), one definition per endpoint (a
 * page that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`, loads only that one) and
 * the schemas of its requests and answers.
 *
 * @module
 */
export {
  AttestationPayload,
  getServerNonce,
  HbaApi,
  HbaGroup,
  PasskeyPayload,
  ServerNonce,
  serverNoncePath
} from "../platform/api/attestation.ts"
