/**
 * The localization tables service: a game's automatic localization table (spec §7 "Localization tables API",
 * 3 calls). The patch takes an optional `Roblox-Game-Id` header naming the game the entries were scraped in.
 * Paths are relative to `PlatformConfig.baseUrls.localizationTables`.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import * as Schema from "effect/Schema"
import { AutoscrapeCleanupRequest } from "./gameInternationalization/autolocalization.ts"
import { CreatorToolErrors } from "./localizationSchemas.ts"
import { EmptyResponse, Id } from "./sharedSchemas.ts"

/** The header naming the game of a request (spec §3: "Game-id header: Roblox-Game-Id"), lower-cased on the wire. */
export const gameIdHeader = "roblox-game-id"

/** One scraped string of an automatic table patch. */
export const AutoScrapedEntry = Schema.Struct({
  source: Schema.String,
  context: Schema.optional(Schema.String),
  key: Schema.optional(Schema.String),
  meta: Schema.optional(Schema.Struct({
    example: Schema.optional(Schema.String),
    gameLocations: Schema.optional(Schema.Array(Schema.Struct({ path: Schema.String })))
  }))
})

/** The type of {@link AutoScrapedEntry}. */
export type AutoScrapedEntry = typeof AutoScrapedEntry.Type

/** The body of an automatic table patch: scraped entries and where they were scraped. */
export const AutoLocalizationTablePatch = Schema.Struct({
  entries: Schema.Array(AutoScrapedEntry),
  metadata: Schema.optional(Schema.Struct({
    placeInformation: Schema.optional(Schema.Struct({ placeId: Schema.Int, placeVersion: Schema.optional(Schema.Int) }))
  }))
})

/** The type of {@link AutoLocalizationTablePatch}. */
export type AutoLocalizationTablePatch = typeof AutoLocalizationTablePatch.Type

/** The automatic localization table endpoints. */
export class AutoLocalizationTableGroup extends HttpApiGroup.make("autoLocalizationTable").add(
  HttpApiEndpoint.post(
    "requestAutoLocalizationTableAssets",
    "/v1/auto-localization-table/games/:gameId/assets-generation-request",
    { params: { gameId: Id }, success: EmptyResponse, error: CreatorToolErrors }
  ),
  HttpApiEndpoint.post(
    "requestAutoLocalizationTableCleanup",
    "/v1/auto-localization-table/games/:gameId/auto-scrape-cleanup-request",
    { params: { gameId: Id }, payload: AutoscrapeCleanupRequest, success: EmptyResponse, error: CreatorToolErrors }
  ),
  HttpApiEndpoint.patch("patchAutoLocalizationTable", "/v1/auto-localization-table/games/:gameId", {
    params: { gameId: Id },
    headers: { [gameIdHeader]: Schema.optional(Id) },
    payload: AutoLocalizationTablePatch,
    success: EmptyResponse,
    error: CreatorToolErrors
  })
) {}

/** The localization tables service as an API of its own. */
export class LocalizationTablesApi extends HttpApi.make("localizationTables").add(AutoLocalizationTableGroup).annotateMerge(
  OpenApi.annotations({ title: "Localization tables", version: "v1" })
) {}
