/**
 * The one transient rule (what the batched lookups' retries and the query retries retry): no answer, a time-out, a
 * 5xx or a 429; nothing else.
 */
import { assert, describe, it } from "@effect/vitest"
import { isTransientFailure } from "../../../src/core/http/transientFailure.ts"
import {
  FetchError,
  RedirectError,
  RequiredError,
  ResponseDecodeError,
  ResponseError,
  TimeoutError
} from "../../../src/core/http/errors.ts"

const url = "https://friends.example.com/v1/users/1/friends"
const answered = (status: number) =>
  new ResponseError({ status, statusText: "", url, method: "GET", codes: [], headers: {} })

describe("isTransientFailure", () => {
  it("no answer, a time-out, a 5xx and a 429 are transient", () => {
    assert.isTrue(isTransientFailure(new FetchError({ url, method: "GET", cause: new TypeError("offline") })))
    assert.isTrue(isTransientFailure(new TimeoutError({ url, method: "GET", timeoutMs: 30_000 })))
    for (const status of [500, 502, 503, 504, 599, 429])
      assert.isTrue(isTransientFailure(answered(status)), `${status}`)
  })

  it("a 4xx other than 429, and every other failure, would fail the same way again", () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      assert.isFalse(isTransientFailure(answered(status)), `${status}`)
    assert.isFalse(isTransientFailure(new RedirectError({ url, method: "GET", status: 302 })))
    assert.isFalse(isTransientFailure(new RequiredError({ field: "userId", operation: "getFriends" })))
    assert.isFalse(isTransientFailure(new ResponseDecodeError({ operation: "getFriends", url, issue: "not a list" })))
  })

  it("what is not one of our errors is not transient: a tag-alike with a text status, a plain value, nothing", () => {
    assert.isFalse(isTransientFailure({ _tag: "ResponseError", status: "503" }))
    assert.isFalse(isTransientFailure({ status: 503 }))
    assert.isFalse(isTransientFailure("FetchError"))
    assert.isFalse(isTransientFailure(null))
    assert.isFalse(isTransientFailure(undefined))
  })
})
