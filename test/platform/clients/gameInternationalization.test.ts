/**
 * The game internationalization client: every call's method, path, query and body, the decoding of realistic
 * answers, and the binary report download byte for byte.
 */
import * as Effect from "effect/Effect"
import { GameInternationalizationClient } from "../../../src/platform/clients/PlatformClients.ts"
import { requestCases } from "./harness.ts"

type Gi = GameInternationalizationClient["Service"]
const gi = <A, E>(f: (client: Gi) => Effect.Effect<A, E>) => Effect.flatMap(GameInternationalizationClient, f)

const base = "/gameInternationalization"
const tableId = "5c0b9d0e-2c55-4d6b-9d43-1f5b7a0c2e11"
const info = {
  isAutolocalizationEnabled: true,
  shouldUseLocalizationTable: true,
  autoLocalizationTableId: tableId,
  assetId: 8812,
  isAutomaticEntriesSettingEnabled: true
}
const infoDecoded = {
  isAutolocalizationEnabled: true,
  shouldUseLocalizationTable: true,
  autoLocalizationTableId: tableId,
  assetId: 8812
}
const identifier = { key: "Greeting", context: "Lobby", source: "Hello!" }
const entry = {
  identifier: { ...identifier, entryFormat: "Legacy" },
  metadata: { example: "Hello!", gameLocations: [{ path: "Workspace.Sign" }], entryFormat: "Legacy" },
  translations: [
    { locale: "es", translationText: "¡Hola!", translator: { id: 12, agentType: "User" }, updatedTime: "2026-05-01T10:00:00Z", feedbackCount: 0 },
    { locale: "fr", translationText: "Bonjour !", translator: { id: 0, agentType: 1 } }
  ],
  createdTime: "2026-04-01T10:00:00Z"
}
const entryDecoded = {
  identifier,
  metadata: { example: "Hello!", gameLocations: [{ path: "Workspace.Sign" }] },
  translations: [
    { locale: "es", translationText: "¡Hola!", translator: { id: 12, agentType: "User" }, updatedTime: "2026-05-01T10:00:00Z" },
    { locale: "fr", translationText: "Bonjour !", translator: { id: 0, agentType: "Automation" } }
  ],
  createdTime: "2026-04-01T10:00:00Z"
}
const category = {
  category: "InGameContent",
  totalTranslatableItemCount: 40,
  translationCounts: [{ count: 31, translationStatus: "Approved", translatorType: "Automation" }]
}
const report = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x10, 0x80, 0x0a, 0x0d, 0x00, 0xfe])
const reportRequest = {
  startDateTime: "2026-05-01T00:00:00Z",
  endDateTime: "2026-06-01T00:00:00Z",
  reportType: "GameTranslationStatus" as const,
  reportSubjectTargetId: 0
}

