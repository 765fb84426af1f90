// BatchProcessor over the smallest core (./core-http.ts): one batched lookup.
import "./core-http.ts"
import * as Effect from "effect/Effect"
import { BatchProcessor } from "platform-web-client/batch"

Effect.runPromise(
  Effect.scoped(
    Effect.gen(function* () {
      const users = yield* BatchProcessor.make({
        process: (ids: ReadonlyArray<number>) => Effect.succeed(new Map(ids.map((id) => [id, { id }])))
      })
      return yield* users.get(1)
    })
  )
).then((user) => console.log(user))
