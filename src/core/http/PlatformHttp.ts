/**
 * PlatformHttp: the one way to call the platform's HTTP services.
 *
 * It is an effect/http `HttpClient` (FetchHttpClient in the browser) wrapped in the pipeline's rules, one module
 * each under ./middleware. A request passes them in this order on its way out (and back in reverse):
 *
 *  1. errors            non-2xx → ResponseError (codes and the server's message of the body), no response →
 *                       FetchError, or the TimeoutError / RedirectError diagnosed below; reported to the error
 *                       reporter except 401/403/404
 *  2. service unavail.  a 503 tells its URL to the `onServiceUnavailable` listeners
 *  3. challenge         (with a ChallengeInterceptor) a challenged response of a platform host holds the request,
 *                       runs the challenge and re-sends it
 *  4. CSRF retry        a platform host's 403 with a new `x-csrf-token`: store it, re-send once (marked by the
 *                       retry-attempt header)
 *  5. header relay      token and proxy values from platform hosts' responses are stored
 *  6. security headers  POST/PATCH/PUT/DELETE to platform hosts carry x-csrf-token, token, proxy and challenge-meta
 *  7. Accept-Language   when the page's language is known
 *  8. signing           (with a RequestSigner) the x-bound-auth-token header, for platform hosts
 *  9. tracing           platform hosts that are allow-listed, sampled by a 1–100 roll
 * 10. credentials       included, except to CDN and object-storage hosts
 * 11. redirect guard    a request carrying a secret never follows a redirect (RedirectError)
 * 12. duplication       allow-listed GETs to platform hosts duplicated at the configured ratio, outcome discarded
 * 13. time-out          each HTTP exchange bounded (PlatformConfig.requestTimeoutMs, or `withRequestTimeout` around a call)
 *
 * Rules 5–13 run again for every re-sent request, so a re-sent request carries the newest headers and a fresh
 * signature, and gets its own time-out. Nothing here retries a request on its own except the CSRF rule (once)
 * and the challenge flow (once per completed challenge).
 *
 * "Platform host": PlatformConfig.platformHosts, matched on the URL as the browser resolves it (./targets.ts,
 * ../config/platformHosts.ts). Every trust decision above uses that one notion; docs/security.md.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import type * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import { Telemetry } from "../browser/Telemetry.ts"
import { PlatformConfig } from "../config/PlatformConfig.ts"
import { CsrfStore } from "../csrf/CsrfStore.ts"
import * as Observable from "../observable/Observable.ts"
import { decodeBody, type Decoded, type DecodingServices } from "./decode.ts"
import type { PlatformHttpError, ResponseDecodeError } from "./errors.ts"
import type * as HttpClientError from "effect/http/HttpClientError"
import { type ChallengeFailure, ChallengeInterceptor } from "../challenge/ChallengeInterceptor.ts"
import { RequestSigner } from "../signing/RequestSigner.ts"
import { withAcceptLanguage } from "./middleware/acceptLanguage.ts"
import { chain, clientOf, type Send, sendOf } from "./middleware/middleware.ts"
import { withChallenge } from "./middleware/challenge.ts"
import { withSigning } from "./middleware/signing.ts"
import { withCredentials } from "./middleware/credentials.ts"
import { withCsrfRetry } from "./middleware/csrfRetry.ts"
import { withDuplication } from "./middleware/duplication.ts"
import { withErrors } from "./middleware/errors.ts"
import { withSecurityHeaders } from "./middleware/securityHeaders.ts"
import { withServiceUnavailableNotice } from "./middleware/serviceUnavailable.ts"
import { withSessionHeaderRelay } from "./middleware/sessionHeaderRelay.ts"
import { withTracing } from "./middleware/tracing.ts"
import { withRedirectGuard } from "./middleware/redirectGuard.ts"
import { withTimeout } from "./middleware/timeout.ts"
import { secretHeaderNames } from "./secretHeaders.ts"
import { makeTargets } from "./targets.ts"
import { makeRequest, type Params, resolveTarget, type Target, withJsonBody } from "./request.ts"
import { SessionHeaders } from "./SessionHeaders.ts"
import { bufferingTransport } from "./transport.ts"

export { RequestTimeout, withRequestTimeout } from "./middleware/timeout.ts"

/** Options of a call. */
export interface CallOptions<S extends Schema.Constraint | undefined> {
  /** Query parameters; lists are comma-joined, null/undefined left out. */
  readonly params?: Params
  readonly headers?: Readonly<Record<string, string>>
  /** Decode the JSON response with this schema; without one the call returns the JSON as `unknown`. */
  readonly schema?: S
  /** The call's name in decode errors; defaults to `METHOD url`. */
  readonly operation?: string
}

/** Options of a call with a JSON body. */
export interface BodyCallOptions<S extends Schema.Constraint | undefined> extends CallOptions<S> {
  readonly body?: unknown
}

