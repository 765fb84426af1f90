/**
 * PresenceLookup: where users are, batched (SOC-11, API-20): `POST /v1/presence/users` with at most 100 user ids per
 * request, after the platform's default 250 ms window. Concurrent lookups share requests. Presence changes, so
 * nothing is remembered between lookups unless `PresenceLookup.layerWith({ memoize: true })` asks for it: then at
 * most 1,000 users, each for 30 seconds ({@link platformMemoBounds}); `clear(userId)` and `clearAll` forget them.
 *
 * Two ways to ask, by what the caller does with a failure:
 * - `get` and `lookup` retry a failed request (no answer, 5xx, 429) `retries` times, 2 unless set, each after
 *   `cooldownMs`, 1000 ms unless set ({@link PresenceLookupOptions}), then fail with the batch's `BatchFailure`
 *   (what `Friends.page` swallows);
 * - `fetch`, for UI code (a query): the same batching, one attempt, no retry (a query decides whether to retry),
 *   failing with the request's typed error (`PlatformCallError`).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type LookupOptions, lookupMemo, platformBatchPresets, platformMemoBounds } from "../batchPresets.ts"
import { fixedCooldown } from "../../core/batch/BatchDefaults.ts"
import type { BatchFailure } from "../../core/batch/BatchFailure.ts"
import * as BatchProcessor from "../../core/batch/BatchProcessor.ts"
import type { UserPresence } from "../api/presence.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import { PresenceClient } from "../clients/PlatformClients.ts"
import { isTransientFailure } from "../../core/http/transientFailure.ts"
import { callErrorOf } from "./callError.ts"

/** The shape of PresenceLookup. */
export interface PresenceLookupShape {
  /** The presence of one user; a user the service does not answer for is rejected as `unretriableFailure`. */
  readonly get: (userId: number) => Effect.Effect<UserPresence, BatchFailure>
  /**
   * The presences of these users by id. Users the service leaves out are absent from the map; a failed request
   * (after its retries) fails the whole lookup.
   */
  readonly lookup: (userIds: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, UserPresence>, BatchFailure>
  /**
   * The presences of these users by id, for UI code: one attempt, failing with the request's typed error. Users the
   * service leaves out are absent from the map.
   */
  readonly fetch: (
    userIds: ReadonlyArray<number>
  ) => Effect.Effect<ReadonlyMap<number, UserPresence>, PlatformCallError>
  /** Forget the remembered presence of this user (when remembering is on). */
  readonly clear: (userId: number) => Effect.Effect<void>
  /** Forget every remembered presence. */
  readonly clearAll: Effect.Effect<void>
  /** Requests sent so far, keys pending and presences remembered, for diagnostics. */
  readonly stats: () => BatchProcessor.BatchStats
}

/** Options of {@link PresenceLookup.layerWith}: what it remembers, and how `get` and `lookup` retry. */
export interface PresenceLookupOptions extends LookupOptions {
  /** Retries after the first attempt of a request that got no answer, a 5xx or a 429 (default 2: 3 attempts). */
  readonly retries?: number
  /** Milliseconds before each retry (default 1000). */
  readonly cooldownMs?: number
}

/** The presences of `userIds` through `get`: those the answer left out are absent; other rejections go on. */
const presencesOf = <E>(
  userIds: ReadonlyArray<number>,
  get: (id: number) => Effect.Effect<UserPresence, E>,
  missing: (e: E) => boolean
) =>
  Effect.map(
    Effect.forEach(
      [...new Set(userIds)],
      (id) =>
        get(id).pipe(
          Effect.map((presence) => [id, presence] as const),
          // left out of the answer: no presence for this user
          Effect.catchIf(missing, () => Effect.succeed(undefined))
        ),
      { concurrency: "unbounded" }
    ),
    (pairs) => new Map(pairs.filter((pair) => pair !== undefined))
  )

const isMissing = (failure: BatchFailure) => failure.reason === "unretriableFailure"

const make = (options: PresenceLookupOptions) =>
  Effect.gen(function* () {
    const client = yield* PresenceClient
    const common = {
      ...platformBatchPresets.presence,
      onMissing: "reject",
      memoize: lookupMemo(options.memoize, platformMemoBounds.presence, false),
      isRetriable: isTransientFailure,
      process: (userIds: ReadonlyArray<number>) =>
        Effect.map(
          client.presence.getPresences({ payload: { userIds } }),
          (answer) => new Map(answer.userPresences.map((presence) => [presence.userId, presence]))
        )
    } as const
    const processor = yield* BatchProcessor.make<number, UserPresence, PlatformCallError>({
      ...common,
      maxRetries: options.retries ?? 2,
      cooldown: fixedCooldown(options.cooldownMs ?? 1000)
    })
    const once = yield* BatchProcessor.make<number, UserPresence, PlatformCallError>({ ...common, maxRetries: 0 })
    const fetchOne = (id: number) => Effect.catchIf(once.get(id), (failure) => !isMissing(failure), callErrorOf)
    return PresenceLookup.of({
      get: processor.get,
      lookup: (userIds) => presencesOf(userIds, processor.get, isMissing),
      fetch: (userIds) =>
        presencesOf(
          userIds,
          fetchOne,
          (failure: PlatformCallError | BatchFailure) => failure._tag === "BatchFailure"
        ) as Effect.Effect<ReadonlyMap<number, UserPresence>, PlatformCallError>,
      clear: processor.clear,
      clearAll: processor.clearAll,
      stats: processor.stats
    })
  })

/** Presence by user id, batched; see the module doc. */
export class PresenceLookup extends Context.Service<PresenceLookup, PresenceLookupShape>()(
  "platform-web-client/platform/social/PresenceLookup"
) {
  /** The lookup over the PresenceClient, for the life of the layer, with `options` (whether it remembers, retries). */
  static layerWith(options: PresenceLookupOptions): Layer.Layer<PresenceLookup, never, PresenceClient> {
    return Layer.effect(PresenceLookup, make(options))
  }

  /** The lookup over the PresenceClient, for the life of the layer, remembering nothing. */
  static readonly layer: Layer.Layer<PresenceLookup, never, PresenceClient> = PresenceLookup.layerWith({})
}
