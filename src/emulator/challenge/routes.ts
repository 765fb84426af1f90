/**
 * The emulator's challenges on the services' origin, as one router layer ({@link ChallengeRoutes}):
 *
 * - a global middleware (the gate): a request matching a challenge rule (by default the demo's follow and
 *   group-wall actions) is answered 403 with `rblx-challenge-id`, `rblx-challenge-type` (the real, lower-case
 *   vocabulary) and `rblx-challenge-metadata` (the real shapes; see store.ts), unless it carries the id of a
 *   completed challenge AND its type exactly as issued (each issued request may pass once; after follow-ups, with
 *   the last follow-up's id or the first challenge's, see store.ts). It runs after the
 *   platform middleware's CSRF check; `/challenge/*` and `/admin/*` are never challenged. The request log gets the
 *   verdicts `challenge issued {id} ({type})`, `challenge redeemed {id}` and, for a re-sent request whose type is
 *   not the one issued, `challenge rejected {id}: Challenge type does not match` (and a new challenge).
 * - the challenge service under `/challenge`: `POST /v1/continue` (`challengeID` must be the challenge's
 *   `genericChallengeId` when its metadata has one, `challengeType` the type exactly as issued; checks the page's
 *   answer token or the script's result; answers a follow-up when the admin asked for one or the person ticked
 *   "ask for a follow-up"),
 *   `GET /v1/xboxToken`, `GET /health`, `POST /v1/initSession`, `/v1/redeemSession`, `/v1/submit`, `/v1/upload`
 *   (bodies read as JSON whatever their content type, `application/json-patch+json` included).
 * - the admin switch: `GET /admin/challenges` (settings and issued challenges), `PUT /admin/challenges`
 *   (`{ enabled?, rules?, followUp? }`), `DELETE /admin/challenges` (back to the defaults).
 * - the group wall post the playground challenges: `POST /groups/v1/groups/:groupId/wall/posts` (`{ body }`). The
 *   other default challenged action, follow, is the friends service's own (src/emulator/services/friends.ts).
 *
 * @module
 */
import { Effect, Layer, Schema } from "effect"
import { Base64 } from "effect/encoding"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { errorBody } from "../../platform/api/sharedSchemas.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { addVerdict } from "../platform/requestLog.ts"
import { CurrentSession } from "../platform/session.ts"
import {
  ChallengeSettingsInput,
  type ChallengeStore,
  type ChallengeToSend,
  emulatorScript,
  makeChallengeStore
} from "./store.ts"

const json = (body: unknown, status = 200) => HttpServerResponse.jsonUnsafe(body, { status })
const failure = (status: number, code: number, message: string) => json(errorBody(code, message), status)

/** The message of the 403 that carries a challenge. */
export const challengeRequiredMessage = "Challenge is required to authorize the request"

const pathOf = (url: string): string => {
  const q = url.search(/[?#]/)
  return q === -1 ? url : url.slice(0, q)
}

/** The three headers of an issued challenge. */
export const challengeResponseHeaders = (challenge: ChallengeToSend): Record<string, string> => ({
  "rblx-challenge-id": challenge.id,
  "rblx-challenge-type": challenge.type,
  "rblx-challenge-metadata": Base64.encode(JSON.stringify(challenge.metadata))
})

/** Read the request body as JSON and decode it with `schema` (any content type). */
const body = <S extends Schema.Codec<any, any, never, never>>(schema: S) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
    Effect.flatMap(
      Effect.orElseSucceed(request.text, () => ""),
      (text) => Effect.option(Schema.decodeUnknownEffect(Schema.fromJsonString(schema))(text))
    )
  )

const gate = (store: ChallengeStore) =>
  HttpRouter.middleware(
    (app) =>
      Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const path = pathOf(request.url)
        if (path.startsWith("/challenge/") || path.startsWith("/admin")) return yield* app
        const rule = store.ruleFor(request.method, path)
        if (rule === undefined) return yield* app
        const id = request.headers["rblx-challenge-id"]
        if (id !== undefined) {
          const redeemed = store.redeem(id, request.headers["rblx-challenge-type"])
          if (redeemed === "ok") {
            yield* addVerdict(`challenge redeemed ${id}`)
            return yield* app
          }
          if (redeemed === "typeMismatch") yield* addVerdict(`challenge rejected ${id}: Challenge type does not match`)
        }
        const challenge = store.issue(rule)
        yield* addVerdict(`challenge issued ${challenge.id} (${challenge.type})`)
        return HttpServerResponse.jsonUnsafe(errorBody(0, challengeRequiredMessage), {
          status: 403,
          headers: challengeResponseHeaders(challenge)
        })
      }),
    { global: true }
  )

