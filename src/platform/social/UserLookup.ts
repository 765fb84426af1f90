/**
 * UserLookup: users by id, batched (SOC-1): `POST /v1/users` with at most 100 ids per request and
 * `excludeBannedUsers: true`, after a 1000 ms window opened by the first id asked. Concurrent lookups share
 * requests. A resolved user is remembered, within a bound: by default at most 2,000 users (the least recently used
 * forgotten first), each for 15 minutes ({@link platformMemoBounds}); `UserLookup.layerWith({ memoize })` changes it,
 * `clear(userId)` and `clearAll` forget users (after a user renamed themselves, at sign-out).
 *
 * A user the answer leaves out (banned, deleted, unknown) is rejected with `BatchFailure` `unretriableFailure`
 * ({@link get}) or simply absent ({@link UserLookupShape.find}). A failed request is retried (5xx, 429, no answer) after
 * the batch cooldown, at most twice.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type LookupOptions, lookupMemo, platformBatchPresets, platformMemoBounds } from "../batchPresets.ts"
import type { BatchFailure } from "../../core/batch/BatchFailure.ts"
import * as BatchProcessor from "../../core/batch/BatchProcessor.ts"
import type { LookupUser } from "../api/users.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import { isTransientFailure } from "../../core/http/transientFailure.ts"
import { UsersClient } from "../clients/PlatformClients.ts"

/** The shape of UserLookup. */
export interface UserLookupShape {
  /** The user with this id. */
  readonly get: (userId: number) => Effect.Effect<LookupUser, BatchFailure>
  /** The users found among these ids, in the order asked; the others are left out (failures logged). */
  readonly find: (userIds: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<LookupUser>>
  /** Forget the remembered user with this id (the next lookup fetches it). */
  readonly clear: (userId: number) => Effect.Effect<void>
  /** Forget every remembered user. */
  readonly clearAll: Effect.Effect<void>
  /** Requests sent so far, keys pending and users remembered, for diagnostics. */
  readonly stats: () => BatchProcessor.BatchStats
}

const make = (options: LookupOptions) =>
  Effect.gen(function* () {
    const client = yield* UsersClient
    const processor = yield* BatchProcessor.make<number, LookupUser, PlatformCallError>({
      ...platformBatchPresets.users,
      memoize: lookupMemo(options.memoize, platformMemoBounds.users, true),
      onMissing: "reject",
      isRetriable: isTransientFailure,
      process: (userIds) =>
        Effect.map(
          client.users.lookupUsers({ payload: { userIds, excludeBannedUsers: true } }),
          (answer) => new Map(answer.data.map((user) => [user.id, user]))
        )
    })
    const find = (userIds: ReadonlyArray<number>) =>
      Effect.map(
        Effect.forEach(userIds, (id) => Effect.option(processor.get(id)), { concurrency: "unbounded" }),
        (found) => found.flatMap((user) => (user._tag === "Some" ? [user.value] : []))
      )
    return UserLookup.of({
      get: processor.get,
      find,
      clear: processor.clear,
      clearAll: processor.clearAll,
      stats: processor.stats
    })
  })

/** Users by id, batched; see the module doc. */
export class UserLookup extends Context.Service<UserLookup, UserLookupShape>()(
  "platform-web-client/platform/social/UserLookup"
) {
  /** The lookup over the UsersClient, for the life of the layer, with `options` (what it remembers). */
  static layerWith(options: LookupOptions): Layer.Layer<UserLookup, never, UsersClient> {
    return Layer.effect(UserLookup, make(options))
  }

  /** The lookup over the UsersClient, for the life of the layer, remembering users within the default bound. */
  static readonly layer: Layer.Layer<UserLookup, never, UsersClient> = UserLookup.layerWith({})
}
