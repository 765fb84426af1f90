/**
 * Every call the platform features list (API-2 to API-20, and the calls of ATT, SHARE, PERF and BEAT) is defined,
 * once, on the right service, and nothing else is: the list below is that list transcribed (method, service, path
 * with `{param}`), the definitions are read from the registry. Where the
 * published document of the service moved or changed a call (docs/platform-clients.md, "Decisions"), the listed line
 * maps to the call as published.
 *
 * And every published call our capabilities use (publishedCalls.ts) is defined exactly as published: matched / total.
 *
 * Device attestation, performance metrics and the app configuration are defined by their feature modules and
 * listed in the registry with the others. The heartbeat's worker script (`/worker-resources/script/`) is a script
 * URL, not an API call, and is not counted.
 */
import { assert, describe, it } from "@effect/vitest"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { platformServices } from "../../../src/platform/api/registry.ts"
import { publishedCalls } from "./publishedCalls.ts"

const section7: Record<keyof typeof platformServices, ReadonlyArray<string>> = {
  catalog: [
    "GET /v1/assets/{assetId}/bundles",
    "GET /v1/bundles/{bundleId}/details",
    "GET /v1/bundles/{bundleId}/recommendations",
    "POST /v1/bundles/{bundleId}/unpack",
    "GET /v1/bundles/details",
    "GET /v1/users/{userId}/bundles/{bundleType}",
    "GET /v1/users/{userId}/bundles",
    "POST /v1/catalog/items/details",
    "GET /v1/catalog/items/{itemId}/details",
    "GET /v1/catalog/metadata",
    "GET /v1/catalog/sorts",
    "GET /v1/recommendations/asset/{assetTypeId}",
    "GET /v1/recommendations/metadata",
    "GET /v2/recommendations/{assetTypeId}",
    "GET /v2/assets/{assetId}/owners"
  ],
  gameInternationalization: [
    "PATCH /v1/autolocalization/games/{gameId}/autolocalizationtable",
    "POST /v1/autolocalization/games/{gameId}/autolocalizationtable",
    "POST /v1/autolocalization/games/{gameId}/autoscrape-cleanup-request",
    "GET /v1/autolocalization/games/{gameId}",
    "PATCH /v1/autolocalization/games/{gameId}",
    "PATCH /v1/autolocalization/games/{gameId}/settings",
    "GET /v1/autolocalization/metadata",
    "GET /v1/automatic-translation/games/{gameId}/feature-status",
    "GET /v1/automatic-translation/games/{gameId}/quota",
    "GET /v1/automatic-translation/languages/{languageCode}/target-languages",
    "GET /v1/game-localization-status/{gameId}/translation-counts",
    "GET /v1/game-localization-status/translation-counts-for-language-or-locale",
    "GET /v1/localizationtable/available-languages",
    "POST /v1/localizationtable/games/{gameId}/assets-generation-request",
    "PATCH /v1/localizationtable/gametables/{gameId}",
    "GET /v1/localizationtable/tables",
    "POST /v1/localizationtable/tables",
    "GET /v1/localizationtable/tables/{tableId}/entries",
    "POST /v1/localizationtable/tables/{tableId}/entries/translation-history",
    "GET /v1/localizationtable/tables/{tableId}/entry-count",
    "GET /v1/localizationtable/tables/{tableId}",
    "PATCH /v1/localizationtable/tables/{tableId}",
    "GET /v1/source-language/games/{gameId}",
    "PATCH /v1/source-language/games/{gameId}",
    "GET /v1/supported-languages/games/{gameId}/automatic-translation-status",
    "GET /v1/supported-languages/games/{gameId}",
    "PATCH /v1/supported-languages/games/{gameId}/languages/{languageCode}/automatic-translation-status",
    "PATCH /v1/supported-languages/games/{gameId}/languages/{languageCode}/universe-display-info-automatic-translation-settings",
    "PATCH /v1/supported-languages/games/{gameId}",
    "GET /v1/supported-languages/games/{gameId}/universe-display-info-automatic-translation-settings",
    "GET /v1/supported-languages/metadata",
    "GET /v2/supported-languages/games/{gameId}",
    "GET /v1/translation-analytics/games/{gameId}/download-translation-analytics-report",
    "POST /v1/translation-analytics/games/{gameId}/request-translation-analytics-report",
    "GET /v1/translation-analytics/metadata"
  ],
  localizationTables: [
    "POST /v1/auto-localization-table/games/{gameId}/assets-generation-request",
    "POST /v1/auto-localization-table/games/{gameId}/auto-scrape-cleanup-request",
    "PATCH /v1/auto-localization-table/games/{gameId}"
  ],
  thumbnails: [
    "GET /v1/assets",
    "GET /v1/assets-thumbnail-3d",
    "GET /v1/users/avatar-3d",
    "GET /v1/users/avatar-bust",
    "GET /v1/users/avatar",
    "GET /v1/users/avatar-headshot",
    "GET /v1/badges/icons",
    "GET /v1/bundles/thumbnails",
    "GET /v1/developer-products/icons",
    "GET /v1/game-passes",
    "GET /v1/games/icons",
    "GET /v1/games/multiget/thumbnails",
    "GET /v1/games/{universeId}/thumbnails",
    "GET /v1/groups/icons",
    "GET /v1/users/outfits",
    "POST /v1/batch",
    "POST /v1/places/gameicons"
  ],
  games: [
    "GET /v1/games/{universeId}/game-passes",
    "GET /v1/games/game-thumbnail",
    "GET /v1/games/game-thumbnails",
    "GET /v1/games/games-product-info",
    "GET /v1/games",
    "GET /v1/games/list",
    "GET /v1/games/multiget-place-details",
    "GET /v1/games/multiget-playability-status",
    "GET /v1/games/{placeId}/servers/{serverType}",
    "POST /v1/games/places/{placeId}/metadata",
    "GET /v1/games/recommendations/algorithm/{algorithmName}",
    "GET /v1/games/recommendations/game/{universeId}",
    "GET /v1/games/sorts",
    "GET /v1/games/{universeId}/icon",
    "GET /v1/games/{universeId}/media",
    "GET /v2/games/{universeId}/media",
    "GET /v2/groups/{groupId}/games",
    "GET /v2/groups/{groupId}/gamesV2",
    "GET /v2/users/{userId}/favorite/games",
    "GET /v2/users/{userId}/games",
    "POST /v1/games"
  ],
  locale: [
    "GET /v1/locales",
    "POST /v1/locales/set-user-supported-locale",
    "GET /v1/locales/supported-locales",
    "GET /v1/locales/user-locale",
    "GET /v1/locales/user-localization-locus-supported-locales"
  ],
  translationRoles: [
    "GET /v1/game-localization-roles/games/{gameId}/current-user/roles",
    "PATCH /v1/game-localization-roles/games/{gameId}",
    "GET /v1/game-localization-roles/games/{gameId}/roles/{role}/assignees",
    "GET /v1/game-localization-roles/roles/{role}/current-user"
  ],
  users: ["POST /v1/users"],
  friends: [
    "GET /v1/users/{userId}/friends",
    "GET /v1/users/{userId}/followers",
    "GET /v1/users/{userId}/followings",
    "GET /v1/my/friends/requests"
  ],
  presence: ["POST /v1/presence/users", "GET /v1/presence/users"],
  shareLinks: ["POST /v1/resolve-link"],
  deepLinks: [],
  hba: ["GET /hba-service/v1/getServerNonce"],
  metrics: ["POST /v1/performance/measurements"],
  apiGateway: ["GET /universal-app-configuration/v1/behaviors/page-heartbeat-v2/content"]
}

