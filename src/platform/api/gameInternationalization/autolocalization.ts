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
import { get, group, patch, post } from "../definition.ts"
import { AutoscrapeCleanupRequest, CreatorToolErrors, GameAutolocalizationInfo } from "../localizationSchemas.ts"
import { EmptyResponse, Id } from "../sharedSchemas.ts"

const errors = CreatorToolErrors

/** `POST /v1/autolocalization/games/{gameId}/autoscrape-cleanup-request`. */
export const requestAutolocalizationCleanup = post(
  "requestAutolocalizationCleanup",
  "/v1/autolocalization/games/:gameId/autoscrape-cleanup-request",
  {
    params: { gameId: Id },
    payload: AutoscrapeCleanupRequest,
    success: EmptyResponse,
    errors: errors
  }
)

/** `GET /v1/autolocalization/games/{gameId}`. */
export const getAutolocalization = get("getAutolocalization", "/v1/autolocalization/games/:gameId", {
  params: { gameId: Id },
  success: GameAutolocalizationInfo,
  errors: errors
})

/** `PATCH /v1/autolocalization/games/{gameId}`. */
export const enableAutolocalization = patch("enableAutolocalization", "/v1/autolocalization/games/:gameId", {
  params: { gameId: Id },
  success: GameAutolocalizationInfo,
  errors: errors
})

/** The autolocalization endpoints. */
export const AutolocalizationGroup = group(
  "autolocalization",
  requestAutolocalizationCleanup,
  getAutolocalization,
  enableAutolocalization
)
