/**
 * The localization tables service against its published document: the table calls at `/v1/localization-table/…`
 * (the spec's `/v1/localizationtable/…` moved here), a table by id or by asset id on one route, `entryFormat`, the
 * automatic table's ingestion at `/ingestion`, and the autolocalization table and settings calls; answers in the
 * documented form (names, codes) and the live form (values the document does not list, extra fields).
 */
import * as Effect from "effect/Effect"
import { LocalizationTablesClient } from "../../../src/platform/clients/PlatformClients.ts"
import { contractCases, type Fixture } from "./harness.ts"

type Lt = LocalizationTablesClient["Service"]
const lt = <A, E>(f: (client: Lt) => Effect.Effect<A, E>) => Effect.flatMap(LocalizationTablesClient, f)
const same = (answer: unknown): Fixture => ({ answer, decoded: answer })
const extra = <A extends object>(value: A) => ({ ...value, addedLater: 1 })

const base = "/localizationTables"
const tableId = "5c0b9d0e-2c55-4d6b-9d43-1f5b7a0c2e11"
const identifier = { key: "Greeting", context: "Lobby", source: "Hello!", entryFormat: "Legacy" } as const
const entry = {
  identifier,
  metadata: { example: "Hello!", gameLocations: [{ path: "Workspace.Sign" }], entryFormat: "Legacy" },
  translations: [
    {
      locale: "es",
      translationText: "¡Hola!",
      translator: { id: 12, agentType: "User" },
      updatedTime: "2026-05-01T10:00:00Z",
      feedbackCount: 0
    },
    {
      locale: "fr",
      translationText: "Bonjour !",
      translator: { id: 0, agentType: "Automation" },
      updatedTime: "2026-05-02T10:00:00Z",
      feedbackCount: 2
    }
  ],
  createdTime: "2026-04-01T10:00:00Z"
}
/** The same entry live: an agent code, a format and an agent the document does not list. */
const entryLive = {
  ...entry,
  identifier: { ...identifier, entryFormat: "Markdown" },
  translations: [
    { ...entry.translations[0]!, translator: { id: 12, agentType: 1 } },
    { ...entry.translations[1]!, translator: { id: 0, agentType: "Vendor" } }
  ]
}
const entryLiveDecoded = {
  ...entry,
  identifier: { ...identifier, entryFormat: { _tag: "Unknown", value: "Markdown" } },
  translations: [
    { ...entry.translations[0]!, translator: { id: 12, agentType: "Automation" } },
    { ...entry.translations[1]!, translator: { id: 0, agentType: { _tag: "Unknown", value: "Vendor" } } }
  ]
}
const table = { id: tableId, name: "Lobby table", ownerType: "User", ownerId: 7, assetId: 8812 }
const info = {
  isAutolocalizationEnabled: true,
  shouldUseLocalizationTable: true,
  isAutomaticEntriesSettingEnabled: true,
  isAutomaticEntriesDeletionEnabled: false,
  autoLocalizationTableId: tableId,
  assetId: 8812,
  sourceLanguage: "en"
}

