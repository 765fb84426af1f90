/**
 * Every group of the localization tables service as the emulator serves it, one file per group beside this one.
 *
 * @module
 */
import { Layer } from "effect"
import { AutoLocalizationTableHandlers } from "./autoLocalizationTable.ts"
import { LocalizationTableHandlers } from "./localizationTable.ts"

/** Handlers of every group of the localization tables service. */
export const LocalizationTablesHandlers = Layer.mergeAll(LocalizationTableHandlers, AutoLocalizationTableHandlers)
