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
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

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

/** The part of the Web Storage API the store uses (`window.localStorage` satisfies it). */
export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem">

/**
 * The {@link StorageErrorReason} of an exception thrown by Web Storage.
 *
 * Quota: `QuotaExceededError` (code 22), Firefox's `NS_ERROR_DOM_QUOTA_REACHED` (code 1014). A `SecurityError`
 * (storage blocked by the browser's settings) means the storage is `Unavailable`. Anything else is `Unknown`.
 */
export const storageErrorReason = (cause: unknown): StorageErrorReason => {
  if (typeof cause !== "object" || cause === null) return "Unknown"
  const { name, code } = cause as { readonly name?: unknown; readonly code?: unknown }
  if (name === "QuotaExceededError" || name === "NS_ERROR_DOM_QUOTA_REACHED" || code === 22 || code === 1014) {
    return "QuotaExceeded"
  }
  return name === "SecurityError" ? "Unavailable" : "Unknown"
}

const fromStorage = (storage: () => StorageLike | null | undefined): KeyValueStoreShape => {
  const attempt = <A>(operation: StorageError["operation"], key: string, run: (s: StorageLike) => A) =>
    Effect.suspend((): Effect.Effect<A, StorageError> => {
      let target: StorageLike | null | undefined
      try {
        target = storage()
      } catch (cause) {
        // Reading `window.localStorage` itself throws (SecurityError) when storage is disabled.
        return Effect.fail(new StorageError({ reason: "Unavailable", operation, key, cause }))
      }
      if (target === null || target === undefined) {
        return Effect.fail(new StorageError({ reason: "Unavailable", operation, key }))
      }
      try {
        return Effect.succeed(run(target))
      } catch (cause) {
        return Effect.fail(new StorageError({ reason: storageErrorReason(cause), operation, key, cause }))
      }
    })
  return {
    get: (key) => attempt("get", key, (s) => s.getItem(key) ?? undefined),
    set: (key, value) => attempt("set", key, (s) => s.setItem(key, value)),
    remove: (key) => attempt("remove", key, (s) => s.removeItem(key))
  }
}

/** Persistent string storage (localStorage in the browser, a Map in tests). */
export class KeyValueStore extends Context.Service<KeyValueStore, KeyValueStoreShape>()(
  "platform-web-client/core/browser/KeyValueStore"
) {
  /**
   * A store over a Web Storage object, looked up on every operation. The lookup may throw or give null/undefined:
   * the operation then fails with reason `Unavailable`.
   */
  static fromStorage(storage: () => StorageLike | null | undefined): Layer.Layer<KeyValueStore> {
    return Layer.succeed(KeyValueStore, fromStorage(storage))
  }

  /** The browser's `window.localStorage`; `Unavailable` outside a browser or when storage is disabled. */
  static readonly browser: Layer.Layer<KeyValueStore> = KeyValueStore.fromStorage(() =>
    typeof window === "undefined" ? undefined : window.localStorage
  )
}
