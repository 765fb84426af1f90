/**
 * The game internationalization service: every group of it as one API (API-3 to API-11).
 * Paths are relative to `PlatformConfig.baseUrls.gameInternationalization`. Of the calls listed for it, the localization table
 * calls and the autolocalization table and settings calls are published on the localization tables service and
 * defined there (docs/platform-clients.md, "Decisions").
 *
 * @module
 */
import { api } from "../definition.ts"
import { AutolocalizationGroup } from "./autolocalization.ts"
import { AutomaticTranslationGroup } from "./automaticTranslation.ts"
import { LocalizationStatusGroup } from "./localizationStatus.ts"
import { GameTablesGroup } from "./gameTables.ts"
import { SourceLanguageGroup } from "./sourceLanguage.ts"
import { SupportedLanguagesGroup } from "./supportedLanguages.ts"
import { TranslationAnalyticsGroup } from "./translationAnalytics.ts"

/** The game internationalization service. */
export const GameInternationalizationApi = api(
  "gameInternationalization",
  { title: "Game internationalization", version: "v1" },
  AutolocalizationGroup,
  AutomaticTranslationGroup,
  LocalizationStatusGroup,
  GameTablesGroup,
  SourceLanguageGroup,
  SupportedLanguagesGroup,
  TranslationAnalyticsGroup
)
