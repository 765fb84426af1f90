/**
 * A game's supported languages and their automatic translation switches (API-8, 8 calls).
 *
 * The switch calls take a bare JSON boolean as body (`true`), named `enableAutomaticTranslation` and
 * `enableUniverseDisplayInfoAutomaticTranslation`; the language patch takes a bare JSON array named `languages`.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group, patch } from "../definition.ts"
import { CreatorToolErrors, LanguageCodeType, LanguageOrLocaleType } from "../localizationSchemas.ts"
import { DataList, EmptyResponse, Id } from "../sharedSchemas.ts"
import { LanguageFamily, SupportedLocale } from "./schemas.ts"

/** A supported language or locale of a game. */
export const LanguageOrLocale = Schema.Struct({
  languageCode: Schema.String,
  languageCodeType: LanguageCodeType,
  name: Schema.optional(Schema.String)
})

/** The type of {@link LanguageOrLocale}. */
export type LanguageOrLocale = typeof LanguageOrLocale.Type

/** The automatic translation switch of one supported language. */
export const LanguageAutomaticTranslationStatus = Schema.Struct({
  languageCode: Schema.String,
  languageCodeType: Schema.optional(LanguageCodeType),
  isAutomaticTranslationEnabled: Schema.Boolean,
  isImageTranslationEnabled: Schema.optional(Schema.Boolean)
})

/** The type of {@link LanguageAutomaticTranslationStatus}. */
export type LanguageAutomaticTranslationStatus = typeof LanguageAutomaticTranslationStatus.Type

/** One item of a supported-language patch (spec: languageCodeType, languageCode, delete flag). */
export const PatchLanguage = Schema.Struct({
  languageCodeType: LanguageOrLocaleType,
  languageCode: Schema.String,
  delete: Schema.optional(Schema.Boolean)
})

/** The type of {@link PatchLanguage}. */
export type PatchLanguage = typeof PatchLanguage.Type

/** The automatic translation switch of a game's display information (name, description) in one language. */
export const UniverseDisplayInfoAutomaticTranslation = Schema.Struct({
  languageCode: Schema.String,
  isUniverseDisplayInfoAutomaticTranslationEnabled: Schema.Boolean
})

/** The type of {@link UniverseDisplayInfoAutomaticTranslation}. */
export type UniverseDisplayInfoAutomaticTranslation = typeof UniverseDisplayInfoAutomaticTranslation.Type

/** Page switches of the supported languages UI. */
export const SupportedLanguagesMetadata = Schema.Struct({
  isFeatureEnabled: Schema.optional(Schema.Boolean),
  areAllLanguagesEnabled: Schema.optional(Schema.Boolean),
  minimumUniverseIdForFeature: Schema.optional(Schema.Int),
  isHumanTranslationProgressUIEnabled: Schema.optional(Schema.Boolean),
  isAutomaticTranslationProgressUIEnabled: Schema.optional(Schema.Boolean),
  isSupportedLanguagesChildLocalesUIEnabled: Schema.optional(Schema.Boolean)
})

/** A supported language family with its supported child locales (v2). */
export const LanguageWithLocales = Schema.Struct({
  languageFamily: LanguageFamily,
  childLocales: Schema.Array(SupportedLocale)
})

/** The type of {@link LanguageWithLocales}. */
export type LanguageWithLocales = typeof LanguageWithLocales.Type

const gameParams = { gameId: Id }
const languageParams = { gameId: Id, languageCode: Schema.String }
const errors = CreatorToolErrors

/** `GET /v1/supported-languages/games/{gameId}/automatic-translation-status`. */
export const getAutomaticTranslationStatus = get(
  "getAutomaticTranslationStatus",
  "/v1/supported-languages/games/:gameId/automatic-translation-status",
  {
    params: gameParams,
    success: DataList(LanguageAutomaticTranslationStatus),
    errors: errors
  }
)

/** `GET /v1/supported-languages/games/{gameId}`. */
export const getSupportedLanguages = get("getSupportedLanguages", "/v1/supported-languages/games/:gameId", {
  params: gameParams,
  success: DataList(LanguageOrLocale),
  errors: errors
})

/** `PATCH /v1/supported-languages/games/{gameId}/languages/{languageCode}/automatic-translation-status`. */
export const setAutomaticTranslationStatus = patch(
  "setAutomaticTranslationStatus",
  "/v1/supported-languages/games/:gameId/languages/:languageCode/automatic-translation-status",
  {
    params: languageParams,
    payload: Schema.Boolean,
    success: Schema.Struct({
      gameId: Schema.Int,
      languageCode: Schema.String,
      isAutomaticTranslationEnabled: Schema.Boolean
    }),
    errors: errors,
    bodyName: "enableAutomaticTranslation"
  }
)

/** `PATCH /v1/supported-languages/games/{gameId}/languages/{languageCode}/universe-display-info-automatic-translation-settings`. */
export const setUniverseDisplayInfoAutomaticTranslation = patch(
  "setUniverseDisplayInfoAutomaticTranslation",
  "/v1/supported-languages/games/:gameId/languages/:languageCode/universe-display-info-automatic-translation-settings",
  {
    params: languageParams,
    payload: Schema.Boolean,
    success: Schema.Struct({
      gameId: Schema.Int,
      languageCode: Schema.String,
      isUniverseDisplayInfoAutomaticTranslationEnabled: Schema.Boolean
    }),
    errors: errors,
    bodyName: "enableUniverseDisplayInfoAutomaticTranslation"
  }
)

/** `PATCH /v1/supported-languages/games/{gameId}`. */
export const patchSupportedLanguages = patch("patchSupportedLanguages", "/v1/supported-languages/games/:gameId", {
  params: gameParams,
  payload: Schema.Array(PatchLanguage),
  success: EmptyResponse,
  errors: errors,
  bodyName: "languages"
})

/** `GET /v1/supported-languages/games/{gameId}/universe-display-info-automatic-translation-settings`. */
export const getUniverseDisplayInfoAutomaticTranslationSettings = get(
  "getUniverseDisplayInfoAutomaticTranslationSettings",
  "/v1/supported-languages/games/:gameId/universe-display-info-automatic-translation-settings",
  {
    params: gameParams,
    success: DataList(UniverseDisplayInfoAutomaticTranslation),
    errors: errors
  }
)

/** `GET /v1/supported-languages/metadata`. */
export const getSupportedLanguagesMetadata = get("getSupportedLanguagesMetadata", "/v1/supported-languages/metadata", {
  success: SupportedLanguagesMetadata
})

/** `GET /v2/supported-languages/games/{gameId}`. */
export const getSupportedLanguagesWithLocales = get(
  "getSupportedLanguagesWithLocales",
  "/v2/supported-languages/games/:gameId",
  {
    params: gameParams,
    success: DataList(LanguageWithLocales),
    errors: errors
  }
)

/** The supported languages endpoints. */
export const SupportedLanguagesGroup = group(
  "supportedLanguages",
  getAutomaticTranslationStatus,
  getSupportedLanguages,
  setAutomaticTranslationStatus,
  setUniverseDisplayInfoAutomaticTranslation,
  patchSupportedLanguages,
  getUniverseDisplayInfoAutomaticTranslationSettings,
  getSupportedLanguagesMetadata,
  getSupportedLanguagesWithLocales
)
