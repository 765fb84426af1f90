// Pager over the smallest core (./core-http.ts): one page of a cursor list.
import "./core-http.ts"
import * as Effect from "effect/Effect"
import { Pager } from "platform-web-client/paging"

Effect.runPromise(
  Effect.gen(function* () {
    const pager = yield* Pager.make({
      pageSize: 10,
      fetch: (request) => Effect.succeed({ items: [request.cursor ?? "first"], nextPageCursor: undefined })
    })
    return yield* pager.next
  })
).then((page) => console.log(page))
