/**
 * The emulator's hba routes.
 *
 * On the services' origin ({@link HbaApiRoutes}):
 * - `GET  /hba/hba-service/v1/getServerNonce`: a nonce for the request's session (HbaApi, the library's definition);
 * - `POST /hba/v1/sign-in` `{ userId, secureAuthenticationIntent? }`: signs the session in as `userId` (sets the
 *   `emu_session` cookie) and, when the attestation payload checks out (nonce issued to this session, timestamp
 *   within ±60 s, saiSignature valid), binds its public key to the new session; answers `{ userId, keyBound }`;
 * - `POST /apis/account-security-service/v1/metrics/record` `{ name, value, labelValues }`: the security frame's
 *   metrics, kept in the hba state;
 * - `GET  /hba/lab`, `/hba/lab.js`: the lab page as a page on another origin of the site (signs through the frame).
 *
 * On the www origin ({@link HbaWwwRoutes}):
 * - `GET /hba/iframe`, `/hba/frame.js`: the security frame page and its script (the library's frame side);
 * - `GET /hba/lab`, `/hba/lab.js`: the lab page on the www origin (signs in with attestation, signs directly).
 *
 * Every request's bound-auth token is checked by {@link withBoundAuthVerdict} (see ./verify.ts).
 *
 * @module
 */
import { Clock, Effect, Layer, Schema } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { AttestationPayload, HbaApi } from "../../../src/platform/api/attestation.ts"
import { EmulatorState, type EmulatorStateShape } from "../EmulatorState.ts"
import { errorResponse } from "../platform/middleware.ts"
import { addVerdict, skipLog } from "../platform/requestLog.ts"
import { CurrentSession, type Session, sessionCookie, sessionCookieValue } from "../platform/session.ts"
import { emulatorBaseUrls } from "../urls.ts"
import { bundleEntries, lazyBundle } from "./bundles.ts"
import { hbaStateOf } from "./HbaState.ts"
import { framePage, labPage, type PageSettings } from "./pages.ts"
import { attestationVerdict, requestVerdict } from "./verify.ts"

/** The hba API as served, under `/hba`. */
export const ServedHbaApi = HbaApi.prefix("/hba")

/** Handlers of the hba API. */
export const HbaHandlers = HttpApiBuilder.group(
  ServedHbaApi,
  "hba",
  Effect.fn(function*(handlers) {
    const hba = hbaStateOf(yield* EmulatorState)
    return handlers.handleAll({
      getServerNonce: () =>
        Effect.gen(function*() {
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

/** What the pages of a session say about the site. */
export const pageSettings = (state: EmulatorStateShape, session: Session): PageSettings => ({
  baseUrls: emulatorBaseUrls(state.urls.origin, state.urls.wwwOrigin),
  userId: session.userId,
  signedHosts: [new URL(state.urls.origin).hostname],
  frameParents: [state.urls.origin, state.urls.wwwOrigin]
})

const script = (source: Effect.Effect<string>) =>
  Effect.andThen(
    skipLog,
    Effect.map(source, (body) =>
      HttpServerResponse.text(body, {
        contentType: "text/javascript; charset=utf-8",
        headers: { "cache-control": "no-store" }
      }))
  )

/** The hba routes of the services' origin (mount with the other API routes). */
export const HbaApiRoutes = Layer.mergeAll(
  HttpApiBuilder.layer(ServedHbaApi, { openapiPath: "/hba/openapi.json" }).pipe(Layer.provide(HbaHandlers)),
  HttpRouter.use((router) =>
    Effect.gen(function*() {
      const state = yield* EmulatorState
      const hba = hbaStateOf(state)
      const lab = lazyBundle(bundleEntries.lab)

      yield* router.add(
        "POST",
        "/hba/v1/sign-in",
        Effect.gen(function*() {
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
            const outcome = attestationVerdict(
              hba,
              secureAuthenticationIntent,
              session.key,
              `cookie:${cookie}`,
              yield* Clock.currentTimeMillis
            )
            keyBound = outcome.bound
            yield* addVerdict(outcome.verdict)
          }
          yield* addVerdict(`signed in as u${userId}`)
          return HttpServerResponse.jsonUnsafe({ userId, keyBound }, {
            headers: { "set-cookie": `${sessionCookie}=${cookie}; Path=/; SameSite=Lax` }
          })
        })
      )

      yield* router.add(
        "POST",
        "/apis/account-security-service/v1/metrics/record",
        Effect.gen(function*() {
          const body = yield* Effect.result(HttpServerRequest.schemaBodyJson(MetricRecord))
          if (body._tag === "Failure") return errorResponse(400, 0, "Invalid metric")
          hba.recordMetric(body.success)
          yield* addVerdict(`metric ${body.success.name}`)
          return HttpServerResponse.jsonUnsafe({})
        })
      )

      yield* router.add(
        "GET",
        "/hba/lab",
        Effect.map(CurrentSession, (session) =>
          HttpServerResponse.html(
            labPage(pageSettings(state, session), "/hba/lab.js", "hba lab (another origin)", "subdomain")
          ))
      )
      yield* router.add("GET", "/hba/lab.js", script(lab))
    })
  )
)

/** The hba routes of the www origin (mount with the www routes). */
export const HbaWwwRoutes = HttpRouter.use((router) =>
  Effect.gen(function*() {
    const state = yield* EmulatorState
    const frame = lazyBundle(bundleEntries.frame)
    const lab = lazyBundle(bundleEntries.lab)
    yield* router.add(
      "GET",
      "/hba/iframe",
      Effect.map(CurrentSession, (session) => HttpServerResponse.html(framePage(pageSettings(state, session), "/hba/frame.js")))
    )
    yield* router.add("GET", "/hba/frame.js", script(frame))
    yield* router.add(
      "GET",
      "/hba/lab",
      Effect.map(CurrentSession, (session) =>
        HttpServerResponse.html(labPage(pageSettings(state, session), "/hba/lab.js", "hba lab (www)", "www")))
    )
    yield* router.add("GET", "/hba/lab.js", script(lab))
  })
)

/**
 * Check the bound-auth token of every request that reaches `app` and add the verdict to its log entry. Wrap the
 * services' router app with it, inside the platform middleware (which provides the session and the log notes).
 */
export const withBoundAuthVerdict = (state: EmulatorStateShape) =>
<E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const path = request.url.split("?")[0] ?? ""
    if (!path.startsWith("/admin") && !path.startsWith("/cdn/") && request.method !== "OPTIONS") {
      const session = yield* CurrentSession
      yield* addVerdict(yield* requestVerdict(hbaStateOf(state), request, session.key, yield* Clock.currentTimeMillis))
    }
    return yield* app
  })
