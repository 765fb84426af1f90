/**
 * makeRequestSigner: the part of a RequestSigner that both signers share (the direct signer, the security-frame
 * signer): URL, policy and body checks, the header, and reporting. It holds none of the key store, WebCrypto or
 * frame code, so that a page can decide up front whether a request is to be signed and load the signer's code
 * only when one is (see Signing.ts and docs/bundle-size.md).
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type { KeyLocation } from "../browser/KeyDatabase.ts"
import type { Telemetry } from "../browser/Telemetry.ts"
import type { PlatformConfigShape } from "../config/PlatformConfig.ts"
import { type HttpRequest, setHeader } from "../http/request.ts"
import type { RequestSignerShape } from "./RequestSigner.ts"
import { reportSigningFailure } from "./reportSigningFailure.ts"
import { makeRequestUrlResolver, requestBody, type SignableRequest } from "./SignableRequest.ts"
import { SigningFailure } from "./SigningFailure.ts"
import { makeSigningDecision } from "./SigningPolicy.ts"

/**
 * Build a RequestSigner from a function that produces the token of a signable request. Shared by the direct
 * signer and the security-frame signer: URL, policy and body are checked here, in that order (an exempt request
 * is never a body failure), then `token` runs with the key location the policy gave; failures and defects are
 * reported, and `sign` fails with them (the request goes out unsigned).
 */
export const makeRequestSigner = (
  config: PlatformConfigShape,
  telemetry: Telemetry["Service"],
  token: (location: KeyLocation, request: SignableRequest) => Effect.Effect<string, SigningFailure>
): RequestSignerShape => {
  const header = config.headers.boundAuthToken
  const decide = makeSigningDecision(config)
  const resolveUrl = makeRequestUrlResolver()
  const rate = config.boundAuthToken.eventSampleRatePerMillion
  const unsigned = (failure: SigningFailure, host: string | undefined) =>
    Effect.andThen(reportSigningFailure(telemetry, rate, failure, host), Effect.fail(failure))
  return {
    sign: (request) => {
      const target = resolveUrl(request)
      if (Result.isFailure(target)) return unsigned(target.failure, undefined)
      const { host, url } = target.success
      const decision = decide(host)
      if (Result.isFailure(decision)) return unsigned(decision.failure, host)
      const body = requestBody(request)
      if (Result.isFailure(body)) return unsigned(body.failure, host)
      return token(decision.success, { url, host, method: request.method.toUpperCase(), body: body.success }).pipe(
        Effect.map((value): HttpRequest => setHeader(request, header, value)),
        Effect.catchCause((cause) => {
          if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
          const failure = Cause.findErrorOption(cause)
          return unsigned(
            failure._tag === "Some"
              ? failure.value
              : new SigningFailure({ reason: "Unknown", detail: "unexpected defect while signing", cause: Cause.squash(cause) }),
            host
          )
        })
      )
    }
  }
}
