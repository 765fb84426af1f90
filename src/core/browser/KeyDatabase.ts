/**
 * KeyDatabase: the page's IndexedDB, reduced to reading and writing one value at a (database, store, key)
 * location, through `idb`.
 *
 * The database is opened at version 1 (SIGN-2); opening creates the object store (out-of-line keys) when the
 * database is new. Each operation opens the database, runs one transaction and closes it again: the key store
 * reads once per page and writes only when it creates a key, so nothing is gained by holding a connection, and a
 * closed connection never blocks another tab or the browser's storage eviction.
 *
 * Values are stored with the structured clone algorithm, so a non-extractable `CryptoKey` can be stored and loaded
 * without its bytes ever being visible to script. What `get` returns is outside input: decode it where it is read.
 *
 * Every wait is bounded and every failure is a typed {@link KeyDatabaseError}, never an exception:
 * - an operation (open, then its one transaction) that takes longer than {@link KeyDatabaseTimeout} (default
 *   2 seconds) fails with reason `timedOut` (an open that never settles, a transaction that never completes);
 * - an open the browser reports `blocked` (it needs a version change that other connections hold up) fails at once
 *   with reason `blocked`;
 * - anything else (no IndexedDB, a failed open, a missing store, a failed transaction) fails with reason `failed`.
 * A connection that opens after its operation gave up (time-out, interruption, `blocked`) is closed at once, and
 * an open connection closes itself on `versionchange` (another tab upgrading or deleting the database), so this
 * page never holds up anyone else. Only this module touches `indexedDB`.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import type * as Duration from "effect/Duration"
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

/** How long one operation (open, then its one transaction) may take; default 2 seconds. */
export const KeyDatabaseTimeout = Context.Reference<Duration.Input>(
  "platform-web-client/core/browser/KeyDatabaseTimeout",
  { defaultValue: () => "2 seconds" }
)

/** Why an operation failed: it failed, another connection blocked its open, or it took too long. */
export type KeyDatabaseFailureReason = "failed" | "blocked" | "timedOut"

const reasonTexts: { readonly [R in KeyDatabaseFailureReason]: string } = {
  failed: "failed",
  blocked: "was blocked by another connection",
  timedOut: "timed out"
}

/** A database operation failed; the message names the operation, the location and why, never the value. */
export class KeyDatabaseError extends Data.TaggedError("KeyDatabaseError")<{
  /** The step that failed: the open, or the operation's transaction. */
  readonly operation: "open" | "get" | "put" | "delete"
  readonly location: KeyLocation
  readonly reason: KeyDatabaseFailureReason
  readonly cause?: unknown
}> {
  override get message(): string {
    const { databaseName, storeName, keyName } = this.location
    return `IndexedDB ${this.operation} of ${databaseName}/${storeName}/${keyName} ${reasonTexts[this.reason]}`
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

type Operation = "get" | "put" | "delete"

/**
 * Open the database, run one operation, close: bounded by {@link KeyDatabaseTimeout} (see the module doc). `step`
 * says which step is running, so that a time-out names it.
 */
const withDatabase = <A>(
  factory: () => IDBFactory | undefined,
  operation: Operation,
  location: KeyLocation,
  run: (db: IDBPDatabase) => Promise<A>
): Effect.Effect<A, KeyDatabaseError> =>
  Effect.suspend(() => {
    let step: "open" | Operation = "open"
    const error = (reason: KeyDatabaseFailureReason, cause?: unknown) =>
      new KeyDatabaseError({ operation: step, location, reason, ...(cause === undefined ? {} : { cause }) })
    const attempt = Effect.callback<A, KeyDatabaseError>((resume) => {
      // once the caller has its answer (or gave up), a connection that opens late is closed at once
      let done = false
      let connection: IDBDatabase | undefined
      const close = () => {
        connection?.close()
        connection = undefined
      }
      const finish = (outcome: Effect.Effect<A, KeyDatabaseError>) => {
        if (done) return
        done = true
        close()
        resume(outcome)
      }
      const idb = factory()
      if (idb === undefined) {
        finish(Effect.fail(error("failed", new Error("IndexedDB is not available"))))
        return
      }
      let request: IDBOpenDBRequest
      try {
        request = idb.open(location.databaseName, keyDatabaseVersion)
      } catch (cause) {
        finish(Effect.fail(error("failed", cause)))
        return
      }
      request.onupgradeneeded = () => {
        const db = request.result
        if (!db.objectStoreNames.contains(location.storeName)) db.createObjectStore(location.storeName)
      }
      request.onblocked = () => finish(Effect.fail(error("blocked")))
      request.onerror = (event) => {
        event.preventDefault()
        finish(Effect.fail(error("failed", request.error)))
      }
      request.onsuccess = () => {
        const db = request.result
        if (done) return db.close()
        connection = db
        // another tab upgrading or deleting the database: let it (a running transaction still completes)
        db.onversionchange = close
        step = operation
        run(wrap(db)).then(
          (value) => finish(Effect.succeed(value)),
          (cause) => finish(Effect.fail(error("failed", cause)))
        )
      }
      return Effect.sync(() => {
        done = true
        close()
      })
    })
    return Effect.flatMap(KeyDatabaseTimeout, (duration) =>
      Effect.timeoutOrElse(attempt, { duration, orElse: () => Effect.fail(error("timedOut")) })
    )
  })

const fromFactory = (factory: () => IDBFactory | undefined): KeyDatabaseShape => ({
  get: (location) => withDatabase(factory, "get", location, (db) => db.get(location.storeName, location.keyName)),
  put: (location, value) =>
    withDatabase(factory, "put", location, (db) =>
      db.put(location.storeName, value, location.keyName).then(() => undefined)
    ),
  delete: (location) =>
    withDatabase(factory, "delete", location, (db) => db.delete(location.storeName, location.keyName))
})

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

  /** The page's `indexedDB`; outside a browser every operation fails with operation `open` (reason `failed`). */
  static readonly browser: Layer.Layer<KeyDatabase> = KeyDatabase.fromFactory(() =>
    typeof indexedDB === "undefined" ? undefined : indexedDB
  )
}
