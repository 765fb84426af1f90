/**
 * platform-web-client/api/localization-tables: the localization-tables service: tables, their entries and history, and
 * autolocalization tables. Its definition (`LocalizationTablesApi`: the typed client's, the emulator's and the OpenAPI
 * document's), one definition per endpoint (a page that calls one endpoint alone, with `platformCall` of
 * `platform-web-client/clients`, loads only that one) and the schemas of its requests and answers.
 *
 * @module
 */
export { LocalizationTablesApi } from "../platform/api/localizationTables/api.ts"
export {
  AutolocalizationMetadata,
  AutolocalizationSettings,
  AutoLocalizationTableGroup,
  AutoLocalizationTablePatch,
  AutoScrapedEntry,
  AutoScrapeEntryMetadata,
  createAutolocalizationTable,
  gameIdHeader,
  getAutolocalizationMetadata,
  patchAutoLocalizationTable,
  requestAutoLocalizationTableAssets,
  requestAutoLocalizationTableCleanup,
  setAutolocalizationSettings,
  setAutolocalizationTable
} from "../platform/api/localizationTables/autoLocalizationTable.ts"
export {
  createTable,
  getAvailableLanguages,
  getTable,
  getTableEntries,
  getTableEntryCount,
  getTranslationHistory,
  LocalizationTableGroup,
  TableId,
  TableRef,
  updateTable
} from "../platform/api/localizationTables/localizationTable.ts"
export {
  CreateTableRequest,
  CreateTableResponse,
  EntryError,
  EntryFormat,
  EntryFormatName,
  EntryIdentifier,
  EntryMetadata,
  LocalizationTable,
  PatchEntry,
  PatchTranslation,
  TableEntriesPage,
  TableEntry,
  TableEntryCount,
  TableOwnerType,
  Translation,
  TranslationHistoryRequest,
  TranslationHistoryResponse,
  Translator,
  TranslatorAgentType,
  UpdateTableRequest,
  UpdateTableResponse
} from "../platform/api/localizationTables/schemas.ts"
