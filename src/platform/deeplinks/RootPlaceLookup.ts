/**
 * RootPlaceLookup: the root place of a universe, which game-details links and share links navigate to.
 *
 * The layer calls the games service through the typed {@link GamesClient}: `GET /v1/games?universeIds={id}`
 * (`games.getGames`), and reads `rootPlaceId` of the answer's entry whose `id` is the universe. The list of calls
 * names `POST /v1/games` for this (API-15); the published games document has no such call, only the GET
 * with the same answer, so the lookup follows the document (docs/platform-clients.md, "Decisions"). An answer
 * without that entry is `NotFound`; a failed call or an answer that does not decode is `RequestFailed`.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { PlatformConfig } from "../../core/config/PlatformConfig.ts"
import type { PlatformHttp } from "../../core/http/PlatformHttp.ts"
import { GamesClient } from "../clients/PlatformClients.ts"

/** The lookup failed: the request failed (`RequestFailed`) or the answer has no place for it (`NotFound`). */
export class RootPlaceLookupError extends Data.TaggedError("RootPlaceLookupError")<{
  readonly reason: "NotFound" | "RequestFailed"
  readonly universeId: number
}> {
  override get message(): string {
    return this.reason === "NotFound"
      ? `No root place found for universe ${this.universeId}`
      : `Root place lookup of universe ${this.universeId} failed`
  }
}

/** The shape of the lookup. */
export interface RootPlaceLookupShape {
  readonly rootPlaceId: (universeId: number) => Effect.Effect<number, RootPlaceLookupError>
}

/** Root places of universes. */
export class RootPlaceLookup extends Context.Service<RootPlaceLookup, RootPlaceLookupShape>()(
  "platform-web-client/platform/deeplinks/RootPlaceLookup"
) {
  /** The lookup over the games client (built here over PlatformHttp); failures are logged at Debug with their tag. */
  static readonly layer: Layer.Layer<RootPlaceLookup, never, PlatformHttp | PlatformConfig> = Layer.effect(
    RootPlaceLookup,
    Effect.gen(function* () {
      const { games } = yield* GamesClient
      return RootPlaceLookup.of({
        rootPlaceId: (universeId) =>
          games.getGames({ query: { universeIds: [universeId] } }).pipe(
            Effect.catch((error) =>
              Effect.logDebug(`Root place lookup failed: ${error._tag}`).pipe(
                Effect.andThen(Effect.fail(new RootPlaceLookupError({ reason: "RequestFailed", universeId })))
              )
            ),
            Effect.flatMap(({ data }) => {
              const place = data.find((g) => g.id === universeId)?.rootPlaceId
              return place !== undefined && Number.isSafeInteger(place) && place > 0
                ? Effect.succeed(place)
                : Effect.fail(new RootPlaceLookupError({ reason: "NotFound", universeId }))
            })
          )
      })
    })
  ).pipe(Layer.provide(GamesClient.layer))

  /** A lookup from a fixed table (tests, demos): universes missing from it are `NotFound`. */
  static fromTable(table: Readonly<Record<number, number>>): Layer.Layer<RootPlaceLookup> {
    return Layer.succeed(RootPlaceLookup, {
      rootPlaceId: (universeId) =>
        Object.hasOwn(table, universeId)
          ? Effect.succeed(table[universeId]!)
          : Effect.fail(new RootPlaceLookupError({ reason: "NotFound", universeId }))
    })
  }
}
