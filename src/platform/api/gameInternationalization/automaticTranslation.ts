/**
 * Automatic translation of a game: whether it is allowed, the quota, and the allowed target languages (API-4,
 * 3 calls). The target languages go as repeated keys (`targetLanguages=es&targetLanguages=fr`), as published.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group } from "../definition.ts"
import { CreatorToolErrors } from "../localizationSchemas.ts"
import { Id, RepeatedStrings } from "../sharedSchemas.ts"

/** Whether automatic translation is allowed for a game. */
export const AutomaticTranslationFeatureStatus = Schema.Struct({
  gameId: Schema.Int,
  isAutomaticTranslationAllowed: Schema.Boolean,
  isAutomaticTranslationSwitchesUIEnabled: Schema.optional(Schema.Boolean)
})

/** A quota: what is left of the capacity. */
export const Quota = Schema.Struct({ remaining: Schema.Int, capacity: Schema.Int })

/** A game's automatic translation quota: the monthly one (with its refresh dates) and the bank. */
export const AutomaticTranslationQuota = Schema.Struct({
  monthlyQuota: Schema.optional(
    Schema.Struct({
      remaining: Schema.Int,
      capacity: Schema.Int,
      nextRefreshDate: Schema.optional(Schema.String),
      previousRefreshDate: Schema.optional(Schema.String)
    })
  ),
  bankQuota: Schema.optional(Quota)
})

/** The type of {@link AutomaticTranslationQuota}. */
export type AutomaticTranslationQuota = typeof AutomaticTranslationQuota.Type

/** The target languages automatic translation allows from a source language. */
export const AutomaticTranslationTargets = Schema.Struct({
  sourceLanguage: Schema.String,
  targetLanguages: Schema.Array(
    Schema.Struct({
      languageCode: Schema.String,
      isAutomaticTranslationAllowed: Schema.Boolean
    })
  )
})

/** The type of {@link AutomaticTranslationTargets}. */
export type AutomaticTranslationTargets = typeof AutomaticTranslationTargets.Type

/** `GET /v1/automatic-translation/games/{gameId}/feature-status`. */
export const getAutomaticTranslationFeatureStatus = get(
  "getAutomaticTranslationFeatureStatus",
  "/v1/automatic-translation/games/:gameId/feature-status",
  {
    params: { gameId: Id },
    success: AutomaticTranslationFeatureStatus,
    errors: CreatorToolErrors
  }
)

/** `GET /v1/automatic-translation/games/{gameId}/quota`. */
export const getAutomaticTranslationQuota = get(
  "getAutomaticTranslationQuota",
  "/v1/automatic-translation/games/:gameId/quota",
  {
    params: { gameId: Id },
    success: AutomaticTranslationQuota,
    errors: CreatorToolErrors
  }
)

/** `GET /v1/automatic-translation/languages/{languageCode}/target-languages`. */
export const getAutomaticTranslationTargetLanguages = get(
  "getAutomaticTranslationTargetLanguages",
  "/v1/automatic-translation/languages/:languageCode/target-languages",
  {
    params: { languageCode: Schema.String },
    query: { targetLanguages: Schema.optional(RepeatedStrings), gameId: Schema.optional(Id) },
    success: AutomaticTranslationTargets,
    errors: CreatorToolErrors
  }
)

/** The automatic translation endpoints. */
export const AutomaticTranslationGroup = group(
  "automaticTranslation",
  getAutomaticTranslationFeatureStatus,
  getAutomaticTranslationQuota,
  getAutomaticTranslationTargetLanguages
)
