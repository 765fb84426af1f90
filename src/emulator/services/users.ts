/**
 * The users service: lookups by id (at most 100, banned users left out on request) and the signed-in user.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { maxUserIdsPerLookup, UsersApi } from "../../platform/api/users.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { checkIds, requireUser } from "./support.ts"

/** The users API as served, under `/users`. */
export const ServedUsersApi = toHttpApi(UsersApi).prefix("/users")

/** Handlers of the users service. */
export const UsersHandlers = HttpApiBuilder.group(
  ServedUsersApi,
  "users",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      lookupUsers: ({ payload }) =>
        Effect.map(checkIds(payload.userIds, maxUserIdsPerLookup, [1, "Too many ids."]), (ids) => ({
          data: ids.flatMap((id) => {
            const user = world.users.get(id)
            if (user === undefined || (payload.excludeBannedUsers === true && user.isBanned)) return []
            return [
              { id: user.id, name: user.name, displayName: user.displayName, hasVerifiedBadge: user.hasVerifiedBadge }
            ]
          })
        })),
      getAuthenticatedUser: () =>
        Effect.map(requireUser(world), (user) => ({ id: user.id, name: user.name, displayName: user.displayName }))
    })
  })
)
