// The core layer and one endpoint of a typed client alone (platformCall with the definition of GET friends).
import * as Effect from "effect/Effect"
import { browserPlatformLayer } from "platform-web-client"
import { getFriends } from "platform-web-client/api/friends"
import { platformCall } from "platform-web-client/clients"

const friendsOf = platformCall("friends", getFriends)

Effect.runPromise(friendsOf({ params: { userId: 1 } }).pipe(Effect.provide(browserPlatformLayer()))).then((friends) =>
  console.log(friends)
)