contractCases("localizationTables", [
  {
    published: "GET /v1/localization-table/available-languages",
    method: "localizationTable.getAvailableLanguages",
    call: lt((c) => c.localizationTable.getAvailableLanguages()),
    path: `${base}/v1/localization-table/available-languages`,
    documented: same({ data: [{ languageCode: "es", name: "Spanish", nativeName: "Español" }] }),
    live: {
      answer: { data: [extra({ languageCode: "ko", name: "Korean", nativeName: "한국어" })] },
      decoded: { data: [{ languageCode: "ko", name: "Korean", nativeName: "한국어" }] }
    }
  },
  {
    published: "POST /v1/localization-table/tables",
    method: "localizationTable.createTable",
    call: lt((c) =>
      c.localizationTable.createTable({ payload: { name: "New table", ownerType: "Group", ownerId: 9001 } })
    ),
    path: `${base}/v1/localization-table/tables`,
    body: { name: "New table", ownerType: "Group", ownerId: 9001 },
    documented: same({ id: tableId, assetId: 8813 }),
    live: { answer: extra({ id: tableId, assetId: 8813 }), decoded: { id: tableId, assetId: 8813 } }
  },
  {
    published: "GET /v1/localization-table/tables/{tableId}",
    method: "localizationTable.getTable",
    call: lt((c) => c.localizationTable.getTable({ params: { tableId } })),
    path: `${base}/v1/localization-table/tables/${tableId}`,
    documented: same(table),
    live: { answer: extra({ ...table, ownerType: 1 }), decoded: { ...table, ownerType: "Group" } }
  },
  {
    published: "GET /v1/localization-table/tables/{assetId}",
    method: "localizationTable.getTable",
    call: lt((c) => c.localizationTable.getTable({ params: { tableId: 8812 } })),
    path: `${base}/v1/localization-table/tables/8812`,
    documented: same(table),
    live: {
      answer: { ...table, ownerType: "Experience" },
      decoded: { ...table, ownerType: { _tag: "Unknown", value: "Experience" } }
    }
  },
  {
    published: "PATCH /v1/localization-table/tables/{tableId}",
    method: "localizationTable.updateTable",
    call: lt((c) =>
      c.localizationTable.updateTable({
        params: { tableId },
        query: { gameId: 1001 },
        payload: {
          name: "Renamed",
          entries: [
            { identifier, translations: [{ locale: "es", translationText: "¡Hola!" }] },
            { identifier: { source: "Bye" }, delete: true }
          ]
        }
      })
    ),
    path: `${base}/v1/localization-table/tables/${tableId}`,
    query: [["gameId", "1001"]],
    body: {
      name: "Renamed",
      entries: [
        { identifier, translations: [{ locale: "es", translationText: "¡Hola!" }] },
        { identifier: { source: "Bye" }, delete: true }
      ]
    },
    documented: same({
      modifiedEntriesAndTranslations: [
        {
          identifier,
          translations: [
            {
              locale: "es",
              translationText: "¡Hola!",
              translator: { id: 12, agentType: "User" },
              updatedTime: "2026-06-01T00:00:00Z"
            }
          ]
        }
      ],
      failedEntriesAndTranslations: [
        {
          identifier: { source: "Bye" },
          error: { errorCode: 1, errorMessage: "Entry not found." },
          metadata: null,
          translations: [],
          createdTime: null
        }
      ]
    }),
    live: {
      answer: {
        modifiedEntriesAndTranslations: [],
        failedEntriesAndTranslations: [
          extra({ identifier: { source: "Bye" }, error: { errorCode: 1, errorMessage: "Entry not found." } })
        ]
      },
      decoded: {
        modifiedEntriesAndTranslations: [],
        failedEntriesAndTranslations: [
          { identifier: { source: "Bye" }, error: { errorCode: 1, errorMessage: "Entry not found." } }
        ]
      }
    }
  },
  {
    published: "GET /v1/localization-table/tables/{tableId}/entries",
    method: "localizationTable.getTableEntries",
    call: lt((c) =>
      c.localizationTable.getTableEntries({
        params: { tableId },
        query: { cursor: "p2", gameId: 1001, entryFormat: "Icu" }
      })
    ),
    path: `${base}/v1/localization-table/tables/${tableId}/entries`,
    query: [
      ["cursor", "p2"],
      ["gameId", "1001"],
      ["entryFormat", "Icu"]
    ],
    documented: same({ data: [entry], nextPageCursor: null, previousPageCursor: "p1" }),
    live: {
      answer: { data: [entryLive], nextPageCursor: "p3", previousPageCursor: "p1" },
      decoded: { data: [entryLiveDecoded], nextPageCursor: "p3", previousPageCursor: "p1" }
    }
  },
  {
    published: "POST /v1/localization-table/tables/{tableId}/entries/translation-history",
    method: "localizationTable.getTranslationHistory",
    call: lt((c) =>
      c.localizationTable.getTranslationHistory({
        params: { tableId },
        query: { gameId: 1001 },
        payload: { locale: "es", entries: [{ identifier, count: 5, cursor: null, sortOrder: "Desc" }] }
      })
    ),
    path: `${base}/v1/localization-table/tables/${tableId}/entries/translation-history`,
    query: [["gameId", "1001"]],
    body: { locale: "es", entries: [{ identifier, count: 5, cursor: null, sortOrder: "Desc" }] },
    documented: same({
      tableId,
      locale: "es",
      entries: [
        {
          identifier,
          history: [
            { translationText: "¡Hola!", translator: { id: 12, agentType: "User" }, created: "2026-05-01T10:00:00Z" }
          ],
          nextCursor: null
        }
      ],
      failedEntries: [
        {
          identifier: { source: "Gone" },
          error: { errorCode: 38, errorMessage: "Invalid entry identifier." },
          count: 5
        }
      ]
    }),
    live: {
      answer: {
        tableId,
        locale: "es",
        entries: [
          {
            identifier,
            history: [
              {
                translationText: "¡Hola!",
                translator: { id: 0, agentType: 1 },
                created: "2026-05-01T10:00:00Z",
                source: "mt"
              }
            ]
          }
        ]
      },
      decoded: {
        tableId,
        locale: "es",
        entries: [
          {
            identifier,
            history: [
              {
                translationText: "¡Hola!",
                translator: { id: 0, agentType: "Automation" },
                created: "2026-05-01T10:00:00Z"
              }
            ]
          }
        ]
      }
    }
  },
  {
    published: "GET /v1/localization-table/tables/{tableId}/entry-count",
    method: "localizationTable.getTableEntryCount",
    call: lt((c) =>
      c.localizationTable.getTableEntryCount({ params: { tableId }, query: { gameId: 1001, entryFormat: "Legacy" } })
    ),
    path: `${base}/v1/localization-table/tables/${tableId}/entry-count`,
    query: [
      ["gameId", "1001"],
      ["entryFormat", "Legacy"]
    ],
    documented: same({ id: tableId, entryCount: 48 }),
    live: { answer: extra({ id: tableId, entryCount: 0 }), decoded: { id: tableId, entryCount: 0 } }
  },
  {
    published: "POST /v1/auto-localization-table/games/{gameId}/assets-generation-request",
    method: "autoLocalizationTable.requestAutoLocalizationTableAssets",
    call: lt((c) => c.autoLocalizationTable.requestAutoLocalizationTableAssets({ params: { gameId: 1001 } })),
    path: `${base}/v1/auto-localization-table/games/1001/assets-generation-request`,
    documented: same({}),
    live: same({})
  },
  {
    published: "POST /v1/auto-localization-table/games/{gameId}/auto-scrape-cleanup-request",
    method: "autoLocalizationTable.requestAutoLocalizationTableCleanup",
    call: lt((c) =>
      c.autoLocalizationTable.requestAutoLocalizationTableCleanup({
        params: { gameId: 1001 },
        payload: { maxAgeForFlush: "P30D" }
      })
    ),
    path: `${base}/v1/auto-localization-table/games/1001/auto-scrape-cleanup-request`,
    body: { maxAgeForFlush: "P30D" },
    documented: same({}),
    live: same({})
  },
  {
    published: "PATCH /v1/auto-localization-table/games/{gameId}/ingestion",
    method: "autoLocalizationTable.patchAutoLocalizationTable",
    call: lt((c) =>
      c.autoLocalizationTable.patchAutoLocalizationTable({
        params: { gameId: 1001 },
        headers: {},
        payload: {
          entries: [
            {
              source: "Play",
              context: "Menu",
              meta: {
                text: "Play",
                sessionId: "8d3b3a0e-0000-4000-8000-00000000a001",
                userId: 7,
                osPlatform: "Windows"
              }
            }
          ],
          metadata: { placeInformation: { placeId: 100010, placeVersionNumber: 12 } }
        }
      })
    ),
    path: `${base}/v1/auto-localization-table/games/1001/ingestion`,
    body: {
      entries: [
        {
          source: "Play",
          context: "Menu",
          meta: { text: "Play", sessionId: "8d3b3a0e-0000-4000-8000-00000000a001", userId: 7, osPlatform: "Windows" }
        }
      ],
      metadata: { placeInformation: { placeId: 100010, placeVersionNumber: 12 } }
    },
    documented: same({}),
    live: same({})
  },
  {
    published: "PATCH /v1/autolocalization/games/{gameId}/autolocalizationtable",
    method: "autoLocalizationTable.setAutolocalizationTable",
    call: lt((c) =>
      c.autoLocalizationTable.setAutolocalizationTable({ params: { gameId: 1001 }, payload: { tableId } })
    ),
    path: `${base}/v1/autolocalization/games/1001/autolocalizationtable`,
    body: { tableId },
    documented: same({}),
    live: same({})
  },
  {
    published: "POST /v1/autolocalization/games/{gameId}/autolocalizationtable",
    method: "autoLocalizationTable.createAutolocalizationTable",
    call: lt((c) => c.autoLocalizationTable.createAutolocalizationTable({ params: { gameId: 1001 } })),
    path: `${base}/v1/autolocalization/games/1001/autolocalizationtable`,
    documented: same(info),
    live: {
      answer: extra({
        isAutolocalizationEnabled: false,
        shouldUseLocalizationTable: false,
        autoLocalizationTableId: null,
        assetId: null
      }),
      decoded: {
        isAutolocalizationEnabled: false,
        shouldUseLocalizationTable: false,
        autoLocalizationTableId: null,
        assetId: null
      }
    }
  },
  {
    published: "PATCH /v1/autolocalization/games/{gameId}/settings",
    method: "autoLocalizationTable.setAutolocalizationSettings",
    call: lt((c) =>
      c.autoLocalizationTable.setAutolocalizationSettings({
        params: { gameId: 1001 },
        payload: {
          isAutolocalizationEnabled: true,
          shouldUseLocalizationTable: true,
          isAutomaticEntriesSettingEnabled: true,
          isAutomaticEntriesDeletionsEnabled: false
        }
      })
    ),
    path: `${base}/v1/autolocalization/games/1001/settings`,
    body: {
      isAutolocalizationEnabled: true,
      shouldUseLocalizationTable: true,
      isAutomaticEntriesSettingEnabled: true,
      isAutomaticEntriesDeletionsEnabled: false
    },
    documented: same({}),
    live: same({})
  },
  {
    published: "GET /v1/autolocalization/metadata",
    method: "autoLocalizationTable.getAutolocalizationMetadata",
    call: lt((c) => c.autoLocalizationTable.getAutolocalizationMetadata()),
    path: `${base}/v1/autolocalization/metadata`,
    documented: same({
      isReactVersionEnabledForAutoLocalizationSettings: true,
      isTabbedUIEnabledForConfigureLocalizationPage: true,
      isAutomaticTranslationToggleUIEnabled: true,
      isAutomaticTranslationQuotaUIEnabled: false
    }),
    live: {
      answer: extra({ isAutomaticTranslationQuotaUIEnabled: null }),
      decoded: { isAutomaticTranslationQuotaUIEnabled: null }
    }
  }
])
