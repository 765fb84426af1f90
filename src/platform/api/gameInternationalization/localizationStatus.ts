/**
 * Translation progress of games: counts per language or locale (API-5, 2 calls). The game ids of
 * the per-language call go as repeated keys (`gameIds=1&gameIds=2`), as published.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group } from "../definition.ts"
import { CreatorToolErrors, LanguageCodeType, LanguageOrLocaleType } from "../localizationSchemas.ts"
import { Id, openCodedEnum, RepeatedIds } from "../sharedSchemas.ts"

/** A count of translations, by status and translator type. */
export const TranslationCount = Schema.Struct({
  count: Schema.Int,
  translationStatus: Schema.optional(Schema.String),
  translatorType: Schema.optional(Schema.NullOr(Schema.String))
})

/** Counts of one category of content (`InGameContent`). */
export const TranslationCountCategory = Schema.Struct({
  category: Schema.String,
  totalTranslatableItemCount: Schema.Int,
  translationCounts: Schema.Array(TranslationCount)
})

/** The type of {@link TranslationCountCategory}. */
export type TranslationCountCategory = typeof TranslationCountCategory.Type

/** Status of one language of a game's counts (documented as names with codes 1–2; open). */
export const LanguageCountStatus = openCodedEnum(
  ["Success", "LanguageOrLocaleNotSupportedForGame"],
  { 1: "Success", 2: "LanguageOrLocaleNotSupportedForGame" },
  "name"
)

/** A game's translation counts per language or locale. */
export const GameTranslationCounts = Schema.Struct({
  gameId: Schema.Int,
  languagesOrLocales: Schema.Array(
    Schema.Struct({
      languageCode: Schema.String,
      languageCodeType: LanguageCodeType,
      name: Schema.optional(Schema.String),
      status: Schema.optional(LanguageCountStatus),
      categories: Schema.Array(TranslationCountCategory)
    })
  )
})

/** The type of {@link GameTranslationCounts}. */
export type GameTranslationCounts = typeof GameTranslationCounts.Type

/** Status of one game in a per-language count (documented as names with codes 0–6; open). */
export const GameCountStatus = openCodedEnum(
  [
    "LanguageOrLocaleSupportedForGame",
    "LanguageOrLocaleNotSupportedForGame",
    "LanguageOrLocaleIsSource",
    "InsufficientPermission",
    "GameDoesNotExist",
    "GameDoesNotHaveTable",
    "UnknownError"
  ],
  {
    0: "LanguageOrLocaleSupportedForGame",
    1: "LanguageOrLocaleNotSupportedForGame",
    2: "LanguageOrLocaleIsSource",
    3: "InsufficientPermission",
    4: "GameDoesNotExist",
    5: "GameDoesNotHaveTable",
    6: "UnknownError"
  },
  "name"
)

/** Translation counts of several games for one language or locale. */
export const LanguageTranslationCounts = Schema.Struct({
  languageOrLocaleCode: Schema.String,
  languageOrLocaleType: LanguageCodeType,
  games: Schema.Array(
    Schema.Struct({
      gameId: Schema.Int,
      status: GameCountStatus,
      categories: Schema.optional(Schema.Array(TranslationCountCategory))
    })
  )
})

/** The type of {@link LanguageTranslationCounts}. */
export type LanguageTranslationCounts = typeof LanguageTranslationCounts.Type

/** `GET /v1/game-localization-status/{gameId}/translation-counts`. */
export const getTranslationCounts = get(
  "getTranslationCounts",
  "/v1/game-localization-status/:gameId/translation-counts",
  {
    params: { gameId: Id },
    success: GameTranslationCounts,
    errors: CreatorToolErrors
  }
)

/** `GET /v1/game-localization-status/translation-counts-for-language-or-locale`. */
export const getTranslationCountsForLanguageOrLocale = get(
  "getTranslationCountsForLanguageOrLocale",
  "/v1/game-localization-status/translation-counts-for-language-or-locale",
  {
    query: {
      gameIds: RepeatedIds,
      languageOrLocaleCode: Schema.String,
      languageOrLocaleType: LanguageOrLocaleType
    },
    success: LanguageTranslationCounts,
    errors: CreatorToolErrors
  }
)

/** The translation status endpoints. */
export const LocalizationStatusGroup = group(
  "localizationStatus",
  getTranslationCounts,
  getTranslationCountsForLanguageOrLocale
)
