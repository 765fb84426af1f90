// The core layer: PlatformHttp with CSRF, signing and challenge handling, BatchProcessor, Pager and Cache.
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { browserPlatformLayer, PlatformHttp } from "platform-web-client"
import { BatchProcessor } from "platform-web-client/batch"
import { KeyValueStore } from "platform-web-client/browser"
import { Cache } from "platform-web-client/cache"
import { Challenges } from "platform-web-client/challenge"
import { Pager } from "platform-web-client/paging"
import { Signing } from "platform-web-client/signing"

const User = Schema.Struct({ id: Schema.Number, name: Schema.String })
const Users = Schema.Struct({ data: Schema.Array(User) })

const program = Effect.gen(function* () {
  const http = yield* PlatformHttp
  const users = yield* BatchProcessor.make({
    process: (ids: ReadonlyArray<number>) =>
      Effect.map(
        http.post({ service: "users", path: "/v1/users" }, { body: { userIds: ids }, schema: Users }),
        (users) => new Map(users.data.map((u) => [u.id, u]))
      )
  })
  const pager = yield* Pager.make({
    pageSize: 10,
    loadSize: 30,
    fetch: (request) =>
      Effect.map(
        http.get(
          { service: "friends", path: "/v1/users/1/friends" },
          {
            params: { cursor: request.cursor, limit: request.count },
            schema: Schema.Struct({ data: Schema.Array(User), nextPageCursor: Schema.NullOr(Schema.String) })
          }
        ),
        (page) => ({ items: page.data, nextPageCursor: page.nextPageCursor ?? undefined })
      )
  })
  const cache = yield* Cache
  yield* cache.set("first", yield* users.get(1), User)
  return yield* pager.next
}).pipe(Effect.scoped)

Effect.runPromise(
  program.pipe(
    Effect.provide(
      Layer.mergeAll(
        browserPlatformLayer({ signer: Signing.browser, challenges: Challenges.browser }),
        Cache.layer.pipe(Layer.provide(KeyValueStore.browser))
      )
    )
  )
).then((page) => console.log(page))
