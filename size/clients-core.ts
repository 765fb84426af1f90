// The baseline of the typed-client pages: the core layer (browserPlatformLayer) and one call through PlatformHttp
// with a schema of the page's own.
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { browserPlatformLayer, PlatformHttp } from "platform-web-client"

const Friends = Schema.Struct({
  data: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.optional(Schema.String) }))
})

const program = PlatformHttp.use((http) =>
  http.get({ service: "friends", path: "/v1/users/1/friends" }, { schema: Friends })
)

Effect.runPromise(program.pipe(Effect.provide(browserPlatformLayer()))).then((friends) => console.log(friends))
