/**
 * Soak parts of the features built on the BatchProcessor: user lookups, presence, thumbnails (each step a batch
 * of 100 keys never asked before, then the feature's window), friend list pages (each step a page at a new
 * cursor, as a list scrolled for hours) and performance measurements.
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { PerformanceMetrics } from "../../../src/perf.ts"
import { platformClientsLayer } from "../../../src/index.ts"
import { FriendListCache, Friends, PresenceLookup, UserLookup } from "../../../src/social.ts"
import { testPlatformLayer } from "../../../src/testing/index.ts"
import { ThumbnailBatch } from "../../../src/thumbnails.ts"
import type { SoakPart } from "../harness.ts"
import { answer, forgetRequests } from "../platform.ts"

const signedIn = { user: { id: 1, name: "viewer", displayName: "Viewer", authenticated: true } }

const platform = <A, E>(feature: Layer.Layer<A, E, any>) =>
  feature.pipe(Layer.provideMerge(platformClientsLayer), Layer.provideMerge(testPlatformLayer(answer, signedIn)))

const ids = (first: number, count: number) => Array.from({ length: count }, (_, i) => first + i + 1)

/** Run `effect` while the virtual clock passes `window` (the feature's batching window), then wait for it. */
const throughWindow = <A, E>(effect: Effect.Effect<A, E>, window: Duration.Input) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect, { startImmediately: true })
    yield* TestClock.adjust(window)
    yield* Fiber.join(fiber)
  })

export const users: SoakPart = {
  name: "UserLookup",
  operation: "lookup of a user not asked before",
  perStep: 100,
  setup: Effect.gen(function* () {
    const services = yield* Layer.build(platform(UserLookup.layer))
    const lookup = Context.get(services, UserLookup)
    return (first) =>
      throughWindow(lookup.find(ids(first, 100)), "1 second").pipe(
        Effect.andThen(forgetRequests),
        Effect.provideContext(services)
      )
  })
}

export const presence: SoakPart = {
  name: "PresenceLookup",
  operation: "presence of a user not asked before",
  perStep: 100,
  setup: Effect.gen(function* () {
    const services = yield* Layer.build(platform(PresenceLookup.layer))
    const lookup = Context.get(services, PresenceLookup)
    return (first) =>
      throughWindow(lookup.lookup(ids(first, 100)), "250 millis").pipe(
        Effect.andThen(forgetRequests),
        Effect.provideContext(services)
      )
  })
}

export const thumbnails: SoakPart = {
  name: "ThumbnailBatch",
  operation: "thumbnail not asked before",
  perStep: 100,
  setup: Effect.gen(function* () {
    const services = yield* Layer.build(platform(ThumbnailBatch.layer))
    const batch = Context.get(services, ThumbnailBatch)
    return (first) =>
      throughWindow(
        batch.getAll(ids(first, 100).map((targetId) => ({ type: "AvatarHeadShot" as const, targetId }))),
        "250 millis"
      ).pipe(Effect.andThen(forgetRequests), Effect.provideContext(services))
  })
}

export const friends: SoakPart = {
  name: "Friends",
  operation: "followers page at a new cursor (with presence)",
  perStep: 1,
  // a step re-reads and rewrites the user's stored lists: slow where they grow
  scale: 0.1,
  setup: Effect.gen(function* () {
    const feature = Friends.layer.pipe(Layer.provideMerge(Layer.mergeAll(PresenceLookup.layer, FriendListCache.layer)))
    const services = yield* Layer.build(platform(feature))
    const lists = Context.get(services, Friends)
    return (i) =>
      throughWindow(lists.page("followers", { cursor: String(i * 10), limit: 10 }), "1 second").pipe(
        Effect.andThen(forgetRequests),
        Effect.provideContext(services)
      )
  })
}

export const metrics: SoakPart = {
  name: "PerformanceMetrics",
  operation: "measurement recorded",
  perStep: 100,
  setup: Effect.gen(function* () {
    const services = yield* Layer.build(Layer.provideMerge(PerformanceMetrics.layer, testPlatformLayer(answer)))
    const perf = Context.get(services, PerformanceMetrics)
    return (first) =>
      Effect.gen(function* () {
        for (let i = 0; i < 100; i++) {
          yield* perf.record({
            featureName: "soak",
            measureName: `m${(first + i) % 7}`,
            value: i,
            metricsType: "Sequence"
          })
        }
        yield* TestClock.adjust("10 seconds")
      }).pipe(Effect.andThen(forgetRequests), Effect.provideContext(services))
  })
}
