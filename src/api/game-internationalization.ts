/**
 * platform-web-client/api/game-internationalization: the game-internationalization service: supported languages, source
 * language, automatic translation, autolocalization, translation counts and analytics reports. Its definition
 * (`GameInternationalizationApi`: the typed client's, the emulator's and the OpenAPI document's), one definition per
 * endpoint (a page that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`, loads only that
 * one) and the schemas of its requests and answers.
 *
 * @module
 */
export { GameInternationalizationApi } from "../platform/api/gameInternationalization/api.ts"
export {
  AutolocalizationGroup,
  enableAutolocalization,
  getAutolocalization,
  requestAutolocalizationCleanup
} from "../platform/api/gameInternationalization/autolocalization.ts"
export {
  AutomaticTranslationFeatureStatus,
  AutomaticTranslationGroup,
  AutomaticTranslationQuota,
  AutomaticTranslationTargets,
  getAutomaticTranslationFeatureStatus,
  getAutomaticTranslationQuota,
  getAutomaticTranslationTargetLanguages,
  Quota
} from "../platform/api/gameInternationalization/automaticTranslation.ts"
export {
  GameCountStatus,
  GameTranslationCounts,
  getTranslationCounts,
  getTranslationCountsForLanguageOrLocale,
  LanguageCountStatus,
  LanguageTranslationCounts,
  LocalizationStatusGroup,
  TranslationCount,
  TranslationCountCategory
} from "../platform/api/gameInternationalization/localizationStatus.ts"
export {
  associateGameTables,
  AssociateTablesRequest,
  GameTablesGroup
} from "../platform/api/gameInternationalization/gameTables.ts"
export { LanguageFamily, SupportedLocale } from "../platform/api/gameInternationalization/schemas.ts"
export {
  getSourceLanguage,
  setSourceLanguage,
  SourceLanguageGroup
} from "../platform/api/gameInternationalization/sourceLanguage.ts"
export {
  getAutomaticTranslationStatus,
  getSupportedLanguages,
  getSupportedLanguagesMetadata,
  getSupportedLanguagesWithLocales,
  getUniverseDisplayInfoAutomaticTranslationSettings,
  LanguageAutomaticTranslationStatus,
  LanguageOrLocale,
  LanguageWithLocales,
  PatchLanguage,
  patchSupportedLanguages,
  setAutomaticTranslationStatus,
  setUniverseDisplayInfoAutomaticTranslation,
  SupportedLanguagesGroup,
  SupportedLanguagesMetadata,
  UniverseDisplayInfoAutomaticTranslation
} from "../platform/api/gameInternationalization/supportedLanguages.ts"
export {
  downloadTranslationAnalyticsReport,
  getTranslationAnalyticsMetadata,
  ReportFile,
  reportContentType,
  ReportGenerationStatus,
  ReportType,
  requestTranslationAnalyticsReport,
  TranslationAnalyticsGroup,
  TranslationAnalyticsMetadata,
  TranslationAnalyticsReportRequest
} from "../platform/api/gameInternationalization/translationAnalytics.ts"
