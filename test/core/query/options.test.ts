/**
 * The query options with TanStack Query's names, over the real pipeline (exact request counts) and a TestClock:
 * retry and retryDelay (transient failures only, Retry-After honoured, never cut short: past the cap, no retry), mutations never retried, enabled,
 * refetchInterval, staleTime and gcTime per reader, refetch on focus and reconnect, initialData.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as AsyncResult from "effect/reactivity/AsyncResult"
import { TestClock } from "effect/testing"
import type { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import * as Observable from "../../../src/core/observable/Observable.ts"
import * as Mutation from "../../../src/core/query/Mutation.ts"
import * as QueryClient from "../../../src/core/query/QueryClient.ts"
import { type Answer, getThing, makeScripted, thingQuery } from "./harness.ts"

const unavailable: Answer = { status: 503 }

/** Run `effect` (a fetch) in a fiber while the clock moves `ms`, and its exit. */
const during = <A, E, R>(ms: number, effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    yield* TestClock.adjust(ms)
    return yield* Fiber.await(fiber)
  })

const statusOf = (exit: Exit.Exit<unknown, unknown>) =>
  Exit.isSuccess(exit) ? "success" : String((Exit.findErrorOption(exit) as any).value?.status)

describe("retry and retryDelay", () => {
  const service = makeScripted([unavailable, unavailable, unavailable])
  it.effect("retry 2 on 503: 3 requests, 1 s then 2 s apart (TanStack's default delay), then the failure", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const fiber = yield* Effect.forkChild(Effect.exit(client.fetchQuery(thingQuery({ retry: 2 }), 1)))
      yield* TestClock.adjust(999)
      assert.strictEqual(service.requests(), 1)
      yield* TestClock.adjust(1)
      assert.strictEqual(service.requests(), 2)
      yield* TestClock.adjust(1999)
      assert.strictEqual(service.requests(), 2)
      yield* TestClock.adjust(1)
      assert.strictEqual(service.requests(), 3)
      yield* TestClock.adjust(60_000)
      assert.strictEqual(statusOf(yield* Fiber.join(fiber)), "503")
      assert.strictEqual(service.requests(), 3)
    }).pipe(Effect.provide(service.layer))
  )

  const badDelays = makeScripted([unavailable, unavailable, unavailable])
  it.effect(
    "a retryDelay that is no number of ms (NaN, negative) waits TanStack's default instead: 1 s, then 2 s",
    () =>
      Effect.gen(function* () {
        const client = yield* QueryClient.makeEffect<PlatformHttp>()
        const query = thingQuery({ retry: 2, retryDelay: (count) => (count === 0 ? Number.NaN : -5) })
        const fiber = yield* Effect.forkChild(Effect.exit(client.fetchQuery(query, 1)))
        yield* TestClock.adjust(999)
        assert.strictEqual(badDelays.requests(), 1)
        yield* TestClock.adjust(1)
        assert.strictEqual(badDelays.requests(), 2)
        yield* TestClock.adjust(1999)
        assert.strictEqual(badDelays.requests(), 2)
        yield* TestClock.adjust(1)
        assert.strictEqual(badDelays.requests(), 3)
        assert.strictEqual(statusOf(yield* Fiber.join(fiber)), "503")
      }).pipe(Effect.provide(badDelays.layer))
  )

  const notFound = makeScripted([{ status: 400 }])
  it.effect("a 400 is never retried: 1 request, the typed error at once", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const exit = yield* during(60_000, client.fetchQuery(thingQuery({ retry: 5 }), 1))
      assert.deepStrictEqual([statusOf(exit), notFound.requests()], ["400", 1])
    }).pipe(Effect.provide(notFound.layer))
  )

  const byDefault = makeScripted([unavailable])
  it.effect("by default a query does not retry: a 503 is 1 request", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const exit = yield* during(60_000, client.fetchQuery(thingQuery(), 1))
      assert.deepStrictEqual([statusOf(exit), byDefault.requests()], ["503", 1])
    }).pipe(Effect.provide(byDefault.layer))
  )

  const functions = makeScripted([unavailable, { status: 429 }, unavailable])
  it.effect("retry and retryDelay as functions get the failure count (from 0) and the typed error", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const asked: Array<[number, number]> = []
      const query = thingQuery({
        retry: (count, error: any) => (asked.push([count, error.status]), count < 2),
        retryDelay: (count) => 100 * (count + 1)
      })
      const fiber = yield* Effect.forkChild(Effect.exit(client.fetchQuery(query, 1)))
      yield* TestClock.adjust(100)
      assert.strictEqual(functions.requests(), 2)
      yield* TestClock.adjust(200)
      assert.strictEqual(functions.requests(), 3)
      yield* TestClock.adjust(60_000)
      assert.strictEqual(statusOf(yield* Fiber.join(fiber)), "503")
      assert.deepStrictEqual(asked, [
        [0, 503],
        [1, 429],
        [2, 503]
      ])
    }).pipe(Effect.provide(functions.layer))
  )

  const retryAfter = makeScripted([
    { status: 503, headers: { "retry-after": "5" } },
    { status: 429, headers: { "retry-after": "120" } }
  ])
  it.effect(
    "Retry-After asks for more than retryDelay: 5 s; one past the batch cap (30 s) gets no retry, the 429 at once",
    () =>
      Effect.gen(function* () {
        const client = yield* QueryClient.makeEffect<PlatformHttp>()
        const fiber = yield* Effect.forkChild(
          Effect.exit(client.fetchQuery(thingQuery({ retry: 2, retryDelay: 100 }), 1))
        )
        yield* TestClock.adjust(4999)
        assert.strictEqual(retryAfter.requests(), 1)
        yield* TestClock.adjust(1)
        assert.strictEqual(retryAfter.requests(), 2)
        assert.strictEqual(statusOf(yield* Fiber.join(fiber)), "429")
        yield* TestClock.adjust(120_000)
        assert.strictEqual(retryAfter.requests(), 2)
      }).pipe(Effect.provide(retryAfter.layer))
  )

  const write = makeScripted([unavailable])
  it.effect("a mutation failing with 503 is 1 request, whatever the queries' retries", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const Save = Mutation.make({ name: "save", run: (id: number) => getThing(id) })
      const exit = yield* during(60_000, client.mutate(Save, 1))
      assert.deepStrictEqual([statusOf(exit), write.requests()], ["503", 1])
    }).pipe(Effect.provide(write.layer))
  )
})

