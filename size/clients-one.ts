// The core layer and one typed client (FriendsClient) with one call.
import * as Effect from "effect/Effect"
import { browserPlatformLayer } from "platform-web-client"
import { FriendsClient } from "platform-web-client/clients"

const program = FriendsClient.use(({ friends }) => friends.getFriends({ params: { userId: 1 } }))

Effect.runPromise(program.pipe(Effect.provide(FriendsClient.layer), Effect.provide(browserPlatformLayer()))).then(
  (friends) => console.log(friends)
)
