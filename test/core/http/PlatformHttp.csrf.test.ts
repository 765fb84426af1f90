import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { CsrfStore } from "../../../src/core/csrf/CsrfStore.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { SessionHeaders } from "../../../src/core/http/SessionHeaders.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { platformHttpLayer, recording } from "./harness.ts"

const url = "https://apis.example.com/v1/things"

/** A server that accepts mutating requests only with token `current`; a stale one gets 403 and the current token. */
const csrfServer =
  (current: () => string) => (request: { method: string; headers: Readonly<Record<string, string>> }) =>
    request.method !== "GET" && request.headers["x-csrf-token"] !== current()
      ? jsonResponse(
          { errors: [{ code: 0, message: "Token Validation Failed" }] },
          {
            status: 403,
            headers: { "x-csrf-token": current() }
          }
        )
      : jsonResponse({ ok: true })

describe("security headers", () => {
  it.effect("mutating methods carry x-csrf-token, token, proxy and challenge-meta; GET carries none", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      const session = yield* SessionHeaders
      const csrf = yield* CsrfStore
      yield* csrf.set("tok-1")
      yield* session.update({ token: "t-1", proxy: "p-1", challengeMeta: "cm-1" })
      yield* http.get(url)
      yield* http.post(url, { body: { a: 1 } })
      yield* http.patch(url, { body: {} })
      yield* http.put(url, { body: {} })
      yield* http.delete(url)
      const stub = yield* StubFetch
      const security = (h: Readonly<Record<string, string>>) => [
        h["x-csrf-token"],
        h["x-platform-token"],
        h["x-platform-proxy"],
        h["rblx-challenge-meta"]
      ]
      assert.deepStrictEqual(
        stub.requests.map((r) => r.method),
        ["GET", "POST", "PATCH", "PUT", "DELETE"]
      )
      assert.deepStrictEqual(security(stub.requests[0]!.headers), [undefined, undefined, undefined, undefined])
      for (const r of stub.requests.slice(1))
        assert.deepStrictEqual(security(r.headers), ["tok-1", "t-1", "p-1", "cm-1"])
      assert.strictEqual(stub.requests[1]!.body, `{"a":1}`)
      assert.strictEqual(stub.requests[1]!.headers["content-type"], "application/json")
    }).pipe(Effect.provide(platformHttpLayer(() => jsonResponse({}))))
  )

  it.effect(
    "a call reads the token when it runs, not when it is made: one effect run twice sends each token of its time",
    () =>
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        const csrf = yield* CsrfStore
        yield* csrf.set("tok-made")
        const post = http.post(url, { body: { a: 1 } })
        yield* csrf.set("tok-run-1")
        yield* post
        yield* csrf.set("tok-run-2")
        yield* post
        const sent = (yield* StubFetch).requests.map((r) => r.headers["x-csrf-token"])
        assert.deepStrictEqual(sent, ["tok-run-1", "tok-run-2"])
      }).pipe(Effect.provide(platformHttpLayer(() => jsonResponse({}))))
  )

  it.effect("a header is left out while its value is unknown", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.post(url)
      const [request] = (yield* StubFetch).requests
      assert.deepStrictEqual(
        Object.keys(request!.headers).filter((h) => h.startsWith("x-") || h.startsWith("rblx-")),
        []
      )
    }).pipe(Effect.provide(platformHttpLayer(() => jsonResponse({}))))
  )

  it.effect("token and proxy values supplied by any response are stored and sent from then on", () =>
    Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.get(url)
      yield* http.post(url)
      const stub = yield* StubFetch
      assert.strictEqual(stub.requests[1]!.headers["x-platform-token"], "from-server")
      assert.strictEqual(stub.requests[1]!.headers["x-platform-proxy"], "proxy-9")
    }).pipe(
      Effect.provide(
        platformHttpLayer((_, i) =>
          jsonResponse(
            {},
            i === 0 ? { headers: { "x-platform-token": "from-server", "x-platform-proxy": "proxy-9" } } : {}
          )
        )
      )
    )
  )
})