describe("enabled", () => {
  const service = makeScripted()
  it.effect("enabled: false makes no request (Initial, not waiting) until an enabled reader comes", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const disabled = client.observe(thingQuery(), 1, { enabled: false })
      const stop = disabled.subscribe(() => {})
      yield* TestClock.adjust(60_000)
      assert.deepStrictEqual([disabled.get()._tag, disabled.get().waiting, service.requests()], ["Initial", false, 0])
      assert.strictEqual(yield* client.fetchQuery(thingQuery(), 1), 1)
      assert.strictEqual(service.requests(), 1)
      assert.strictEqual(AsyncResult.isSuccess(disabled.get()), true)
      stop()
    }).pipe(Effect.provide(service.layer))
  )

  const defined = makeScripted()
  it.effect("a definition's enabled: false holds every reader; refetchQueries still runs it", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const query = thingQuery({ enabled: false })
      const stop = client.observe(query, 1).subscribe(() => {})
      yield* TestClock.adjust(1000)
      assert.strictEqual(defined.requests(), 0)
      client.refetchQueries(query, 1)
      yield* TestClock.adjust(1000)
      assert.strictEqual(defined.requests(), 1)
      stop()
    }).pipe(Effect.provide(defined.layer))
  )
})

describe("waiting for a settled result", () => {
  const waited = makeScripted()
  it.effect("settled (what useSuspenseQuery waits for) fetches a definition's enabled: false query: one request", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      let done = false
      void client.settled(thingQuery({ enabled: false }), 1).then(() => (done = true))
      yield* TestClock.adjust(1000)
      yield* Effect.promise(() => Promise.resolve())
      assert.strictEqual(waited.requests(), 1)
      assert.isTrue(done)
    }).pipe(Effect.provide(waited.layer))
  )
})

