/**
 * Every group of the game internationalization service as the emulator serves it, one file per group beside this
 * one.
 *
 * @module
 */
import { Layer } from "effect"
import { AutolocalizationHandlers } from "./autolocalization.ts"
import { AutomaticTranslationHandlers } from "./automaticTranslation.ts"
import { GameTablesHandlers } from "./gameTables.ts"
import { LocalizationStatusHandlers } from "./localizationStatus.ts"
import { SourceLanguageHandlers } from "./sourceLanguage.ts"
import { SupportedLanguagesHandlers } from "./supportedLanguages.ts"
import { TranslationAnalyticsHandlers } from "./translationAnalytics.ts"

/** Handlers of every group of the game internationalization service. */
export const GameInternationalizationHandlers = Layer.mergeAll(
  AutolocalizationHandlers,
  AutomaticTranslationHandlers,
  LocalizationStatusHandlers,
  GameTablesHandlers,
  SourceLanguageHandlers,
  SupportedLanguagesHandlers,
  TranslationAnalyticsHandlers
)
