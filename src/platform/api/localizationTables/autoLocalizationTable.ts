/**
 * A game's automatic localization table on the localization tables service: generate its assets, flush old scraped
 * entries, ingest scraped entries (API-10, 3 calls), and set or make the table and the
 * game's autolocalization settings (4 calls API-3 lists under the game internationalization service, whose published
 * document marks them deprecated; the localization tables document has them at the same paths, so they are here).
 * Autolocalization's other calls (its GET, its PATCH and the scrape cleanup under `/v1/autolocalization/…`) are in
 * no published document and stay on the game internationalization service.
 *
 * The spec's `PATCH /v1/auto-localization-table/games/{gameId}` is published as
 * `PATCH /v1/auto-localization-table/games/{gameId}/ingestion`, with the published entry shape (`source`, `context`,
 * `screenshot`, `meta` with the scraping session) and place information (`placeId`, `placeVersionNumber`); it still
 * takes the spec's optional `Roblox-Game-Id` header naming the game the entries were scraped in. The cleanup's
 * `maxAgeForFlush` is an ISO 8601 duration, as published.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group, patch, post } from "../definition.ts"
import { AutoscrapeCleanupRequest, CreatorToolErrors, GameAutolocalizationInfo } from "../localizationSchemas.ts"
import { EmptyResponse, Id, optionalOrNull } from "../sharedSchemas.ts"

/** The header naming the game of a request (API-11: `Roblox-Game-Id`), lower-cased on the wire. */
export const gameIdHeader = "roblox-game-id"

/** Where and how a string was scraped: the session, user and platform, and the entry it matched. */
export const AutoScrapeEntryMetadata = Schema.Struct({
  text: Schema.optional(Schema.String),
  sessionId: Schema.optional(Schema.String),
  userId: Schema.optional(Schema.Int),
  osPlatform: Schema.optional(Schema.String),
  matchedEntry: Schema.optional(
    Schema.Struct({ source: Schema.optional(Schema.String), matchedParamIndex: Schema.optional(Schema.Int) })
  )
})

/** One scraped string of an ingestion. */
export const AutoScrapedEntry = Schema.Struct({
  source: Schema.String,
  context: Schema.optional(Schema.String),
  screenshot: Schema.optional(Schema.String),
  meta: Schema.optional(AutoScrapeEntryMetadata)
})

/** The type of {@link AutoScrapedEntry}. */
export type AutoScrapedEntry = typeof AutoScrapedEntry.Type

/** The body of an ingestion: scraped entries and the place they were scraped in. */
export const AutoLocalizationTablePatch = Schema.Struct({
  entries: Schema.Array(AutoScrapedEntry),
  metadata: Schema.optional(
    Schema.Struct({
      placeInformation: Schema.optional(
        Schema.Struct({ placeId: Schema.Int, placeVersionNumber: optionalOrNull(Schema.Int) })
      )
    })
  )
})

/** The type of {@link AutoLocalizationTablePatch}. */
export type AutoLocalizationTablePatch = typeof AutoLocalizationTablePatch.Type

/** The settings patch (spec: isAutolocalizationEnabled, shouldUseLocalizationTable; published: and the entry switches). */
export const AutolocalizationSettings = Schema.Struct({
  isAutolocalizationEnabled: Schema.optional(Schema.Boolean),
  shouldUseLocalizationTable: Schema.optional(Schema.Boolean),
  isAutomaticEntriesSettingEnabled: Schema.optional(Schema.Boolean),
  isAutomaticEntriesDeletionsEnabled: Schema.optional(Schema.Boolean)
})

/** The type of {@link AutolocalizationSettings}. */
export type AutolocalizationSettings = typeof AutolocalizationSettings.Type

/** Page switches of the autolocalization settings UI. */
export const AutolocalizationMetadata = Schema.Struct({
  isReactVersionEnabledForAutoLocalizationSettings: optionalOrNull(Schema.Boolean),
  isTabbedUIEnabledForConfigureLocalizationPage: optionalOrNull(Schema.Boolean),
  isAutomaticTranslationToggleUIEnabled: optionalOrNull(Schema.Boolean),
  isAutomaticTranslationQuotaUIEnabled: optionalOrNull(Schema.Boolean)
})

/** `POST /v1/auto-localization-table/games/{gameId}/assets-generation-request`. */
export const requestAutoLocalizationTableAssets = post(
  "requestAutoLocalizationTableAssets",
  "/v1/auto-localization-table/games/:gameId/assets-generation-request",
  {
    params: { gameId: Id },
    success: EmptyResponse,
    errors: CreatorToolErrors
  }
)

/** `POST /v1/auto-localization-table/games/{gameId}/auto-scrape-cleanup-request`. */
export const requestAutoLocalizationTableCleanup = post(
  "requestAutoLocalizationTableCleanup",
  "/v1/auto-localization-table/games/:gameId/auto-scrape-cleanup-request",
  {
    params: { gameId: Id },
    payload: AutoscrapeCleanupRequest,
    success: EmptyResponse,
    errors: CreatorToolErrors
  }
)

/** `PATCH /v1/auto-localization-table/games/{gameId}/ingestion`. */
export const patchAutoLocalizationTable = patch(
  "patchAutoLocalizationTable",
  "/v1/auto-localization-table/games/:gameId/ingestion",
  {
    params: { gameId: Id },
    headers: { [gameIdHeader]: Schema.optional(Id) },
    payload: AutoLocalizationTablePatch,
    success: EmptyResponse,
    errors: CreatorToolErrors
  }
)

/** `PATCH /v1/autolocalization/games/{gameId}/autolocalizationtable`. */
export const setAutolocalizationTable = patch(
  "setAutolocalizationTable",
  "/v1/autolocalization/games/:gameId/autolocalizationtable",
  {
    params: { gameId: Id },
    payload: Schema.Struct({ tableId: Schema.String }),
    success: EmptyResponse,
    errors: CreatorToolErrors
  }
)

/** `POST /v1/autolocalization/games/{gameId}/autolocalizationtable`. */
export const createAutolocalizationTable = post(
  "createAutolocalizationTable",
  "/v1/autolocalization/games/:gameId/autolocalizationtable",
  {
    params: { gameId: Id },
    success: GameAutolocalizationInfo,
    errors: CreatorToolErrors
  }
)

/** `PATCH /v1/autolocalization/games/{gameId}/settings`. */
export const setAutolocalizationSettings = patch(
  "setAutolocalizationSettings",
  "/v1/autolocalization/games/:gameId/settings",
  {
    params: { gameId: Id },
    payload: AutolocalizationSettings,
    success: EmptyResponse,
    errors: CreatorToolErrors
  }
)

/** `GET /v1/autolocalization/metadata`. */
export const getAutolocalizationMetadata = get("getAutolocalizationMetadata", "/v1/autolocalization/metadata", {
  success: AutolocalizationMetadata
})

/** The automatic localization table endpoints. */
export const AutoLocalizationTableGroup = group(
  "autoLocalizationTable",
  requestAutoLocalizationTableAssets,
  requestAutoLocalizationTableCleanup,
  patchAutoLocalizationTable,
  setAutolocalizationTable,
  createAutolocalizationTable,
  setAutolocalizationSettings,
  getAutolocalizationMetadata
)
