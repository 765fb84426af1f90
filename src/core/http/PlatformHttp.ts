/**
 * PlatformHttp: the one way to call the platform's HTTP services.
 *
 * A call is a light request (./request.ts) passed through the pipeline's rules, one module each under ./rules,
 * to the fetch transport (./transport.ts), which answers with the light response built from the bytes it read
 * (./response.ts). The rules are declared below as ONE list, in the order a request meets them on its way out
 * (outermost first; the response passes them back in reverse), optional rules left out when absent:
 *
 *  1. error mapping     non-2xx → ResponseError (status, status text, codes, the server's message, headers with
 *                       secrets redacted); every failure reported (except 401/403/404; other 4xx as expected ones)
 *     user info         a URL with a user name or password is refused (FetchError) before anything else runs
 *  2. 503 notice        a 503 tells its URL to the `onServiceUnavailable` listeners
 *  3. challenge         (with a ChallengeInterceptor) a platform host's challenged failure holds the request, runs
 *                       the challenge and re-sends it; without one, a challenged failure is logged with how to enable it
 *  4. CSRF retry        a platform host's 403 with a new `x-csrf-token`: store it, re-send once
 *  5. header relay      token and proxy values from platform hosts' responses are stored
 *  6. security headers  POST/PATCH/PUT/DELETE to platform hosts carry x-csrf-token, token, proxy and challenge-meta
 *  7. Accept-Language   (when the page's language is known)
 *  8. signing           (with a RequestSigner) the x-bound-auth-token header, for platform hosts
 *  9. tracing           (sampling above 0) a span and b3/traceparent to allow-listed platform hosts, sampled
 * 10. credentials       included, except to CDN and object-storage hosts
 * 11. redirect guard    a request carrying a secret never follows a redirect (RedirectError)
 * 12. duplication       (ratio above 0) allow-listed GETs to platform hosts duplicated, outcome discarded
 * 13. time-out          each HTTP exchange bounded (PlatformConfig.requestTimeoutMs, or `withRequestTimeout`)
 * 14. exchange events   (with a PipelineObserver) each send and its outcome
 *
 * A rule's re-send passes through every rule after it: a re-sent request carries the newest headers and a fresh
 * signature, and gets its own time-out. Nothing here retries a request on its own except the CSRF rule (once) and
 * the challenge flow (once per completed challenge).
 *
 * "Platform host": PlatformConfig.platformHosts, matched on the URL as the browser resolves it (./targets.ts,
 * ../config/platformHosts.ts). Every trust decision above uses that one notion; docs/security.md.
 *
 * Code that needs an effect/http `HttpClient` over the pipeline (HttpApiClient, typed clients) gets one from
 * ./httpClient.ts, a separate module, so that pages which never use one do not load effect/http.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { Telemetry } from "../browser/Telemetry.ts"
import { ChallengeInterceptor } from "../challenge/ChallengeInterceptor.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import { CsrfStore } from "../csrf/CsrfStore.ts"
import * as Observable from "../observable/Observable.ts"
import { RequestSigner } from "../signing/RequestSigner.ts"
import { decodeBody, type Decoded, type DecodingServices } from "./decode.ts"
import type { PlatformHttpError, RequestEncodeError, ResponseDecodeError } from "./errors.ts"
import { acceptLanguage } from "./rules/acceptLanguage.ts"
import { challenge } from "./rules/challenge.ts"
import { credentials } from "./rules/credentials.ts"
import { csrfRetry } from "./rules/csrfRetry.ts"
import { duplication } from "./rules/duplication.ts"
import { errorMapping } from "./rules/errorMapping.ts"
import { exchangeEvents } from "./rules/exchangeEvents.ts"
import { redirectGuard } from "./rules/redirectGuard.ts"
import { securityHeaders } from "./rules/securityHeaders.ts"
import { serviceUnavailableNotice } from "./rules/serviceUnavailable.ts"
import { sessionHeaderRelay } from "./rules/sessionHeaderRelay.ts"
import { signing } from "./rules/signing.ts"
import { timeout } from "./rules/timeout.ts"
import { userInfoGuard } from "./rules/userInfoGuard.ts"
import { traceHeaderNames, tracing } from "./rules/tracing.ts"
import { emitter, PipelineObserver } from "./observer.ts"
import { pipeline } from "./pipeline.ts"
import {
  type HttpMethod,
  type HttpRequest,
  makeRequest,
  type Params,
  resolveTarget,
  type Target,
  withJsonBody
} from "./request.ts"
import type { HttpResponse } from "./response.ts"
import { secretHeaderNames } from "./secretHeaders.ts"
import { SessionHeaders } from "./SessionHeaders.ts"
import { makeTargets } from "./targets.ts"
import { makeTransport } from "./transport.ts"

export { RequestTimeout, withRequestTimeout } from "./rules/timeout.ts"

/** Options of a call. */
export interface CallOptions<S extends Schema.Constraint | undefined> {
  /** Query parameters; lists are comma-joined, null/undefined left out. */
  readonly params?: Params
  readonly headers?: Readonly<Record<string, string>>
  /** Decode the JSON response with this schema; without one the call returns the JSON as `unknown`. */
  readonly schema?: S
  /** The call's name in encode and decode errors; defaults to `METHOD url`. */
  readonly operation?: string
}

