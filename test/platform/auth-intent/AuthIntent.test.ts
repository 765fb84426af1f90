import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { KeyValueStore } from "../../../src/core/browser/KeyValueStore.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import {
  AuthIntent,
  authIntentKey,
  authIntentSaveErrorMessage,
  maxAuthIntentGames
} from "../../../src/platform/auth-intent/AuthIntent.ts"
import {
  MemoryKeyValueStore,
  type MemoryKeyValueStoreOptions
} from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { loggedAt, remoteStoreFailing, remoteStoreToken } from "../../security/support.ts"

const signedIn: PlatformConfigInput = { user: { id: 42, authenticated: true } }

const layer = (storage: MemoryKeyValueStoreOptions = {}, config: PlatformConfigInput = {}) =>
  AuthIntent.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(MemoryKeyValueStore.layer(storage), PlatformConfig.layer(config))),
    Layer.provideMerge(MemoryLogger.layer())
  )

const stored = Effect.gen(function* () {
  const raw = (yield* (yield* MemoryKeyValueStore).entries).get(authIntentKey)
  return raw === undefined ? undefined : JSON.parse(raw)
})

const errors = Effect.map(
  MemoryLogger.use((l) => l.entries),
  (entries) => entries.filter((e) => e.level === "Error").map((e) => e.text)
)

const at = (seconds: number) => TestClock.setTime(seconds * 1000 + 999)

