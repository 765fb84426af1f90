/**
 * The emulator's hba routes.
 *
 * On the services' origin:
 * - {@link HbaRoutes} (service `hba`):
 *   - `GET  /hba/hba-service/v1/getServerNonce`: a nonce for the request's session (HbaApi, the library's definition);
 *   - `POST /hba/v1/sign-in` `{ userId, secureAuthenticationIntent? }`: signs the session in as `userId` (sets the
 *     `emu_session` cookie) and, when the attestation payload checks out (nonce issued to this session, timestamp
 *     within ±60 s, saiSignature valid), binds its public key to the new session; answers `{ userId, keyBound }`;
 *   - `GET  /hba/lab`, `/hba/lab.js`: the lab page as a page on another origin of the site (signs through the frame);
 * - {@link HbaMetricsRoutes} (service `apis`): `POST /apis/account-security-service/v1/metrics/record`
 *   `{ name, value, labelValues }`, the security frame's metrics, kept in the hba state.
 *
 * On the www origin ({@link hbaWwwPages}): `GET /hba/iframe` and `/hba/frame.js` (the security frame page and the
 * library's frame program, which answers the real site's frame protocol: any page side of the site, ours or the
 * site's own code, signs through it), `GET /hba/lab` and `/hba/lab.js` (the lab page on www: signs in with
 * attestation, then signs directly).
 *
 * Every request's bound-auth token is checked in the platform middleware (./verify.ts, `requestVerdict`).
 *
 * @module
 */
import { Clock, Effect, Layer, Schema } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { metricsRecordPath } from "../../core/signing/frame/FrameMetrics.ts"
import { securityFramePath } from "../../core/signing/frame/protocol.ts"
import { AttestationPayload, HbaApi } from "../../platform/api/attestation.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { errorResponse } from "../platform/middleware.ts"
import { addVerdict, skipLog } from "../platform/requestLog.ts"
import { CurrentSession, sessionCookie, sessionCookieValue } from "../platform/session.ts"
import { framePage, labPage } from "./pages.ts"
import { attestationVerdict } from "./verify.ts"
import { lazyScript, scriptResponse, ScriptUnavailable, servedScripts } from "../scripts.ts"

/** The emulator's sign-in endpoint. */
export const signInPath = "/hba/v1/sign-in"

/** The lab page, on both origins. */
export const labPath = "/hba/lab"

/** The security frame's script on the www origin. */
export const frameScriptPath = "/hba/frame.js"

/** The hba API as served, under `/hba`. */
export const ServedHbaApi = toHttpApi(HbaApi).prefix("/hba")

/** Handlers of the hba API. */
export const HbaHandlers = HttpApiBuilder.group(
  ServedHbaApi,
  "hba",
  Effect.fn(function* (handlers) {
    const { hba } = yield* EmulatorState
    return handlers.handleAll({
      getServerNonce: () =>
        Effect.gen(function* () {
          const session = yield* CurrentSession
          yield* addVerdict("nonce issued")
          return hba.issueNonce(session.key, yield* Clock.currentTimeMillis)
        })
    })
  })
)

/** The body of the emulator's sign-in. */
export const SignInRequest = Schema.Struct({
  userId: Schema.Int.check(Schema.isGreaterThan(0)),
  secureAuthenticationIntent: Schema.optionalKey(AttestationPayload)
})

/** A frame metric as posted. */
export const MetricRecord = Schema.Struct({
  name: Schema.String,
  value: Schema.Number,
  labelValues: Schema.Record(Schema.String, Schema.String)
})

const script = (source: Effect.Effect<string, ScriptUnavailable>) => Effect.andThen(skipLog, scriptResponse(source))

/** The hba service on the services' origin (registered as `hba`): nonce, sign-in and the lab page. */
export const HbaRoutes = Layer.mergeAll(
  HttpApiBuilder.layer(ServedHbaApi, { openapiPath: "/hba/openapi.json" }).pipe(Layer.provide(HbaHandlers)),
  HttpRouter.use((router) =>
    Effect.gen(function* () {
      const state = yield* EmulatorState
      const { hba } = state
      const lab = yield* lazyScript(servedScripts.lab)

      yield* router.add(
        "POST",
        signInPath,
        Effect.gen(function* () {
          const session = yield* CurrentSession
          const body = yield* Effect.result(HttpServerRequest.schemaBodyJson(SignInRequest))
          if (body._tag === "Failure") {
            yield* addVerdict("sign-in rejected (invalid body)")
            return errorResponse(400, 0, "Invalid sign-in request")
          }
          const { secureAuthenticationIntent, userId } = body.success
          if (!state.world.users.has(userId)) {
            yield* addVerdict("sign-in rejected (no such user)")
            return errorResponse(400, 1, "No such user")
          }
          const cookie = sessionCookieValue(userId)
          let keyBound = false
          if (secureAuthenticationIntent === undefined) {
            yield* addVerdict("sign-in without attestation")
          } else {
            const now = yield* Clock.currentTimeMillis
            const outcome = yield* Effect.promise(() =>
              attestationVerdict(hba, secureAuthenticationIntent, session.key, `cookie:${cookie}`, now)
            )
            keyBound = outcome.bound
            yield* addVerdict(outcome.verdict)
          }
          yield* addVerdict(`signed in as u${userId}`)
          return HttpServerResponse.jsonUnsafe(
            { userId, keyBound },
            {
              headers: { "set-cookie": `${sessionCookie}=${cookie}; Path=/; SameSite=Lax` }
            }
          )
        })
      )

      yield* router.add(
        "GET",
        labPath,
        Effect.sync(() => HttpServerResponse.html(labPage(`${labPath}.js`, "hba lab (another origin)", "subdomain")))
      )
      yield* router.add("GET", `${labPath}.js`, script(lab))
    })
  )
)

/** The security frame's metrics endpoint on the services' origin (registered as `apis`). */
export const HbaMetricsRoutes = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const { hba } = yield* EmulatorState
    yield* router.add(
      "POST",
      `/apis${metricsRecordPath}`,
      Effect.gen(function* () {
        const body = yield* Effect.result(HttpServerRequest.schemaBodyJson(MetricRecord))
        if (body._tag === "Failure") return errorResponse(400, 0, "Invalid metric")
        hba.recordMetric(body.success)
        yield* addVerdict(`metric ${body.success.name}`)
        return HttpServerResponse.jsonUnsafe({})
      })
    )
  })
)

/** The hba pages of the www origin, as `[path, handler]` to add to the www router. */
export const hbaWwwPages = Effect.gen(function* () {
  const frame = yield* lazyScript(servedScripts.frame)
  const lab = yield* lazyScript(servedScripts.lab)
  return [
    [securityFramePath, Effect.sync(() => HttpServerResponse.html(framePage(frameScriptPath)))],
    [frameScriptPath, script(frame)],
    [labPath, Effect.sync(() => HttpServerResponse.html(labPage(`${labPath}.js`, "hba lab (www)", "www")))],
    [`${labPath}.js`, script(lab)]
  ] as const
})