/**
 * Listed lines the published documents changed, each with the call as published (`service METHOD path`): the capability
 * stays, the call follows the document.
 */
const decisions: Readonly<Record<string, string>> = {
  "thumbnails POST /v1/places/gameicons": "thumbnails GET /v1/places/gameicons",
  "games POST /v1/games": "games GET /v1/games",
  "presence GET /v1/presence/users": "presence POST /v1/presence/users",
  "friends GET /v1/users/{userId}/followers": "friends GET /v1/users/{targetUserId}/followers",
  "friends GET /v1/users/{userId}/followings": "friends GET /v1/users/{targetUserId}/followings",
  "gameInternationalization PATCH /v1/autolocalization/games/{gameId}/autolocalizationtable":
    "localizationTables PATCH /v1/autolocalization/games/{gameId}/autolocalizationtable",
  "gameInternationalization POST /v1/autolocalization/games/{gameId}/autolocalizationtable":
    "localizationTables POST /v1/autolocalization/games/{gameId}/autolocalizationtable",
  "gameInternationalization PATCH /v1/autolocalization/games/{gameId}/settings":
    "localizationTables PATCH /v1/autolocalization/games/{gameId}/settings",
  "gameInternationalization GET /v1/autolocalization/metadata": "localizationTables GET /v1/autolocalization/metadata",
  "gameInternationalization GET /v1/localizationtable/available-languages":
    "localizationTables GET /v1/localization-table/available-languages",
  "gameInternationalization POST /v1/localizationtable/games/{gameId}/assets-generation-request":
    "localizationTables POST /v1/auto-localization-table/games/{gameId}/assets-generation-request",
  "gameInternationalization GET /v1/localizationtable/tables":
    "localizationTables GET /v1/localization-table/tables/{tableId}",
  "gameInternationalization POST /v1/localizationtable/tables": "localizationTables POST /v1/localization-table/tables",
  "gameInternationalization GET /v1/localizationtable/tables/{tableId}/entries":
    "localizationTables GET /v1/localization-table/tables/{tableId}/entries",
  "gameInternationalization POST /v1/localizationtable/tables/{tableId}/entries/translation-history":
    "localizationTables POST /v1/localization-table/tables/{tableId}/entries/translation-history",
  "gameInternationalization GET /v1/localizationtable/tables/{tableId}/entry-count":
    "localizationTables GET /v1/localization-table/tables/{tableId}/entry-count",
  "gameInternationalization GET /v1/localizationtable/tables/{tableId}":
    "localizationTables GET /v1/localization-table/tables/{tableId}",
  "gameInternationalization PATCH /v1/localizationtable/tables/{tableId}":
    "localizationTables PATCH /v1/localization-table/tables/{tableId}",
  "localizationTables PATCH /v1/auto-localization-table/games/{gameId}":
    "localizationTables PATCH /v1/auto-localization-table/games/{gameId}/ingestion"
}

