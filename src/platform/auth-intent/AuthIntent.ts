/**
 * AuthIntent: the games a person wanted to play when asked to sign in, kept in browser storage so they can be
 * offered after sign-in or sign-up (AUTH-1 to AUTH-4).
 *
 * Storage: the KeyValueStore key `RBXAuthIntent` holds JSON keyed by user id, with `-1` for the unclaimed entry
 * written before sign-in; each entry is `{ "gameList": [{ "gameId": 1818, "clientEpochTimestamp": 1700000000 }] }`
 * (timestamps in whole seconds of the Effect Clock), oldest first.
 *
 * Rules: a list keeps at most 20 games; re-adding a game replaces its old entry (it becomes the newest); beyond 20
 * the oldest is dropped. {@link AuthIntentShape.claim} moves the unclaimed entry to the user who just signed in or
 * up, merged with what that user already had (by timestamp, re-added games replaced, at most 20).
 *
 * Outside input is decoded: a value that is not JSON counts as empty, and entries or games that do not decode are
 * dropped (logged at Debug) while the others are kept. A failed save, or a read failure before a save (the save is
 * then skipped so nothing readable is overwritten), is logged at Error as `Error setting AuthIntent data:` with the
 * error as one line (`StorageError: Storage set of "RBXAuthIntent" failed: QuotaExceeded`; never the error object,
 * whose `cause` is whatever the store threw); no operation fails.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as Semaphore from "effect/Semaphore"
import { describeError } from "../../core/browser/errorSummary.ts"
import { KeyValueStore } from "../../core/browser/KeyValueStore.ts"
import { PlatformConfig } from "../../core/config/PlatformConfig.ts"

/** The storage key (AUTH-1). */
export const authIntentKey = "RBXAuthIntent"

/** The user id of the unclaimed, pre-sign-in entry. */
export const unclaimedUserId = -1

/** The longest game list (AUTH-3). */
export const maxAuthIntentGames = 20

/** The log line of a failed save (AUTH-4). */
export const authIntentSaveErrorMessage = "Error setting AuthIntent data:"

/** One game a person meant to play. */
export interface GameIntent {
  readonly gameId: number
  /** When it was added, in whole seconds since the epoch. */
  readonly clientEpochTimestamp: number
}

/** A positive integer id, as a number or a string of digits (read leniently, written as a number). */
const GameId = Schema.Union([
  Schema.Int.check(Schema.isGreaterThan(0)),
  Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThan(0))
])

/** One stored game. */
export const GameIntentSchema = Schema.Struct({
  gameId: GameId,
  clientEpochTimestamp: Schema.Finite
})

const Entry = Schema.Struct({ gameList: Schema.Array(Schema.Unknown) })
const Stored = Schema.fromJsonString(Schema.Record(Schema.String, Schema.Unknown))

/** The stored lists, by user id (as the string key). */
type Lists = Map<string, ReadonlyArray<GameIntent>>

const decodeGame = Schema.decodeUnknownOption(GameIntentSchema)
const decodeEntry = Schema.decodeUnknownOption(Entry)
const decodeStored = Schema.decodeUnknownOption(Stored)

/** Decode the stored value; undecodable parts are dropped and counted. */
export const decodeAuthIntent = (raw: string | undefined): { readonly lists: Lists; readonly dropped: number } => {
  const lists: Lists = new Map()
  let dropped = 0
  if (raw === undefined) return { lists, dropped }
  const stored = decodeStored(raw)
  if (Option.isNone(stored)) return { lists, dropped: 1 }
  for (const [key, value] of Object.entries(stored.value)) {
    const entry = decodeEntry(value)
    if (!/^-?\d{1,16}$/.test(key) || Option.isNone(entry)) {
      dropped++
      continue
    }
    const games: Array<GameIntent> = []
    for (const item of entry.value.gameList) {
      const game = decodeGame(item)
      if (Option.isSome(game))
        games.push({ gameId: game.value.gameId, clientEpochTimestamp: game.value.clientEpochTimestamp })
      else dropped++
    }
    lists.set(key, games)
  }
  return { lists, dropped }
}

/** The JSON written for the lists (empty lists are left out). */
export const encodeAuthIntent = (lists: Lists): string => {
  const out: Record<string, { gameList: ReadonlyArray<GameIntent> }> = {}
  for (const [key, gameList] of lists) if (gameList.length > 0) out[key] = { gameList }
  return JSON.stringify(out)
}

/** `games` with `game` added as the newest (an older entry of the same game removed), at most 20. */
export const addGameIntent = (games: ReadonlyArray<GameIntent>, game: GameIntent): ReadonlyArray<GameIntent> =>
  [...games.filter((g) => g.gameId !== game.gameId), game].slice(-maxAuthIntentGames)

