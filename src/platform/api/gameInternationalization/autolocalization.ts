/**
 * Autolocalization of a game: its automatic localization table and settings (spec §7, 7 calls).
 *
 * `GET`/`PATCH /v1/autolocalization/games/{gameId}` are listed without a body: GET answers the game's
 * autolocalization information; PATCH turns autolocalization on (creating the automatic table if the game has
 * none) and answers the same information.
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { CreatorToolErrors } from "../localizationSchemas.ts"
import { EmptyResponse, Id } from "../sharedSchemas.ts"

/** A game's autolocalization information. */
export const GameAutolocalizationInfo = Schema.Struct({
  isAutolocalizationEnabled: Schema.Boolean,
  shouldUseLocalizationTable: Schema.Boolean,
  autoLocalizationTableId: Schema.optional(Schema.NullOr(Schema.String)),
  assetId: Schema.optional(Schema.NullOr(Schema.Int)),
  sourceLanguage: Schema.optional(Schema.NullOr(Schema.String))
})

/** The type of {@link GameAutolocalizationInfo}. */
export type GameAutolocalizationInfo = typeof GameAutolocalizationInfo.Type

/** The settings patch (spec: isAutolocalizationEnabled, shouldUseLocalizationTable). */
export const AutolocalizationSettings = Schema.Struct({
  isAutolocalizationEnabled: Schema.optional(Schema.Boolean),
  shouldUseLocalizationTable: Schema.optional(Schema.Boolean)
})

/** The type of {@link AutolocalizationSettings}. */
export type AutolocalizationSettings = typeof AutolocalizationSettings.Type

/** The cleanup request (spec: maxAgeForFlush, a duration such as `"30.00:00:00"`). */
export const AutoscrapeCleanupRequest = Schema.Struct({ maxAgeForFlush: Schema.String })

/** Page switches of the autolocalization settings UI. */
export const AutolocalizationMetadata = Schema.Struct({
  isReactVersionEnabledForAutoLocalizationSettings: Schema.optional(Schema.Boolean),
  isTabbedUIEnabledForConfigureLocalizationPage: Schema.optional(Schema.Boolean),
  isAutomaticTranslationToggleUIEnabled: Schema.optional(Schema.Boolean),
  isAutomaticTranslationQuotaUIEnabled: Schema.optional(Schema.Boolean)
})

const errors = CreatorToolErrors

/** The autolocalization endpoints. */
export class AutolocalizationGroup extends HttpApiGroup.make("autolocalization").add(
  HttpApiEndpoint.patch("setAutolocalizationTable", "/v1/autolocalization/games/:gameId/autolocalizationtable", {
    params: { gameId: Id },
    payload: Schema.Struct({ tableId: Schema.String }),
    success: EmptyResponse,
    error: errors
  }),
  HttpApiEndpoint.post("createAutolocalizationTable", "/v1/autolocalization/games/:gameId/autolocalizationtable", {
    params: { gameId: Id },
    success: GameAutolocalizationInfo,
    error: errors
  }),
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
  }),
  HttpApiEndpoint.patch("setAutolocalizationSettings", "/v1/autolocalization/games/:gameId/settings", {
    params: { gameId: Id },
    payload: AutolocalizationSettings,
    success: EmptyResponse,
    error: errors
  }),
  HttpApiEndpoint.get("getAutolocalizationMetadata", "/v1/autolocalization/metadata", { success: AutolocalizationMetadata })
) {}