describe("AuthIntent (AUTH-1 to AUTH-4)", () => {
  it.effect("a guest's game is stored under -1 with a timestamp in seconds", () =>
    Effect.gen(function* () {
      yield* at(1_700_000_000)
      yield* AuthIntent.use((a) => a.addGame(1818))
      assert.deepStrictEqual(yield* stored, {
        "-1": { gameList: [{ gameId: 1818, clientEpochTimestamp: 1_700_000_000 }] }
      })
      assert.deepStrictEqual(yield* AuthIntent.use((a) => a.games()), [
        { gameId: 1818, clientEpochTimestamp: 1_700_000_000 }
      ])
    }).pipe(Effect.provide(layer()))
  )

  it.effect("a signed-in user's game is stored under the user's id", () =>
    Effect.gen(function* () {
      yield* AuthIntent.use((a) => a.addGame(7))
      assert.deepStrictEqual(Object.keys(yield* stored), ["42"])
      assert.deepStrictEqual(yield* AuthIntent.use((a) => a.games(-1)), [])
    }).pipe(Effect.provide(layer({}, signedIn)))
  )

  it.effect("re-adding a game replaces its entry and makes it the newest", () =>
    Effect.gen(function* () {
      const intent = yield* AuthIntent
      yield* at(10)
      yield* intent.addGame(1)
      yield* at(20)
      yield* intent.addGame(2)
      yield* at(30)
      yield* intent.addGame(1)
      assert.deepStrictEqual(yield* intent.games(), [
        { gameId: 2, clientEpochTimestamp: 20 },
        { gameId: 1, clientEpochTimestamp: 30 }
      ])
    }).pipe(Effect.provide(layer()))
  )

  it.effect(`at most ${maxAuthIntentGames} games: the oldest is dropped`, () =>
    Effect.gen(function* () {
      const intent = yield* AuthIntent
      for (let id = 1; id <= 21; id++) {
        yield* at(id)
        yield* intent.addGame(id)
      }
      const games = yield* intent.games()
      assert.strictEqual(games.length, 20)
      assert.deepStrictEqual(
        games.map((g) => g.gameId),
        Array.from({ length: 20 }, (_, i) => i + 2)
      )
    }).pipe(Effect.provide(layer()))
  )

  it.effect("sign-in or sign-up moves the unclaimed entry to the user", () =>
    Effect.gen(function* () {
      const intent = yield* AuthIntent
      yield* at(5)
      yield* intent.addGame(3)
      yield* intent.claim(42)
      assert.deepStrictEqual(yield* stored, { "42": { gameList: [{ gameId: 3, clientEpochTimestamp: 5 }] } })
    }).pipe(Effect.provide(layer()))
  )

  it.effect("claiming merges with the user's games by time, replacing re-added ones; other users are kept", () =>
    Effect.gen(function* () {
      yield* AuthIntent.use((a) => a.claim(42))
      assert.deepStrictEqual(yield* stored, {
        "42": {
          gameList: [
            { gameId: 3, clientEpochTimestamp: 20 },
            { gameId: 2, clientEpochTimestamp: 30 },
            { gameId: 1, clientEpochTimestamp: 40 }
          ]
        },
        "7": { gameList: [{ gameId: 9, clientEpochTimestamp: 1 }] }
      })
    }).pipe(
      Effect.provide(
        layer({
          initial: {
            [authIntentKey]: JSON.stringify({
              "42": {
                gameList: [
                  { gameId: 1, clientEpochTimestamp: 10 },
                  { gameId: 2, clientEpochTimestamp: 30 }
                ]
              },
              "-1": {
                gameList: [
                  { gameId: 1, clientEpochTimestamp: 40 },
                  { gameId: 3, clientEpochTimestamp: 20 }
                ]
              },
              "7": { gameList: [{ gameId: 9, clientEpochTimestamp: 1 }] }
            })
          }
        })
      )
    )
  )

  it.effect("a claim keeps at most 20 games, the newest", () =>
    Effect.gen(function* () {
      yield* AuthIntent.use((a) => a.claim(42))
      const games = yield* AuthIntent.use((a) => a.games(42))
      assert.deepStrictEqual(
        games.map((g) => g.clientEpochTimestamp),
        Array.from({ length: 20 }, (_, i) => i + 11)
      )
    }).pipe(
      Effect.provide(
        layer({
          initial: {
            [authIntentKey]: JSON.stringify({
              "42": {
                gameList: Array.from({ length: 15 }, (_, i) => ({ gameId: 100 + i, clientEpochTimestamp: 2 * i + 2 }))
              },
              "-1": {
                gameList: Array.from({ length: 15 }, (_, i) => ({ gameId: 200 + i, clientEpochTimestamp: 2 * i + 1 }))
              }
            })
          }
        })
      )
    )
  )

  it.effect("claiming without an unclaimed entry writes nothing", () =>
    Effect.gen(function* () {
      yield* AuthIntent.use((a) => a.claim(42))
      assert.strictEqual(yield* stored, undefined)
    }).pipe(Effect.provide(layer()))
  )

  it.effect("removing a game", () =>
    Effect.gen(function* () {
      const intent = yield* AuthIntent
      yield* intent.addGame(1)
      yield* intent.addGame(2)
      yield* intent.removeGame(1)
      assert.deepStrictEqual(
        (yield* intent.games()).map((g) => g.gameId),
        [2]
      )
      yield* intent.removeGame(2)
      assert.deepStrictEqual(yield* stored, {})
    }).pipe(Effect.provide(layer()))
  )

  it.effect("a failed save logs 'Error setting AuthIntent data:' and fails nothing", () =>
    Effect.gen(function* () {
      yield* AuthIntent.use((a) => a.addGame(1))
      yield* AuthIntent.use((a) => a.claim(42))
      const quota = `${authIntentSaveErrorMessage} StorageError: Storage set of "RBXAuthIntent" failed: QuotaExceeded`
      assert.deepStrictEqual(yield* errors, [quota, quota])
      assert.strictEqual(authIntentSaveErrorMessage, "Error setting AuthIntent data:")
      assert.deepStrictEqual(yield* stored, { "-1": { gameList: [{ gameId: 5, clientEpochTimestamp: 1 }] } })
    }).pipe(
      Effect.provide(
        layer({
          mode: "full",
          initial: { [authIntentKey]: JSON.stringify({ "-1": { gameList: [{ gameId: 5, clientEpochTimestamp: 1 }] } }) }
        })
      )
    )
  )

  it.effect(
    "a failed save's log line is one line of the error's tag and message: never what the store threw, nor the value",
    () =>
      Effect.gen(function* () {
        yield* AuthIntent.use((a) => a.addGame(1818))
        const { everything, messages } = yield* loggedAt("Error")
        assert.deepStrictEqual(messages, [
          [authIntentSaveErrorMessage, `StorageError: Storage set of "RBXAuthIntent" failed: Unknown`]
        ])
        assert.notInclude(everything, remoteStoreToken)
        assert.notInclude(everything, "1818")
      }).pipe(
        Effect.provide(
          AuthIntent.layer.pipe(
            Layer.provideMerge(
              Layer.mergeAll(Layer.succeed(KeyValueStore, remoteStoreFailing), PlatformConfig.layer({}))
            ),
            Layer.provideMerge(MemoryLogger.layer())
          )
        )
      )
  )

  it.effect("disabled storage: no games, and a save logs the error", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* AuthIntent.use((a) => a.games()), [])
      yield* AuthIntent.use((a) => a.addGame(1))
      assert.deepStrictEqual(yield* errors, [
        `${authIntentSaveErrorMessage} StorageError: Storage get of "RBXAuthIntent" failed: Unavailable`
      ])
    }).pipe(Effect.provide(layer({ mode: "disabled" })))
  )

  const corrupt: ReadonlyArray<readonly [string, string, unknown]> = [
    ["not JSON", "{nope", { "-1": { gameList: [{ gameId: 1, clientEpochTimestamp: 0 }] } }],
    ["a JSON array", "[1,2]", { "-1": { gameList: [{ gameId: 1, clientEpochTimestamp: 0 }] } }],
    [
      "bad entries and games are dropped, good ones kept, digit strings read",
      JSON.stringify({
        "7": { gameList: [{ gameId: "12", clientEpochTimestamp: 3 }, { gameId: -1, clientEpochTimestamp: 3 }, "x"] },
        "8": "nope",
        abc: { gameList: [] },
        "9": { gameList: [{ gameId: 4 }] }
      }),
      {
        "7": { gameList: [{ gameId: 12, clientEpochTimestamp: 3 }] },
        "-1": { gameList: [{ gameId: 1, clientEpochTimestamp: 0 }] }
      }
    ]
  ]
  for (const [name, raw, after] of corrupt) {
    it.effect(`unreadable storage: ${name}`, () =>
      Effect.gen(function* () {
        yield* AuthIntent.use((a) => a.addGame(1))
        assert.deepStrictEqual(yield* stored, after)
        assert.deepStrictEqual(yield* errors, [])
      }).pipe(Effect.provide(layer({ initial: { [authIntentKey]: raw } })))
    )
  }
})
