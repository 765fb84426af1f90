// The smallest core: browserPlatformLayer (PlatformHttp with CSRF, signing and challenge handling, configured from
// the page's meta tags) and one decoded GET; the core's parts (BatchProcessor, Pager, Cache) are measured over it.
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { browserPlatformLayer, PlatformHttp } from "platform-web-client"
import { Challenges } from "platform-web-client/challenge"
import { Signing } from "platform-web-client/signing"

const Friends = Schema.Struct({ data: Schema.Array(Schema.Struct({ id: Schema.Number })) })

Effect.runPromise(
  PlatformHttp.use((http) => http.get({ service: "friends", path: "/v1/users/1/friends" }, { schema: Friends })).pipe(
    Effect.provide(browserPlatformLayer({ signer: Signing.browser, challenges: Challenges.browser }))
  )
).then((page) => console.log(page))
