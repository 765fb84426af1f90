/**
 * The thumbnails service: game icons and avatar headshots. At most 100 ids (400 code 1 beyond), none is 400
 * code 4. Each id answers with a state: `Completed` with the URL of a generated SVG, `Blocked` (moderated games,
 * banned users) with the placeholder's URL, `Error` with no URL for ids the world does not have.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { maxThumbnailIdsPerRequest, type Thumbnail, ThumbnailsApi } from "../../../src/platform/api/thumbnails.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { checkIds, requestOrigin } from "./support.ts"

/** The thumbnails API as served, under `/thumbnails`. */
export const ServedThumbnailsApi = ThumbnailsApi.prefix("/thumbnails")

/** The path of a generated image: `/cdn/thumbs/{kind}/{id}/{size}.svg`, `?circular=1` for round ones. */
export const imagePath = (kind: "game-icon" | "avatar-headshot" | "placeholder", id: number, size: string, circular: boolean) =>
  `/cdn/thumbs/${kind}/${id}/${size}.svg${circular ? "?circular=1" : ""}`

const tooMany = [1, "There are too many requested Ids."] as const
const missing = [4, "The requested Ids are invalid, of an invalid type or missing."] as const

/** Handlers of the thumbnails service. */
export const ThumbnailsHandlers = HttpApiBuilder.group(
  ServedThumbnailsApi,
  "thumbnails",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    const answer = (
      ids: ReadonlyArray<number>,
      origin: string,
      size: string,
      circular: boolean,
      find: (id: number) => "Completed" | "Blocked" | undefined,
      kind: "game-icon" | "avatar-headshot"
    ): ReadonlyArray<Thumbnail> =>
      ids.map((id) => {
        const state = find(id)
        if (state === undefined) return { targetId: id, state: "Error", imageUrl: null, version: null }
        const path = state === "Completed" ? imagePath(kind, id, size, circular) : imagePath("placeholder", 0, size, circular)
        return { targetId: id, state, imageUrl: origin + path, version: "emu1" }
      })
    return handlers.handleAll({
      getGameIcons: ({ query }) =>
        Effect.gen(function*() {
          const ids = yield* checkIds(query.universeIds, maxThumbnailIdsPerRequest, tooMany, missing)
          const origin = yield* requestOrigin
          return {
            data: answer(ids, origin, query.size ?? "50x50", query.isCircular ?? false, (id) => world.universes.get(id)?.iconState, "game-icon")
          }
        }),
      getAvatarHeadshots: ({ query }) =>
        Effect.gen(function*() {
          const ids = yield* checkIds(query.userIds, maxThumbnailIdsPerRequest, tooMany, missing)
          const origin = yield* requestOrigin
          const find = (id: number) => {
            const user = world.users.get(id)
            return user === undefined ? undefined : user.isBanned ? "Blocked" as const : "Completed" as const
          }
          return { data: answer(ids, origin, query.size ?? "48x48", query.isCircular ?? false, find, "avatar-headshot") }
        })
    })
  })
)
