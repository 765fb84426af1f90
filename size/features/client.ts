// One typed client over the core (../core.ts): the games client, one call.
import "../core.ts"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { browserPlatformLayer } from "platform-web-client"
import { GamesClient } from "platform-web-client/clients"

Effect.runPromise(
  GamesClient.use((games) => games.creatorGames.getUserGames({ params: { userId: 1 }, query: { limit: 10 } })).pipe(
    Effect.provide(GamesClient.layer.pipe(Layer.provide(browserPlatformLayer())))
  )
).then((page) => console.log(page))