requestCases("GameInternationalizationClient", [
  // autolocalization
  {
    name: "setAutolocalizationTable",
    call: gi((c) => c.autolocalization.setAutolocalizationTable({ params: { gameId: 1001 }, payload: { tableId } })),
    method: "PATCH",
    path: `${base}/v1/autolocalization/games/1001/autolocalizationtable`,
    body: { tableId },
    response: {}
  },
  {
    name: "createAutolocalizationTable",
    call: gi((c) => c.autolocalization.createAutolocalizationTable({ params: { gameId: 1001 } })),
    method: "POST",
    path: `${base}/v1/autolocalization/games/1001/autolocalizationtable`,
    response: info,
    expected: infoDecoded
  },
  {
    name: "requestAutolocalizationCleanup",
    call: gi((c) =>
      c.autolocalization.requestAutolocalizationCleanup({ params: { gameId: 1001 }, payload: { maxAgeForFlush: "30.00:00:00" } })
    ),
    method: "POST",
    path: `${base}/v1/autolocalization/games/1001/autoscrape-cleanup-request`,
    body: { maxAgeForFlush: "30.00:00:00" },
    response: {}
  },
  {
    name: "getAutolocalization",
    call: gi((c) => c.autolocalization.getAutolocalization({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/autolocalization/games/1001`,
    response: info,
    expected: infoDecoded
  },
  {
    name: "enableAutolocalization",
    call: gi((c) => c.autolocalization.enableAutolocalization({ params: { gameId: 1001 } })),
    method: "PATCH",
    path: `${base}/v1/autolocalization/games/1001`,
    response: info,
    expected: infoDecoded
  },
  {
    name: "setAutolocalizationSettings",
    call: gi((c) =>
      c.autolocalization.setAutolocalizationSettings({
        params: { gameId: 1001 },
        payload: { isAutolocalizationEnabled: false, shouldUseLocalizationTable: true }
      })
    ),
    method: "PATCH",
    path: `${base}/v1/autolocalization/games/1001/settings`,
    body: { isAutolocalizationEnabled: false, shouldUseLocalizationTable: true },
    response: {}
  },
  {
    name: "getAutolocalizationMetadata",
    call: gi((c) => c.autolocalization.getAutolocalizationMetadata()),
    method: "GET",
    path: `${base}/v1/autolocalization/metadata`,
    response: { isReactVersionEnabledForAutoLocalizationSettings: true, isAutomaticTranslationToggleUIEnabled: true }
  },
  // automatic translation
  {
    name: "getAutomaticTranslationFeatureStatus",
    call: gi((c) => c.automaticTranslation.getAutomaticTranslationFeatureStatus({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/automatic-translation/games/1001/feature-status`,
    response: { gameId: 1001, isAutomaticTranslationAllowed: true, isAutomaticTranslationSwitchesUIEnabled: true }
  },
  {
    name: "getAutomaticTranslationQuota",
    call: gi((c) => c.automaticTranslation.getAutomaticTranslationQuota({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/automatic-translation/games/1001/quota`,
    response: {
      monthlyQuota: { remaining: 9000, capacity: 10000, nextRefreshDate: "2026-07-01T00:00:00Z", previousRefreshDate: "2026-06-01T00:00:00Z" },
      bankQuota: { remaining: 0, capacity: 0 }
    }
  },
  {
    name: "getAutomaticTranslationTargetLanguages",
    call: gi((c) =>
      c.automaticTranslation.getAutomaticTranslationTargetLanguages({
        params: { languageCode: "en" },
        query: { targetLanguages: ["es", "fr"], gameId: 1001 }
      })
    ),
    method: "GET",
    path: `${base}/v1/automatic-translation/languages/en/target-languages`,
    query: { targetLanguages: "es,fr", gameId: "1001" },
    response: {
      sourceLanguage: "en",
      targetLanguages: [{ languageCode: "es", isAutomaticTranslationAllowed: true }, { languageCode: "fr", isAutomaticTranslationAllowed: false }]
    }
  },
  // status counts
  {
    name: "getTranslationCounts",
    call: gi((c) => c.localizationStatus.getTranslationCounts({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/game-localization-status/1001/translation-counts`,
    response: {
      gameId: 1001,
      languagesOrLocales: [{ languageCode: "es", languageCodeType: 0, name: "Spanish", status: 1, categories: [category] }]
    },
    expected: {
      gameId: 1001,
      languagesOrLocales: [{ languageCode: "es", languageCodeType: "Language", name: "Spanish", status: "Success", categories: [category] }]
    }
  },
  {
    name: "getTranslationCountsForLanguageOrLocale",
    call: gi((c) =>
      c.localizationStatus.getTranslationCountsForLanguageOrLocale({
        query: { gameIds: [1001, 1002], languageOrLocaleCode: "es_mx", languageOrLocaleType: "Locale" }
      })
    ),
    method: "GET",
    path: `${base}/v1/game-localization-status/translation-counts-for-language-or-locale`,
    query: { gameIds: "1001,1002", languageOrLocaleCode: "es_mx", languageOrLocaleType: "Locale" },
    response: {
      languageOrLocaleCode: "es_mx",
      languageOrLocaleType: "Locale",
      games: [
        { gameId: 1001, status: "LanguageOrLocaleSupportedForGame", categories: [category] },
        { gameId: 1002, status: "GameDoesNotHaveTable" }
      ]
    }
  },
  // localization table
  {
    name: "getAvailableLanguages",
    call: gi((c) => c.localizationTable.getAvailableLanguages()),
    method: "GET",
    path: `${base}/v1/localizationtable/available-languages`,
    response: { data: [{ languageCode: "es", name: "Spanish", nativeName: "Español" }] }
  },
  {
    name: "requestTableAssetsGeneration",
    call: gi((c) => c.localizationTable.requestTableAssetsGeneration({ params: { gameId: 1001 } })),
    method: "POST",
    path: `${base}/v1/localizationtable/games/1001/assets-generation-request`,
    response: {}
  },
  {
    name: "associateGameTables",
    call: gi((c) =>
      c.localizationTable.associateGameTables({ params: { gameId: 1001 }, payload: { tables: [{ id: tableId, dissociate: false }] } })
    ),
    method: "PATCH",
    path: `${base}/v1/localizationtable/gametables/1001`,
    body: { tables: [{ id: tableId, dissociate: false }] },
    response: { success: true }
  },
  {
    name: "getTableByAssetId",
    call: gi((c) => c.localizationTable.getTableByAssetId({ query: { assetId: 8812 } })),
    method: "GET",
    path: `${base}/v1/localizationtable/tables`,
    query: { assetId: "8812" },
    response: { id: tableId, name: "Lobby table", ownerType: "User", ownerId: 7, assetId: 8812 }
  },
  {
    name: "createTable",
    call: gi((c) => c.localizationTable.createTable({ payload: { name: "New table", ownerType: "User", ownerId: 7 } })),
    method: "POST",
    path: `${base}/v1/localizationtable/tables`,
    body: { name: "New table", ownerType: "User", ownerId: 7 },
    response: { id: tableId, assetId: 8813 }
  },
  {
    name: "getTableEntries",
    call: gi((c) => c.localizationTable.getTableEntries({ params: { tableId }, query: { cursor: "p2", gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/localizationtable/tables/${tableId}/entries`,
    query: { cursor: "p2", gameId: "1001" },
    response: { data: [entry], nextPageCursor: null, previousPageCursor: "p1" },
    expected: { data: [entryDecoded], nextPageCursor: null, previousPageCursor: "p1" }
  },
  {
    name: "getTranslationHistory",
    call: gi((c) =>
      c.localizationTable.getTranslationHistory({
        params: { tableId },
        query: { gameId: 1001 },
        payload: { locale: "es", entries: [{ identifier, count: 5, sortOrder: "Desc" }] }
      })
    ),
    method: "POST",
    path: `${base}/v1/localizationtable/tables/${tableId}/entries/translation-history`,
    query: { gameId: "1001" },
    body: { locale: "es", entries: [{ identifier, count: 5, sortOrder: "Desc" }] },
    response: {
      tableId,
      locale: "es",
      entries: [{
        identifier,
        history: [{ translationText: "¡Hola!", translator: { id: 12, agentType: "User" }, created: "2026-05-01T10:00:00Z" }],
        nextCursor: null
      }],
      failedEntries: []
    }
  },
  {
    name: "getTableEntryCount",
    call: gi((c) => c.localizationTable.getTableEntryCount({ params: { tableId }, query: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/localizationtable/tables/${tableId}/entry-count`,
    query: { gameId: "1001" },
    response: { id: tableId, entryCount: 48 }
  },
  {
    name: "getTable",
    call: gi((c) => c.localizationTable.getTable({ params: { tableId } })),
    method: "GET",
    path: `${base}/v1/localizationtable/tables/${tableId}`,
    response: { id: tableId, name: "Lobby table", ownerType: "Group", ownerId: 9001, assetId: 8812 }
  },
  {
    name: "updateTable",
    call: gi((c) =>
      c.localizationTable.updateTable({
        params: { tableId },
        query: { gameId: 1001 },
        payload: { entries: [{ identifier, translations: [{ locale: "es", translationText: "¡Hola!" }] }] }
      })
    ),
    method: "PATCH",
    path: `${base}/v1/localizationtable/tables/${tableId}`,
    query: { gameId: "1001" },
    body: { entries: [{ identifier, translations: [{ locale: "es", translationText: "¡Hola!" }] }] },
    response: {
      modifiedEntriesAndTranslations: [{ identifier, translations: [{ locale: "es", translationText: "¡Hola!" }] }],
      failedEntriesAndTranslations: []
    }
  },
  // source language
  {
    name: "getSourceLanguage",
    call: gi((c) => c.sourceLanguage.getSourceLanguage({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/source-language/games/1001`,
    response: { languageCode: "en", name: "English", nativeName: "English" }
  },
  {
    name: "setSourceLanguage",
    call: gi((c) => c.sourceLanguage.setSourceLanguage({ params: { gameId: 1001 }, query: { languageCode: "es" } })),
    method: "PATCH",
    path: `${base}/v1/source-language/games/1001`,
    query: { languageCode: "es" },
    response: {}
  },
  // supported languages
  {
    name: "getAutomaticTranslationStatus",
    call: gi((c) => c.supportedLanguages.getAutomaticTranslationStatus({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/supported-languages/games/1001/automatic-translation-status`,
    response: { data: [{ languageCode: "es", languageCodeType: "Language", isAutomaticTranslationEnabled: true, isImageTranslationEnabled: false }] }
  },
  {
    name: "getSupportedLanguages",
    call: gi((c) => c.supportedLanguages.getSupportedLanguages({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/supported-languages/games/1001`,
    response: { data: [{ languageCode: "es", languageCodeType: 0, name: "Spanish" }, { languageCode: "pt_br", languageCodeType: 1 }] },
    expected: { data: [{ languageCode: "es", languageCodeType: "Language", name: "Spanish" }, { languageCode: "pt_br", languageCodeType: "Locale" }] }
  },
  {
    name: "setAutomaticTranslationStatus",
    call: gi((c) =>
      c.supportedLanguages.setAutomaticTranslationStatus({ params: { gameId: 1001, languageCode: "es" }, payload: true })
    ),
    method: "PATCH",
    path: `${base}/v1/supported-languages/games/1001/languages/es/automatic-translation-status`,
    body: true,
    response: { gameId: 1001, languageCode: "es", isAutomaticTranslationEnabled: true }
  },
  {
    name: "setUniverseDisplayInfoAutomaticTranslation",
    call: gi((c) =>
      c.supportedLanguages.setUniverseDisplayInfoAutomaticTranslation({
        params: { gameId: 1001, languageCode: "fr" },
        payload: false
      })
    ),
    method: "PATCH",
    path: `${base}/v1/supported-languages/games/1001/languages/fr/universe-display-info-automatic-translation-settings`,
    body: false,
    response: { gameId: 1001, languageCode: "fr", isUniverseDisplayInfoAutomaticTranslationEnabled: false }
  },
  {
    name: "patchSupportedLanguages",
    call: gi((c) =>
      c.supportedLanguages.patchSupportedLanguages({
        params: { gameId: 1001 },
        payload: [{ languageCodeType: "Language", languageCode: "de" }, { languageCodeType: "Language", languageCode: "fr", delete: true }]
      })
    ),
    method: "PATCH",
    path: `${base}/v1/supported-languages/games/1001`,
    body: [{ languageCodeType: "Language", languageCode: "de" }, { languageCodeType: "Language", languageCode: "fr", delete: true }],
    response: {}
  },
  {
    name: "getUniverseDisplayInfoAutomaticTranslationSettings",
    call: gi((c) => c.supportedLanguages.getUniverseDisplayInfoAutomaticTranslationSettings({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v1/supported-languages/games/1001/universe-display-info-automatic-translation-settings`,
    response: { data: [{ languageCode: "es", isUniverseDisplayInfoAutomaticTranslationEnabled: true }] }
  },
  {
    name: "getSupportedLanguagesMetadata",
    call: gi((c) => c.supportedLanguages.getSupportedLanguagesMetadata()),
    method: "GET",
    path: `${base}/v1/supported-languages/metadata`,
    response: { isFeatureEnabled: true, areAllLanguagesEnabled: false, minimumUniverseIdForFeature: 1 }
  },
  {
    name: "getSupportedLanguagesWithLocales",
    call: gi((c) => c.supportedLanguages.getSupportedLanguagesWithLocales({ params: { gameId: 1001 } })),
    method: "GET",
    path: `${base}/v2/supported-languages/games/1001`,
    response: {
      data: [{
        languageFamily: { id: 2, languageCode: "es", name: "Spanish", nativeName: "Español", isRightToLeft: false },
        childLocales: [{ id: 49, locale: "es_mx", localeCode: "es-mx", name: "Spanish (Mexico)", nativeName: "Español (México)" }]
      }]
    }
  },
  // translation analytics
  {
    name: "downloadTranslationAnalyticsReport",
    call: gi((c) => c.translationAnalytics.downloadTranslationAnalyticsReport({ params: { gameId: 1001 }, query: reportRequest })),
    method: "GET",
    path: `${base}/v1/translation-analytics/games/1001/download-translation-analytics-report`,
    query: {
      startDateTime: "2026-05-01T00:00:00Z",
      endDateTime: "2026-06-01T00:00:00Z",
      reportType: "GameTranslationStatus",
      reportSubjectTargetId: "0"
    },
    response: report,
    expected: report
  },
  {
    name: "requestTranslationAnalyticsReport",
    call: gi((c) =>
      c.translationAnalytics.requestTranslationAnalyticsReport({ params: { gameId: 1001 }, payload: reportRequest })
    ),
    method: "POST",
    path: `${base}/v1/translation-analytics/games/1001/request-translation-analytics-report`,
    body: reportRequest,
    response: { reportGenerationStatus: "inProgress" },
    expected: { reportGenerationStatus: "InProgress" }
  },
  {
    name: "getTranslationAnalyticsMetadata",
    call: gi((c) => c.translationAnalytics.getTranslationAnalyticsMetadata()),
    method: "GET",
    path: `${base}/v1/translation-analytics/metadata`,
    response: { isFeatureEnabledOnUI: true, minimumDateTimeForAnalyticsReport: "2020-01-01T00:00:00Z", reportRequestPollingIntervalSeconds: 5 }
  }
])
