/**
 * Invalidation by reactivity keys: cache entries register the keys their query declared, and invalidating keys
 * calls the handlers of every entry that registered one of them, each once. Keys are what `effect/reactivity`'s
 * `Reactivity.KeysInput` is, with its meaning: a list of keys (`["friends"]`), or a record of a name to ids
 * (`{ friends: [1] }`), which stands for the name itself and each `name:id`, so that invalidating `{ friends: [2] }`
 * also reaches an entry registered under `{ friends: [1] }` through the shared name. Ids that are not strings,
 * numbers, bigints or booleans are compared by `Hash.hash` (structural for Effect data types).
 *
 * It is the part of effect's Reactivity service the query client uses, without the streams and queues the rest of
 * that service brings into a page (docs/bundle-size.md).
 *
 * @module
 */
import * as Hash from "effect/Hash"
import type * as Reactivity from "effect/reactivity/Reactivity"

/** Handlers by key; see the module doc. */
export interface Invalidation {
  /** Call `handler` when one of `keys` is invalidated, until the returned function is called. */
  readonly register: (keys: Reactivity.KeysInput, handler: () => void) => () => void
  /** Call the handler of every registration that shares a key with `keys`, once each. */
  readonly invalidate: (keys: Reactivity.KeysInput) => void
}

const idOf = (u: unknown): string | number => {
  switch (typeof u) {
    case "string":
    case "number":
    case "bigint":
    case "boolean":
      return String(u)
    default:
      return Hash.hash(u)
  }
}

/** The keys of an input, as effect's Reactivity resolves them. */
export const resolveKeys = (input: Reactivity.KeysInput): Array<string | number> =>
  Array.isArray(input)
    ? input.map(idOf)
    : Object.entries(input as Readonly<Record<string, ReadonlyArray<unknown>>>).flatMap(([name, ids]) => [
        name,
        ...ids.map((id) => `${name}:${idOf(id)}`)
      ])

/** An empty registry of handlers. */
export const make = (): Invalidation => {
  const handlers = new Map<string | number, Set<() => void>>()
  return {
    register: (input, handler) => {
      const keys = resolveKeys(input)
      for (const key of keys) {
        const set = handlers.get(key) ?? new Set()
        set.add(handler)
        handlers.set(key, set)
      }
      return () => {
        for (const key of keys) {
          const set = handlers.get(key)
          set?.delete(handler)
          if (set?.size === 0) handlers.delete(key)
        }
      }
    },
    invalidate: (input) => {
      const ran = new Set<() => void>()
      for (const key of resolveKeys(input)) {
        for (const handler of handlers.get(key) ?? []) {
          if (ran.has(handler)) continue
          ran.add(handler)
          handler()
        }
      }
    }
  }
}
