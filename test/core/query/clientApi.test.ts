/**
 * The query client's methods with TanStack Query's names, taking query definitions: setQueryData / getQueryData,
 * invalidateQueries (a query, a key, reactivity keys), prefetchQuery, cancelQueries, resetQueries, isFetching,
 * getQueryState.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as QueryClient from "../../../src/core/query/QueryClient.ts"
import { makeService } from "./fixtures.ts"

const valueOf = <A>(result: AsyncResult.AsyncResult<A, unknown>) =>
  AsyncResult.isSuccess(result) ? result.value : undefined

describe("QueryClient methods", () => {
  it.effect("setQueryData seeds a key without a request; an updater gets the cached value; getQueryData reads it", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      assert.strictEqual(client.getQueryData(FriendsQuery, 1), undefined)
      client.setQueryData(FriendsQuery, 1, ["zed"])
      client.setQueryData(FriendsQuery, 1, (old) => [...(old ?? []), "yan"])
      assert.deepStrictEqual(client.getQueryData(FriendsQuery, 1), ["zed", "yan"])
      // fresh for the query's staleTime: a reader gets it without a request
      const reader = client.observe(FriendsQuery, 1)
      const stop = reader.subscribe(() => {})
      assert.deepStrictEqual([valueOf(reader.get()), service.what()], [["zed", "yan"], []])
      stop()
    })
  )

  it.effect(
    "invalidateQueries: a query's keys with a reader refetch, the others only when next read; reactivity keys too",
    () =>
      Effect.gen(function* () {
        const { FriendsQuery, service } = makeService()
        const client = yield* QueryClient.makeEffect()
        const stop = client.observe(FriendsQuery, 1).subscribe(() => {})
        yield* service.releaseAll
        client.setQueryData(FriendsQuery, 2, ["cached"])
        client.invalidateQueries(FriendsQuery)
        assert.deepStrictEqual(service.what(), ["GET friends 1", "GET friends 1"])
        yield* service.releaseAll
        const later = client.observe(FriendsQuery, 2).subscribe(() => {})
        assert.deepStrictEqual(service.what(), ["GET friends 1", "GET friends 1", "GET friends 2"])
        yield* service.releaseAll
        // { friends: [1] } stands for "friends" too (Reactivity's meaning): both keys with a reader refetch
        client.invalidateQueries({ reactivityKeys: { friends: [1] } })
        assert.deepStrictEqual(service.what().slice(3).sort(), ["GET friends 1", "GET friends 2"])
        yield* service.releaseAll
        client.invalidateQueries(FriendsQuery, 2)
        assert.deepStrictEqual(service.what().slice(5), ["GET friends 2"])
        stop()
        later()
      })
  )

  it.effect("prefetchQuery fills the cache and never fails; isFetching and getQueryState follow the request", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const fiber = yield* Effect.forkChild(client.prefetchQuery(FriendsQuery, 404))
      yield* Effect.yieldNow
      assert.deepStrictEqual(
        [client.isFetching(), client.isFetching(FriendsQuery), client.getQueryState(FriendsQuery, 404).fetchStatus],
        [1, 1, "fetching"]
      )
      yield* service.releaseAll
      yield* Effect.yieldNow
      assert.strictEqual(yield* Fiber.join(fiber), undefined)
      assert.strictEqual(client.getQueryData(FriendsQuery, 404), undefined)
      assert.deepStrictEqual([client.isFetching(), client.getQueryState(FriendsQuery, 404).fetchStatus], [0, "idle"])
    })
  )

  it.effect("cancelQueries interrupts the request and shows the value held before it, no longer waiting", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const reader = client.observe(FriendsQuery, 1)
      const stop = reader.subscribe(() => {})
      yield* service.releaseAll
      yield* Effect.yieldNow
      client.refetchQueries(FriendsQuery, 1)
      assert.strictEqual(reader.get().waiting, true)
      client.cancelQueries(FriendsQuery)
      assert.deepStrictEqual(
        [valueOf(reader.get()), reader.get().waiting, client.isFetching()],
        [["ada", "bo"], false, 0]
      )
      stop()
    })
  )

  it.effect("resetQueries drops the value (Initial) and refetches the keys with a reader", () =>
    Effect.gen(function* () {
      const { FriendsQuery, service } = makeService()
      const client = yield* QueryClient.makeEffect()
      const reader = client.observe(FriendsQuery, 1)
      const stop = reader.subscribe(() => {})
      yield* service.releaseAll
      yield* Effect.yieldNow
      client.setQueryData(FriendsQuery, 2, ["idle"])
      client.resetQueries(FriendsQuery)
      assert.deepStrictEqual([reader.get()._tag, reader.get().waiting], ["Initial", true])
      assert.strictEqual(client.getQueryData(FriendsQuery, 2), undefined)
      assert.deepStrictEqual(service.what(), ["GET friends 1", "GET friends 1"])
      stop()
    })
  )
})
