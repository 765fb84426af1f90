/**
 * The share-links service (`POST /shareLinks/v1/resolve-link`) answering the seeded links of shareLinksSeed.ts in
 * the real service's shapes, from the library's own endpoint definition. (The games lookup deep links use to find a
 * universe's root place, `POST /games/v1/games`, is served by the games service; links that name no type are the
 * deep-links service's, deepLinks.ts.)
 *
 * An unknown code, or a known code asked with another type, is a 404 `{ errors: [{ code: 1 }] }`. Link types are
 * read in any case, as the service reads enum names. One route answers an error body in another real shape:
 * the code {@link codesUnderDataCode} (any type) is a 429 whose codes sit under `.data`
 * (`{ data: { errors: [{ code: 11, message }] } }`), the form the site's own pages also read.
 *
 * @module
 */
import { Effect, Schema } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { ApiNotFound } from "../../platform/api/sharedSchemas.ts"
import { ResolvedLink, ShareLinksApi } from "../../platform/api/shareLinks.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { addVerdict } from "../platform/requestLog.ts"
import { seedShareLinks } from "./shareLinksSeed.ts"

/** The share-links API as served, under `/shareLinks`. */
export const ServedShareLinksApi = toHttpApi(ShareLinksApi).prefix("/shareLinks")

/** The code answered with a 429 whose error codes sit under `.data`. */
export const codesUnderDataCode = "error-codes-under-data"

/** The body of that answer. */
export const codesUnderDataBody = {
  data: { errors: [{ code: 11, message: "Too many share links resolved. Try again later." }] }
}

/** Not found: the platform's 404 body. */
export const linkNotFound = () =>
  Effect.andThen(
    addVerdict("no such link"),
    Effect.fail(new ApiNotFound({ errors: [{ code: 1, message: "The share link was not found." }] }))
  )

/** Handlers of the share-links service. */
export const ShareLinksHandlers = HttpApiBuilder.group(
  ServedShareLinksApi,
  "shareLinks",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const decode = Schema.decodeUnknownSync(ResolvedLink)
    const links = new Map(seedShareLinks(world).map((link) => [`${link.type}:${link.code}`, decode(link.answer)]))
    return handlers.handleAll({
      resolveLink: ({ payload }) => {
        if (payload.linkId === codesUnderDataCode) {
          return Effect.as(
            addVerdict("error body under .data"),
            HttpServerResponse.jsonUnsafe(codesUnderDataBody, { status: 429 })
          )
        }
        const answer = links.get(`${payload.linkType}:${payload.linkId}`)
        return answer === undefined ? linkNotFound() : Effect.succeed(answer)
      }
    })
  })
)
