/**
 * The presence service: where each asked-for user is (`POST /v1/presence/users`, the one published reading of the
 * lookup). At most 100 ids (400 code 1 beyond); unknown ids are left out of the answer.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { maxPresenceIdsPerLookup, PresenceApi, type UserPresence } from "../../platform/api/presence.ts"
import { EmulatorState } from "../EmulatorState.ts"
import type { World } from "../world/World.ts"
import { checkIds } from "./support.ts"

/** The presences of the asked-for users (at most 100 ids; unknown ids left out). */
export const presencesOf = (world: World, userIds: ReadonlyArray<number>) =>
  Effect.map(checkIds(userIds, maxPresenceIdsPerLookup, [1, "Too many user ids."]), (ids) => ({
    userPresences: ids.flatMap((id): Array<UserPresence> => {
      const presence = world.presence.get(id)
      if (presence === undefined) return []
      const universe = presence.universeId === null ? undefined : world.universes.get(presence.universeId)
      return [{
        userId: id,
        userPresenceType: presence.type,
        lastLocation: presence.lastLocation,
        placeId: presence.placeId,
        rootPlaceId: universe?.rootPlaceId ?? null,
        universeId: presence.universeId,
        gameId: null,
        lastOnline: presence.lastOnline
      }]
    })
  }))

/** The presence API as served, under `/presence`. */
export const ServedPresenceApi = PresenceApi.prefix("/presence")

/** Handlers of the presence service. */
export const PresenceServiceHandlers = HttpApiBuilder.group(
  ServedPresenceApi,
  "presence",
  Effect.fn(function*(handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getPresences: ({ payload }) => presencesOf(world, payload.userIds)
    })
  })
)
