/**
 * PresenceLookup: where users are, batched (SOC-11, API-20): `POST /v1/presence/users` with at most 100 user ids per
 * request, after the platform's default 250 ms window. Concurrent lookups share requests. Presence changes, so
 * nothing is remembered between lookups unless `PresenceLookup.layerWith({ memoize: true })` asks for it: then at
 * most 1,000 users, each for 30 seconds ({@link platformMemoBounds}); `clear(userId)` and `clearAll` forget them.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { type LookupOptions, lookupMemo, platformBatchPresets, platformMemoBounds } from "../batchPresets.ts"
import type { BatchFailure } from "../../core/batch/BatchFailure.ts"
import * as BatchProcessor from "../../core/batch/BatchProcessor.ts"
import type { UserPresence } from "../api/presence.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import { PresenceClient } from "../clients/PlatformClients.ts"
import { isTransient } from "../clients/transient.ts"

/** The shape of PresenceLookup. */
export interface PresenceLookupShape {
  /** The presence of one user; a user the service does not answer for is rejected as `unretriableFailure`. */
  readonly get: (userId: number) => Effect.Effect<UserPresence, BatchFailure>
  /**
   * The presences of these users by id. Users the service leaves out are absent from the map; a failed request
   * (after its retries) fails the whole lookup.
   */
  readonly lookup: (userIds: ReadonlyArray<number>) => Effect.Effect<ReadonlyMap<number, UserPresence>, BatchFailure>
  /** Forget the remembered presence of this user (when remembering is on). */
  readonly clear: (userId: number) => Effect.Effect<void>
  /** Forget every remembered presence. */
  readonly clearAll: Effect.Effect<void>
  /** Requests sent so far, keys pending and presences remembered, for diagnostics. */
  readonly stats: () => BatchProcessor.BatchStats
}

const make = (options: LookupOptions) => Effect.gen(function*() {
  const client = yield* PresenceClient
  const processor = yield* BatchProcessor.make<number, UserPresence, PlatformCallError>({
    ...platformBatchPresets.presence,
    onMissing: "reject",
    memoize: lookupMemo(options.memoize, platformMemoBounds.presence, false),
    isRetriable: isTransient,
    process: (userIds) =>
      Effect.map(
        client.presence.getPresences({ payload: { userIds } }),
        (answer) => new Map(answer.userPresences.map((presence) => [presence.userId, presence]))
      )
  })
  const lookup = (userIds: ReadonlyArray<number>) =>
    Effect.map(
      Effect.forEach(
        [...new Set(userIds)],
        (id) =>
          processor.get(id).pipe(
            Effect.map((presence) => [id, presence] as const),
            // left out of the answer: no presence for this user
            Effect.catchIf((failure) => failure.reason === "unretriableFailure", () => Effect.succeed(undefined))
          ),
        { concurrency: "unbounded" }
      ),
      (pairs) => new Map(pairs.filter((pair) => pair !== undefined))
    )
  return PresenceLookup.of({
    get: processor.get,
    lookup,
    clear: processor.clear,
    clearAll: processor.clearAll,
    stats: processor.stats
  })
})

/** Presence by user id, batched; see the module doc. */
export class PresenceLookup extends Context.Service<PresenceLookup, PresenceLookupShape>()(
  "platform-web-client/platform/social/PresenceLookup"
) {
  /** The lookup over the PresenceClient, for the life of the layer, with `options` (whether it remembers). */
  static layerWith(options: LookupOptions): Layer.Layer<PresenceLookup, never, PresenceClient> {
    return Layer.effect(PresenceLookup, make(options))
  }

  /** The lookup over the PresenceClient, for the life of the layer, remembering nothing. */
  static readonly layer: Layer.Layer<PresenceLookup, never, PresenceClient> = PresenceLookup.layerWith({})
}
