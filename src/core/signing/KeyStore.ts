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
import { Crypto } from "../browser/Crypto.ts"
import { KeyDatabase, type KeyLocation } from "../browser/KeyDatabase.ts"
import { SigningFailure } from "./SigningFailure.ts"
import { SigningKeyPair } from "./SigningKeyPair.ts"

/** How long a failed load or generation is remembered before the key store tries again (default 30 seconds). */
export const KeyStoreRetryInterval = Context.Reference<Duration.Input>(
  "platform-web-client/core/signing/KeyStoreRetryInterval",
  { defaultValue: () => "30 seconds" }
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

/** The site's signing key pair. */
export class KeyStore extends Context.Service<KeyStore, KeyStoreShape>()("platform-web-client/core/signing/KeyStore") {
  /** A key store over the key database and WebCrypto; its memory lives as long as the layer. */
  static readonly layer: Layer.Layer<KeyStore, never, KeyDatabase | Crypto> = Layer.effect(
    KeyStore,
    Effect.gen(function*() {
      const database = yield* KeyDatabase
      const crypto = yield* Crypto
      const retryInterval = Duration.toMillis(Duration.fromInputUnsafe(yield* KeyStoreRetryInterval))
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

      const generate = (location: KeyLocation) =>
        Effect.gen(function*() {
          const generated = yield* crypto.generateSigningKeyPair.pipe(
            Effect.mapError((cause) =>
              new SigningFailure({ kind: "UpdateKeyPairFailed", detail: "key pair generation failed", cause })
            )
          )
          const pair = decodePair(generated)
          if (Result.isFailure(pair)) {
            return yield* new SigningFailure({
              kind: "NoKeyPairFound",
              detail: "generated key pair is not a usable signing pair",
              cause: pair.failure
            })
          }
          yield* database.put(location, pair.success).pipe(
            Effect.mapError((cause) =>
              new SigningFailure({ kind: "UpdateKeyPairFailed", detail: "new key pair could not be stored", cause })
            )
          )
          yield* Effect.logInfo("Generated and stored a new signing key pair")
          return pair.success
        })

      const load = (location: KeyLocation) =>
        Effect.gen(function*() {
          const stored = yield* database.get(location).pipe(
            Effect.mapError((cause) =>
              new SigningFailure({ kind: "GetKeyPairFailed", detail: "key pair could not be read", cause })
            )
          )
          if (stored === undefined) return yield* generate(location)
          const pair = decodePair(stored)
          if (Result.isSuccess(pair)) return pair.success
          yield* Effect.logWarning("Stored signing key pair is not usable; replacing it")
          return yield* generate(location)
        })

      const slow = (location: KeyLocation, key: string) =>
        lock.withPermits(1)(Effect.gen(function*() {
          const now = yield* Clock.currentTimeMillis
          const entry = entries.get(key)
          if (entry?._tag === "Ready") return yield* entry.pair
          if (entry?._tag === "Failed" && now < entry.until) return yield* entry.failure
          const loaded = yield* Effect.result(load(location))
          if (Result.isSuccess(loaded)) {
            entries.set(key, { _tag: "Ready", pair: Effect.succeed(loaded.success) })
            return loaded.success
          }
          entries.set(key, { _tag: "Failed", failure: loaded.failure, until: now + retryInterval })
          return yield* loaded.failure
        }))

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
