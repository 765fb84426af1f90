/**
 * platform-web-client/signing: request signing (the `x-bound-auth-token`): the Signing layers, the key store, the
 * signers, the token format, signing failures, the hidden security frame (page side) and device attestation.
 *
 * @module
 */
export {
  Signing,
  type SigningLayers,
  type SigningMode,
  signerUnavailable,
  signingMode
} from "./core/signing/Signing.ts"
export { SigningFailure, SigningFailureReason, signingFailureReasons } from "./core/signing/SigningFailure.ts"
export {
  KeyStore,
  KeyStoreLoadTimeout,
  KeyStoreRetryInterval,
  type KeyStoreShape
} from "./core/signing/keys/KeyStore.ts"
export { RequestSigner, type RequestSignerShape } from "./core/signing/RequestSigner.ts"
export { RequestSigningTimeout } from "./core/signing/makeRequestSigner.ts"
export {
  BoundAuthTokenSigner,
  type BoundAuthTokenSignerShape,
  computeBoundAuthToken
} from "./core/signing/token/BoundAuthTokenSigner.ts"
export {
  type BoundAuthTokenFields,
  type BoundAuthTokenFormat,
  BoundAuthTokenString,
  boundAuthTokenVersion,
  formatBoundAuthToken,
  parseBoundAuthToken
} from "./core/signing/token/BoundAuthToken.ts"
export { makeSigningDecision, signingDecision } from "./core/signing/policy/SigningPolicy.ts"
export { SecurityFrame, type SecurityFrameShape, type SecurityFrameState } from "./core/signing/frame/SecurityFrame.ts"
export {
  SecurityFrameDataTimeout,
  SecurityFrameLoadTimeout,
  SecurityFrameOriginSite
} from "./core/signing/frame/settings.ts"
export {
  AttestationError,
  type AttestationErrorReason,
  DeviceAttestation,
  type DeviceAttestationShape
} from "./core/signing/attestation/DeviceAttestation.ts"
