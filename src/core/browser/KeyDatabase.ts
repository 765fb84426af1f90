/**
 * KeyDatabase: the page's IndexedDB, reduced to reading and writing one value at a (database, store, key)
 * location, through `idb`.
 *
 * The database is opened at version 1 (spec §9); opening creates the object store (out-of-line keys) when the
 * database is new. Each operation opens the database, runs one transaction and closes it again: the key store
 * reads once per page and writes only when it creates a key, so nothing is gained by holding a connection, and a
 * closed connection never blocks another tab or the browser's storage eviction.
 *
 * Values are stored with the structured clone algorithm, so a non-extractable `CryptoKey` can be stored and loaded
 * without its bytes ever being visible to script. What `get` returns is outside input: decode it where it is read.
 * Every failure (no IndexedDB, a blocked or failed open, a missing store, a failed transaction) is a typed
 * {@link KeyDatabaseError}, never an exception. Only this module touches `indexedDB`.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type IDBPDatabase, wrap } from "idb"

/** Where a value lives: database, object store and key. */
export interface KeyLocation {
  readonly databaseName: string
  readonly storeName: string
  readonly keyName: string
}

/** The IndexedDB version the database is opened at. */
export const keyDatabaseVersion = 1

/** A database operation failed; the message names the operation and the location, never the value. */
export class KeyDatabaseError extends Data.TaggedError("KeyDatabaseError")<{
  readonly operation: "open" | "get" | "put" | "delete"
  readonly location: KeyLocation
  readonly cause?: unknown
}> {
  override get message(): string {
    const { databaseName, storeName, keyName } = this.location
    return `IndexedDB ${this.operation} of ${databaseName}/${storeName}/${keyName} failed`
  }
}

/** The shape of the key database. */
export interface KeyDatabaseShape {
  /** The value at `location` (undefined when there is none), not decoded. */
  readonly get: (location: KeyLocation) => Effect.Effect<unknown, KeyDatabaseError>
  /** Store `value` at `location`, replacing what was there. */
  readonly put: (location: KeyLocation, value: unknown) => Effect.Effect<void, KeyDatabaseError>
  /** Remove the value at `location` (nothing happens when there is none). */
  readonly delete: (location: KeyLocation) => Effect.Effect<void, KeyDatabaseError>
}

const fromFactory = (factory: () => IDBFactory | undefined): KeyDatabaseShape => {
  const open = (location: KeyLocation): Promise<IDBPDatabase> => {
    const idb = factory()
    if (idb === undefined) return Promise.reject(new Error("IndexedDB is not available"))
    const request = idb.open(location.databaseName, keyDatabaseVersion)
    request.addEventListener("upgradeneeded", () => {
      const db = request.result
      if (!db.objectStoreNames.contains(location.storeName)) db.createObjectStore(location.storeName)
    })
    return wrap(request) as unknown as Promise<IDBPDatabase>
  }
  const withDatabase = <A>(
    operation: "get" | "put" | "delete",
    location: KeyLocation,
    run: (db: IDBPDatabase) => Promise<A>
  ): Effect.Effect<A, KeyDatabaseError> =>
    Effect.acquireUseRelease(
      Effect.tryPromise({
        try: () => open(location),
        catch: (cause) => new KeyDatabaseError({ operation: "open", location, cause })
      }),
      (db) =>
        Effect.tryPromise({
          try: () => run(db),
          catch: (cause) => new KeyDatabaseError({ operation, location, cause })
        }),
      (db) => Effect.sync(() => db.close())
    )
  return {
    get: (location) => withDatabase("get", location, (db) => db.get(location.storeName, location.keyName)),
    put: (location, value) =>
      withDatabase("put", location, (db) => db.put(location.storeName, value, location.keyName).then(() => undefined)),
    delete: (location) => withDatabase("delete", location, (db) => db.delete(location.storeName, location.keyName))
  }
}

/** Values at (database, store, key) locations in IndexedDB. */
export class KeyDatabase extends Context.Service<KeyDatabase, KeyDatabaseShape>()(
  "platform-web-client/core/browser/KeyDatabase"
) {
  /**
   * A key database over an `IDBFactory`, looked up on every operation (undefined: the open fails). Tests pass a
   * fresh `new IDBFactory()` from `fake-indexeddb` for an isolated database.
   */
  static fromFactory(factory: () => IDBFactory | undefined): Layer.Layer<KeyDatabase> {
    return Layer.succeed(KeyDatabase, fromFactory(factory))
  }

  /** The page's `indexedDB`; outside a browser every operation fails with operation `open`. */
  static readonly browser: Layer.Layer<KeyDatabase> = KeyDatabase.fromFactory(() =>
    typeof indexedDB === "undefined" ? undefined : indexedDB
  )
}
