/**
 * ChallengeApi: the challenge service's calls (CHAL-4, CHAL-5, CHAL-8 to CHAL-11).
 *
 * | call            | method and path      | body (content type)                                       | answer                     |
 * |-----------------|----------------------|-----------------------------------------------------------|----------------------------|
 * | `continue`      | POST /v1/continue    | challengeID, challengeType, challengeMetadata (a JSON string) (application/json) | challengeId, challengeType, challengeMetadata |
 * | `xboxToken`     | GET /v1/xboxToken    |                                                           | token                      |
 * | `health`        | GET /health          |                                                           | not shown: returned as JSON or undefined |
 * | `initSession`   | POST /v1/initSession | challengeId, userId, timestamp, scriptLocation (application/json-patch+json, API key) | content, expectedNumCalls, expectedSymbols |
 * | `redeemSession` | POST /v1/redeemSession | userId, challengeId (json-patch, API key)               | ignored                    |
 * | `submit`        | POST /v1/submit      | userId, challengeId, payload, payloadV2 (json-patch)      | ignored                    |
 * | `upload`        | POST /v1/upload      | userId, timestamp, fileBase64 (json-patch, API key)       | scriptLocation             |
 *
 * Paths are under the `challenge` base URL of PlatformConfig plus `ChallengeApiSettings.basePath`. The API key
 * header is sent only when a key is configured.
 *
 * The calls go through a PlatformHttp pipeline (CSRF token and retry, security headers, signing, credentials
 * included, errors) whose challenge interceptor hands every response back as it is: the challenge flow itself calls
 * this service, and a challenged continue call must not open a challenge inside a challenge. {@link ChallengeApi.layer} builds that
 * private pipeline over the same CsrfStore and SessionHeaders as the app's PlatformHttp.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import type { Telemetry } from "../browser/Telemetry.ts"
import type { PlatformConfig } from "../config/PlatformConfig.ts"
import type { CsrfStore } from "../csrf/CsrfStore.ts"
import type { PlatformHttpError, RequestEncodeError, ResponseDecodeError } from "../http/errors.ts"
import { PlatformHttp, type PlatformHttpShape } from "../http/PlatformHttp.ts"
import type { SessionHeaders } from "../http/SessionHeaders.ts"
import { ChallengeInterceptor, type ChallengeInterceptorShape } from "./ChallengeInterceptor.ts"
import { ChallengeApiSettings } from "./settings.ts"

/** Body of the continue call. `challengeMetadata` is a JSON string. */
export const ContinueRequest = Schema.Struct({
  challengeID: Schema.String,
  challengeType: Schema.String,
  challengeMetadata: Schema.String
})
/** A value of {@link ContinueRequest}. */
export type ContinueRequest = typeof ContinueRequest.Type

const OptionalText = Schema.optionalKey(Schema.NullOr(Schema.String))

/** Answer of the continue call: with a challenge type, a follow-up challenge (metadata a JSON string). */
export const ContinueResponse = Schema.Struct({
  challengeId: OptionalText,
  challengeType: OptionalText,
  challengeMetadata: OptionalText
})
/** A value of {@link ContinueResponse}. */
export type ContinueResponse = typeof ContinueResponse.Type

/** Answer of the Xbox token call. */
export const XboxTokenResponse = Schema.Struct({ token: Schema.String })
/** A value of {@link XboxTokenResponse}. */
export type XboxTokenResponse = typeof XboxTokenResponse.Type

/** Body of the init-session call. */
export const InitSessionRequest = Schema.Struct({
  challengeId: Schema.String,
  userId: Schema.String,
  timestamp: Schema.Number,
  scriptLocation: Schema.String
})
/** A value of {@link InitSessionRequest}. */
export type InitSessionRequest = typeof InitSessionRequest.Type

/** Answer of the init-session call: the script to run (base64), how often to call it, the symbols to expect. */
export const InitSessionResponse = Schema.Struct({
  content: Schema.String,
  expectedNumCalls: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  expectedSymbols: Schema.Array(Schema.String)
})
/** A value of {@link InitSessionResponse}. */
export type InitSessionResponse = typeof InitSessionResponse.Type

/** Body of the redeem-session call. */
export const RedeemSessionRequest = Schema.Struct({ userId: Schema.String, challengeId: Schema.String })
/** A value of {@link RedeemSessionRequest}. */
export type RedeemSessionRequest = typeof RedeemSessionRequest.Type

/** Body of the submit call. */
export const SubmitRequest = Schema.Struct({
  userId: Schema.String,
  challengeId: Schema.String,
  payload: Schema.String,
  payloadV2: Schema.String
})
/** A value of {@link SubmitRequest}. */
export type SubmitRequest = typeof SubmitRequest.Type

/** Body of the upload call. */
export const UploadRequest = Schema.Struct({
  userId: Schema.String,
  timestamp: Schema.Number,
  fileBase64: Schema.String
})
/** A value of {@link UploadRequest}. */
export type UploadRequest = typeof UploadRequest.Type

