/**
 * The translation roles service: localization roles of games (API-17, 4 calls), as the
 * published document has them. `translator` is the only role the spec (and the document) names. The games where the
 * current user holds a role page by `exclusiveStartKey`; the client sends the `groupId` filter only when it is
 * greater than 0 (API-18).
 *
 * An assignee of a role names its type `type` (`{ id, name, type }`); the assignee of a role assignment in the
 * current user's games names it `assigneeType` (`{ id, assigneeType }`), as published. Both types are open: the
 * documented names (`user`, `group`, `groupRole`), their codes 0–2 and the capitalised names decode.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { api, get, group, patch } from "./definition.ts"
import { DataList, EmptyResponse, Id, lenientEnum, openCodedEnum, optionalOrNull } from "./sharedSchemas.ts"

/**
 * A localization role; the documents spell it `translator` (its code is 0): read in any case or by code, sent as
 * `translator`.
 */
export const LocalizationRole = lenientEnum(["translator"], { 0: "translator" }, "name")

/** The type of {@link LocalizationRole}. */
export type LocalizationRole = typeof LocalizationRole.Type

const assigneeTypes = ["user", "group", "groupRole"] as const

const assigneeTypeCodes = { 0: "user", 1: "group", 2: "groupRole" } as const

/**
 * The assignee type of a request: one of the documented names (`user`, `group`, `groupRole`, codes 0–2), read in any
 * case or as the code, sent as documented.
 */
export const AssigneeTypeName = lenientEnum(assigneeTypes, assigneeTypeCodes, "name")

/**
 * Who holds a role, in an answer: a user, a group, or a group role. Documented as `user`/`group`/`groupRole` with
 * codes 0–2; the names in any case (`User`, …) and the codes decode too, and any other value is kept as an unknown
 * one.
 */
export const AssigneeType = openCodedEnum(assigneeTypes, assigneeTypeCodes, "name")

/** The type of {@link AssigneeType}. */
export type AssigneeType = typeof AssigneeType.Type

/** A holder of a role (the assignees of a role in a game). */
export const Assignee = Schema.Struct({
  id: Schema.Int,
  type: AssigneeType,
  name: optionalOrNull(Schema.String)
})

/** The type of {@link Assignee}. */
export type Assignee = typeof Assignee.Type

/** The body of a role change: assign (or revoke) a role to an assignee. */
export const UpdateRoleRequest = Schema.Struct({
  assigneeId: Schema.Int,
  assigneeType: AssigneeTypeName,
  role: LocalizationRole,
  revoke: Schema.optional(Schema.Boolean)
})

/** The type of {@link UpdateRoleRequest}. */
export type UpdateRoleRequest = typeof UpdateRoleRequest.Type

/** The holder of a role assignment, as the games of the current user's roles name it: `{ id, assigneeType }`. */
export const RoleAssignmentAssignee = Schema.Struct({ id: Schema.Int, assigneeType: Schema.optional(AssigneeType) })

/** The type of {@link RoleAssignmentAssignee}. */
export type RoleAssignmentAssignee = typeof RoleAssignmentAssignee.Type

/** A page of the games where the current user holds a role. */
export const RoleGamesPage = Schema.Struct({
  games: Schema.Array(Schema.Struct({ gameId: Schema.Int, assignee: optionalOrNull(RoleAssignmentAssignee) })),
  nextPageCursor: Schema.optional(Schema.NullOr(Schema.String)),
  previousPageCursor: Schema.optional(Schema.NullOr(Schema.String))
})

/** The type of {@link RoleGamesPage}. */
export type RoleGamesPage = typeof RoleGamesPage.Type

/** `GET /v1/game-localization-roles/games/{gameId}/current-user/roles`. */
export const getCurrentUserGameRoles = get(
  "getCurrentUserGameRoles",
  "/v1/game-localization-roles/games/:gameId/current-user/roles",
  {
    params: { gameId: Id },
    success: DataList(Schema.String),
    errors: [400, 401]
  }
)

/** `PATCH /v1/game-localization-roles/games/{gameId}`. */
export const updateGameRole = patch("updateGameRole", "/v1/game-localization-roles/games/:gameId", {
  params: { gameId: Id },
  payload: UpdateRoleRequest,
  success: EmptyResponse,
  errors: [400, 401, 403]
})

/** `GET /v1/game-localization-roles/games/{gameId}/roles/{role}/assignees`. */
export const getRoleAssignees = get(
  "getRoleAssignees",
  "/v1/game-localization-roles/games/:gameId/roles/:role/assignees",
  {
    params: { gameId: Id, role: LocalizationRole },
    success: DataList(Assignee),
    errors: [400, 401, 403]
  }
)

/** `GET /v1/game-localization-roles/roles/{role}/current-user`. */
export const getCurrentUserRoleGames = get(
  "getCurrentUserRoleGames",
  "/v1/game-localization-roles/roles/:role/current-user",
  {
    params: { role: LocalizationRole },
    query: {
      exclusiveStartKey: Schema.optional(Schema.String),
      pageSize: Schema.optional(Schema.Int),
      groupId: Schema.optional(Id)
    },
    success: RoleGamesPage,
    errors: [400, 401]
  }
)

/** The translation roles endpoints. */
export const TranslationRolesGroup = group(
  "translationRoles",
  getCurrentUserGameRoles,
  updateGameRole,
  getRoleAssignees,
  getCurrentUserRoleGames
)

/** The translation roles service as an API of its own. */
export const TranslationRolesApi = api(
  "translationRoles",
  { title: "Translation roles", version: "v1" },
  TranslationRolesGroup
)
