/**
 * KeyStore: the site's one signing key pair, kept in IndexedDB and served from memory.
 *
 * - The pair is an ECDSA P-256 pair made by WebCrypto with a NON-extractable private key (Crypto service), stored
 *   as-is (structured clone) in the database, object store and key that PlatformConfig's bound-auth-token
 *   settings name; the database is opened at version 1 (KeyDatabase).
 * - The first request loads it from IndexedDB; every later request gets it from memory: the database is read once
 *   per page, never per request.
 * - When the database holds no pair (first visit, or the browser evicted the site's storage) or holds something
 *   that is not a usable pair (logged as a Warning), a new pair is generated and stored. Loading and generating
 *   run under one lock and re-check memory first, so any number of concurrent requests cause one read and at most
 *   one generation.
 * - Failures: a failed read is `GetKeyPairFailed`; a failed generation or store is `UpdateKeyPairFailed`; a
 *   generated value that is not a usable pair is `NoKeyPairFound`. A failure is remembered for
 *   {@link KeyStoreRetryInterval} (default 30 s): meanwhile requests fail fast (and go out unsigned) instead of
 *   hitting a broken database on every request; afterwards the next request tries again.
 * - Every wait is bounded: each database operation by the KeyDatabase's own time-out, and the whole load (read,
 *   and generate and store when needed) by {@link KeyStoreLoadTimeout} (default 5 s), whatever the database or
 *   WebCrypto do. A database that never answers, or whose open another tab blocks, therefore fails the load
 *   (`GetKeyPairFailed` while reading, `UpdateKeyPairFailed` while replacing, the detail saying it timed out or was
 *   blocked): the requests waiting for it go out unsigned and the failure is reported, as for any other failure.
 *
 * Note that a replacement pair is not known to the server until the next sign-in binds it (device attestation):
 * until then the server sees signatures it cannot verify, which is what it should see after storage was lost.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import { Crypto, type CryptoShape } from "../../browser/Crypto.ts"
import {
  KeyDatabase,
  type KeyDatabaseError,
  type KeyDatabaseShape,
  type KeyLocation
} from "../../browser/KeyDatabase.ts"
import { SigningFailure } from "../SigningFailure.ts"
import { SigningKeyPair } from "./SigningKeyPair.ts"

/** How long a failed load or generation is remembered before the key store tries again (default 30 seconds). */
export const KeyStoreRetryInterval = Context.Reference<Duration.Input>(
  "platform-web-client/core/signing/KeyStoreRetryInterval",
  { defaultValue: () => "30 seconds" }
)

/**
 * How long loading the pair may take in all (the read, and the generation and store of a new pair when needed);
 * default 5 seconds. Requests wait at most this long for it on a page's first signed request.
 */
export const KeyStoreLoadTimeout = Context.Reference<Duration.Input>(
  "platform-web-client/core/signing/KeyStoreLoadTimeout",
  { defaultValue: () => "5 seconds" }
)

/** The shape of the key store. */
export interface KeyStoreShape {
  /** The pair at `location`: from memory, else from the database, else newly generated and stored. */
  readonly keyPair: (location: KeyLocation) => Effect.Effect<SigningKeyPair, SigningFailure>
}

type Entry =
  | { readonly _tag: "Ready"; readonly pair: Effect.Effect<SigningKeyPair> }
  | { readonly _tag: "Failed"; readonly failure: SigningFailure; readonly until: number }

const keyOf = (location: KeyLocation): string =>
  `${location.databaseName}\u0000${location.storeName}\u0000${location.keyName}`

const decodePair = Schema.decodeUnknownResult(SigningKeyPair)

/** The detail of a database failure: `failed` for a plain failure, else what was being done and why it stopped. */
const databaseDetail = (error: KeyDatabaseError, failed: string, doing: string): string =>
  error.reason === "failed"
    ? failed
    : `${doing} ${error.reason === "timedOut" ? "timed out" : "was blocked by another connection"}`

/** Which part of a load is running: reading the stored pair, or replacing it. */
type LoadPhase = { current: "reading" | "replacing" }

/**
 * The whole load of the pair at a location from `database` (read, and generate with `crypto` and store when needed),
 * bounded by `loadTimeout`: a time-out fails as the part that was running.
 */