/** Answer of the upload call. */
export const UploadResponse = Schema.Struct({ scriptLocation: Schema.String })
/** A value of {@link UploadResponse}. */
export type UploadResponse = typeof UploadResponse.Type

/** What a challenge-service call fails with. */
export type ChallengeApiError = PlatformHttpError | RequestEncodeError | ResponseDecodeError

/** The content type of init, redeem, submit and upload (CHAL-9). */
export const jsonPatchContentType = "application/json-patch+json"

/** The shape of the challenge service client. */
export interface ChallengeApiShape {
  readonly continue: (request: ContinueRequest) => Effect.Effect<ContinueResponse, ChallengeApiError>
  readonly xboxToken: Effect.Effect<XboxTokenResponse, ChallengeApiError>
  readonly health: Effect.Effect<unknown, ChallengeApiError>
  readonly initSession: (request: InitSessionRequest) => Effect.Effect<InitSessionResponse, ChallengeApiError>
  readonly redeemSession: (request: RedeemSessionRequest) => Effect.Effect<void, ChallengeApiError>
  readonly submit: (request: SubmitRequest) => Effect.Effect<void, ChallengeApiError>
  readonly upload: (request: UploadRequest) => Effect.Effect<UploadResponse, ChallengeApiError>
}

/** The client over a PlatformHttp (which should have no challenge interceptor). */
export const makeChallengeApi = (http: PlatformHttpShape): ChallengeApiShape => {
  const target = (basePath: string, path: string) => ({ service: "challenge" as const, path: `${basePath}${path}` })
  const get = <S extends Schema.Constraint | undefined>(path: string, schema: S) =>
    Effect.flatMap(ChallengeApiSettings, (settings) =>
      http.get(target(settings.basePath, path), { schema, operation: `GET ${path}` })
    )
  const patchPost = <S extends Schema.Constraint | undefined>(
    path: string,
    body: unknown,
    schema: S,
    withApiKey: boolean
  ) =>
    Effect.flatMap(ChallengeApiSettings, (settings) =>
      http.post(target(settings.basePath, path), {
        body,
        schema,
        contentType: jsonPatchContentType,
        operation: `POST ${path}`,
        ...(withApiKey && settings.apiKey !== undefined && settings.apiKey !== ""
          ? { headers: { [settings.apiKeyHeader]: settings.apiKey } }
          : {})
      })
    )
  return {
    continue: (request) =>
      Effect.flatMap(ChallengeApiSettings, (settings) =>
        http.post(target(settings.basePath, "/v1/continue"), {
          body: request,
          schema: ContinueResponse,
          operation: "POST /v1/continue"
        })
      ),
    xboxToken: get("/v1/xboxToken", XboxTokenResponse),
    health: get("/health", undefined),
    initSession: (request) => patchPost("/v1/initSession", request, InitSessionResponse, true),
    redeemSession: (request) => Effect.asVoid(patchPost("/v1/redeemSession", request, undefined, true)),
    submit: (request) => Effect.asVoid(patchPost("/v1/submit", request, undefined, false)),
    upload: (request) => patchPost("/v1/upload", request, UploadResponse, true)
  }
}

/** The interceptor of the challenge service's own calls: a challenged call is the caller's error, never a challenge. */
const noChallenges: ChallengeInterceptorShape = { intercept: (_request, response) => Effect.succeed(response) }

/** The challenge service client. */
export class ChallengeApi extends Context.Service<ChallengeApi, ChallengeApiShape>()(
  "platform-web-client/core/challenge/ChallengeApi"
) {
  /**
   * The client over a private PlatformHttp pipeline whose ChallengeInterceptor hands every response back as it is
   * (see the module doc), sharing the CsrfStore and SessionHeaders of the context.
   */
  static readonly layer: Layer.Layer<ChallengeApi, never, PlatformConfig | CsrfStore | SessionHeaders | Telemetry> =
    Layer.effect(
      ChallengeApi,
      Effect.gen(function* () {
        const build: Effect.Effect<
          Context.Context<PlatformHttp>,
          never,
          PlatformConfig | CsrfStore | SessionHeaders | Telemetry | Scope.Scope
        > = Layer.build(Layer.fresh(PlatformHttp.layerNoDeps))
        const context = yield* Effect.updateContext(
          build,
          (outer: Context.Context<PlatformConfig | CsrfStore | SessionHeaders | Telemetry | Scope.Scope>) =>
            Context.add(outer, ChallengeInterceptor, noChallenges)
        )
        return makeChallengeApi(Context.get(context, PlatformHttp))
      })
    )

  /** The client over the PlatformHttp in context: use only with a pipeline that has no challenge interceptor. */
  static readonly layerFromPlatformHttp: Layer.Layer<ChallengeApi, never, PlatformHttp> = Layer.effect(
    ChallengeApi,
    Effect.map(PlatformHttp, makeChallengeApi)
  )
}
