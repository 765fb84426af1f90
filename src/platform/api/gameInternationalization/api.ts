/**
 * The game internationalization service: every group of it as one API (spec §7 "Game internationalization",
 * 35 calls in 7 groups). Paths are relative to `PlatformConfig.baseUrls.gameInternationalization`.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as OpenApi from "effect/http-api/OpenApi"
import { AutolocalizationGroup } from "./autolocalization.ts"
import { AutomaticTranslationGroup } from "./automaticTranslation.ts"
import { LocalizationStatusGroup } from "./localizationStatus.ts"
import { LocalizationTableGroup } from "./localizationTable.ts"
import { SourceLanguageGroup } from "./sourceLanguage.ts"
import { SupportedLanguagesGroup } from "./supportedLanguages.ts"
import { TranslationAnalyticsGroup } from "./translationAnalytics.ts"

/** The game internationalization service. */
export class GameInternationalizationApi extends HttpApi.make("gameInternationalization").add(
  AutolocalizationGroup,
  AutomaticTranslationGroup,
  LocalizationStatusGroup,
  LocalizationTableGroup,
  SourceLanguageGroup,
  SupportedLanguagesGroup,
  TranslationAnalyticsGroup
).annotateMerge(OpenApi.annotations({ title: "Game internationalization", version: "v1" })) {}
