/**
 * The presence lookup's second reading (spec §7: "GET /v1/presence/users (userIds) in another"): the same answer as
 * `POST /v1/presence/users`, with the ids comma-joined in the query. At most 100 ids.
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { ApiBadRequest, ApiTooManyRequests, IdList } from "./common.ts"
import { UserPresencesResponse } from "./presence.ts"

/** The GET presence endpoint. */
export class PresenceQueryGroup extends HttpApiGroup.make("presenceQuery").add(
  HttpApiEndpoint.get("queryPresences", "/v1/presence/users", {
    query: { userIds: IdList },
    success: UserPresencesResponse,
    error: [ApiBadRequest, ApiTooManyRequests]
  })
) {}
