/**
 * The deep-links service (`POST /deepLinks/v2/resolve`): the seeded v2 share links of shareLinksSeed.ts (links that
 * name no type), answered `{ linkType, targetId, customData, status }` from the library's own endpoint definition,
 * under the service's own prefix as on the real site (`https://apis.{domain}/deeplinks`).
 *
 * An unknown code is a 404 `{ errors: [{ code: 1 }] }`. One route answers an error in another real shape: the code
 * {@link plainTextErrorCode} is a 503 with a plain-text body (`Service Unavailable`), as a gateway in front of a
 * service answers when the service is down.
 *
 * @module
 */
import { Effect, Schema } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { DeepLinksApi, ResolvedLinkV2 } from "../../platform/api/deepLinks.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { addVerdict } from "../platform/requestLog.ts"
import { linkNotFound } from "./shareLinks.ts"
import { seedShareLinksV2 } from "./shareLinksSeed.ts"

/** The deep-links API as served, under `/deepLinks`. */
export const ServedDeepLinksApi = toHttpApi(DeepLinksApi).prefix("/deepLinks")

/** The code answered with a 503 whose body is plain text. */
export const plainTextErrorCode = "error-plain-text"

/** Handlers of the deep-links service. */
export const DeepLinksHandlers = HttpApiBuilder.group(
  ServedDeepLinksApi,
  "deepLinks",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const decode = Schema.decodeUnknownSync(ResolvedLinkV2)
    const links = new Map(seedShareLinksV2(world).map((link) => [link.code, decode(link.answer)]))
    return handlers.handleAll({
      resolveLinkV2: ({ payload }) => {
        if (payload.linkId === plainTextErrorCode) {
          return Effect.as(
            addVerdict("plain-text error"),
            HttpServerResponse.text("Service Unavailable", { status: 503 })
          )
        }
        const answer = links.get(payload.linkId)
        return answer === undefined ? linkNotFound() : Effect.succeed(answer)
      }
    })
  })
)
