/**
 * The presence service: where each asked-for user is (`POST /v1/presence/users`, the one published reading of the
 * lookup). At most 100 ids (400 code 1 beyond); unknown ids are left out of the answer.
 *
 * Answers have the real service's fields: `userPresenceType` as its code, `lastOnline`, and invisible mode as the
 * site knows it: a user in invisible mode sees their own presence as `Invisible` (4) with `invisibleModeExpiry`;
 * everyone else sees that user `Offline`, without the expiry. The seeded world has no invisible mode, so the
 * emulator gives it to the online users whose id ends in 7 ({@link inInvisibleMode}), until a day after their last
 * sign-in.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { maxPresenceIdsPerLookup, PresenceApi, type UserPresence } from "../../platform/api/presence.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { CurrentSession } from "../platform/session.ts"
import type { World, WorldPresence } from "../world/World.ts"
import { checkIds } from "./support.ts"

/** Whether a user is in invisible mode: an online user whose id ends in 7. */
export const inInvisibleMode = (presence: WorldPresence): boolean =>
  presence.type === "Online" && presence.userId % 10 === 7

const dayMs = 24 * 60 * 60 * 1000

/** One user's presence as `viewerId` sees it. */
const presenceFor = (world: World, presence: WorldPresence, viewerId: number | undefined): UserPresence => {
  const universe = presence.universeId === null ? undefined : world.universes.get(presence.universeId)
  const seen: UserPresence = {
    userId: presence.userId,
    userPresenceType: presence.type,
    lastLocation: presence.lastLocation,
    placeId: presence.placeId,
    rootPlaceId: universe?.rootPlaceId ?? null,
    universeId: presence.universeId,
    gameId: null,
    lastOnline: presence.lastOnline
  }
  if (!inInvisibleMode(presence)) return seen
  if (presence.userId !== viewerId) return { ...seen, userPresenceType: "Offline", lastLocation: "Offline" }
  const expiry = new Date(Date.parse(presence.lastOnline) + dayMs).toISOString()
  return { ...seen, userPresenceType: "Invisible", invisibleModeExpiry: expiry }
}

/** The presences of the asked-for users as `viewerId` sees them (at most 100 ids; unknown ids left out). */
export const presencesOf = (world: World, userIds: ReadonlyArray<number>, viewerId?: number) =>
  Effect.map(checkIds(userIds, maxPresenceIdsPerLookup, [1, "Too many user ids."]), (ids) => ({
    userPresences: ids.flatMap((id): Array<UserPresence> => {
      const presence = world.presence.get(id)
      return presence === undefined ? [] : [presenceFor(world, presence, viewerId)]
    })
  }))

/** The presence API as served, under `/presence`. */
export const ServedPresenceApi = toHttpApi(PresenceApi).prefix("/presence")

/** Handlers of the presence service. */
export const PresenceServiceHandlers = HttpApiBuilder.group(
  ServedPresenceApi,
  "presence",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getPresences: ({ payload }) =>
        Effect.gen(function* () {
          const session = yield* CurrentSession
          return yield* presencesOf(world, payload.userIds, session.userId)
        })
    })
  })
)
