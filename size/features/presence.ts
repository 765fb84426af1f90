// PresenceLookup over the core (../core.ts): batched presence, with the presence client.
import "../core.ts"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { browserPlatformLayer } from "platform-web-client"
import { PresenceClient } from "platform-web-client/clients"
import { PresenceLookup } from "platform-web-client/social"

Effect.runPromise(
  PresenceLookup.use((presence) => presence.lookup([1, 2])).pipe(
    Effect.provide(
      PresenceLookup.layer.pipe(Layer.provide(PresenceClient.layer), Layer.provide(browserPlatformLayer()))
    )
  )
).then((found) => console.log(found))