describe("refetchInterval, staleTime and gcTime per reader", () => {
  const service = makeScripted()
  it.effect("refetchInterval: one request per interval while subscribed, none after", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const reader = client.observe(thingQuery(), 1, { refetchInterval: "10 seconds" })
      const stop = reader.subscribe(() => {})
      yield* TestClock.adjust(1)
      assert.strictEqual(service.requests(), 1)
      yield* TestClock.adjust(10_000)
      yield* TestClock.adjust(10_000)
      assert.strictEqual(service.requests(), 3)
      stop()
      yield* TestClock.adjust(60_000)
      assert.strictEqual(service.requests(), 3)
    }).pipe(Effect.provide(service.layer))
  )

  const stale = makeScripted()
  it.effect("a reader's staleTime: 0 revalidates a result the definition still counts as fresh", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const query = thingQuery({ staleTime: "1 minute" })
      assert.strictEqual(yield* client.fetchQuery(query, 1), 1)
      yield* TestClock.adjust(1000)
      const fresh = client.observe(query, 1).subscribe(() => {})
      assert.strictEqual(stale.requests(), 1)
      const eager = client.observe(query, 1, { staleTime: 0 }).subscribe(() => {})
      yield* TestClock.adjust(1)
      assert.strictEqual(stale.requests(), 2)
      fresh()
      eager()
    }).pipe(Effect.provide(stale.layer))
  )

  const kept = makeScripted()
  it.effect("gcTime: the longest a reader asked for keeps the entry", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const query = thingQuery({ gcTime: "1 second" })
      const stop = client.observe(query, 1, { gcTime: "10 minutes" }).subscribe(() => {})
      yield* TestClock.adjust(1)
      stop()
      yield* TestClock.adjust(9 * 60_000)
      assert.strictEqual(client.getQueryData(query, 1), 1)
      yield* TestClock.adjust(60_000)
      assert.strictEqual(client.getQueryData(query, 1), undefined)
      assert.strictEqual(client.stats().entries, 0)
    }).pipe(Effect.provide(kept.layer))
  )
})

describe("refetch on focus and reconnect", () => {
  const service = makeScripted()
  it.effect(
    "refetchOnReconnect: a stale result with such a reader refetches at the reconnect signal; focus alone does not",
    () =>
      Effect.gen(function* () {
        const focus = Observable.make(0)
        const online = Observable.make(0)
        const client = yield* QueryClient.makeEffect<PlatformHttp>({ focusSignal: focus, reconnectSignal: online })
        const stop = client.observe(thingQuery(), 1, { refetchOnReconnect: true }).subscribe(() => {})
        yield* TestClock.adjust(1)
        focus.set(1)
        yield* TestClock.adjust(1)
        assert.strictEqual(service.requests(), 1)
        online.set(1)
        yield* TestClock.adjust(1)
        assert.strictEqual(service.requests(), 2)
        stop()
      }).pipe(Effect.provide(service.layer))
  )

  const focused = makeScripted()
  it.effect("refetchOnWindowFocus per reader: only stale results, only with such a reader", () =>
    Effect.gen(function* () {
      const focus = Observable.make(0)
      const client = yield* QueryClient.makeEffect<PlatformHttp>({ focusSignal: focus })
      const stop = client
        .observe(thingQuery({ staleTime: "30 seconds" }), 1, { refetchOnWindowFocus: true })
        .subscribe(() => {})
      yield* TestClock.adjust(1)
      focus.set(1)
      yield* TestClock.adjust(1)
      assert.strictEqual(focused.requests(), 1)
      yield* TestClock.adjust(30_000)
      focus.set(2)
      yield* TestClock.adjust(1)
      assert.strictEqual(focused.requests(), 2)
      stop()
    }).pipe(Effect.provide(focused.layer))
  )
})

describe("initialData", () => {
  const service = makeScripted()
  it.effect("cached as if fetched: fresh for staleTime (no request), then revalidated by the next reader", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      const query = thingQuery({ staleTime: "1 minute" })
      const reader = client.observe(query, 1, { initialData: 42 })
      const stop = reader.subscribe(() => {})
      const shown = reader.get()
      assert.deepStrictEqual([AsyncResult.isSuccess(shown) && shown.value, shown.waiting], [42, false])
      assert.strictEqual(client.getQueryData(query, 1), 42)
      assert.strictEqual(service.requests(), 0)
      yield* TestClock.adjust(60_000)
      const next = client.observe(query, 1).subscribe(() => {})
      yield* TestClock.adjust(1)
      assert.deepStrictEqual([service.requests(), client.getQueryData(query, 1)], [1, 1])
      stop()
      next()
    }).pipe(Effect.provide(service.layer))
  )

  const old = makeScripted()
  it.effect("initialDataUpdatedAt older than staleTime: the first reader refetches it", () =>
    Effect.gen(function* () {
      const client = yield* QueryClient.makeEffect<PlatformHttp>()
      yield* TestClock.adjust(120_000)
      const query = thingQuery({ staleTime: "1 minute" })
      const stop = client.observe(query, 1, { initialData: 42, initialDataUpdatedAt: 0 }).subscribe(() => {})
      yield* TestClock.adjust(1)
      assert.deepStrictEqual([old.requests(), client.getQueryData(query, 1)], [1, 1])
      assert.strictEqual(client.getQueryState(query, 1).dataUpdatedAt, 120_000)
      stop()
    }).pipe(Effect.provide(old.layer))
  )
})
