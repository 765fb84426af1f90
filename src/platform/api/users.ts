/**
 * The users service: user lookups by id and the signed-in user.
 *
 * One definition drives the client (`UsersClient`), the emulator and the OpenAPI document.
 * Paths are relative to the users service's base URL (`PlatformConfig.baseUrls.users`).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { api, get, group, post } from "./definition.ts"
import { DataList, Id } from "./sharedSchemas.ts"

/** At most this many ids per lookup; more is answered 400 with code 1 ("Too many ids."). */
export const maxUserIdsPerLookup = 100

/** The body of `POST /v1/users`. */
export const UserLookupRequest = Schema.Struct({
  userIds: Schema.Array(Id),
  excludeBannedUsers: Schema.optionalKey(Schema.Boolean)
})

/** One user of a lookup: id, name, display name and verified badge. */
export const LookupUser = Schema.Struct({
  id: Id,
  name: Schema.String,
  displayName: Schema.String,
  hasVerifiedBadge: Schema.optionalKey(Schema.Boolean)
})

/** The type of {@link LookupUser}. */
export type LookupUser = typeof LookupUser.Type

/** The signed-in user (`GET /v1/users/authenticated`). */
export const AuthenticatedUser = Schema.Struct({
  id: Id,
  name: Schema.String,
  displayName: Schema.String
})

/** The type of {@link AuthenticatedUser}. */
export type AuthenticatedUser = typeof AuthenticatedUser.Type

/** `POST /v1/users`. */
export const lookupUsers = post("lookupUsers", "/v1/users", {
  payload: UserLookupRequest,
  success: DataList(LookupUser),
  errors: [400]
})

/** `GET /v1/users/authenticated`. */
export const getAuthenticatedUser = get("getAuthenticatedUser", "/v1/users/authenticated", {
  success: AuthenticatedUser,
  errors: [401]
})

/** The users endpoints. */
export const UsersGroup = group("users", lookupUsers, getAuthenticatedUser)

/** The users service as an API of its own. */
export const UsersApi = api("users", { title: "Users", version: "v1" }, UsersGroup)
