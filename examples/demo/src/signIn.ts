/**
 * The demo's sign-in, before the app makes its first call (as the emulator's hba lab page does, which signs in and
 * then reloads). The page's `<meta>` tags say who is signed in (`user-data`), where the services are and how
 * requests are signed, as on a real page; for that user:
 *
 * 1. on the www origin, device attestation: `GET {hba}/hba-service/v1/getServerNonce`, the site's key pair from
 *    IndexedDB (created now on a first visit), the payload signed with it;
 * 2. `POST {hba}/v1/sign-in` `{ userId, secureAuthenticationIntent }`: the emulator signs the session in and binds
 *    the attested public key to it (`keyBound`).
 *
 * This runs over its own, unsigned PlatformHttp, which is released once the sign-in is done; the app's layer is
 * then built with signing on when the key is bound, so its first call is already signed with the bound key (the
 * signer reads the same IndexedDB entry). When anything fails, the app keeps going unsigned and says why
 * ({@link SigningUnavailable}). A page for a guest (no `user-data` tag) signs nobody in.
 *
 * @module
 */
import { Context, Data, Effect, Layer, Option, Schema } from "effect"
import { browserPlatformLayer, PlatformConfig, PlatformHttp } from "platform-web-client"
import { Crypto, KeyDatabase } from "platform-web-client/browser"
import { type AttestationError, DeviceAttestation, KeyStore, signingMode } from "platform-web-client/signing"

/** Why the demo's requests go out unsigned. */
export type SigningUnavailableReason =
  /** The page is not on the www origin: its requests would be signed by the security frame's key, not this one. */
  | "OtherOrigin"
  /** Device attestation gave no payload (`cause`: the AttestationError). */
  | "AttestationFailed"
  /** The sign-in request failed (`cause`: the PlatformHttp error). */
  | "SignInFailed"
  /** The emulator signed the session in but did not bind the key (it rejected the attestation). */
  | "KeyNotBound"

/** The demo's requests go out unsigned; `describeError` turns it into a sentence. */
export class SigningUnavailable extends Data.TaggedError("SigningUnavailable")<{
  readonly reason: SigningUnavailableReason
  readonly wwwOrigin: string
  readonly cause?: AttestationError | unknown
}> {}

/** The outcome of the sign-in, shown in the header. */
export type SignInState =
  | { readonly _tag: "Guest" }
  | { readonly _tag: "KeyBound"; readonly userId: number }
  | { readonly _tag: "Unsigned"; readonly userId: number; readonly problem: SigningUnavailable }

/** The sign-in outcome, as a service of the app's layer. */
export class DemoSignIn extends Context.Service<DemoSignIn, SignInState>()("demo/DemoSignIn") {}

/** The emulator's sign-in answer. */
const SignInAnswer = Schema.Struct({ userId: Schema.Number, keyBound: Schema.Boolean })

/** The sign-in's own layer: an unsigned PlatformHttp configured by the page, the key store over IndexedDB, attestation. */
const signInLayer = DeviceAttestation.layer.pipe(
  Layer.provide(KeyStore.layer.pipe(Layer.provideMerge(Layer.merge(KeyDatabase.browser, Crypto.browser)))),
  Layer.provideMerge(browserPlatformLayer())
)

/** Sign `userId` in, attested when the page is on the www origin; never fails (a failure is an `Unsigned` state). */
const signInAs = (
  userId: number,
  wwwOrigin: string,
  pageOrigin: string
): Effect.Effect<SignInState, never, PlatformHttp | DeviceAttestation> => {
  const unsigned = (reason: SigningUnavailableReason, cause?: unknown): SignInState => ({
    _tag: "Unsigned",
    userId,
    problem: new SigningUnavailable({ reason, wwwOrigin, cause })
  })
  return Effect.gen(function* () {
    const direct = signingMode(pageOrigin, wwwOrigin) === "direct"
    const attestation = direct ? yield* Effect.result(Effect.flatMap(DeviceAttestation, (a) => a.attempt)) : undefined
    const payload = attestation?._tag === "Success" ? attestation.success : Option.none()
    const answer = yield* Effect.flatMap(PlatformHttp, (http) =>
      http.post(
        { service: "hba", path: "/v1/sign-in" },
        {
          body: { userId, ...(Option.isSome(payload) ? { secureAuthenticationIntent: payload.value } : {}) },
          schema: SignInAnswer,
          operation: "signIn"
        }
      )
    ).pipe(Effect.result)
    if (answer._tag === "Failure") return unsigned("SignInFailed", answer.failure)
    if (attestation === undefined) return unsigned("OtherOrigin")
    if (attestation._tag === "Failure") return unsigned("AttestationFailed", attestation.failure)
    if (Option.isNone(payload) || !answer.success.keyBound) return unsigned("KeyNotBound")
    const bound: SignInState = { _tag: "KeyBound", userId }
    return bound
  }).pipe(Effect.catchCause((cause) => Effect.succeed(unsigned("SignInFailed", cause))))
}

/** Sign in as the page's user (its `user-data` tag), or stay a guest; never fails. */
export const signIn = (pageOrigin: string): Effect.Effect<SignInState> =>
  Effect.gen(function* () {
    const { baseUrls, user } = yield* PlatformConfig
    if (!user.authenticated || user.id === undefined) return { _tag: "Guest" } as const
    return yield* signInAs(user.id, baseUrls.www, pageOrigin)
  }).pipe(Effect.provide(signInLayer))
