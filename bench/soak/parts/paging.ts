/**
 * Soak parts of the pager and the cache: a pager walked forward for hours over a list without end (a window of 5
 * pages: an option the pager ignores where it has none), and the cache written and read under new keys, with the
 * storage working and with the storage full (its in-memory fallback).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import { Cache } from "../../../src/cache.ts"
import { Pager } from "../../../src/paging.ts"
import { MemoryKeyValueStore } from "../../../src/testing/index.ts"
import type { SoakPart } from "../harness.ts"

/** A list without end: items `n` from the cursor on, the cursor being the offset. */
const endless = ({ count, cursor }: Pager.PageRequest<undefined>) =>
  Effect.sync(() => {
    const start = cursor === undefined ? 0 : Number(cursor)
    return {
      items: Array.from({ length: count }, (_, i) => ({ id: start + i, name: `item ${start + i}` })),
      nextPageCursor: String(start + count)
    }
  })

export const pager: SoakPart = {
  name: "Pager (maxPages 5)",
  operation: "next page (one fetch of 10 items)",
  perStep: 1,
  setup: Effect.gen(function* () {
    const options = { pageSize: 10, loadSize: 10, fetch: endless, maxPages: 5 }
    const walker = yield* Pager.make(
      options as Pager.PagerOptions<{ id: number; name: string }, undefined, never, never>
    )
    yield* walker.first
    return () => Effect.asVoid(walker.next)
  })
}

const Entry = Schema.Struct({ id: Schema.Number, name: Schema.String, tags: Schema.Array(Schema.String) })

const cachePart = (name: string, mode: "available" | "full"): SoakPart => ({
  name,
  operation: "set of a new key, read of the one before, 10 ms apart",
  perStep: 1,
  setup: Effect.gen(function* () {
    const services = yield* Layer.build(Layer.provideMerge(Cache.layer, MemoryKeyValueStore.layer({ mode })))
    const cache = Context.get(services, Cache)
    return (i) =>
      Effect.gen(function* () {
        yield* cache.set(`soak:${i}`, { id: i, name: `entry ${i}`, tags: ["a", "b"] }, Entry)
        yield* cache.get(`soak:${i - 1}`, Entry)
        yield* TestClock.adjust("10 millis")
      })
  })
})

export const cacheStored = cachePart("Cache", "available")
export const cacheFull = cachePart("Cache, storage full", "full")
