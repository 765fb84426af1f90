/**
 * The game internationalization service against its published documents (v1 and v2): target languages and game ids
 * as repeated keys, the game-table association at its published path, the switch bodies as bare booleans, the
 * language patch as a bare array, the binary report; answers in the documented form (names or codes) and the live
 * form (values the document does not list, extra fields).
 */
import * as Effect from "effect/Effect"
import { GameInternationalizationClient } from "../../../src/platform/clients/PlatformClients.ts"
import { contractCases, type Fixture } from "./harness.ts"

type Gi = GameInternationalizationClient["Service"]
const gi = <A, E>(f: (client: Gi) => Effect.Effect<A, E>) => Effect.flatMap(GameInternationalizationClient, f)
const same = (answer: unknown): Fixture => ({ answer, decoded: answer })
const extra = <A extends object>(value: A) => ({ ...value, addedLater: 1 })

const base = "/gameInternationalization"
const tableId = "5c0b9d0e-2c55-4d6b-9d43-1f5b7a0c2e11"
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
const quota = {
  monthlyQuota: {
    remaining: 9000,
    capacity: 10000,
    nextRefreshDate: "2026-07-01T00:00:00Z",
    previousRefreshDate: "2026-06-01T00:00:00Z"
  },
  bankQuota: { remaining: 0, capacity: 0 }
}

