/**
 * Autolocalization of a game on the game internationalization service (API-3): its information, turning it on,
 * and flushing old scraped entries (3 calls no published document describes, so they keep the spec).
 *
 * `GET`/`PATCH /v1/autolocalization/games/{gameId}` are listed without a body: GET answers the game's
 * autolocalization information; PATCH turns autolocalization on (creating the automatic table if the game has
 * none) and answers the same information. The automatic table and settings calls of API-3 are
 * published on the localization tables service and defined there (`localizationTables/autolocalization.ts`).
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { AutoscrapeCleanupRequest, CreatorToolErrors, GameAutolocalizationInfo } from "../localizationSchemas.ts"
import { EmptyResponse, Id } from "../sharedSchemas.ts"

const errors = CreatorToolErrors

/** The autolocalization endpoints. */
export class AutolocalizationGroup extends HttpApiGroup.make("autolocalization").add(
  HttpApiEndpoint.post("requestAutolocalizationCleanup", "/v1/autolocalization/games/:gameId/autoscrape-cleanup-request", {
    params: { gameId: Id },
    payload: AutoscrapeCleanupRequest,
    success: EmptyResponse,
    error: errors
  }),
  HttpApiEndpoint.get("getAutolocalization", "/v1/autolocalization/games/:gameId", {
    params: { gameId: Id },
    success: GameAutolocalizationInfo,
    error: errors
  }),
  HttpApiEndpoint.patch("enableAutolocalization", "/v1/autolocalization/games/:gameId", {
    params: { gameId: Id },
    success: GameAutolocalizationInfo,
    error: errors
  })
) {}
