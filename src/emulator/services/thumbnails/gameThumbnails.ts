/**
 * Images of games as the emulator serves them: game icons (moderated games are `Blocked`), place game icons, and
 * game thumbnails (each universe has 3, thumbnail ids 1–3; `countPerUniverse`, default 10, caps them).
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { Thumbnail } from "../../../platform/api/thumbnails/schemas.ts"
import { EmulatorState } from "../../EmulatorState.ts"
import { badRequest, checkIds, requestOrigin } from "../support.ts"
import { ServedThumbnailsApi } from "./api.ts"
import { imagePath, listOf, lookup, missing, tooMany } from "./images.ts"

/** Handlers of the game images group. */
export const GameThumbnailsHandlers = HttpApiBuilder.group(
  ServedThumbnailsApi,
  "gameThumbnails",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const screenshots = (
      origin: string,
      universeId: number,
      ids: ReadonlyArray<number>,
      size: string
    ): Array<Thumbnail> =>
      ids.map((n) => {
        const { state } = lookup(world, "GameThumbnail", universeId)
        if (state === undefined || n < 1 || n > 3) return { targetId: n, state: "Error", imageUrl: null, version: null }
        const path =
          state === "Completed"
            ? imagePath("game-icon", universeId, size, false)
            : imagePath("placeholder", 0, size, false)
        return {
          targetId: universeId * 10 + n,
          state,
          imageUrl: `${origin}${path}${path.includes("?") ? "&" : "?"}shot=${n}`,
          version: "emu1"
        }
      })
    return handlers.handleAll({
      getGameIcons: (request) => listOf(world, "GameIcon", "50x50")(request, request.query.universeIds),
      getUniversesThumbnails: ({ query }) =>
        Effect.gen(function* () {
          const ids = yield* checkIds(query.universeIds, 100, tooMany, missing)
          const count = query.countPerUniverse ?? 10
          if (count < 1) return yield* badRequest(2, "Invalid count per universe.", `countPerUniverse ${count}`)
          const origin = yield* requestOrigin
          return {
            data: ids.map((id) =>
              world.universes.has(id)
                ? {
                    universeId: id,
                    error: null,
                    thumbnails: screenshots(origin, id, [1, 2, 3].slice(0, count), query.size ?? "768x432")
                  }
                : { universeId: id, error: { code: 1, message: "The universe does not exist." }, thumbnails: [] }
            )
          }
        }),
      getUniverseThumbnails: ({ params, query }) =>
        Effect.gen(function* () {
          const ids = yield* checkIds(query.thumbnailIds, 100, tooMany, missing)
          const origin = yield* requestOrigin
          return { data: screenshots(origin, params.universeId, ids, query.size ?? "768x432") }
        }),
      getPlaceGameIcons: (request) => listOf(world, "PlaceIcon", "50x50")(request, request.query.placeIds)
    })
  })
)