/** Two lists merged: each game once (its newer entry), ordered by timestamp (stable), at most 20. */
export const mergeGameIntents = (
  older: ReadonlyArray<GameIntent>,
  newer: ReadonlyArray<GameIntent>
): ReadonlyArray<GameIntent> => {
  const byGame = new Map<number, GameIntent>()
  for (const game of [...older, ...newer]) {
    const seen = byGame.get(game.gameId)
    if (seen === undefined || game.clientEpochTimestamp >= seen.clientEpochTimestamp) {
      byGame.delete(game.gameId)
      byGame.set(game.gameId, game)
    }
  }
  return [...byGame.values()]
    .map((g, i) => [g, i] as const)
    .sort(([a, i], [b, j]) => a.clientEpochTimestamp - b.clientEpochTimestamp || i - j)
    .map(([g]) => g)
    .slice(-maxAuthIntentGames)
}

/** The shape of auth intent. */
export interface AuthIntentShape {
  /** The games of a user (default: the current user, or the unclaimed entry for a guest), oldest first. */
  readonly games: (userId?: number) => Effect.Effect<ReadonlyArray<GameIntent>>
  /** Add a game for a user (default as in `games`); it becomes the newest. */
  readonly addGame: (gameId: number, userId?: number) => Effect.Effect<void>
  /** Remove a game from a user's list (default as in `games`). */
  readonly removeGame: (gameId: number, userId?: number) => Effect.Effect<void>
  /** After sign-in or sign-up: move the unclaimed entry to `userId`. Nothing happens when there is none. */
  readonly claim: (userId: number) => Effect.Effect<void>
}

/** Auth intent in browser storage. */
export class AuthIntent extends Context.Service<AuthIntent, AuthIntentShape>()(
  "platform-web-client/platform/auth-intent/AuthIntent"
) {
  /** Auth intent over the KeyValueStore; the current user comes from PlatformConfig. */
  static readonly layer: Layer.Layer<AuthIntent, never, KeyValueStore | PlatformConfig> = Layer.effect(
    AuthIntent,
    Effect.gen(function* () {
      const store = yield* KeyValueStore
      const config = yield* PlatformConfig
      const lock = yield* Semaphore.make(1)
      const userKey = (userId: number | undefined) =>
        String(userId ?? (config.user.authenticated && config.user.id !== undefined ? config.user.id : unclaimedUserId))

      const read = Effect.flatMap(store.get(authIntentKey), (raw) => {
        const decoded = decodeAuthIntent(raw)
        return decoded.dropped === 0
          ? Effect.succeed(decoded.lists)
          : Effect.as(Effect.logDebug(`AuthIntent: ${decoded.dropped} unreadable part(s) dropped`), decoded.lists)
      })

      /** Read, change, write back; every failure is logged, never raised. */
      const update = (change: (lists: Lists, now: number) => boolean) =>
        lock.withPermit(
          Effect.gen(function* () {
            const lists = yield* read
            const now = Math.floor((yield* Clock.currentTimeMillis) / 1000)
            if (change(lists, now)) yield* store.set(authIntentKey, encodeAuthIntent(lists))
          }).pipe(Effect.catch((error) => Effect.logError(authIntentSaveErrorMessage, describeError(error))))
        )

      return AuthIntent.of({
        games: (userId) =>
          read.pipe(
            Effect.map((lists) => lists.get(userKey(userId)) ?? []),
            Effect.catch((error) => Effect.as(Effect.logDebug(`AuthIntent unreadable: ${error.reason}`), []))
          ),
        addGame: (gameId, userId) =>
          update((lists, now) => {
            const key = userKey(userId)
            lists.set(key, addGameIntent(lists.get(key) ?? [], { gameId, clientEpochTimestamp: now }))
            return true
          }),
        removeGame: (gameId, userId) =>
          update((lists) => {
            const key = userKey(userId)
            const games = lists.get(key) ?? []
            const kept = games.filter((g) => g.gameId !== gameId)
            if (kept.length === games.length) return false
            lists.set(key, kept)
            return true
          }),
        claim: (userId) =>
          update((lists) => {
            const unclaimed = lists.get(String(unclaimedUserId))
            if (unclaimed === undefined || userId === unclaimedUserId) return false
            lists.delete(String(unclaimedUserId))
            lists.set(String(userId), mergeGameIntents(lists.get(String(userId)) ?? [], unclaimed))
            return true
          })
      })
    })
  )
}