const makeBoundedLoad = (database: KeyDatabaseShape, crypto: CryptoShape, loadTimeout: Duration.Input) => {
  /** Generate a new pair and store it at `location`. */
  const generate = (location: KeyLocation, phase: LoadPhase) =>
    Effect.gen(function* () {
      phase.current = "replacing"
      const generated = yield* crypto.generateSigningKeyPair.pipe(
        Effect.mapError(
          (cause) => new SigningFailure({ reason: "UpdateKeyPairFailed", detail: "key pair generation failed", cause })
        )
      )
      const pair = decodePair(generated)
      if (Result.isFailure(pair)) {
        return yield* new SigningFailure({
          reason: "NoKeyPairFound",
          detail: "generated key pair is not a usable signing pair",
          cause: pair.failure
        })
      }
      yield* database.put(location, pair.success).pipe(
        Effect.mapError(
          (cause) =>
            new SigningFailure({
              reason: "UpdateKeyPairFailed",
              detail: databaseDetail(cause, "new key pair could not be stored", "storing the new key pair"),
              cause
            })
        )
      )
      yield* Effect.logInfo("Generated and stored a new signing key pair")
      return pair.success
    })

  /** The pair stored at `location`, or a new one when there is none or it is not usable. */
  const load = (location: KeyLocation, phase: LoadPhase) =>
    Effect.gen(function* () {
      const stored = yield* database.get(location).pipe(
        Effect.mapError(
          (cause) =>
            new SigningFailure({
              reason: "GetKeyPairFailed",
              detail: databaseDetail(cause, "key pair could not be read", "reading the key pair"),
              cause
            })
        )
      )
      if (stored === undefined) return yield* generate(location, phase)
      const pair = decodePair(stored)
      if (Result.isSuccess(pair)) return pair.success
      yield* Effect.logWarning("Stored signing key pair is not usable; replacing it")
      return yield* generate(location, phase)
    })

  return (location: KeyLocation): Effect.Effect<SigningKeyPair, SigningFailure> =>
    Effect.suspend(() => {
      const phase: LoadPhase = { current: "reading" }
      return Effect.timeoutOrElse(load(location, phase), {
        duration: loadTimeout,
        orElse: () =>
          Effect.fail(
            phase.current === "reading"
              ? new SigningFailure({ reason: "GetKeyPairFailed", detail: "loading the key pair timed out" })
              : new SigningFailure({ reason: "UpdateKeyPairFailed", detail: "replacing the key pair timed out" })
          )
      })
    })
}

/** The site's signing key pair. */
export class KeyStore extends Context.Service<KeyStore, KeyStoreShape>()("platform-web-client/core/signing/KeyStore") {
  /** A key store over the key database and WebCrypto; its memory lives as long as the layer. */
  static readonly layer: Layer.Layer<KeyStore, never, KeyDatabase | Crypto> = Layer.effect(
    KeyStore,
    Effect.gen(function* () {
      const database = yield* KeyDatabase
      const crypto = yield* Crypto
      const retryInterval = Duration.toMillis(Duration.fromInputUnsafe(yield* KeyStoreRetryInterval))
      const boundedLoad = makeBoundedLoad(database, crypto, yield* KeyStoreLoadTimeout)
      const lock = yield* Semaphore.make(1)
      const entries = new Map<string, Entry>()
      // the signer passes the same location object on every request: remember its key
      const keys = new WeakMap<KeyLocation, string>()
      const keyFor = (location: KeyLocation) => {
        let key = keys.get(location)
        if (key === undefined) {
          key = keyOf(location)
          keys.set(location, key)
        }
        return key
      }

      const slow = (location: KeyLocation, key: string) =>
        lock.withPermits(1)(
          Effect.gen(function* () {
            const now = yield* Clock.currentTimeMillis
            const entry = entries.get(key)
            if (entry?._tag === "Ready") return yield* entry.pair
            if (entry?._tag === "Failed" && now < entry.until) return yield* entry.failure
            const loaded = yield* Effect.result(boundedLoad(location))
            if (Result.isSuccess(loaded)) {
              entries.set(key, { _tag: "Ready", pair: Effect.succeed(loaded.success) })
              return loaded.success
            }
            entries.set(key, { _tag: "Failed", failure: loaded.failure, until: now + retryInterval })
            return yield* loaded.failure
          })
        )

      return KeyStore.of({
        keyPair: (location) => {
          const key = keyFor(location)
          const entry = entries.get(key)
          // hot path: one map lookup, no lock, no allocation
          return entry?._tag === "Ready" ? entry.pair : slow(location, key)
        }
      })
    })
  )
}
