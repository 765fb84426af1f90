// Friends over the core (../core.ts): a page of friends with names and presence, with the clients it needs.
import "../core.ts"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { browserPlatformLayer } from "platform-web-client"
import { FriendsClient, PresenceClient, UsersClient } from "platform-web-client/clients"
import { FriendListCache, Friends, PresenceLookup } from "platform-web-client/social"

const layer = Friends.layer.pipe(
  Layer.provideMerge(Layer.merge(PresenceLookup.layer, FriendListCache.layer)),
  Layer.provideMerge(Layer.mergeAll(FriendsClient.layer, UsersClient.layer, PresenceClient.layer)),
  Layer.provideMerge(browserPlatformLayer())
)

Effect.runPromise(Friends.use((friends) => friends.page("friends")).pipe(Effect.provide(layer))).then((page) =>
  console.log(page)
)