/**
 * Published lines that one defined route serves: the document has a table by id and by asset id on the same path
 * (`/tables/{tableId}` and `/tables/{assetId}`), one route for a router, so one call with either.
 */
const sameRoute: Readonly<Record<string, string>> = {
  "localizationTables GET /v1/localization-table/tables/{assetId}":
    "localizationTables GET /v1/localization-table/tables/{tableId}"
}

/**
 * Calls defined beyond the list: the signed-in user (the emulator's pages and tests), the deep-links service's resolution
 * of share links that name no type (docs/real-platform.md, "Share and deep links"), the paged friends list that the
 * published document moved the spec's cursor and limit to, and follow / unfollow as published (the demo's Follow).
 */
const beyond: ReadonlyArray<string> = [
  "users GET /v1/users/authenticated",
  "deepLinks POST /v2/resolve",
  "friends GET /v1/users/{userId}/friends/find",
  "friends POST /v1/users/{targetUserId}/follow",
  "friends POST /v1/users/{targetUserId}/unfollow"
]

const defined = Object.entries(platformServices).flatMap(([service, api]) =>
  (Object.values(api.groups) as ReadonlyArray<HttpApiGroup.Top>).flatMap((group) =>
    (Object.values(group.endpoints) as ReadonlyArray<HttpApiEndpoint.Top>).map(
      (e) => `${service} ${e.method} ${e.path.replace(/:(\w+)/g, "{$1}")}`
    )
  )
)

describe("the calls the platform features list (API-2 to API-20)", () => {
  const listed = Object.entries(section7).flatMap(([service, calls]) => calls.map((call) => `${service} ${call}`))

  it("are 111, all different", () => {
    assert.strictEqual(listed.length, 111)
    assert.strictEqual(new Set(listed).size, 111)
  })

  it("are each defined (as published where a decision says so), and nothing else is", () => {
    const expected = new Set([...listed.map((call) => decisions[call] ?? call), ...beyond])
    assert.deepStrictEqual([...defined].sort(), [...expected].sort())
    for (const call of Object.keys(decisions)) assert.include(listed, call, "a decision is about a listed line")
  })

  it("have names unique across every service (errors name the call by it)", () => {
    const names = Object.values(platformServices).flatMap((api) =>
      (Object.values(api.groups) as ReadonlyArray<HttpApiGroup.Top>).flatMap((g) => Object.keys(g.endpoints))
    )
    assert.strictEqual(names.length, new Set(names).size)
  })
})

describe("the published calls our capabilities use", () => {
  const published = Object.entries(publishedCalls).flatMap(([service, calls]) =>
    calls.map(([call, method]) => {
      const line = `${service} ${call}`
      return { line: sameRoute[line] ?? line, method }
    })
  )
  const matched = published.filter(({ line }) => defined.includes(line))

  it("are all defined exactly as published: matched / total", () => {
    assert.deepStrictEqual(
      published.filter(({ line }) => !defined.includes(line)).map(({ line }) => line),
      []
    )
    assert.strictEqual(`${matched.length} / ${published.length}`, `${published.length} / ${published.length}`)
  })

  it("name the client method that makes each", () => {
    const methods = Object.entries(platformServices).flatMap(([service, api]) =>
      (Object.values(api.groups) as ReadonlyArray<HttpApiGroup.Top>).flatMap((group) =>
        (Object.values(group.endpoints) as ReadonlyArray<HttpApiEndpoint.Top>).map(
          (e) =>
            [
              `${service} ${e.method} ${e.path.replace(/:(\w+)/g, "{$1}")}`,
              `${group.identifier}.${e.identifier}`
            ] as const
        )
      )
    )
    for (const { line, method } of published) {
      assert.include(
        methods.filter(([l]) => l === line).map(([, m]) => m),
        method,
        line
      )
    }
  })
})
