/**
 * The typed client of the users (lookups by id, the signed-in user) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { UsersApi } from "../api/users.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The users client: `client.<group>.<endpoint>(request)`. */
export class UsersClient extends Context.Service<UsersClient, CheckedClientOf<typeof UsersApi>>()(
  "platform-web-client/platform/clients/UsersClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.users`. */
  static readonly layer = Layer.effect(UsersClient, makeCheckedClient(UsersApi, "users"))
}