/** Options of a batched call: the id list is split into chunks of at most `size` ids sent under `key`. */
export interface BatchedCallOptions<Item extends Schema.Constraint> {
  /** The parameter or body field that carries the ids; default `userIds`. */
  readonly key?: string
  /** At most this many ids per request; default 100. */
  readonly size?: number
  /** Other query parameters (GET) sent with every chunk. */
  readonly params?: Params
  /** Other body fields (POST) sent with every chunk. */
  readonly body?: Readonly<Record<string, unknown>>
  /** The schema of one item of a response's list. */
  readonly item: Item
  /** The response field holding the list (default `data`); `null` when the response is the list itself. */
  readonly field?: string | null
  readonly operation?: string
}

/** A call's result: the decoded body, or a pipeline or decode error. */
export type Call<S> = Effect.Effect<Decoded<S>, PlatformHttpError | ResponseDecodeError, DecodingServices<S>>

/** The shape of PlatformHttp. */
export interface PlatformHttpShape {
  /** The full pipeline as an HttpClient, e.g. for `HttpApiClient.group(api, { httpClient, baseUrl })`. */
  readonly client: HttpClient.HttpClient.With<PlatformHttpError>
  /** The absolute URL of a target. */
  readonly url: (target: Target) => string
  /** Send a request through the pipeline. */
  readonly execute: (
    request: HttpClientRequest.HttpClientRequest
  ) => Effect.Effect<HttpClientResponse.HttpClientResponse, PlatformHttpError>
  readonly get: <S extends Schema.Constraint | undefined = undefined>(target: Target, options?: CallOptions<S>) => Call<S>
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
  /** GET the ids in chunks (comma-joined under `key`) and merge the lists in input order. */
  readonly batchedGet: <Item extends Schema.Constraint>(
    target: Target,
    ids: ReadonlyArray<string | number>,
    options: BatchedCallOptions<Item>
  ) => Effect.Effect<ReadonlyArray<Item["Type"]>, PlatformHttpError | ResponseDecodeError, Item["DecodingServices"]>
  /** POST the ids in chunks (a list under `key` in the body) and merge the lists in input order. */
  readonly batchedPost: <Item extends Schema.Constraint>(
    target: Target,
    ids: ReadonlyArray<string | number>,
    options: BatchedCallOptions<Item>
  ) => Effect.Effect<ReadonlyArray<Item["Type"]>, PlatformHttpError | ResponseDecodeError, Item["DecodingServices"]>
  /**
   * Call `listener` with the URL of every 503 response until the scope closes (e.g. to show a "service
   * unavailable" notice). Listeners are called synchronously as the response passes; one that throws is reported
   * and never affects the request.
   */
  readonly onServiceUnavailable: (listener: (url: string) => void) => Effect.Effect<void, never, Scope.Scope>
}

/** How many chunk requests of a batched call run at once (a browser's connections per host). */
export const batchConcurrency = 6

