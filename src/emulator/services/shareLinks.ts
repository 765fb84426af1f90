/**
 * The share-links service (`POST /shareLinks/v1/resolve-link`, `POST /shareLinks/v2/resolve`) answering the seeded
 * links of shareLinksSeed.ts in the real service's shapes, from the library's own endpoint definition. (The games
 * lookup deep links use to find a universe's root place, `POST /games/v1/games`, is served by the games service.)
 *
 * An unknown code, or a known code asked with another type, is a 404 `{ errors: [{ code: 1 }] }`.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { ApiNotFound } from "../../platform/api/sharedSchemas.ts"
import { ShareLinksApi } from "../../platform/api/shareLinks.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { seedShareLinks, seedShareLinksV2 } from "./shareLinksSeed.ts"

/** The share-links API as served, under `/shareLinks`. */
export const ServedShareLinksApi = ShareLinksApi.prefix("/shareLinks")

/** Handlers of the share-links service. */
export const ShareLinksHandlers = HttpApiBuilder.group(
  ServedShareLinksApi,
  "shareLinks",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    const links = new Map(seedShareLinks(world).map((link) => [`${link.type}:${link.code}`, link.answer]))
    const linksV2 = new Map(seedShareLinksV2(world).map((link) => [link.code, link.answer]))
    const found = <A>(answer: A | undefined) =>
      answer === undefined
        ? Effect.fail(new ApiNotFound({ errors: [{ code: 1, message: "The share link was not found." }] }))
        : Effect.succeed(answer)
    return handlers.handleAll({
      resolveLink: ({ payload }) => found(links.get(`${payload.linkType}:${payload.linkId}`)),
      resolveLinkV2: ({ payload }) => found(linksV2.get(payload.linkId))
    })
  })
)
