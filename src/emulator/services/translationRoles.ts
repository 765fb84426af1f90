/**
 * The translation roles service over the instance's localization state: the translators of each game (the default
 * user and user 2 translate the first four localized games). Every call needs a signed-in user (401); an unknown
 * game is 400 code 1, an unknown assignee 400 code 2. The games where the current user holds a role page by
 * `exclusiveStartKey` (the last game id of the previous page), `pageSize` 1–100 (default 10, else 400 code 3), and
 * keep to one group's games when `groupId` is sent.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { TranslationRolesApi } from "../../platform/api/translationRoles.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { EmulatorState } from "../EmulatorState.ts"
import { gameOf } from "./localizationSupport.ts"
import { localizationState } from "./localizationState.ts"
import { badRequest, requireUserId } from "./support.ts"

/** The translation roles API as served, under `/translationRoles`. */
export const ServedTranslationRolesApi = toHttpApi(TranslationRolesApi).prefix("/translationRoles")

/** Handlers of the translation roles service. */
export const TranslationRolesHandlers = HttpApiBuilder.group(
  ServedTranslationRolesApi,
  "translationRoles",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const { roles } = localizationState(world)
    const holds = (gameId: number, userId: number) =>
      (roles.get(gameId) ?? []).some((a) => a.type === "user" && a.id === userId)
    return handlers.handleAll({
      getCurrentUserGameRoles: ({ params }) =>
        Effect.gen(function* () {
          const userId = yield* requireUserId
          yield* gameOf(world, params.gameId)
          return { data: holds(params.gameId, userId) ? ["translator"] : [] }
        }),
      updateGameRole: ({ params, payload }) =>
        Effect.gen(function* () {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          if (payload.assigneeType === "user" && !world.users.has(payload.assigneeId)) {
            return yield* badRequest(2, "The assignee does not exist.", `unknown assignee ${payload.assigneeId}`)
          }
          const current = (roles.get(params.gameId) ?? []).filter(
            (a) => !(a.id === payload.assigneeId && a.type === payload.assigneeType)
          )
          roles.set(
            params.gameId,
            payload.revoke === true ? current : [...current, { id: payload.assigneeId, type: payload.assigneeType }]
          )
          return {}
        }),
      getRoleAssignees: ({ params }) =>
        Effect.gen(function* () {
          yield* requireUserId
          yield* gameOf(world, params.gameId)
          return {
            data: (roles.get(params.gameId) ?? []).map((a) => ({
              id: a.id,
              type: a.type,
              name: a.type === "user" ? (world.users.get(a.id)?.name ?? null) : null
            }))
          }
        }),
      getCurrentUserRoleGames: ({ query }) =>
        Effect.gen(function* () {
          const userId = yield* requireUserId
          const pageSize = query.pageSize ?? 10
          if (pageSize < 1 || pageSize > 100) return yield* badRequest(3, "Invalid page size.", `pageSize ${pageSize}`)
          const start = query.exclusiveStartKey === undefined ? 0 : Number(query.exclusiveStartKey)
          const games = [...roles.keys()]
            .filter((gameId) => holds(gameId, userId))
            .filter((gameId) => {
              const u = world.universes.get(gameId)
              return query.groupId === undefined || (u?.creatorType === "Group" && u.creatorId === query.groupId)
            })
            .sort((a, b) => a - b)
            .filter((gameId) => gameId > start)
          const page = games.slice(0, pageSize)
          return {
            games: page.map((gameId) => ({ gameId, assignee: { id: userId, assigneeType: "user" as const } })),
            nextPageCursor: games.length > pageSize ? String(page[page.length - 1]) : null,
            previousPageCursor: null
          }
        })
    })
  })
)
