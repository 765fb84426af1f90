/**
 * DeviceAttestation: the payload that binds this browser's signing key to a session at sign-in
 * (ATT-1 to ATT-6).
 *
 * 1. Native-app sessions skip attestation: nothing is returned (ATT-1). So does a page whose settings turn it off
 *    (`boundAuthToken.attestationEnabled`: the real site's `data-is-secure-authentication-intent-enabled`). In
 *    the app is the page's `isInApp` fact when it renders one, else its app type (`isNativeApp`).
 * 2. `GET {hba}/hba-service/v1/getServerNonce` through PlatformHttp (credentials included). A failed call or an
 *    answer that is not a nonce is `NonceUnavailable`: logged as a Warning, nothing returned (ATT-5).
 * 3. The site's key pair from the KeyStore (the one the signer uses: the database names of the bound-auth-token
 *    settings; created now if there is none yet). Its public key is exported as SPKI and base64-encoded.
 * 4. `saiSignature` signs `{clientPublicKey}|{clientEpochTimestamp}|{serverNonce}` (timestamp in whole seconds of
 *    the Effect Clock) with the private key.
 *
 * Any other failure (no key database names, no key, WebCrypto refusing) is reported to the error reporter and
 * nothing is returned (ATT-6). `payload` never fails; use
 * `attempt` to see the typed error instead.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { Crypto } from "../../browser/Crypto.ts"
import { Telemetry } from "../../browser/Telemetry.ts"
import { isNativeApp, PlatformConfig } from "../../config/PlatformConfig.ts"
import { PlatformHttp } from "../../http/PlatformHttp.ts"
import { base64, wholeSeconds } from "../token/BoundAuthToken.ts"
import { KeyStore } from "../keys/KeyStore.ts"
import { type AttestationPayload, ServerNonce, serverNoncePath } from "./attestationPayload.ts"

/** Why attestation produced nothing. */
export type AttestationErrorReason = "NonceUnavailable" | "KeyUnavailable" | "PublicKeyExportFailed" | "SignatureFailed"

/** Attestation failed; the message names the reason only, never the nonce, key or signature. */
export class AttestationError extends Data.TaggedError("AttestationError")<{
  readonly reason: AttestationErrorReason
  readonly cause?: unknown
}> {
  override get message(): string {
    return `Device attestation failed: ${this.reason}`
  }
}

/** The shape of device attestation. */
export interface DeviceAttestationShape {
  /** The payload for a sign-in, or none (native app, or a failure, logged or reported). Never fails. */
  readonly payload: Effect.Effect<Option.Option<AttestationPayload>>
  /** The payload, none for a native app, or the reason it could not be made. Nothing is logged or reported. */
  readonly attempt: Effect.Effect<Option.Option<AttestationPayload>, AttestationError>
}

const encoder = new TextEncoder()

/** The string `saiSignature` signs. */
export const attestationSignedString = (clientPublicKey: string, clientEpochTimestamp: number, serverNonce: string) =>
  `${clientPublicKey}|${clientEpochTimestamp}|${serverNonce}`

/** Device attestation for sign-in. */
export class DeviceAttestation extends Context.Service<DeviceAttestation, DeviceAttestationShape>()(
  "platform-web-client/core/signing/attestation/DeviceAttestation"
) {
  /** Attestation over PlatformHttp, the key store and WebCrypto. */
  static readonly layer: Layer.Layer<
    DeviceAttestation,
    never,
    PlatformConfig | PlatformHttp | KeyStore | Crypto | Telemetry
  > = Layer.effect(
    DeviceAttestation,
    Effect.gen(function* () {
      const config = yield* PlatformConfig
      const http = yield* PlatformHttp
      const keys = yield* KeyStore
      const crypto = yield* Crypto
      const telemetry = yield* Telemetry

      const attempt: DeviceAttestationShape["attempt"] = Effect.gen(function* () {
        if (isNativeApp(config.device) || !config.boundAuthToken.attestationEnabled) return Option.none()
        const serverNonce = yield* http
          .get(
            { service: "hba", path: serverNoncePath },
            {
              schema: ServerNonce,
              operation: "getServerNonce"
            }
          )
          .pipe(Effect.mapError((cause) => new AttestationError({ reason: "NonceUnavailable", cause })))
        const { databaseName, keyName, storeName } = config.boundAuthToken
        if (
          databaseName === undefined ||
          databaseName === "" ||
          storeName === undefined ||
          storeName === "" ||
          keyName === undefined ||
          keyName === ""
        ) {
          return yield* new AttestationError({ reason: "KeyUnavailable", cause: "key database names are missing" })
        }
        const pair = yield* keys
          .keyPair({ databaseName, storeName, keyName })
          .pipe(Effect.mapError((cause) => new AttestationError({ reason: "KeyUnavailable", cause })))
        const spki = yield* crypto
          .exportSpki(pair.publicKey)
          .pipe(Effect.mapError((cause) => new AttestationError({ reason: "PublicKeyExportFailed", cause })))
        const clientPublicKey = base64(spki)
        const clientEpochTimestamp = wholeSeconds(yield* Clock.currentTimeMillis)
        const signature = yield* crypto
          .sign(
            pair.privateKey,
            encoder.encode(attestationSignedString(clientPublicKey, clientEpochTimestamp, serverNonce))
          )
          .pipe(Effect.mapError((cause) => new AttestationError({ reason: "SignatureFailed", cause })))
        return Option.some({ clientPublicKey, clientEpochTimestamp, serverNonce, saiSignature: base64(signature) })
      })

      return DeviceAttestation.of({
        attempt,
        payload: attempt.pipe(
          Effect.catch((error) =>
            error.reason === "NonceUnavailable"
              ? Effect.as(Effect.logWarning("Device attestation: NonceUnavailable; no payload"), Option.none())
              : Effect.as(telemetry.reportError(error, { operation: "deviceAttestation" }), Option.none())
          ),
          Effect.tap((payload) =>
            Option.isNone(payload) && isNativeApp(config.device)
              ? Effect.logDebug("Device attestation skipped in the native app")
              : Effect.void
          )
        )
      })
    })
  )
}
