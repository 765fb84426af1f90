/**
 * Every call of every service, made by the library's typed clients against the emulator over real HTTP: the
 * emulator serves each group from the same definitions, and each answer decodes. Also `/openapi.json`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { platformServices } from "../../src/platform/api/registry.ts"
import {
  AppConfigClient,
  CatalogClient,
  FriendsClient,
  GameInternationalizationClient,
  GamesClient,
  HbaClient,
  LocaleClient,
  LocalizationTablesClient,
  MetricsClient,
  PresenceClient,
  DeepLinksClient,
  ShareLinksClient,
  ThumbnailsClient,
  TranslationRolesClient,
  UsersClient
} from "../../src/platform/clients/PlatformClients.ts"
import { emulatorClients } from "./platformSupport.ts"
import { adminHeaders, call, useEmulator } from "./support.ts"

describe("every platform call against the emulator", () => {
  const emulator = useEmulator()

  it.live("answers every endpoint of every group, decoded by the clients", () =>
    Effect.gen(function* () {
      const world = emulator().state.world
      const table = world.localizationTables[0]!
      const game = table.universeId
      const done: Array<string> = []
      const run = <A, E>(name: string, effect: Effect.Effect<A, E>) =>
        Effect.tap(
          Effect.mapError(effect, (e) => new Error(`${name}: ${String((e as { message?: string }).message ?? e)}`)),
          () => Effect.sync(() => done.push(name))
        )

      const catalog = (yield* CatalogClient).catalog
      yield* run(
        "getAssetBundles",
        catalog.getAssetBundles({
          params: { assetId: [...world.bundles.values()][0]!.itemIds[0]! },
          query: { limit: 10 }
        })
      )
      yield* run("getBundleDetails", catalog.getBundleDetails({ params: { bundleId: 501 } }))
      yield* run(
        "getBundleRecommendations",
        catalog.getBundleRecommendations({ params: { bundleId: 501 }, query: { numItems: 3 } })
      )
      const ownedBundle = (yield* catalog.getUserBundles({ params: { userId: 1 }, query: { limit: 100 } })).data[0]!
      done.push("getUserBundles")
      yield* run("unpackBundle", catalog.unpackBundle({ params: { bundleId: ownedBundle.id } }))
      yield* run("getBundlesDetails", catalog.getBundlesDetails({ query: { bundleIds: [501, 502] } }))
      yield* run(
        "getUserBundlesByType",
        catalog.getUserBundlesByType({
          params: { userId: 1, bundleType: ownedBundle.bundleType as "BodyParts" },
          query: { cursor: "" }
        })
      )
      yield* run(
        "getCatalogItemsDetails",
        catalog.getCatalogItemsDetails({
          payload: {
            items: [
              { id: 20001, itemType: "Asset" },
              { id: 501, itemType: "Bundle" }
            ]
          }
        })
      )
      yield* run(
        "getCatalogItemDetails",
        catalog.getCatalogItemDetails({ params: { itemId: 20001 }, query: { itemType: "Asset" } })
      )
      yield* run("getCatalogMetadata", catalog.getCatalogMetadata())
      yield* run("getCatalogSorts", catalog.getCatalogSorts())
      yield* run("getAssetRecommendations", catalog.getAssetRecommendations({ params: { assetTypeId: 8 }, query: {} }))
      yield* run("getRecommendationsMetadata", catalog.getRecommendationsMetadata({ query: { page: "Item" } }))
      yield* run(
        "getRecommendationsV2",
        catalog.getRecommendationsV2({ params: { assetTypeId: 8 }, query: { numItems: 2 } })
      )
      yield* run("getAssetOwners", catalog.getAssetOwners({ params: { assetId: 20001 }, query: {} }))

      const games = yield* GamesClient
      yield* run("listGames", games.games.listGames({ query: { "model.maxRows": 5 } }))
      yield* run("getGames", games.games.getGames({ query: { universeIds: [1001] } }))
      yield* run("getGameThumbnail", games.gameDetails.getGameThumbnail({ query: { imageToken: "emu-icon-1001" } }))
      yield* run(
        "getGameThumbnails",
        games.gameDetails.getGameThumbnails({ query: { imageTokens: ["emu-icon-1001", "nope"] } })
      )
      yield* run("getGamesProductInfo", games.gameDetails.getGamesProductInfo({ query: { universeIds: [1001, 1002] } }))
      yield* run("getPlaceDetails", games.gameDetails.getPlaceDetails({ query: { placeIds: [100010] } }))
      yield* run("getPlayabilityStatus", games.gameDetails.getPlayabilityStatus({ query: { universeIds: [1001] } }))
      yield* run("getGameIcon", games.gameDetails.getGameIcon({ params: { universeId: 1001 } }))
      yield* run("getGameMedia", games.gameDetails.getGameMedia({ params: { universeId: 1001 } }))
      yield* run("getGameMediaV2", games.gameDetails.getGameMediaV2({ params: { universeId: 1001 } }))
      yield* run(
        "getGamePasses",
        games.gameServers.getGamePasses({ params: { universeId: 1001 }, query: { limit: 10 } })
      )
      yield* run(
        "getGameServers",
        games.gameServers.getGameServers({ params: { placeId: 100010, serverType: "Public" }, query: { limit: 10 } })
      )
      yield* run("postPlaceMetadata", games.gameServers.postPlaceMetadata({ params: { placeId: 100010 }, payload: {} }))
      yield* run(
        "getRecommendationsByAlgorithm",
        games.gameRecommendations.getRecommendationsByAlgorithm({
          params: { algorithmName: "Homepage" },
          query: { MaxRows: 6, IsTruncatedResultsEnabled: true }
        })
      )
      yield* run(
        "getRecommendationsForGame",
        games.gameRecommendations.getRecommendationsForGame({
          params: { universeId: 1001 },
          query: { MaxRows: 3, IsTruncatedResultsEnabled: false }
        })
      )
      yield* run("getGameSorts", games.gameRecommendations.getGameSorts({ query: {} }))
      yield* run("getGroupGames", games.creatorGames.getGroupGames({ params: { groupId: 9001 }, query: {} }))
      yield* run("getGroupGamesV2", games.creatorGames.getGroupGamesV2({ params: { groupId: 9001 }, query: {} }))
      yield* run("getUserFavoriteGames", games.creatorGames.getUserFavoriteGames({ params: { userId: 1 }, query: {} }))
      yield* run("getUserGames", games.creatorGames.getUserGames({ params: { userId: 2 }, query: {} }))

      const thumbs = yield* ThumbnailsClient
      yield* run("getGameIcons", thumbs.gameThumbnails.getGameIcons({ query: { universeIds: [1001] } }))
      yield* run("getAvatarHeadshots", thumbs.avatarThumbnails.getAvatarHeadshots({ query: { userIds: [1] } }))
      yield* run("getAssetThumbnails", thumbs.assetThumbnails.getAssetThumbnails({ query: { assetIds: [20001] } }))
      yield* run("getAssetThumbnail3d", thumbs.assetThumbnails.getAssetThumbnail3d({ query: { assetId: 20001 } }))
      yield* run("getBadgeIcons", thumbs.assetThumbnails.getBadgeIcons({ query: { badgeIds: [5] } }))
      yield* run("getBundleThumbnails", thumbs.assetThumbnails.getBundleThumbnails({ query: { bundleIds: [501] } }))
      yield* run(
        "getDeveloperProductIcons",
        thumbs.assetThumbnails.getDeveloperProductIcons({ query: { developerProductIds: [7] } })
      )
      yield* run("getGamePassIcons", thumbs.assetThumbnails.getGamePassIcons({ query: { gamePassIds: [10011] } }))
      yield* run("getGroupIcons", thumbs.assetThumbnails.getGroupIcons({ query: { groupIds: [9001] } }))
      yield* run("getOutfitThumbnails", thumbs.assetThumbnails.getOutfitThumbnails({ query: { userOutfitIds: [3] } }))
      yield* run("getAvatarThumbnail3d", thumbs.avatarThumbnails.getAvatarThumbnail3d({ query: { userId: 1 } }))
      yield* run("getAvatarBusts", thumbs.avatarThumbnails.getAvatarBusts({ query: { userIds: [1, 2] } }))
      yield* run("getAvatars", thumbs.avatarThumbnails.getAvatars({ query: { userIds: [1] } }))
      yield* run(
        "getUniversesThumbnails",
        thumbs.gameThumbnails.getUniversesThumbnails({ query: { universeIds: [1001], countPerUniverse: 1 } })
      )
      yield* run(
        "getUniverseThumbnails",
        thumbs.gameThumbnails.getUniverseThumbnails({ params: { universeId: 1001 }, query: { thumbnailIds: [1, 2] } })
      )
      yield* run("getPlaceGameIcons", thumbs.gameThumbnails.getPlaceGameIcons({ query: { placeIds: [100010] } }))
      yield* run(
        "batchThumbnails",
        thumbs.thumbnailBatch.batchThumbnails({ payload: [{ requestId: "a", type: "GameIcon", targetId: 1001 }] })
      )

      const users = (yield* UsersClient).users
      yield* run("lookupUsers", users.lookupUsers({ payload: { userIds: [1, 2] } }))
      yield* run("getAuthenticatedUser", users.getAuthenticatedUser())
      const friends = yield* FriendsClient
      yield* run(
        "getFriends",
        friends.friends.getFriends({ params: { userId: 1 }, query: { userSort: "Alphabetical" } })
      )
      yield* run("findFriends", friends.friends.findFriends({ params: { userId: 1 }, query: { limit: 10 } }))
      yield* run("getFollowers", friends.friends.getFollowers({ params: { targetUserId: 1 }, query: {} }))
      yield* run("getFollowings", friends.friends.getFollowings({ params: { targetUserId: 1 }, query: { limit: 18 } }))
      yield* run("getFriendRequests", friends.friendRequests.getFriendRequests({ query: { limit: 5 } }))
      // follow is challenged by default (the challenge gate); this test is about the service behind the gate
      yield* Effect.promise(() =>
        call(`${emulator().adminUrl}/challenges`, {
          method: "PUT",
          headers: { "content-type": "application/json", ...adminHeaders },
          body: JSON.stringify({ enabled: false })
        })
      )
      yield* run("followUser", friends.friends.followUser({ params: { targetUserId: 2 } }))
      yield* run("unfollowUser", friends.friends.unfollowUser({ params: { targetUserId: 2 } }))
      const presence = yield* PresenceClient
      yield* run("getPresences", presence.presence.getPresences({ payload: { userIds: [1, 2] } }))

      const locale = (yield* LocaleClient).locale
      yield* run("getLocales", locale.getLocales({ query: {} }))
      yield* run("setUserSupportedLocale", locale.setUserSupportedLocale({ payload: { supportedLocaleCode: "es_es" } }))
      yield* run("getSupportedLocales", locale.getSupportedLocales())
      yield* run("getUserLocale", locale.getUserLocale())
      yield* run("getUserLocusLocales", locale.getUserLocusLocales())

      const gi = yield* GameInternationalizationClient
      yield* run("getAutolocalization", gi.autolocalization.getAutolocalization({ params: { gameId: game } }))
      yield* run("enableAutolocalization", gi.autolocalization.enableAutolocalization({ params: { gameId: game } }))
      const lt = yield* LocalizationTablesClient
      yield* run(
        "createAutolocalizationTable",
        lt.autoLocalizationTable.createAutolocalizationTable({ params: { gameId: game } })
      )
      yield* run(
        "setAutolocalizationTable",
        lt.autoLocalizationTable.setAutolocalizationTable({ params: { gameId: game }, payload: { tableId: table.id } })
      )
      yield* run(
        "setAutolocalizationSettings",
        lt.autoLocalizationTable.setAutolocalizationSettings({
          params: { gameId: game },
          payload: { shouldUseLocalizationTable: true }
        })
      )
      yield* run(
        "requestAutolocalizationCleanup",
        gi.autolocalization.requestAutolocalizationCleanup({
          params: { gameId: game },
          payload: { maxAgeForFlush: "30.00:00:00" }
        })
      )
      yield* run("getAutolocalizationMetadata", lt.autoLocalizationTable.getAutolocalizationMetadata())
      yield* run(
        "getAutomaticTranslationFeatureStatus",
        gi.automaticTranslation.getAutomaticTranslationFeatureStatus({ params: { gameId: game } })
      )
      yield* run(
        "getAutomaticTranslationQuota",
        gi.automaticTranslation.getAutomaticTranslationQuota({ params: { gameId: game } })
      )
      yield* run(
        "getAutomaticTranslationTargetLanguages",
        gi.automaticTranslation.getAutomaticTranslationTargetLanguages({
          params: { languageCode: "en" },
          query: { gameId: game }
        })
      )
      yield* run("getTranslationCounts", gi.localizationStatus.getTranslationCounts({ params: { gameId: game } }))
      yield* run(
        "getTranslationCountsForLanguageOrLocale",
        gi.localizationStatus.getTranslationCountsForLanguageOrLocale({
          query: { gameIds: [game, 1050], languageOrLocaleCode: "es", languageOrLocaleType: "Language" }
        })
      )
      yield* run("getAvailableLanguages", lt.localizationTable.getAvailableLanguages())
      const created = yield* lt.localizationTable.createTable({ payload: { name: "Extra" } })
      done.push("createTable")
      yield* run(
        "associateGameTables",
        gi.gameTables.associateGameTables({ params: { gameId: game }, payload: { tables: [{ id: created.id }] } })
      )
      const byAsset = yield* lt.localizationTable.getTable({ params: { tableId: created.assetId! } })
      assert.strictEqual(byAsset.id, created.id)
      yield* run("getTable", lt.localizationTable.getTable({ params: { tableId: table.id } }))
      yield* run(
        "getTableEntries",
        lt.localizationTable.getTableEntries({
          params: { tableId: table.id },
          query: { gameId: game, entryFormat: "Legacy" }
        })
      )
      yield* run(
        "getTableEntryCount",
        lt.localizationTable.getTableEntryCount({ params: { tableId: table.id }, query: {} })
      )
      const first = table.entries[0]!
      const identifier = { key: first.key, context: first.context, source: first.source }
      yield* run(
        "updateTable",
        lt.localizationTable.updateTable({
          params: { tableId: table.id },
          query: {},
          payload: { entries: [{ identifier, translations: [{ locale: "es", translationText: "¡Juega!" }] }] }
        })
      )
      yield* run(
        "getTranslationHistory",
        lt.localizationTable.getTranslationHistory({
          params: { tableId: table.id },
          query: {},
          payload: { locale: "es", entries: [{ identifier }] }
        })
      )
      yield* run("getSourceLanguage", gi.sourceLanguage.getSourceLanguage({ params: { gameId: game } }))
      yield* run(
        "setSourceLanguage",
        gi.sourceLanguage.setSourceLanguage({ params: { gameId: 1060 }, query: { languageCode: "en" } })
      )
      yield* run(
        "getAutomaticTranslationStatus",
        gi.supportedLanguages.getAutomaticTranslationStatus({ params: { gameId: game } })
      )
      yield* run("getSupportedLanguages", gi.supportedLanguages.getSupportedLanguages({ params: { gameId: game } }))
      yield* run(
        "patchSupportedLanguages",
        gi.supportedLanguages.patchSupportedLanguages({
          params: { gameId: game },
          payload: [{ languageCodeType: "Language", languageCode: "ko" }]
        })
      )
      yield* run(
        "setAutomaticTranslationStatus",
        gi.supportedLanguages.setAutomaticTranslationStatus({
          params: { gameId: game, languageCode: "ko" },
          payload: true
        })
      )
      yield* run(
        "setUniverseDisplayInfoAutomaticTranslation",
        gi.supportedLanguages.setUniverseDisplayInfoAutomaticTranslation({
          params: { gameId: game, languageCode: "ko" },
          payload: true
        })
      )
      yield* run(
        "getUniverseDisplayInfoAutomaticTranslationSettings",
        gi.supportedLanguages.getUniverseDisplayInfoAutomaticTranslationSettings({ params: { gameId: game } })
      )
      yield* run("getSupportedLanguagesMetadata", gi.supportedLanguages.getSupportedLanguagesMetadata())
      yield* run(
        "getSupportedLanguagesWithLocales",
        gi.supportedLanguages.getSupportedLanguagesWithLocales({ params: { gameId: game } })
      )
      const period = {
        startDateTime: "2026-05-01T00:00:00Z",
        endDateTime: "2026-06-01T00:00:00Z",
        reportType: "GameTranslationStatus",
        reportSubjectTargetId: 0
      } as const
      yield* run(
        "requestTranslationAnalyticsReport",
        gi.translationAnalytics.requestTranslationAnalyticsReport({ params: { gameId: game }, payload: period })
      )
      yield* run(
        "downloadTranslationAnalyticsReport",
        gi.translationAnalytics.downloadTranslationAnalyticsReport({ params: { gameId: game }, query: period })
      )
      yield* run("getTranslationAnalyticsMetadata", gi.translationAnalytics.getTranslationAnalyticsMetadata())

      const tables = (yield* LocalizationTablesClient).autoLocalizationTable
      yield* run(
        "requestAutoLocalizationTableAssets",
        tables.requestAutoLocalizationTableAssets({ params: { gameId: game } })
      )
      yield* run(
        "requestAutoLocalizationTableCleanup",
        tables.requestAutoLocalizationTableCleanup({
          params: { gameId: game },
          payload: { maxAgeForFlush: "01:00:00" }
        })
      )
      yield* run(
        "patchAutoLocalizationTable",
        tables.patchAutoLocalizationTable({
          params: { gameId: game },
          headers: { "roblox-game-id": game },
          payload: { entries: [{ source: "Quit", context: "Menu" }] }
        })
      )

      const roles = (yield* TranslationRolesClient).translationRoles
      yield* run("getCurrentUserGameRoles", roles.getCurrentUserGameRoles({ params: { gameId: game } }))
      yield* run(
        "updateGameRole",
        roles.updateGameRole({
          params: { gameId: game },
          payload: { assigneeId: 3, assigneeType: "user", role: "translator" }
        })
      )
      yield* run("getRoleAssignees", roles.getRoleAssignees({ params: { gameId: game, role: "translator" } }))
      yield* run(
        "getCurrentUserRoleGames",
        roles.getCurrentUserRoleGames({ params: { role: "translator" }, query: { pageSize: 2, groupId: 0 } })
      )

      const links = (yield* ShareLinksClient).shareLinks
      const seeded = (yield* Effect.promise(
        () => import("../../src/emulator/services/shareLinksSeed.ts")
      )).seedShareLinks(world)[0]!
      yield* run("resolveLink", links.resolveLink({ payload: { linkId: seeded.code, linkType: seeded.type as never } }))
      yield* run(
        "resolveLinkV2",
        (yield* DeepLinksClient).deepLinks.resolveLinkV2({ payload: { linkId: "v2-experience-valid" } })
      )

      yield* run("getServerNonce", (yield* HbaClient).hba.getServerNonce())
      yield* run(
        "recordMeasurements",
        (yield* MetricsClient).metrics.recordMeasurements({
          payload: [{ taskId: 1, featureName: "demo", measureName: "load", value: 12.5 }]
        })
      )
      yield* run("getPageHeartbeatConfig", (yield* AppConfigClient).appConfig.getPageHeartbeatConfig())

      const all = Object.values(platformServices).flatMap((api) =>
        (Object.values(api.groups) as ReadonlyArray<HttpApiGroup.Top>).flatMap((g) =>
          (Object.values(g.endpoints) as ReadonlyArray<HttpApiEndpoint.Top>).map((e) => e.identifier)
        )
      )
      assert.deepStrictEqual([...done].sort(), [...all].sort())
    }).pipe(Effect.provide(emulatorClients(emulator())))
  )

  it("serves the OpenAPI document of every service at /openapi.json", async () => {
    const doc = await call(`${emulator().origin}/openapi.json`)
    assert.strictEqual(doc.status, 200)
    const operations = Object.values(doc.body.paths as Record<string, Record<string, unknown>>).flatMap((ops) =>
      Object.keys(ops).filter((m) => ["get", "post", "patch", "put", "delete"].includes(m))
    )
    const defined = Object.values(platformServices).flatMap((api) =>
      (Object.values(api.groups) as ReadonlyArray<HttpApiGroup.Top>).flatMap((g) => Object.keys(g.endpoints))
    )
    assert.strictEqual(operations.length, defined.length)
    assert.deepStrictEqual(
      Object.keys(
        doc.body.paths[
          "/gameInternationalization/v1/translation-analytics/games/{gameId}/download-translation-analytics-report"
        ].get.responses["200"].content
      ),
      ["application/octet-stream"]
    )
    assert.isDefined(doc.body.paths["/thumbnails/v1/batch"].post)
  })
})
