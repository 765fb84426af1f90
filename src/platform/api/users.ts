/**
 * The users service: user lookups by id and the signed-in user.
 *
 * One definition drives the client (`HttpApiClient.group(UsersApi, …)`), the emulator and the OpenAPI document.
 * Paths are relative to the users service's base URL (`PlatformConfig.baseUrls.users`).
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import * as Schema from "effect/Schema"
import { ApiBadRequest, ApiUnauthorized, DataList, Id } from "./sharedSchemas.ts"

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

/** The users endpoints. */
export class UsersGroup extends HttpApiGroup.make("users").add(
  HttpApiEndpoint.post("lookupUsers", "/v1/users", {
    payload: UserLookupRequest,
    success: DataList(LookupUser),
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAuthenticatedUser", "/v1/users/authenticated", {
    success: AuthenticatedUser,
    error: ApiUnauthorized
  })
) {}

/** The users service as an API of its own. */
export class UsersApi extends HttpApi.make("users").add(UsersGroup).annotateMerge(
  OpenApi.annotations({ title: "Users", version: "v1" })
) {}
