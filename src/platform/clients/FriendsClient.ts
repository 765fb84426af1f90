/**
 * The typed client of the friends (friends, followers, followings, friend requests) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { FriendsServiceApi } from "../api/registry.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The friends client: `client.<group>.<endpoint>(request)`. */
export class FriendsClient extends Context.Service<FriendsClient, CheckedClientOf<typeof FriendsServiceApi>>()(
  "platform-web-client/platform/clients/FriendsClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.friends`. */
  static readonly layer = Layer.effect(FriendsClient, makeCheckedClient(FriendsServiceApi, "friends"))
}
