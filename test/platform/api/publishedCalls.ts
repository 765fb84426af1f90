/**
 * The calls of the platform's published service documents that the library's capabilities use, per service, each
 * with the client method (`group.endpoint`) that makes it. Transcribed by hand (method and path template as
 * published); the tests never read the documents.
 *
 * The contract tests (test/platform/contracts/) hold one case per line, with fixtures written from the published
 * schema.
 */

/** One published call: `METHOD /path/{param}` and the client method that makes it. */
export type PublishedCall = readonly [call: string, method: string]

/** The published calls, by PlatformConfig service name. */
export const publishedCalls: Readonly<Record<string, ReadonlyArray<PublishedCall>>> = {
  catalog: [
    ["GET /v1/assets/{assetId}/bundles", "catalog.getAssetBundles"],
    ["GET /v1/bundles/details", "catalog.getBundlesDetails"],
    ["GET /v1/bundles/{bundleId}/details", "catalog.getBundleDetails"],
    ["GET /v1/bundles/{bundleId}/recommendations", "catalog.getBundleRecommendations"],
    ["POST /v1/catalog/items/details", "catalog.getCatalogItemsDetails"],
    ["GET /v1/users/{userId}/bundles", "catalog.getUserBundles"],
    ["GET /v1/users/{userId}/bundles/{bundleType}", "catalog.getUserBundlesByType"]
  ],
  friends: [
    ["GET /v1/users/{userId}/friends", "friends.getFriends"],
    ["GET /v1/users/{userId}/friends/find", "friends.findFriends"],
    ["GET /v1/users/{targetUserId}/followers", "friends.getFollowers"],
    ["GET /v1/users/{targetUserId}/followings", "friends.getFollowings"],
    ["POST /v1/users/{targetUserId}/follow", "friends.followUser"],
    ["POST /v1/users/{targetUserId}/unfollow", "friends.unfollowUser"],
    ["GET /v1/my/friends/requests", "friendRequests.getFriendRequests"]
  ],
  gameInternationalization: [
    [
      "GET /v1/automatic-translation/games/{gameId}/feature-status",
      "automaticTranslation.getAutomaticTranslationFeatureStatus"
    ],
    ["GET /v1/automatic-translation/games/{gameId}/quota", "automaticTranslation.getAutomaticTranslationQuota"],
    [
      "GET /v1/automatic-translation/languages/{languageCode}/target-languages",
      "automaticTranslation.getAutomaticTranslationTargetLanguages"
    ],
    ["GET /v1/game-localization-status/{gameId}/translation-counts", "localizationStatus.getTranslationCounts"],
    [
      "GET /v1/game-localization-status/translation-counts-for-language-or-locale",
      "localizationStatus.getTranslationCountsForLanguageOrLocale"
    ],
    ["PATCH /v1/localizationtable/gametables/{gameId}", "gameTables.associateGameTables"],
    ["GET /v1/source-language/games/{gameId}", "sourceLanguage.getSourceLanguage"],
    ["PATCH /v1/source-language/games/{gameId}", "sourceLanguage.setSourceLanguage"],
    ["GET /v1/supported-languages/games/{gameId}", "supportedLanguages.getSupportedLanguages"],
    ["PATCH /v1/supported-languages/games/{gameId}", "supportedLanguages.patchSupportedLanguages"],
    [
      "GET /v1/supported-languages/games/{gameId}/automatic-translation-status",
      "supportedLanguages.getAutomaticTranslationStatus"
    ],
    [
      "PATCH /v1/supported-languages/games/{gameId}/languages/{languageCode}/automatic-translation-status",
      "supportedLanguages.setAutomaticTranslationStatus"
    ],
    [
      "PATCH /v1/supported-languages/games/{gameId}/languages/{languageCode}/universe-display-info-automatic-translation-settings",
      "supportedLanguages.setUniverseDisplayInfoAutomaticTranslation"
    ],
    [
      "GET /v1/supported-languages/games/{gameId}/universe-display-info-automatic-translation-settings",
      "supportedLanguages.getUniverseDisplayInfoAutomaticTranslationSettings"
    ],
    ["GET /v1/supported-languages/metadata", "supportedLanguages.getSupportedLanguagesMetadata"],
    ["GET /v2/supported-languages/games/{gameId}", "supportedLanguages.getSupportedLanguagesWithLocales"],
    [
      "GET /v1/translation-analytics/games/{gameId}/download-translation-analytics-report",
      "translationAnalytics.downloadTranslationAnalyticsReport"
    ],
    [
      "POST /v1/translation-analytics/games/{gameId}/request-translation-analytics-report",
      "translationAnalytics.requestTranslationAnalyticsReport"
    ],
    ["GET /v1/translation-analytics/metadata", "translationAnalytics.getTranslationAnalyticsMetadata"]
  ],
  games: [
    ["GET /v1/games", "games.getGames"],
    ["GET /v1/games/game-thumbnail", "gameDetails.getGameThumbnail"],
    ["GET /v1/games/game-thumbnails", "gameDetails.getGameThumbnails"],
    ["GET /v1/games/games-product-info", "gameDetails.getGamesProductInfo"],
    ["GET /v1/games/multiget-place-details", "gameDetails.getPlaceDetails"],
    ["GET /v1/games/multiget-playability-status", "gameDetails.getPlayabilityStatus"],
    ["GET /v1/games/{universeId}/media", "gameDetails.getGameMedia"],
    ["GET /v2/games/{universeId}/media", "gameDetails.getGameMediaV2"],
    ["GET /v1/games/{universeId}/game-passes", "gameServers.getGamePasses"],
    ["GET /v1/games/{placeId}/servers/{serverType}", "gameServers.getGameServers"],
    ["GET /v1/games/recommendations/algorithm/{algorithmName}", "gameRecommendations.getRecommendationsByAlgorithm"],
    ["GET /v1/games/recommendations/game/{universeId}", "gameRecommendations.getRecommendationsForGame"],
    ["GET /v2/groups/{groupId}/games", "creatorGames.getGroupGames"],
    ["GET /v2/groups/{groupId}/gamesV2", "creatorGames.getGroupGamesV2"],
    ["GET /v2/users/{userId}/favorite/games", "creatorGames.getUserFavoriteGames"],
    ["GET /v2/users/{userId}/games", "creatorGames.getUserGames"]
  ],
  localizationTables: [
    ["GET /v1/localization-table/available-languages", "localizationTable.getAvailableLanguages"],
    ["POST /v1/localization-table/tables", "localizationTable.createTable"],
    ["GET /v1/localization-table/tables/{tableId}", "localizationTable.getTable"],
    ["GET /v1/localization-table/tables/{assetId}", "localizationTable.getTable"],
    ["PATCH /v1/localization-table/tables/{tableId}", "localizationTable.updateTable"],
    ["GET /v1/localization-table/tables/{tableId}/entries", "localizationTable.getTableEntries"],
    [
      "POST /v1/localization-table/tables/{tableId}/entries/translation-history",
      "localizationTable.getTranslationHistory"
    ],
    ["GET /v1/localization-table/tables/{tableId}/entry-count", "localizationTable.getTableEntryCount"],
    [
      "POST /v1/auto-localization-table/games/{gameId}/assets-generation-request",
      "autoLocalizationTable.requestAutoLocalizationTableAssets"
    ],
    [
      "POST /v1/auto-localization-table/games/{gameId}/auto-scrape-cleanup-request",
      "autoLocalizationTable.requestAutoLocalizationTableCleanup"
    ],
    ["PATCH /v1/auto-localization-table/games/{gameId}/ingestion", "autoLocalizationTable.patchAutoLocalizationTable"],
    [
      "PATCH /v1/autolocalization/games/{gameId}/autolocalizationtable",
      "autoLocalizationTable.setAutolocalizationTable"
    ],
    [
      "POST /v1/autolocalization/games/{gameId}/autolocalizationtable",
      "autoLocalizationTable.createAutolocalizationTable"
    ],
    ["PATCH /v1/autolocalization/games/{gameId}/settings", "autoLocalizationTable.setAutolocalizationSettings"],
    ["GET /v1/autolocalization/metadata", "autoLocalizationTable.getAutolocalizationMetadata"]
  ],
  locale: [
    ["GET /v1/locales", "locale.getLocales"],
    ["POST /v1/locales/set-user-supported-locale", "locale.setUserSupportedLocale"],
    ["GET /v1/locales/supported-locales", "locale.getSupportedLocales"],
    ["GET /v1/locales/user-locale", "locale.getUserLocale"],
    ["GET /v1/locales/user-localization-locus-supported-locales", "locale.getUserLocusLocales"]
  ],
  presence: [["POST /v1/presence/users", "presence.getPresences"]],
  thumbnails: [
    ["GET /v1/assets", "assetThumbnails.getAssetThumbnails"],
    ["GET /v1/assets-thumbnail-3d", "assetThumbnails.getAssetThumbnail3d"],
    ["GET /v1/badges/icons", "assetThumbnails.getBadgeIcons"],
    ["GET /v1/bundles/thumbnails", "assetThumbnails.getBundleThumbnails"],
    ["GET /v1/developer-products/icons", "assetThumbnails.getDeveloperProductIcons"],
    ["GET /v1/game-passes", "assetThumbnails.getGamePassIcons"],
    ["GET /v1/games/icons", "gameThumbnails.getGameIcons"],
    ["GET /v1/games/multiget/thumbnails", "gameThumbnails.getUniversesThumbnails"],
    ["GET /v1/games/{universeId}/thumbnails", "gameThumbnails.getUniverseThumbnails"],
    ["GET /v1/groups/icons", "assetThumbnails.getGroupIcons"],
    ["GET /v1/places/gameicons", "gameThumbnails.getPlaceGameIcons"],
    ["GET /v1/users/avatar", "avatarThumbnails.getAvatars"],
    ["GET /v1/users/avatar-3d", "avatarThumbnails.getAvatarThumbnail3d"],
    ["GET /v1/users/avatar-bust", "avatarThumbnails.getAvatarBusts"],
    ["GET /v1/users/avatar-headshot", "avatarThumbnails.getAvatarHeadshots"],
    ["GET /v1/users/outfits", "assetThumbnails.getOutfitThumbnails"],
    ["POST /v1/batch", "thumbnailBatch.batchThumbnails"]
  ],
  translationRoles: [
    ["GET /v1/game-localization-roles/games/{gameId}/current-user/roles", "translationRoles.getCurrentUserGameRoles"],
    ["PATCH /v1/game-localization-roles/games/{gameId}", "translationRoles.updateGameRole"],
    ["GET /v1/game-localization-roles/games/{gameId}/roles/{role}/assignees", "translationRoles.getRoleAssignees"],
    ["GET /v1/game-localization-roles/roles/{role}/current-user", "translationRoles.getCurrentUserRoleGames"]
  ],
  users: [
    ["POST /v1/users", "users.lookupUsers"],
    ["GET /v1/users/authenticated", "users.getAuthenticatedUser"]
  ]
}
