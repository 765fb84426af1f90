// ThumbnailBatch over the core (../core.ts): batched thumbnails, with the thumbnails client.
import "../core.ts"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { browserPlatformLayer } from "platform-web-client"
import { ThumbnailsClient } from "platform-web-client/clients"
import { ThumbnailBatch } from "platform-web-client/thumbnails"

Effect.runPromise(
  ThumbnailBatch.use((thumbnails) => thumbnails.get({ type: "AvatarHeadShot", targetId: 1 })).pipe(
    Effect.provide(
      ThumbnailBatch.layer.pipe(Layer.provide(ThumbnailsClient.layer), Layer.provide(browserPlatformLayer()))
    )
  )
).then((thumbnail) => console.log(thumbnail))
