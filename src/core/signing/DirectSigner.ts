/**
 * The direct RequestSigner: signs on this page with this origin's key database (pages on the www origin, and the
 * security frame itself).
 *
 * For each request PlatformHttp sends (re-sends included) it resolves the absolute URL, applies the signing
 * policy, reads the body and sets the `x-bound-auth-token` header (name from PlatformConfig.headers). Any failure,
 * including an unexpected defect (`Unknown`), leaves the request unchanged and is reported
 * (./reportSigningFailure.ts): signing never blocks or fails a request. Interruption is not a failure and passes
 * through.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import type { KeyLocation } from "../browser/KeyDatabase.ts"
import { Telemetry } from "../browser/Telemetry.ts"
import { PlatformConfig, type PlatformConfigShape } from "../config/PlatformConfig.ts"
import { BoundAuthTokenSigner } from "./BoundAuthTokenSigner.ts"
import { RequestSigner, type RequestSignerShape } from "./RequestSigner.ts"
import { reportSigningFailure } from "./reportSigningFailure.ts"
import { makeRequestUrlResolver, requestBody, type SignableRequest } from "./SignableRequest.ts"
import { SigningFailure } from "./SigningFailure.ts"
import { makeSigningDecision } from "./SigningPolicy.ts"

/**
 * Build a RequestSigner from a function that produces the token of a signable request. Shared by the direct
 * signer and the security-frame signer: URL, policy and body are checked here, in that order (an exempt request
 * is never a body failure), then `token` runs with the key location the policy gave; failures and defects are
 * reported and the request goes out as it was.
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
  const unsigned = (request: HttpClientRequest.HttpClientRequest, failure: SigningFailure, host: string | undefined) =>
    Effect.as(reportSigningFailure(telemetry, rate, failure, host), request)
  return {
    sign: (request) => {
      const target = resolveUrl(request)
      if (Result.isFailure(target)) return unsigned(request, target.failure, undefined)
      const { host, url } = target.success
      const decision = decide(host)
      if (Result.isFailure(decision)) return unsigned(request, decision.failure, host)
      const body = requestBody(request)
      if (Result.isFailure(body)) return unsigned(request, body.failure, host)
      return token(decision.success, { url, host, method: request.method.toUpperCase(), body: body.success }).pipe(
        Effect.map((value) => HttpClientRequest.setHeader(request, header, value)),
        Effect.catchCause((cause) => {
          if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
          const failure = Cause.findErrorOption(cause)
          return unsigned(
            request,
            failure._tag === "Some"
              ? failure.value
              : new SigningFailure({ kind: "Unknown", detail: "unexpected defect while signing", cause: Cause.squash(cause) }),
            host
          )
        })
      )
    }
  }
}

/** The direct signer as the RequestSigner PlatformHttp uses. */
export const DirectSigner: Layer.Layer<RequestSigner, never, PlatformConfig | Telemetry | BoundAuthTokenSigner> = Layer
  .effect(
    RequestSigner,
    Effect.gen(function*() {
      const config = yield* PlatformConfig
      const telemetry = yield* Telemetry
      const signer = yield* BoundAuthTokenSigner
      return RequestSigner.of(makeRequestSigner(config, telemetry, signer.tokenAt))
    })
  )
