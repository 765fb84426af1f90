/**
 * makeRequestSigner: the part of a RequestSigner that both signers share (the direct signer, the security-frame
 * signer): URL, policy and body checks, the header, the time-out of each request's signing, and reporting. It holds
 * none of the key store, WebCrypto or frame code, so that a page can decide up front whether a request is to be
 * signed and load the signer's code only when one is (see Signing.ts and docs/bundle-size.md).
 *
 * Signing a request has two waits. The signer's one-time preparation (`ready`: the key pair's first load, the
 * security frame's load) is bounded by its own time-out (KeyStoreLoadTimeout 5 s, SecurityFrameLoadTimeout
 * 1.5 s) and is shared by every request waiting for it. The signing of the request itself (hashing its body and
 * signing: WebCrypto, or the frame's round trip) is bounded by {@link RequestSigningTimeout}: past it the request
 * goes out unsigned, reported once as `SigningTimedOut`, and whatever WebCrypto answers later is ignored. Each
 * send is bounded on its own (a CSRF or challenge re-send signs anew).
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type { KeyLocation } from "../browser/KeyDatabase.ts"
import type { Telemetry } from "../browser/Telemetry.ts"
import type { PlatformConfigShape } from "../config/PlatformConfig.ts"
import { type HttpRequest, setHeader } from "../http/request.ts"
import { withDeadline } from "../http/withDeadline.ts"
import type { RequestSignerShape } from "./RequestSigner.ts"
import { reportSigningFailure } from "./reportSigningFailure.ts"
import { makeSigningTargets, requestBody, type SignableRequest } from "./token/SignableRequest.ts"
import { SigningFailure } from "./SigningFailure.ts"
import { makeSigningDecision } from "./policy/SigningPolicy.ts"

/**
 * How long the signing of one request may take once the signer is ready (its key pair loaded, its frame loaded:
 * those have time-outs of their own); default 2 seconds. Past it the request goes out unsigned, reported as
 * `SigningTimedOut`. WebCrypto hashes and signs a usual body in a fraction of a millisecond (docs/performance.md,
 * "Signing") and the security frame answers within its 100 ms data time-out, so 2 s costs a healthy page nothing: it is a backstop
 * for a digest or signature that never settles (a browser bug, a page script that replaced `crypto.subtle`), not
 * a schedule. A body so large that hashing it takes longer (hundreds of megabytes) goes out unsigned too: give
 * such a page a longer time-out.
 */
export const RequestSigningTimeout = Context.Reference<Duration.Input>(
  "platform-web-client/core/signing/RequestSigningTimeout",
  { defaultValue: () => "2 seconds" }
)

/** How a signer made by {@link makeRequestSigner} waits: its preparation, and the bound of each request's signing. */
export interface RequestSignerWaits {
  /**
   * What must be in place before a request at `location` is signed (the key pair, the frame), bounded by its own
   * time-out and not by `timeout`; it fails with the SigningFailure that keeps the request unsigned.
   */
  readonly ready?: (location: KeyLocation) => Effect.Effect<unknown, SigningFailure>
  /** The bound of each request's signing after `ready` (default: {@link RequestSigningTimeout}'s default). */
  readonly timeout?: Duration.Input
}

/**
 * Build a RequestSigner from a function that produces the token of a signable request. Shared by the direct
 * signer and the security-frame signer: URL, policy and body are checked here, in that order (an exempt request
 * is never a body failure), then `waits.ready` runs with the key location the policy gave, then `token`, bounded
 * by `waits.timeout` (a failure `SigningTimedOut` past it); failures and defects are reported, and `sign` fails
 * with them (the request goes out unsigned).
 */
export const makeRequestSigner = (
  config: PlatformConfigShape,
  telemetry: Telemetry["Service"],
  token: (location: KeyLocation, request: SignableRequest) => Effect.Effect<string, SigningFailure>,
  waits: RequestSignerWaits = {}
): RequestSignerShape => {
  const header = config.headers.boundAuthToken
  const targetOf = makeSigningTargets(makeSigningDecision(config))
  const rate = config.boundAuthToken.eventSampleRatePerMillion
  const unsigned = (failure: SigningFailure, host: string | undefined) =>
    Effect.andThen(reportSigningFailure(telemetry, rate, failure, host), Effect.fail(failure))
  const bounded = boundedBy(Duration.fromInputUnsafe(waits.timeout ?? RequestSigningTimeout.defaultValue()))
  const ready = waits.ready
  const signed = (location: KeyLocation, request: SignableRequest) =>
    ready === undefined
      ? bounded(token(location, request))
      : Effect.flatMap(ready(location), () => bounded(token(location, request)))
  return {
    sign: (request) => {
      const target = targetOf(request)
      if (Result.isFailure(target)) return unsigned(target.failure, undefined)
      const { decision, host, href } = target.success
      if (Result.isFailure(decision)) return unsigned(decision.failure, host)
      const body = requestBody(request)
      if (Result.isFailure(body)) return unsigned(body.failure, host)
      return signed(decision.success, {
        url: href,
        host,
        method: request.method.toUpperCase(),
        body: body.success
      }).pipe(
        Effect.map((value): HttpRequest => setHeader(request, header, value)),
        Effect.catchCause((cause) => {
          if (Cause.hasInterruptsOnly(cause)) return Effect.failCause(cause as Cause.Cause<never>)
          const failure = Cause.findErrorOption(cause)
          return unsigned(
            failure._tag === "Some"
              ? failure.value
              : new SigningFailure({
                  reason: "Unknown",
                  detail: "unexpected defect while signing",
                  cause: Cause.squash(cause)
                }),
            host
          )
        })
      )
    }
  }
}

/**
 * `token` bounded by `timeout` (none when it is infinite, zero or negative, as for the request time-out): past
 * it, it is interrupted and fails `SigningTimedOut` (a promise it waits on cannot be stopped; its late result is
 * dropped). The security frame bounds its own signing with it too (./frame/frameSide.ts).
 */
export const boundedBy = (timeout: Duration.Duration) => {
  const millis = Duration.toMillis(timeout)
  if (!(millis > 0 && millis < Infinity)) return (token: Effect.Effect<string, SigningFailure>) => token
  const timedOut = () =>
    Effect.fail(new SigningFailure({ reason: "SigningTimedOut", detail: `signing did not finish within ${millis} ms` }))
  return (token: Effect.Effect<string, SigningFailure>) => withDeadline(token, millis, timedOut)
}