contractCases("gameInternationalization", [
  {
    published: "GET /v1/automatic-translation/games/{gameId}/feature-status",
    method: "automaticTranslation.getAutomaticTranslationFeatureStatus",
    call: gi((c) => c.automaticTranslation.getAutomaticTranslationFeatureStatus({ params: { gameId: 1001 } })),
    path: `${base}/v1/automatic-translation/games/1001/feature-status`,
    documented: same({
      gameId: 1001,
      isAutomaticTranslationAllowed: true,
      isAutomaticTranslationSwitchesUIEnabled: true
    }),
    live: {
      answer: extra({ gameId: 1001, isAutomaticTranslationAllowed: false }),
      decoded: { gameId: 1001, isAutomaticTranslationAllowed: false }
    }
  },
  {
    published: "GET /v1/automatic-translation/games/{gameId}/quota",
    method: "automaticTranslation.getAutomaticTranslationQuota",
    call: gi((c) => c.automaticTranslation.getAutomaticTranslationQuota({ params: { gameId: 1001 } })),
    path: `${base}/v1/automatic-translation/games/1001/quota`,
    documented: same(quota),
    live: { answer: extra({ monthlyQuota: extra(quota.monthlyQuota) }), decoded: { monthlyQuota: quota.monthlyQuota } }
  },
  {
    published: "GET /v1/automatic-translation/languages/{languageCode}/target-languages",
    method: "automaticTranslation.getAutomaticTranslationTargetLanguages",
    call: gi((c) =>
      c.automaticTranslation.getAutomaticTranslationTargetLanguages({
        params: { languageCode: "en" },
        query: { targetLanguages: ["es", "fr"], gameId: 1001 }
      })
    ),
    path: `${base}/v1/automatic-translation/languages/en/target-languages`,
    query: [
      ["targetLanguages", "es"],
      ["targetLanguages", "fr"],
      ["gameId", "1001"]
    ],
    documented: same({
      sourceLanguage: "en",
      targetLanguages: [
        { languageCode: "es", isAutomaticTranslationAllowed: true },
        { languageCode: "fr", isAutomaticTranslationAllowed: false }
      ]
    }),
    live: {
      answer: {
        sourceLanguage: "en",
        targetLanguages: [extra({ languageCode: "es", isAutomaticTranslationAllowed: true })]
      },
      decoded: { sourceLanguage: "en", targetLanguages: [{ languageCode: "es", isAutomaticTranslationAllowed: true }] }
    }
  },
  {
    published: "GET /v1/game-localization-status/{gameId}/translation-counts",
    method: "localizationStatus.getTranslationCounts",
    call: gi((c) => c.localizationStatus.getTranslationCounts({ params: { gameId: 1001 } })),
    path: `${base}/v1/game-localization-status/1001/translation-counts`,
    documented: {
      answer: {
        gameId: 1001,
        languagesOrLocales: [
          {
            languageCode: "es",
            languageCodeType: "Language",
            name: "Spanish",
            status: "Success",
            categories: [category]
          }
        ]
      },
      decoded: {
        gameId: 1001,
        languagesOrLocales: [
          {
            languageCode: "es",
            languageCodeType: "Language",
            name: "Spanish",
            status: "Success",
            categories: [category]
          }
        ]
      }
    },
    live: {
      answer: {
        gameId: 1001,
        languagesOrLocales: [
          { languageCode: "pt_br", languageCodeType: 1, name: "Portuguese (Brazil)", status: "Pending", categories: [] }
        ]
      },
      decoded: {
        gameId: 1001,
        languagesOrLocales: [
          {
            languageCode: "pt_br",
            languageCodeType: "Locale",
            name: "Portuguese (Brazil)",
            status: { _tag: "Unknown", value: "Pending" },
            categories: []
          }
        ]
      }
    }
  },
  {
    published: "GET /v1/game-localization-status/translation-counts-for-language-or-locale",
    method: "localizationStatus.getTranslationCountsForLanguageOrLocale",
    call: gi((c) =>
      c.localizationStatus.getTranslationCountsForLanguageOrLocale({
        query: { gameIds: [1001, 1002], languageOrLocaleCode: "es_mx", languageOrLocaleType: "Locale" }
      })
    ),
    path: `${base}/v1/game-localization-status/translation-counts-for-language-or-locale`,
    query: [
      ["gameIds", "1001"],
      ["gameIds", "1002"],
      ["languageOrLocaleCode", "es_mx"],
      ["languageOrLocaleType", "Locale"]
    ],
    documented: same({
      languageOrLocaleCode: "es_mx",
      languageOrLocaleType: "Locale",
      games: [
        { gameId: 1001, status: "LanguageOrLocaleSupportedForGame", categories: [category] },
        { gameId: 1002, status: "GameDoesNotHaveTable", categories: [] }
      ]
    }),
    live: {
      answer: {
        languageOrLocaleCode: "es_mx",
        languageOrLocaleType: 1,
        games: [
          { gameId: 1001, status: 4 },
          { gameId: 1003, status: "GameIsArchived" }
        ]
      },
      decoded: {
        languageOrLocaleCode: "es_mx",
        languageOrLocaleType: "Locale",
        games: [
          { gameId: 1001, status: "GameDoesNotExist" },
          { gameId: 1003, status: { _tag: "Unknown", value: "GameIsArchived" } }
        ]
      }
    }
  },
  {
    published: "PATCH /v1/localizationtable/gametables/{gameId}",
    method: "gameTables.associateGameTables",
    call: gi((c) =>
      c.gameTables.associateGameTables({
        params: { gameId: 1001 },
        payload: { tables: [{ id: tableId, dissociate: false }] }
      })
    ),
    path: `${base}/v1/localizationtable/gametables/1001`,
    body: { tables: [{ id: tableId, dissociate: false }] },
    documented: same({ success: true }),
    live: { answer: extra({ success: false }), decoded: { success: false } }
  },
  {
    published: "GET /v1/source-language/games/{gameId}",
    method: "sourceLanguage.getSourceLanguage",
    call: gi((c) => c.sourceLanguage.getSourceLanguage({ params: { gameId: 1001 } })),
    path: `${base}/v1/source-language/games/1001`,
    documented: same({ languageCode: "en", name: "English", nativeName: "English" }),
    live: {
      answer: extra({ languageCode: "ja", name: "Japanese", nativeName: "日本語" }),
      decoded: { languageCode: "ja", name: "Japanese", nativeName: "日本語" }
    }
  },
  {
    published: "PATCH /v1/source-language/games/{gameId}",
    method: "sourceLanguage.setSourceLanguage",
    call: gi((c) => c.sourceLanguage.setSourceLanguage({ params: { gameId: 1001 }, query: { languageCode: "es" } })),
    path: `${base}/v1/source-language/games/1001`,
    query: [["languageCode", "es"]],
    documented: same({}),
    live: same({})
  },
  {
    published: "GET /v1/supported-languages/games/{gameId}",
    method: "supportedLanguages.getSupportedLanguages",
    call: gi((c) => c.supportedLanguages.getSupportedLanguages({ params: { gameId: 1001 } })),
    path: `${base}/v1/supported-languages/games/1001`,
    documented: same({
      data: [
        { languageCode: "es", languageCodeType: "Language", name: "Spanish" },
        { languageCode: "pt_br", languageCodeType: "Locale", name: "Portuguese (Brazil)" }
      ]
    }),
    live: {
      answer: {
        data: [
          { languageCode: "es", languageCodeType: 0, name: "Spanish" },
          { languageCode: "sgn", languageCodeType: "SignLanguage" }
        ]
      },
      decoded: {
        data: [
          { languageCode: "es", languageCodeType: "Language", name: "Spanish" },
          { languageCode: "sgn", languageCodeType: { _tag: "Unknown", value: "SignLanguage" } }
        ]
      }
    }
  },
  {
    published: "PATCH /v1/supported-languages/games/{gameId}",
    method: "supportedLanguages.patchSupportedLanguages",
    call: gi((c) =>
      c.supportedLanguages.patchSupportedLanguages({
        params: { gameId: 1001 },
        payload: [
          { languageCodeType: "Language", languageCode: "de" },
          { languageCodeType: "Locale", languageCode: "fr_ca", delete: true }
        ]
      })
    ),
    path: `${base}/v1/supported-languages/games/1001`,
    body: [
      { languageCodeType: "Language", languageCode: "de" },
      { languageCodeType: "Locale", languageCode: "fr_ca", delete: true }
    ],
    documented: same({}),
    live: same({})
  },
  {
    published: "GET /v1/supported-languages/games/{gameId}/automatic-translation-status",
    method: "supportedLanguages.getAutomaticTranslationStatus",
    call: gi((c) => c.supportedLanguages.getAutomaticTranslationStatus({ params: { gameId: 1001 } })),
    path: `${base}/v1/supported-languages/games/1001/automatic-translation-status`,
    documented: same({
      data: [
        {
          languageCode: "es",
          languageCodeType: "Language",
          isAutomaticTranslationEnabled: true,
          isImageTranslationEnabled: false
        }
      ]
    }),
    live: {
      answer: { data: [extra({ languageCode: "es", languageCodeType: 0, isAutomaticTranslationEnabled: false })] },
      decoded: { data: [{ languageCode: "es", languageCodeType: "Language", isAutomaticTranslationEnabled: false }] }
    }
  },
  {
    published: "PATCH /v1/supported-languages/games/{gameId}/languages/{languageCode}/automatic-translation-status",
    method: "supportedLanguages.setAutomaticTranslationStatus",
    call: gi((c) =>
      c.supportedLanguages.setAutomaticTranslationStatus({
        params: { gameId: 1001, languageCode: "es" },
        payload: true
      })
    ),
    path: `${base}/v1/supported-languages/games/1001/languages/es/automatic-translation-status`,
    body: true,
    documented: same({ gameId: 1001, languageCode: "es", isAutomaticTranslationEnabled: true }),
    live: {
      answer: extra({ gameId: 1001, languageCode: "es", isAutomaticTranslationEnabled: true }),
      decoded: { gameId: 1001, languageCode: "es", isAutomaticTranslationEnabled: true }
    }
  },
  {
    published:
      "PATCH /v1/supported-languages/games/{gameId}/languages/{languageCode}/universe-display-info-automatic-translation-settings",
    method: "supportedLanguages.setUniverseDisplayInfoAutomaticTranslation",
    call: gi((c) =>
      c.supportedLanguages.setUniverseDisplayInfoAutomaticTranslation({
        params: { gameId: 1001, languageCode: "fr" },
        payload: false
      })
    ),
    path: `${base}/v1/supported-languages/games/1001/languages/fr/universe-display-info-automatic-translation-settings`,
    body: false,
    documented: same({ gameId: 1001, languageCode: "fr", isUniverseDisplayInfoAutomaticTranslationEnabled: false }),
    live: {
      answer: extra({ gameId: 1001, languageCode: "fr", isUniverseDisplayInfoAutomaticTranslationEnabled: false }),
      decoded: { gameId: 1001, languageCode: "fr", isUniverseDisplayInfoAutomaticTranslationEnabled: false }
    }
  },
  {
    published: "GET /v1/supported-languages/games/{gameId}/universe-display-info-automatic-translation-settings",
    method: "supportedLanguages.getUniverseDisplayInfoAutomaticTranslationSettings",
    call: gi((c) =>
      c.supportedLanguages.getUniverseDisplayInfoAutomaticTranslationSettings({ params: { gameId: 1001 } })
    ),
    path: `${base}/v1/supported-languages/games/1001/universe-display-info-automatic-translation-settings`,
    documented: same({ data: [{ languageCode: "es", isUniverseDisplayInfoAutomaticTranslationEnabled: true }] }),
    live: {
      answer: { data: [extra({ languageCode: "de", isUniverseDisplayInfoAutomaticTranslationEnabled: false })] },
      decoded: { data: [{ languageCode: "de", isUniverseDisplayInfoAutomaticTranslationEnabled: false }] }
    }
  },
  {
    published: "GET /v1/supported-languages/metadata",
    method: "supportedLanguages.getSupportedLanguagesMetadata",
    call: gi((c) => c.supportedLanguages.getSupportedLanguagesMetadata()),
    path: `${base}/v1/supported-languages/metadata`,
    documented: same({
      isFeatureEnabled: true,
      areAllLanguagesEnabled: false,
      minimumUniverseIdForFeature: 1,
      isHumanTranslationProgressUIEnabled: true,
      isAutomaticTranslationProgressUIEnabled: true,
      isSupportedLanguagesChildLocalesUIEnabled: false
    }),
    live: { answer: extra({ isFeatureEnabled: true }), decoded: { isFeatureEnabled: true } }
  },
  {
    published: "GET /v2/supported-languages/games/{gameId}",
    method: "supportedLanguages.getSupportedLanguagesWithLocales",
    call: gi((c) => c.supportedLanguages.getSupportedLanguagesWithLocales({ params: { gameId: 1001 } })),
    path: `${base}/v2/supported-languages/games/1001`,
    documented: same({
      data: [
        {
          languageFamily: { id: 2, languageCode: "es", name: "Spanish", nativeName: "Español", isRightToLeft: false },
          childLocales: [
            { id: 49, locale: "es_mx", localeCode: "es-mx", name: "Spanish (Mexico)", nativeName: "Español (México)" }
          ]
        }
      ]
    }),
    live: {
      answer: { data: [{ languageFamily: extra({ languageCode: "ar", isRightToLeft: true }), childLocales: [] }] },
      decoded: { data: [{ languageFamily: { languageCode: "ar", isRightToLeft: true }, childLocales: [] }] }
    }
  },
  {
    published: "GET /v1/translation-analytics/games/{gameId}/download-translation-analytics-report",
    method: "translationAnalytics.downloadTranslationAnalyticsReport",
    call: gi((c) =>
      c.translationAnalytics.downloadTranslationAnalyticsReport({ params: { gameId: 1001 }, query: reportRequest })
    ),
    path: `${base}/v1/translation-analytics/games/1001/download-translation-analytics-report`,
    query: [
      ["startDateTime", "2026-05-01T00:00:00Z"],
      ["endDateTime", "2026-06-01T00:00:00Z"],
      ["reportType", "GameTranslationStatus"],
      ["reportSubjectTargetId", "0"]
    ],
    documented: same(report),
    live: same(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62]))
  },
  {
    published: "POST /v1/translation-analytics/games/{gameId}/request-translation-analytics-report",
    method: "translationAnalytics.requestTranslationAnalyticsReport",
    call: gi((c) =>
      c.translationAnalytics.requestTranslationAnalyticsReport({ params: { gameId: 1001 }, payload: reportRequest })
    ),
    path: `${base}/v1/translation-analytics/games/1001/request-translation-analytics-report`,
    body: reportRequest,
    documented: { answer: { reportGenerationStatus: "inProgress" }, decoded: { reportGenerationStatus: "InProgress" } },
    live: {
      answer: { reportGenerationStatus: "Queued" },
      decoded: { reportGenerationStatus: { _tag: "Unknown", value: "Queued" } }
    }
  },
  {
    published: "GET /v1/translation-analytics/metadata",
    method: "translationAnalytics.getTranslationAnalyticsMetadata",
    call: gi((c) => c.translationAnalytics.getTranslationAnalyticsMetadata()),
    path: `${base}/v1/translation-analytics/metadata`,
    documented: same({
      isFeatureEnabledOnUI: true,
      minimumDateTimeForAnalyticsReport: "2020-01-01T00:00:00Z",
      reportRequestPollingIntervalSeconds: 5
    }),
    live: { answer: extra({ isFeatureEnabledOnUI: false }), decoded: { isFeatureEnabledOnUI: false } }
  }
])