describe("CSRF refresh", () => {
  it.effect("a 403 with a new token stores it and re-sends exactly once with it", () => {
    const recorded = recording()
    recorded.storage.set("x-csrf-token", "stale")
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      const result = yield* http.post(url, { body: { n: 1 } })
      const stub = yield* StubFetch
      assert.deepStrictEqual(result, { ok: true })
      assert.strictEqual(stub.requests.length, 2)
      assert.strictEqual(stub.requests[0]!.headers["x-csrf-token"], "stale")
      assert.strictEqual(stub.requests[1]!.headers["x-csrf-token"], "fresh")
      assert.strictEqual(stub.requests[1]!.body, `{"n":1}`)
      assert.strictEqual(stub.requests[1]!.url, url)
      assert.strictEqual(recorded.storage.get("x-csrf-token"), "fresh")
      assert.strictEqual((yield* CsrfStore).current(), "fresh")
      assert.isUndefined(stub.requests[1]!.headers["x-retry-attempt"])
    }).pipe(
      Effect.provide(
        platformHttpLayer(
          csrfServer(() => "fresh"),
          {},
          recorded
        )
      )
    )
  })

  it.effect("the re-sent request carries the retry-attempt header when enabled; the first never does", () =>
    Effect.gen(function* () {
      yield* (yield* PlatformHttp).post(url)
      const stub = yield* StubFetch
      assert.strictEqual(stub.requests.length, 2)
      assert.isUndefined(stub.requests[0]!.headers["x-retry-attempt"])
      assert.strictEqual(stub.requests[1]!.headers["x-retry-attempt"], "1")
    }).pipe(
      Effect.provide(
        platformHttpLayer(
          csrfServer(() => "fresh"),
          { retryAttemptHeader: true }
        )
      )
    )
  )

  it.effect("a second 403 is a ResponseError: never a third request", () => {
    let n = 0
    return Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(url))
      const stub = yield* StubFetch
      assert.strictEqual(stub.requests.length, 2)
      assert.strictEqual(error._tag, "ResponseError")
      assert.strictEqual(error._tag === "ResponseError" && error.status, 403)
      assert.strictEqual(error.message, `Response from ${url} returned an error code 403`)
      assert.strictEqual(error._tag === "ResponseError" && error.serverMessage, "Token Validation Failed")
    }).pipe(Effect.provide(platformHttpLayer(csrfServer(() => `rotated-${++n}`))))
  })

  it.effect("a 403 without a token header is returned as an error without a re-send", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(url))
      assert.strictEqual((yield* StubFetch).requests.length, 1)
      assert.strictEqual(error._tag === "ResponseError" && error.status, 403)
    }).pipe(
      Effect.provide(
        platformHttpLayer(() =>
          jsonResponse({ errors: [{ code: 0, message: "Token Validation Failed" }] }, { status: 403 })
        )
      )
    )
  )

  it.effect(
    "the decision is made on the header, not the message: a 403 'Token Validation Failed' text alone does nothing",
    () =>
      Effect.gen(function* () {
        yield* Effect.flip((yield* PlatformHttp).put(url))
        assert.strictEqual((yield* StubFetch).requests.length, 1)
      }).pipe(
        Effect.provide(
          platformHttpLayer(
            () => new Response("Token Validation Failed", { status: 403, statusText: "Token Validation Failed" })
          )
        )
      )
  )

  it.effect("a 403 carrying the same token the request was sent with is not retried", () => {
    const recorded = recording()
    recorded.storage.set("x-csrf-token", "same")
    return Effect.gen(function* () {
      yield* Effect.flip((yield* PlatformHttp).delete(url))
      assert.strictEqual((yield* StubFetch).requests.length, 1)
    }).pipe(
      Effect.provide(
        platformHttpLayer(() => jsonResponse({}, { status: 403, headers: { "x-csrf-token": "same" } }), {}, recorded)
      )
    )
  })

  it.effect(
    "a GET answered 403 with a new token: the token is stored and the GET re-sent once, still without it",
    () => {
      let calls = 0
      return Effect.gen(function* () {
        const body = yield* (yield* PlatformHttp).get(url)
        assert.deepStrictEqual(body, { ok: true })
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => r.method),
          ["GET", "GET"]
        )
        assert.deepStrictEqual(
          requests.map((r) => r.headers["x-csrf-token"]),
          [undefined, undefined]
        )
        assert.strictEqual((yield* CsrfStore).current(), "t")
      }).pipe(
        Effect.provide(
          platformHttpLayer(() =>
            ++calls === 1
              ? jsonResponse({}, { status: 403, headers: { "x-csrf-token": "t" } })
              : jsonResponse({ ok: true })
          )
        )
      )
    }
  )

  it.effect("a GET answered 403 with a new token twice: re-sent once, the second 403 stands", () => {
    let calls = 0
    return Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).get(url))
      assert.strictEqual(error._tag === "ResponseError" && error.status, 403)
      assert.strictEqual((yield* StubFetch).requests.length, 2)
      assert.strictEqual((yield* CsrfStore).current(), "t2")
    }).pipe(
      Effect.provide(
        platformHttpLayer(() => jsonResponse({}, { status: 403, headers: { "x-csrf-token": `t${++calls}` } }))
      )
    )
  })

  it.effect("5 concurrent requests with a stale token: one token change, each re-sent once", () => {
    const recorded = recording()
    recorded.storage.set("x-csrf-token", "stale")
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      const results = yield* Effect.forEach([1, 2, 3, 4, 5], (n) => http.post(url, { body: { n } }), {
        concurrency: "unbounded"
      })
      const stub = yield* StubFetch
      assert.strictEqual(results.length, 5)
      assert.strictEqual(stub.requests.length, 10)
      const stale = stub.requests.filter((r) => r.headers["x-csrf-token"] === "stale")
      const fresh = stub.requests.filter((r) => r.headers["x-csrf-token"] === "fresh")
      assert.strictEqual(stale.length, 5)
      assert.strictEqual(fresh.length, 5)
      assert.deepStrictEqual(
        fresh.map((r) => r.body).sort(),
        [1, 2, 3, 4, 5].map((n) => `{"n":${n}}`)
      )
      assert.deepStrictEqual(recorded.writes, [["x-csrf-token", "fresh"]])
    }).pipe(
      Effect.provide(
        platformHttpLayer(
          csrfServer(() => "fresh"),
          {},
          recorded
        )
      )
    )
  })
})

describe("layer wiring", () => {
  it.effect("the CsrfStore starts from the stored token", () => {
    const recorded = recording()
    recorded.storage.set("x-csrf-token", "kept")
    return Effect.gen(function* () {
      assert.strictEqual((yield* CsrfStore).current(), "kept")
    }).pipe(Effect.provide(Layer.fresh(platformHttpLayer(() => jsonResponse({}), {}, recorded))))
  })
})
