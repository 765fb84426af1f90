/**
 * MemoryKeyDatabase: a KeyDatabase held in a Map, with a control to count reads and writes, evict the storage
 * (as a browser does under storage pressure), plant a crafted value, or make operations fail.
 *
 * Values are kept as given (no structured clone). For the real IndexedDB code path in Node, use
 * `KeyDatabase.fromFactory(() => new IDBFactory())` with `fake-indexeddb` instead.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { KeyDatabase, KeyDatabaseError, type KeyLocation } from "../../core/browser/KeyDatabase.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** The operations that can be made to fail. */
export type MemoryKeyDatabaseOperation = "get" | "put" | "delete"

/** The test-side control of the memory key database. */
export interface MemoryKeyDatabaseShape {
  /** How many `get` calls were made. */
  readonly reads: Effect.Effect<number>
  /** How many `put` calls were made (failed ones included). */
  readonly writes: Effect.Effect<number>
  /** The value at a location (undefined when none). */
  readonly peek: (location: KeyLocation) => Effect.Effect<unknown>
  /** Put a value directly (not counted as a write), e.g. a malformed one. */
  readonly plant: (location: KeyLocation, value: unknown) => Effect.Effect<void>
  /** Drop every value, as a browser evicting the site's storage. */
  readonly evict: Effect.Effect<void>
  /** Make these operations fail from now on (an empty list heals them). */
  readonly failing: (operations: ReadonlyArray<MemoryKeyDatabaseOperation>) => Effect.Effect<void>
}

const keyOf = (l: KeyLocation) => `${l.databaseName}\u0000${l.storeName}\u0000${l.keyName}`

/** Control of the memory KeyDatabase provided by {@link MemoryKeyDatabase.layer}. */
export class MemoryKeyDatabase extends Context.Service<MemoryKeyDatabase, MemoryKeyDatabaseShape>()(
  "platform-web-client/testing/memory/MemoryKeyDatabase"
) {
  /** A fresh, empty memory key database and its control. */
  static layer(): Layer.Layer<KeyDatabase | MemoryKeyDatabase> {
    return layerWithControl(KeyDatabase, MemoryKeyDatabase, () => {
      const values = new Map<string, unknown>()
      let failing = new Set<MemoryKeyDatabaseOperation>()
      let reads = 0
      let writes = 0
      const guard = <A>(operation: MemoryKeyDatabaseOperation, location: KeyLocation, run: () => A) =>
        Effect.suspend(() =>
          failing.has(operation)
            ? Effect.fail(
                new KeyDatabaseError({ operation, location, reason: "failed", cause: new Error("injected failure") })
              )
            : Effect.succeed(run())
        )
      return [
        KeyDatabase.of({
          get: (location) => Effect.suspend(() => (reads++, guard("get", location, () => values.get(keyOf(location))))),
          put: (location, value) =>
            Effect.suspend(() => (writes++, guard("put", location, () => void values.set(keyOf(location), value)))),
          delete: (location) => guard("delete", location, () => void values.delete(keyOf(location)))
        }),
        MemoryKeyDatabase.of({
          reads: Effect.sync(() => reads),
          writes: Effect.sync(() => writes),
          peek: (location) => Effect.sync(() => values.get(keyOf(location))),
          plant: (location, value) => Effect.sync(() => void values.set(keyOf(location), value)),
          evict: Effect.sync(() => values.clear()),
          failing: (operations) => Effect.sync(() => void (failing = new Set(operations)))
        })
      ]
    })
  }
}
