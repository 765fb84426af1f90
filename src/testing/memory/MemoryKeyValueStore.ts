/**
 * MemoryKeyValueStore: a KeyValueStore over a Map, with switches to simulate a full or a disabled storage.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { KeyValueStore, StorageError, type StorageErrorReason } from "../../core/browser/KeyValueStore.ts"
import { layerWithControl } from "./layerWithControl.ts"

/**
 * How the memory store behaves: `available` works; `full` fails every `set` with reason `QuotaExceeded` (reads and
 * removals still work); `disabled` fails every operation with reason `Unavailable`.
 */
export type MemoryStorageMode = "available" | "full" | "disabled"

/** Options of {@link MemoryKeyValueStore.layer}. */
export interface MemoryKeyValueStoreOptions {
  /** Entries present from the start. */
  readonly initial?: Readonly<Record<string, string>>
  /** The starting mode; `available` when left out. */
  readonly mode?: MemoryStorageMode
}

/** The test-side control of a memory key-value store. */
export interface MemoryKeyValueStoreShape {
  /** A copy of the stored entries, in insertion order. */
  readonly entries: Effect.Effect<ReadonlyMap<string, string>>
  /** The current mode. */
  readonly mode: Effect.Effect<MemoryStorageMode>
  /** Switch the mode; stored entries are kept. */
  readonly setMode: (mode: MemoryStorageMode) => Effect.Effect<void>
}

/** Control of the memory KeyValueStore provided by {@link MemoryKeyValueStore.layer}. */
export class MemoryKeyValueStore extends Context.Service<MemoryKeyValueStore, MemoryKeyValueStoreShape>()(
  "platform-web-client/testing/memory/MemoryKeyValueStore"
) {
  /** A fresh memory KeyValueStore and its control. */
  static layer(options: MemoryKeyValueStoreOptions = {}): Layer.Layer<KeyValueStore | MemoryKeyValueStore> {
    return layerWithControl(KeyValueStore, MemoryKeyValueStore, () => {
      const entries = new Map(Object.entries(options.initial ?? {}))
      let mode: MemoryStorageMode = options.mode ?? "available"
      const operate = <A>(operation: StorageError["operation"], key: string, run: () => A) =>
        Effect.suspend(() => {
          const reason: StorageErrorReason | undefined =
            mode === "disabled" ? "Unavailable" : mode === "full" && operation === "set" ? "QuotaExceeded" : undefined
          return reason === undefined
            ? Effect.succeed(run())
            : Effect.fail(new StorageError({ reason, operation, key }))
        })
      return [
        KeyValueStore.of({
          get: (key) => operate("get", key, () => entries.get(key)),
          set: (key, value) => operate("set", key, () => void entries.set(key, value)),
          remove: (key) => operate("remove", key, () => void entries.delete(key))
        }),
        MemoryKeyValueStore.of({
          entries: Effect.sync(() => new Map(entries)),
          mode: Effect.sync(() => mode),
          setMode: (next) => Effect.sync(() => void (mode = next))
        })
      ]
    })
  }
}
