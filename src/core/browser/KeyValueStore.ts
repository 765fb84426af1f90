/**
 * KeyValueStore: the page's persistent string storage (localStorage in the browser).
 *
 * Storage is outside input: it can be full, disabled (private mode, blocked cookies) or hold values written by
 * another script. Every failure is a typed {@link StorageError}, never an exception.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import type * as Effect from "effect/Effect"

/** Why a storage operation failed. */
export type StorageErrorReason = "QuotaExceeded" | "Unavailable" | "Unknown"

/** A storage operation failed: the quota is exceeded, storage is disabled, or something else went wrong. */
export class StorageError extends Data.TaggedError("StorageError")<{
  readonly reason: StorageErrorReason
  readonly operation: "get" | "set" | "remove"
  readonly key: string
  readonly cause?: unknown
}> {
  override get message(): string {
    return `Storage ${this.operation} of "${this.key}" failed: ${this.reason}`
  }
}

/** The shape of a key-value store. Values are strings; decode them with a Schema where they are read. */
export interface KeyValueStoreShape {
  /** The value under `key`, or undefined when there is none. */
  readonly get: (key: string) => Effect.Effect<string | undefined, StorageError>
  readonly set: (key: string, value: string) => Effect.Effect<void, StorageError>
  readonly remove: (key: string) => Effect.Effect<void, StorageError>
}

/** Persistent string storage (localStorage in the browser, a Map in tests). */
export class KeyValueStore extends Context.Service<KeyValueStore, KeyValueStoreShape>()(
  "platform-web-client/core/browser/KeyValueStore"
) {}