/** Options of a call with a JSON body. */
export interface BodyCallOptions<S extends Schema.Constraint | undefined> extends CallOptions<S> {
  /** The body, sent as JSON; left out when undefined. */
  readonly body?: unknown
  /** The body's content type; default `application/json`. */
  readonly contentType?: string
}

/** A call's result: the decoded body, or a pipeline, encode or decode error. */
export type Call<S> = Effect.Effect<
  Decoded<S>,
  PlatformHttpError | RequestEncodeError | ResponseDecodeError,
  DecodingServices<S>
>

/** The shape of PlatformHttp. */
export interface PlatformHttpShape {
  /** The absolute URL of a target. */
  readonly url: (target: Target) => string
  /**
   * Send a request through the pipeline: its response when the status is 2xx (body read whole), else the
   * pipeline's error. Build requests with `makeRequest` / `withJsonBody` (./request.ts).
   */
  readonly execute: (request: HttpRequest) => Effect.Effect<HttpResponse, PlatformHttpError>
  readonly get: <S extends Schema.Constraint | undefined = undefined>(
    target: Target,
    options?: CallOptions<S>
  ) => Call<S>
  readonly delete: <S extends Schema.Constraint | undefined = undefined>(
    target: Target,
    options?: CallOptions<S>
  ) => Call<S>
  readonly post: <S extends Schema.Constraint | undefined = undefined>(
    target: Target,
    options?: BodyCallOptions<S>
  ) => Call<S>
  readonly patch: <S extends Schema.Constraint | undefined = undefined>(
    target: Target,
    options?: BodyCallOptions<S>
  ) => Call<S>
  readonly put: <S extends Schema.Constraint | undefined = undefined>(
    target: Target,
    options?: BodyCallOptions<S>
  ) => Call<S>
  /**
   * Call `listener` with the URL of every 503 response until the scope closes (e.g. to show a "service
   * unavailable" notice). Listeners are called synchronously as the response passes; one that throws is reported
   * and never affects the request.
   */
  readonly onServiceUnavailable: (listener: (url: string) => void) => Effect.Effect<void, never, Scope.Scope>
}

