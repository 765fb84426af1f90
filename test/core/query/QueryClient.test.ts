import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as Observable from "../../../src/core/observable/Observable.ts"
import * as Query from "../../../src/core/query/Query.ts"
import * as QueryClient from "../../../src/core/query/QueryClient.ts"
import { macrotask, makeService, recordEvents, UserNotFound } from "./fixtures.ts"

const tags = (result: AsyncResult.AsyncResult<unknown, unknown>) => `${result._tag}${result.waiting ? " waiting" : ""}`
const valueOf = <A>(result: AsyncResult.AsyncResult<A, unknown>) =>
  AsyncResult.isSuccess(result) ? result.value : undefined

describe("QueryClient", () => {
  it.effect("N readers of one key make exactly one request; the others join it", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const events = recordEvents(client.events)
      const readers = Array.from({ length: 5 }, () => client.observe(FriendsQuery, 1))
      const seen: Array<string> = []
      const unsubscribes = readers.map((reader) => reader.subscribe((r) => seen.push(tags(r))))
      assert.deepStrictEqual(service.what(), ["GET friends 1"])
      assert.strictEqual(tags(readers[0]!.get()), "Initial waiting")
      yield* service.releaseAll
      yield* Effect.yieldNow
      assert.deepStrictEqual(
        readers.map((r) => valueOf(r.get())),
        Array(5).fill(["ada", "bo"])
      )
      assert.deepStrictEqual(seen, Array(5).fill("Success"))
      assert.deepStrictEqual(service.what(), ["GET friends 1"])
      assert.deepStrictEqual(
        events.map((e) => e._tag),
        ["Fetch", "Deduplicated", "Deduplicated", "Deduplicated", "Deduplicated", "Settled"]
      )
      unsubscribes.forEach((f) => f())
    })
  )

  it.effect("a fresh result is a cache hit; a stale one is shown while it is refetched", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const events = recordEvents(client.events)
      const first = client.observe(FriendsQuery, 1).subscribe(() => {})
      yield* service.releaseAll
      yield* Effect.yieldNow
      const second = client.observe(FriendsQuery, 1).subscribe(() => {})
      assert.deepStrictEqual(events.at(-1), { _tag: "CacheHit", key: "friends:1", stale: false })
      assert.strictEqual(service.requests.length, 1)
      yield* TestClock.adjust("30 seconds")
      service.friends.set(1, ["ada", "bo", "cy"])
      const third = client.observe(FriendsQuery, 1)
      const unsubscribe = third.subscribe(() => {})
      assert.deepStrictEqual(events.slice(-2), [
        { _tag: "CacheHit", key: "friends:1", stale: true },
        { _tag: "Fetch", key: "friends:1", reason: "stale" }
      ])
      assert.strictEqual(tags(third.get()), "Success waiting")
      assert.deepStrictEqual(valueOf(third.get()), ["ada", "bo"])
      yield* service.releaseAll
      yield* Effect.yieldNow
      assert.deepStrictEqual(valueOf(third.get()), ["ada", "bo", "cy"])
      assert.strictEqual(service.requests.length, 2)
      ;[first, second, unsubscribe].forEach((f) => f())
    })
  )

  it.effect("after the last reader leaves, the entry lives its idle time, then a running request is interrupted", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const events = recordEvents(client.events)
      const unsubscribe = client.observe(FriendsQuery, 2).subscribe(() => {})
      unsubscribe()
      yield* TestClock.adjust("59 seconds")
      yield* macrotask
      assert.isFalse(events.some((e) => e._tag === "Interrupted"))
      const back = client.observe(FriendsQuery, 2).subscribe(() => {})
      back()
      yield* TestClock.adjust("59 seconds")
      yield* macrotask
      assert.isFalse(
        events.some((e) => e._tag === "Interrupted"),
        "a reader in the idle time restarts it"
      )
      yield* TestClock.adjust("1 second")
      yield* macrotask
      assert.deepStrictEqual(events.slice(-2), [
        { _tag: "Interrupted", key: "friends:2" },
        { _tag: "Evicted", key: "friends:2" }
      ])
      assert.deepStrictEqual(service.what(), ["GET friends 2"])
    })
  )

  it.effect("typed errors stay typed", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const fiber = yield* Effect.forkChild(Effect.flip(client.fetchQuery(FriendsQuery, 404)))
      yield* Effect.yieldNow
      yield* service.releaseAll
      const error: UserNotFound = yield* Fiber.join(fiber)
      assert.instanceOf(error, UserNotFound)
      assert.strictEqual(error.userId, 404)
    })
  )

  it.effect("a mutation invalidates its keys: the query with readers is refetched exactly once, others go stale", () =>
    Effect.gen(function* () {
      const { Follow, FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const events = recordEvents(client.events)
      const shown = client.observe(FriendsQuery, 1)
      const unsubscribe = shown.subscribe(() => {})
      const idle = client.observe(FriendsQuery, 2)
      idle.subscribe(() => {})()
      yield* service.releaseAll
      yield* Effect.yieldNow
      const write = yield* Effect.forkChild(client.mutate(Follow, { userId: 1, name: "di" }))
      yield* Effect.yieldNow
      yield* service.releaseAll
      yield* Fiber.join(write)
      assert.deepStrictEqual(service.what(), ["GET friends 1", "GET friends 2", "POST follow di", "GET friends 1"])
      assert.strictEqual(tags(shown.get()), "Success waiting")
      yield* service.releaseAll
      yield* Effect.yieldNow
      assert.deepStrictEqual(valueOf(shown.get()), ["ada", "bo", "di"])
      assert.deepStrictEqual(events.filter((e) => e._tag === "Fetch" || e._tag.startsWith("Mutation")).slice(2), [
        { _tag: "MutationStart", name: "follow" },
        { _tag: "Fetch", key: "friends:1", reason: "invalidate" },
        { _tag: "MutationSettled", name: "follow", outcome: "success", rolledBack: false }
      ])
      // the other entry refetches with its next reader, whatever its freshness time
      const later = idle.subscribe(() => {})
      assert.deepStrictEqual(events.slice(-2), [
        { _tag: "CacheHit", key: "friends:2", stale: true },
        { _tag: "Fetch", key: "friends:2", reason: "stale" }
      ])
      later()
      unsubscribe()
    })
  )

  it.effect(
    "an optimistic update shows at once and is rolled back when the write fails; the write is not retried",
    () =>
      Effect.gen(function* () {
        const { FriendsQuery, OptimisticFollow, service } = makeService()
        const client = yield* QueryClient.makeEffect()
        const events = recordEvents(client.events)
        const shown = client.observe(FriendsQuery, 1)
        const unsubscribe = shown.subscribe(() => {})
        yield* service.releaseAll
        yield* Effect.yieldNow
        const before = shown.get()
        const write = yield* Effect.forkChild(
          Effect.exit(client.mutate(OptimisticFollow, { userId: 1, name: "refused" }))
        )
        yield* Effect.yieldNow
        assert.strictEqual(tags(shown.get()), "Success waiting")
        assert.deepStrictEqual(valueOf(shown.get()), ["ada", "bo", "refused"])
        yield* service.releaseAll
        const exit = yield* Fiber.join(write)
        assert.isTrue(Exit.isFailure(exit))
        assert.strictEqual(shown.get(), before)
        assert.deepStrictEqual(service.what(), ["GET friends 1", "POST follow refused"])
        assert.deepStrictEqual(events.at(-1), {
          _tag: "MutationSettled",
          name: "follow",
          outcome: "failure",
          rolledBack: true
        })
        unsubscribe()
      })
  )

  it.effect("an optimistic update that succeeds is replaced by the refetched value, fetched once", () =>
    Effect.gen(function* () {
      const { FriendsQuery, OptimisticFollow, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const shown = client.observe(FriendsQuery, 1)
      const unsubscribe = shown.subscribe(() => {})
      yield* service.releaseAll
      yield* Effect.yieldNow
      const write = yield* Effect.forkChild(client.mutate(OptimisticFollow, { userId: 1, name: "ed" }))
      yield* Effect.yieldNow
      yield* service.releaseAll
      yield* Fiber.join(write)
      yield* service.releaseAll
      yield* Effect.yieldNow
      assert.deepStrictEqual(service.what(), ["GET friends 1", "POST follow ed", "GET friends 1"])
      assert.strictEqual(tags(shown.get()), "Success")
      assert.deepStrictEqual(valueOf(shown.get()), ["ada", "bo", "ed"])
      unsubscribe()
    })
  )

  it.effect("SSR: a dehydrated state hydrates another client, which makes no request for it", () =>
    Effect.gen(function* () {
      const server = makeService()
      const serverClient = yield* QueryClient.makeEffect()
      const fetched = yield* Effect.forkChild(serverClient.fetchQuery(server.FriendsQuery, 1))
      yield* Effect.yieldNow
      yield* server.service.releaseAll
      yield* Fiber.join(fetched)
      const state = JSON.parse(JSON.stringify(serverClient.dehydrate()))
      assert.deepStrictEqual(
        state.map((e: { key: string }) => e.key),
        ["friends:1"]
      )

      const browser = makeService()
      const browserClient = yield* QueryClient.makeEffect()
      const events = recordEvents(browserClient.events)
      yield* browserClient.hydrate(state)
      const shown = browserClient.observe(browser.FriendsQuery, 1)
      const unsubscribe = shown.subscribe(() => {})
      assert.deepStrictEqual(valueOf(shown.get()), ["ada", "bo"])
      assert.strictEqual(tags(shown.get()), "Success")
      assert.deepStrictEqual(browser.service.requests.length, 0)
      assert.deepStrictEqual(events, [{ _tag: "Hydrated", key: "friends:1" }])
      unsubscribe()
    })
  )

  it.effect("dehydrate leaves out results still loading and values their query's schema refuses", () =>
    Effect.gen(function* () {
      const Loose = Query.make({
        name: "loose",
        run: (n: number) => Effect.succeed<number>(n === 1 ? 1 : ("two" as unknown as number)),
        schema: { success: Schema.Number }
      })
      const { FriendsQuery } = makeService()
      const client = yield* QueryClient.makeEffect()
      yield* client.fetchQuery(Loose, 1)
      yield* client.fetchQuery(Loose, 2)
      assert.strictEqual(tags(client.observe(FriendsQuery, 1).get()), "Initial waiting")
      assert.deepStrictEqual(
        client.dehydrate().map((entry) => entry.key),
        ["loose:1"]
      )
    })
  )

  it.effect("a state that is not a dehydrated state hydrates nothing and fails with a typed error", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect()
      const error = yield* Effect.flip(client.hydrate([{ key: "friends:1", value: 1 }]))
      assert.strictEqual(error._tag, "QueryHydrationError")
      assert.match(error.message, /^Query state could not be hydrated: /)
    })
  )

  it.effect("a hydrated value its query's schema cannot decode is skipped: the query fetches", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      yield* client.hydrate([{ key: "friends:1", value: { _tag: "Success", value: [1, 2] }, dehydratedAt: 0 }])
      const unsubscribe = client.observe(FriendsQuery, 1).subscribe(() => {})
      assert.deepStrictEqual(service.what(), ["GET friends 1"])
      unsubscribe()
    })
  )

  it.effect(
    "refetch on focus: stale results with readers refetch when the page becomes visible; fresh ones do not",
    () =>
      Effect.gen(function* () {
        const { FriendsQuery, service } = makeService()
        const OnFocus = Query.make({ ...FriendsQuery, name: "friends-focus", refetchOnWindowFocus: true })
        const focus = Observable.make(0)
        const client = yield* QueryClient.makeEffect({ focusSignal: focus })
        const events = recordEvents(client.events)
        const unsubscribe = client.observe(OnFocus, 1).subscribe(() => {})
        yield* service.releaseAll
        yield* Effect.yieldNow
        focus.set(1)
        assert.strictEqual(service.requests.length, 1, "fresh: no refetch")
        yield* TestClock.adjust("30 seconds")
        focus.set(2)
        assert.deepStrictEqual(service.what(), ["GET friends 1", "GET friends 1"])
        assert.deepStrictEqual(events.at(-1), { _tag: "Fetch", key: "friends-focus:1", reason: "focus" })
        unsubscribe()
      })
  )

  it.effect("refetch re-runs the query now; the value stays shown, marked waiting", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const shown = client.observe(FriendsQuery, 2)
      const unsubscribe = shown.subscribe(() => {})
      yield* service.releaseAll
      yield* Effect.yieldNow
      client.refetchQueries(FriendsQuery, 2)
      assert.strictEqual(tags(shown.get()), "Success waiting")
      assert.deepStrictEqual(valueOf(shown.get()), ["cy"])
      assert.deepStrictEqual(service.what(), ["GET friends 2", "GET friends 2"])
      unsubscribe()
    })
  )
})
