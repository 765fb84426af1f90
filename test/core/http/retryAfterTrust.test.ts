/**
 * A failure's Retry-After steers the batch cooldowns and the query retries (src/core/text/retryAfter.ts), so the
 * ResponseError keeps it only when the response came from a platform host: another host's answer never decides how
 * long the library waits, or whether it retries at all. Every other header stays as it was.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import type { ResponseError } from "../../../src/core/http/errors.ts"
import { waitAskedBy } from "../../../src/core/text/retryAfter.ts"
import { jsonResponse, redirectedResponse } from "../../../src/testing/StubFetch.ts"
import { platformHttpLayer } from "./harness.ts"

const config = { baseUrls: { friends: "https://friends.example.com" }, platformHosts: ["example.com"] }

/** A 503 asking for 20 s, with one more header. */
const unavailable = () => jsonResponse({}, { status: 503, headers: { "retry-after": "20", "x-served-by": "edge-7" } })

/** The ResponseError of a GET of `target` answered by `answer`. */
const failureOf = (target: string, answer: (url: string) => Response) =>
  Effect.flip(Effect.flatMap(PlatformHttp, (http) => http.get(target))).pipe(
    Effect.map((error) => error as ResponseError),
    Effect.provide(platformHttpLayer((request) => answer(request.url), config))
  )

describe("Retry-After: kept from platform hosts only", () => {
  it.effect("a platform host's 503 keeps its Retry-After, and a retry waits what it asks", () =>
    Effect.gen(function* () {
      const error = yield* failureOf("https://friends.example.com/v1/friends", unavailable)
      assert.strictEqual(error._tag, "ResponseError")
      assert.strictEqual(error.headers["retry-after"], "20")
      assert.strictEqual(error.headers["content-type"], "application/json")
      assert.deepStrictEqual(waitAskedBy(error, 0, 30_000), { atLeast: 20_000 })
    })
  )

  it.effect("another host's 503 loses its Retry-After (its other headers stay): a retry keeps its own delay", () =>
    Effect.gen(function* () {
      const error = yield* failureOf("https://cdn.example.net/v1/pictures", unavailable)
      assert.strictEqual(error.status, 503)
      assert.isFalse("retry-after" in error.headers)
      assert.strictEqual(error.headers["content-type"], "application/json")
      assert.deepStrictEqual(waitAskedBy(error, 0, 30_000), { atLeast: 0 })
    })
  )

  it.effect("another host asking for more than the cap cannot stop the retries either", () =>
    Effect.gen(function* () {
      const error = yield* failureOf("https://cdn.example.net/v1/pictures", () =>
        jsonResponse({}, { status: 429, headers: { "retry-after": "86400" } })
      )
      assert.deepStrictEqual(waitAskedBy(error, 0, 30_000), { atLeast: 0 })
    })
  )

  it.effect("a platform request answered from another host after a redirect loses it too", () =>
    Effect.gen(function* () {
      const error = yield* failureOf("https://friends.example.com/v1/friends", () =>
        redirectedResponse(unavailable(), "https://cdn.example.net/moved")
      )
      assert.strictEqual(error.status, 503)
      assert.isFalse("retry-after" in error.headers)
    })
  )
})