const chunk = <A>(items: ReadonlyArray<A>, size: number): Array<ReadonlyArray<A>> => {
  const out: Array<ReadonlyArray<A>> = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** The platform's HTTP client. */
export class PlatformHttp extends Context.Service<PlatformHttp, PlatformHttpShape>()(
  "platform-web-client/core/http/PlatformHttp"
) {
  /**
   * The pipeline over the HttpClient, CsrfStore and SessionHeaders in context. Internal: the building block of
   * `platformLayer` (../wiring/platformLayer.ts) and of the challenge service's private pipeline; apps use
   * `browserPlatformLayer`, `testPlatformLayer` or `platformLayer` (docs/architecture.md).
   * @internal
   */
  static readonly layerNoDeps: Layer.Layer<
    PlatformHttp,
    never,
    PlatformConfig | CsrfStore | SessionHeaders | Telemetry | HttpClient.HttpClient
  > = Layer.effect(
    PlatformHttp,
    Effect.gen(function*() {
      const config = yield* PlatformConfig
      const csrf = yield* CsrfStore
      const session = yield* SessionHeaders
      const telemetry = yield* Telemetry
      const base = yield* HttpClient.HttpClient
      const scope = yield* Effect.scope
      // Only the listeners matter: the value is the last 503 URL, never read.
      const unavailable = Observable.make("")

      const signer = yield* Effect.serviceOption(RequestSigner)
      const challenges = yield* Effect.serviceOption(ChallengeInterceptor)

      // Where each URL goes (platform host or not), parsed once per URL for every rule that asks.
      const targets = makeTargets(config.platformHosts)
      const secrets = secretHeaderNames(config)

      // The rules are chained as plain functions into one client (see middleware.ts), innermost first.
      type Transport = HttpClientError.HttpClientError
      let send: Send<Transport, never> = sendOf(base)
      send = chain(withTimeout<never>(config.requestTimeoutMs), send)
      send = chain(withDuplication<Transport, never>(config.duplication, scope, targets), send)
      send = chain(withRedirectGuard<never>(secrets), send)
      send = chain(withCredentials<Transport, never>(config.credentiallessHostSuffixes, targets), send)
      send = chain(withTracing<Transport, never>(config.tracing, targets), send)
      if (signer._tag === "Some") send = chain(withSigning<Transport, never>(signer.value, targets), send)
      send = chain(withAcceptLanguage<Transport, never>(config.locale), send)
      send = chain(withSecurityHeaders<Transport, never>(config, csrf, session, targets), send)
      send = chain(withSessionHeaderRelay<Transport, never>(config, session, targets), send)
      send = chain(withCsrfRetry<Transport, never>(config, csrf, targets), send)
      // Without a challenge flow no ChallengeFailure can occur, so the wider error type is sound either way.
      let challenged: Send<Transport | ChallengeFailure, never> = send
      if (challenges._tag === "Some") challenged = chain(withChallenge(config, challenges.value, targets), send)
      challenged = chain(withServiceUnavailableNotice<Transport | ChallengeFailure, never>(unavailable), challenged)
      const client: HttpClient.HttpClient.With<PlatformHttpError> = clientOf(
        base,
        chain(withErrors(telemetry, secrets), challenged)
      )

      const read = <S extends Schema.Constraint | undefined>(
        request: HttpClientRequest.HttpClientRequest,
        options: CallOptions<S> | undefined
      ): Call<S> =>
        Effect.flatMap(client.execute(request), (response) =>
          decodeBody(response, options?.schema as S, options?.operation ?? `${request.method} ${request.url}`))

      const call = (method: "GET" | "DELETE") =>
      <S extends Schema.Constraint | undefined>(target: Target, options?: CallOptions<S>): Call<S> =>
        read(makeRequest(method, resolveTarget(config, target), options?.params, options?.headers), options)

      const callWithBody = (method: "POST" | "PATCH" | "PUT") =>
      <S extends Schema.Constraint | undefined>(target: Target, options?: BodyCallOptions<S>): Call<S> =>
        Effect.flatMap(
          withJsonBody(makeRequest(method, resolveTarget(config, target), options?.params, options?.headers), options?.body),
          (request) => read(request, options)
        ) as Call<S>

      const batched = (method: "GET" | "POST") =>
      <Item extends Schema.Constraint>(
        target: Target,
        ids: ReadonlyArray<string | number>,
        options: BatchedCallOptions<Item>
      ) => {
        const key = options.key ?? "userIds"
        const field = options.field === undefined ? "data" : options.field
        const list = Schema.Array(options.item)
        const schema = field === null ? list : Schema.Struct({ [field]: list })
        const pick = (decoded: unknown) =>
          (field === null ? decoded : (decoded as Record<string, unknown>)[field]) as ReadonlyArray<Item["Type"]>
        const send = (ids: ReadonlyArray<string | number>) => {
          const common = {
            schema,
            ...(options.operation === undefined ? {} : { operation: options.operation })
          }
          return method === "GET"
            ? call("GET")(target, { ...common, params: { ...options.params, [key]: ids } })
            : callWithBody("POST")(target, { ...common, params: options.params ?? {}, body: { ...options.body, [key]: ids } })
        }
        return Effect.map(
          Effect.forEach(chunk(ids, options.size ?? 100), send, { concurrency: batchConcurrency }),
          (pages) => pages.flatMap(pick)
        ) as Effect.Effect<
          ReadonlyArray<Item["Type"]>,
          PlatformHttpError | ResponseDecodeError,
          Item["DecodingServices"]
        >
      }

      return PlatformHttp.of({
        client,
        url: (target) => resolveTarget(config, target),
        execute: client.execute,
        get: call("GET"),
        delete: call("DELETE"),
        post: callWithBody("POST"),
        patch: callWithBody("PATCH"),
        put: callWithBody("PUT"),
        batchedGet: batched("GET"),
        batchedPost: batched("POST"),
        onServiceUnavailable: (listener) => Observable.listen(unavailable, listener)
      })
    })
  )

  /**
   * PlatformHttp over its buffering fetch transport (see transport.ts), together with the CsrfStore and
   * SessionHeaders it uses (both exposed, e.g. for the challenge flow); needs the config, storage and telemetry.
   * The fetch is the `FetchHttpClient.Fetch` reference (globalThis.fetch unless provided). Internal (the
   * pipeline's own tests): apps use `browserPlatformLayer`, `testPlatformLayer` or `platformLayer`, which also
   * take a signer and a challenge flow (docs/architecture.md).
   * @internal
   */
  static readonly layer = PlatformHttp.layerNoDeps.pipe(
    Layer.provideMerge(Layer.merge(CsrfStore.layer, SessionHeaders.layer)),
    Layer.provide(bufferingTransport)
  )
}
