// Cache over the smallest core (./core-http.ts): one value stored in the browser's storage.
import "./core-http.ts"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { KeyValueStore } from "platform-web-client/browser"
import { Cache } from "platform-web-client/cache"

Effect.runPromise(
  Cache.use((cache) => cache.set("user", { id: 1 }, Schema.Struct({ id: Schema.Number }))).pipe(
    Effect.provide(Cache.layer),
    Effect.provide(KeyValueStore.browser)
  )
).then(() => console.log("stored"))