/** The platform's HTTP client. */
export class PlatformHttp extends Context.Service<PlatformHttp, PlatformHttpShape>()(
  "platform-web-client/core/http/PlatformHttp"
) {
  /**
   * The pipeline over fetch (the `FetchHttpClient.Fetch` reference), with the CsrfStore and SessionHeaders of the
   * context; a RequestSigner, a ChallengeInterceptor and a PipelineObserver are used when the context has them.
   * Internal: the building block of `platformLayer` (../wiring/platformLayer.ts) and of the challenge service's
   * private pipeline; apps use `browserPlatformLayer`, `testPlatformLayer` or `platformLayer` (docs/architecture.md).
   * @internal
   */
  static readonly layerNoDeps: Layer.Layer<
    PlatformHttp,
    never,
    PlatformConfig | CsrfStore | SessionHeaders | Telemetry
  > = Layer.effect(
    PlatformHttp,
    Effect.gen(function* () {
      const config = yield* PlatformConfig
      const csrf = yield* CsrfStore
      const session = yield* SessionHeaders
      const telemetry = yield* Telemetry
      const scope = yield* Effect.scope
      const signer = yield* Effect.serviceOption(RequestSigner)
      const challenges = yield* Effect.serviceOption(ChallengeInterceptor)
      const observer = yield* Effect.serviceOption(PipelineObserver)
      // Only the listeners matter: the value is the last 503 URL, never read.
      const unavailable = Observable.make("")
      // Where each URL goes (platform host or not), parsed once per URL for every rule that asks.
      const targets = makeTargets(config.platformHosts)
      const secrets = secretHeaderNames(config)
      const emit = observer._tag === "Some" ? emitter(observer.value) : undefined

      const send = pipeline(
        [
          errorMapping(telemetry, secrets, targets),
          userInfoGuard(targets),
          serviceUnavailableNotice(unavailable),
          challenge(config, challenges._tag === "Some" ? challenges.value : undefined, targets, emit),
          csrfRetry(config, csrf, targets, emit),
          sessionHeaderRelay(config, session, targets),
          securityHeaders(config, csrf, session, targets),
          acceptLanguage(config.locale),
          signer._tag === "Some" ? signing(signer.value, targets, emit) : undefined,
          tracing(config.tracing, targets),
          credentials(config.credentiallessHostSuffixes, targets),
          redirectGuard([...secrets, ...traceHeaderNames], emit),
          duplication(config.duplication, scope, targets),
          timeout(config.requestTimeoutMs),
          emit && exchangeEvents(targets, emit)
        ],
        makeTransport(yield* Effect.context<never>())
      )

      // Suspended: the rules read the token, session values and clock when the call RUNS (an effect made once and
      // run again, retried or repeated, sends with the values of that moment), never when it is made.
      const execute =
        observer._tag === "None"
          ? (request: HttpRequest) => Effect.suspend(() => send(request))
          : (request: HttpRequest) => Effect.suspend(() => send({ ...request, call: observer.value.nextCall() }))

      const read = <S extends Schema.Constraint | undefined>(
        request: HttpRequest,
        options: CallOptions<S> | undefined
      ): Call<S> =>
        Effect.flatMap(execute(request), (response) => decodeBody(response, options?.schema as S, options?.operation))

      const call =
        (method: HttpMethod) =>
        <S extends Schema.Constraint | undefined>(target: Target, options?: BodyCallOptions<S>): Call<S> => {
          const url = resolveTarget(config, target)
          const request = makeRequest(method, url, options?.params, options?.headers)
          if (options?.body === undefined) return read(request, options)
          const withBody = withJsonBody(
            request,
            options.body,
            options.operation ?? `${method} ${url}`,
            options.contentType
          )
          return Result.isFailure(withBody) ? Effect.fail(withBody.failure) : read(withBody.success, options)
        }

      return PlatformHttp.of({
        url: (target) => resolveTarget(config, target),
        execute,
        get: call("GET"),
        delete: call("DELETE"),
        post: call("POST"),
        patch: call("PATCH"),
        put: call("PUT"),
        onServiceUnavailable: (listener) => Observable.listen(unavailable, listener)
      })
    })
  )

  /**
   * PlatformHttp over fetch, together with the CsrfStore and SessionHeaders it uses (both exposed, e.g. for the
   * challenge flow); needs the config, storage and telemetry. The fetch is the `FetchHttpClient.Fetch` reference
   * (globalThis.fetch unless provided, e.g. a stub in tests: StubFetch). Internal (the pipeline's own tests): apps
   * use `browserPlatformLayer`, `testPlatformLayer` or `platformLayer`, which also take a signer and a challenge
   * flow (docs/architecture.md).
   * @internal
   */
  static readonly layer = PlatformHttp.layerNoDeps.pipe(
    Layer.provideMerge(Layer.merge(CsrfStore.layer, SessionHeaders.layer))
  )
}