const ContinueBody = Schema.Struct({
  challengeID: Schema.String,
  challengeType: Schema.String,
  challengeMetadata: Schema.String
})
const MetadataJson = Schema.fromJsonString(Schema.Record(Schema.String, Schema.Unknown))
const SessionBody = Schema.Struct({ challengeId: Schema.String })
const SubmitBody = Schema.Struct({ challengeId: Schema.String, payload: Schema.String })

/* oxlint-disable max-lines-per-function -- the challenge service's routes, read as one list */
const routes = (store: ChallengeStore) =>
  HttpRouter.use((router) =>
    Effect.gen(function* () {
      yield* router.add(
        "POST",
        "/challenge/v1/continue",
        Effect.gen(function* () {
          const input = yield* body(ContinueBody)
          if (input._tag === "None") return failure(400, 0, "Invalid continue request")
          const metadata = Schema.decodeUnknownOption(MetadataJson)(input.value.challengeMetadata)
          if (metadata._tag === "None") return failure(400, 0, "Invalid challenge metadata")
          const outcome = store.continueChallenge(input.value.challengeID, input.value.challengeType, metadata.value)
          if (!outcome.ok) {
            yield* addVerdict(`challenge rejected ${input.value.challengeID}: ${outcome.reason}`)
            return failure(400, 0, outcome.reason)
          }
          if (outcome.followUp !== undefined) {
            yield* addVerdict(`challenge follow-up ${outcome.followUp.id} (${outcome.followUp.type})`)
            return json({
              challengeId: outcome.followUp.id,
              challengeType: outcome.followUp.type,
              challengeMetadata: JSON.stringify(outcome.followUp.metadata)
            })
          }
          yield* addVerdict(`challenge completed ${outcome.id}`)
          return json({ challengeId: input.value.challengeID, challengeType: null, challengeMetadata: null })
        })
      )
      yield* router.add("GET", "/challenge/v1/xboxToken", Effect.succeed(json({ token: "emulator-xbox-token" })))
      yield* router.add("GET", "/challenge/health", Effect.succeed(json({ status: "ok" })))
      yield* router.add(
        "POST",
        "/challenge/v1/upload",
        Effect.sync(() => json({ scriptLocation: store.upload() }))
      )
      yield* router.add(
        "POST",
        "/challenge/v1/initSession",
        Effect.gen(function* () {
          const input = yield* body(SessionBody)
          if (input._tag === "None" || !store.scriptSession.init(input.value.challengeId)) {
            return failure(400, 0, "SESSION_INVALID")
          }
          return json({
            content: Base64.encode(emulatorScript.source),
            expectedNumCalls: 1,
            expectedSymbols: emulatorScript.symbols
          })
        })
      )
      yield* router.add(
        "POST",
        "/challenge/v1/submit",
        Effect.gen(function* () {
          const input = yield* body(SubmitBody)
          const verdict =
            input._tag === "None"
              ? "SESSION_INVALID"
              : store.scriptSession.submit(input.value.challengeId, input.value.payload)
          return verdict === "ok" ? json({}) : failure(400, 0, verdict)
        })
      )
      yield* router.add(
        "POST",
        "/challenge/v1/redeemSession",
        Effect.gen(function* () {
          const input = yield* body(SessionBody)
          const verdict =
            input._tag === "None" ? "SESSION_INVALID" : store.scriptSession.redeem(input.value.challengeId)
          return verdict === "ok" ? json({}) : failure(400, 0, verdict)
        })
      )

      yield* router.add(
        "GET",
        "/admin/challenges",
        Effect.sync(() => json({ ...store.settings(), issued: store.issued() }))
      )
      yield* router.add(
        "PUT",
        "/admin/challenges",
        Effect.gen(function* () {
          const input = yield* body(ChallengeSettingsInput)
          if (input._tag === "None") return failure(400, 0, "Invalid challenge settings")
          return json({ ...store.update(input.value), issued: store.issued() })
        })
      )
      yield* router.add(
        "DELETE",
        "/admin/challenges",
        Effect.sync(() => {
          store.reset()
          return HttpServerResponse.empty({ status: 204 })
        })
      )

      yield* router.add(
        "POST",
        "/groups/v1/groups/:groupId/wall/posts",
        Effect.gen(function* () {
          const params = yield* HttpRouter.params
          const session = yield* CurrentSession
          const input = yield* body(Schema.Struct({ body: Schema.String }))
          const groupId = Number(params.groupId)
          if (!Number.isInteger(groupId) || groupId <= 0 || input._tag === "None")
            return failure(400, 1, "Invalid wall post")
          return json({ id: Date.now(), groupId, body: input.value.body, poster: { userId: session.userId ?? null } })
        })
      )
    })
  )
/* oxlint-enable max-lines-per-function */

/** The challenge gate, service, admin switch and demo actions of an emulator instance (services' origin). */
export const ChallengeRoutes = Layer.unwrap(
  Effect.map(EmulatorState, (state) => {
    const store = makeChallengeStore(state.options.seed)
    return Layer.mergeAll(gate(store), routes(store))
  })
)
