/**
 * platform-web-client/api: the platform's services as endpoint definitions (one per call, grouped per service,
 * matched against the published documents), the schemas of their requests and answers, the same definitions as
 * effect/http-api `HttpApi`s (`toHttpApi`), and their OpenAPI documents. The typed clients
 * (`platform-web-client/clients`), the emulator and the msw handlers are all built from these definitions. Each
 * endpoint is exported by its name (`getFriends`, `lookupUsers`, …): a page that calls one endpoint
 * (`platformCall` of `platform-web-client/clients`) loads only its definition.
 *
 * @module
 */
export { type PlatformServiceName, platformServices } from "./platform/api/registry.ts"
export {
  ApiBadRequest,
  ApiErrorBody,
  ApiErrorItem,
  ApiForbidden,
  ApiNotFound,
  ApiTooManyRequests,
  ApiUnauthorized,
  CreatorType,
  EmptyResponse,
  enumLabel,
  Id,
  NameFromString,
  PageSize,
  pageSizes,
  SortOrder,
  SortOrderCode,
  UnknownValue
} from "./platform/api/sharedSchemas.ts"
export { AssetType, assetTypeCodes, type AssetTypeName } from "./platform/api/assetTypes.ts"
export {
  AppConfigApi,
  AppConfigGroup,
  getPageHeartbeatConfig,
  pageHeartbeatConfigPath,
  PageHeartbeatContent
} from "./platform/api/appConfig.ts"
export {
  AttestationPayload,
  getServerNonce,
  HbaApi,
  HbaGroup,
  PasskeyPayload,
  ServerNonce,
  serverNoncePath
} from "./platform/api/attestation.ts"
export {
  CatalogApi,
  CatalogGroup,
  getAssetBundles,
  getAssetOwners,
  getAssetRecommendations,
  getBundleDetails,
  getBundleRecommendations,
  getBundlesDetails,
  getCatalogItemDetails,
  getCatalogItemsDetails,
  getCatalogMetadata,
  getCatalogSorts,
  getRecommendationsMetadata,
  getRecommendationsV2,
  getUserBundles,
  getUserBundlesByType,
  unpackBundle
} from "./platform/api/catalog/api.ts"
export {
  AssetOwner,
  BundleCreator,
  BundleDetails,
  BundleItem,
  BundleProduct,
  BundleType,
  BundleTypeCode,
  CatalogCreatorType,
  CatalogItemDetails,
  CatalogItemRef,
  CatalogItemRestriction,
  CatalogItemsDetailsRequest,
  CatalogItemStatus,
  CatalogItemType,
  CatalogItemTypeCode,
  CatalogMetadata,
  CatalogPageQuery,
  catalogPageSizes,
  CatalogSort,
  CollectibleItemDetail,
  Discount,
  DiscountInformation,
  OwnedBundle,
  PremiumPricing,
  RecommendationsMetadata,
  RecommendedItem,
  SaleLocation,
  SaleLocationType,
  Taxonomy,
  TimedOption,
  UserBundlesQuery
} from "./platform/api/catalog/schemas.ts"
export {
  findFriends,
  FindFriendsQuery,
  FollowListQuery,
  followPageSizes,
  followUser,
  FoundFriend,
  FoundFriendsPage,
  type FriendListKind,
  FriendPage,
  FriendRequest,
  FriendRequestOrigin,
  FriendRequestPage,
  FriendRequestsGroup,
  FriendRequestsQuery,
  FriendRequestUser,
  FriendsApi,
  FriendsGroup,
  FriendSort,
  FriendUser,
  getFollowers,
  getFollowings,
  getFriendRequests,
  getFriends,
  unfollowUser
} from "./platform/api/friends.ts"
export { GameInternationalizationApi } from "./platform/api/gameInternationalization/api.ts"
export {
  AutolocalizationGroup,
  enableAutolocalization,
  getAutolocalization,
  requestAutolocalizationCleanup
} from "./platform/api/gameInternationalization/autolocalization.ts"
export {
  AutomaticTranslationFeatureStatus,
  AutomaticTranslationGroup,
  AutomaticTranslationQuota,
  AutomaticTranslationTargets,
  getAutomaticTranslationFeatureStatus,
  getAutomaticTranslationQuota,
  getAutomaticTranslationTargetLanguages,
  Quota
} from "./platform/api/gameInternationalization/automaticTranslation.ts"
export {
  GameCountStatus,
  GameTranslationCounts,
  getTranslationCounts,
  getTranslationCountsForLanguageOrLocale,
  LanguageCountStatus,
  LanguageTranslationCounts,
  LocalizationStatusGroup,
  TranslationCount,
  TranslationCountCategory
} from "./platform/api/gameInternationalization/localizationStatus.ts"
export {
  associateGameTables,
  AssociateTablesRequest,
  GameTablesGroup
} from "./platform/api/gameInternationalization/gameTables.ts"
export { LanguageFamily, SupportedLocale } from "./platform/api/gameInternationalization/schemas.ts"
export {
  getSourceLanguage,
  setSourceLanguage,
  SourceLanguageGroup
} from "./platform/api/gameInternationalization/sourceLanguage.ts"
export {
  getAutomaticTranslationStatus,
  getSupportedLanguages,
  getSupportedLanguagesMetadata,
  getSupportedLanguagesWithLocales,
  getUniverseDisplayInfoAutomaticTranslationSettings,
  LanguageAutomaticTranslationStatus,
  LanguageOrLocale,
  LanguageWithLocales,
  PatchLanguage,
  patchSupportedLanguages,
  setAutomaticTranslationStatus,
  setUniverseDisplayInfoAutomaticTranslation,
  SupportedLanguagesGroup,
  SupportedLanguagesMetadata,
  UniverseDisplayInfoAutomaticTranslation
} from "./platform/api/gameInternationalization/supportedLanguages.ts"
export {
  downloadTranslationAnalyticsReport,
  getTranslationAnalyticsMetadata,
  ReportFile,
  reportContentType,
  ReportGenerationStatus,
  ReportType,
  requestTranslationAnalyticsReport,
  TranslationAnalyticsGroup,
  TranslationAnalyticsMetadata,
  TranslationAnalyticsReportRequest
} from "./platform/api/gameInternationalization/translationAnalytics.ts"
export { GamesApi } from "./platform/api/games/api.ts"
export {
  AccessFilter,
  CreatorGame,
  CreatorGamesGroup,
  CreatorGamesPage,
  CreatorGamesQuery,
  getGroupGames,
  getGroupGamesV2,
  getUserFavoriteGames,
  getUserGames,
  UserGamesQuery
} from "./platform/api/games/creatorGames.ts"
export {
  GameDetailsGroup,
  GameIcon,
  GameImageThumbnail,
  GameMediaItem,
  GameProductInfo,
  getGameIcon,
  getGameMedia,
  getGameMediaV2,
  getGamesProductInfo,
  getGameThumbnail,
  getGameThumbnails,
  getPlaceDetails,
  getPlayabilityStatus,
  PlaceDetails,
  Playability,
  PlayabilityStatus
} from "./platform/api/games/gameDetails.ts"
export {
  GameRecommendations,
  GameRecommendationsGroup,
  GameSort,
  GameSorts,
  getGameSorts,
  getRecommendationsByAlgorithm,
  getRecommendationsForGame,
  RecommendationsQuery
} from "./platform/api/games/gameRecommendations.ts"
export {
  GameCreator,
  GameDetail,
  GameListItem,
  GameListQuery,
  GameListResponse,
  GamesGroup,
  getGames,
  listGames,
  maxGameListRows,
  maxUniverseIdsPerLookup,
  UniverseAvatarType
} from "./platform/api/games/games.ts"
export {
  GamePass,
  GamePassesQuery,
  GameServer,
  GameServerOwner,
  GameServerPlayer,
  GameServersGroup,
  GameServersQuery,
  GamesPageQuery,
  getGamePasses,
  getGameServers,
  PlaceMetadata,
  PlaceMetadataRequest,
  postPlaceMetadata,
  ServerType
} from "./platform/api/games/gameServers.ts"
export {
  getLocales,
  getSupportedLocales,
  getUserLocale,
  getUserLocusLocales,
  Locale,
  LocaleApi,
  LocaleGroup,
  LocaleLanguage,
  LocaleLocus,
  SetUserLocaleRequest,
  setUserSupportedLocale,
  SuccessResponse,
  SupportedLocales,
  UserLocale,
  UserLocusLocales
} from "./platform/api/locale.ts"
export {
  AutoscrapeCleanupRequest,
  CreatorToolErrors,
  GameAutolocalizationInfo,
  Language,
  LanguageCodeType
} from "./platform/api/localizationSchemas.ts"
export { LocalizationTablesApi } from "./platform/api/localizationTables/api.ts"
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
} from "./platform/api/localizationTables/autoLocalizationTable.ts"
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
} from "./platform/api/localizationTables/localizationTable.ts"
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
} from "./platform/api/localizationTables/schemas.ts"
export {
  MetricsApi,
  MetricsGroup,
  MetricsType,
  PerformanceMeasurement,
  PerformanceMeasurementBatch,
  PerformanceMeasurementItem,
  performanceMeasurementsPath,
  recordMeasurements
} from "./platform/api/metrics.ts"
export {
  getPresences,
  maxPresenceIdsPerLookup,
  PresenceApi,
  PresenceGroup,
  PresenceRequest,
  PresenceType,
  UserPresence,
  UserPresencesResponse
} from "./platform/api/presence.ts"
export {
  AffiliateFallbackType,
  AvatarItemDetailsData,
  ContentPostData,
  ExperienceAffiliateData,
  ExperienceDetailsData,
  ExperienceEventData,
  ExperienceInviteData,
  ExperienceInviteStatus,
  ExperienceJoinData,
  ExpiringLinkStatus,
  FriendInviteData,
  FriendInviteStatus,
  LastingLinkStatus,
  LinkId,
  PrivateServerInviteData,
  ProfileLinkData,
  ProfileLinkStatus,
  ResolvedLink,
  resolveLink,
  ResolveLinkRequest,
  ScreenshotInviteData,
  ShareLinksApi,
  ShareLinksGroup,
  ShareLinkType,
  shareLinkTypes
} from "./platform/api/shareLinks.ts"
export {
  DeepLinksApi,
  DeepLinksGroup,
  LinkV2Status,
  MomentsData,
  momentsDataOf,
  ResolvedLinkV2,
  resolveLinkV2,
  ResolveLinkV2Request
} from "./platform/api/deepLinks.ts"
export { ThumbnailsApi } from "./platform/api/thumbnails/api.ts"
export {
  AssetThumbnailsGroup,
  getAssetThumbnail3d,
  getAssetThumbnails,
  getBadgeIcons,
  getBundleThumbnails,
  getDeveloperProductIcons,
  getGamePassIcons,
  getGroupIcons,
  getOutfitThumbnails
} from "./platform/api/thumbnails/assetThumbnails.ts"
export {
  AvatarThumbnailsGroup,
  getAvatarBusts,
  getAvatarHeadshots,
  getAvatars,
  getAvatarThumbnail3d
} from "./platform/api/thumbnails/avatarThumbnails.ts"
export {
  GameThumbnailsGroup,
  getGameIcons,
  getPlaceGameIcons,
  getUniversesThumbnails,
  getUniverseThumbnails,
  UniverseThumbnails,
  UniverseThumbnailsError
} from "./platform/api/thumbnails/gameThumbnails.ts"
export {
  AssetSize,
  AvatarBustSize,
  AvatarSize,
  BadgeSize,
  GameIconSize,
  GameThumbnailSize,
  HeadshotSize,
  IconFormat,
  IconSize,
  maxThumbnailIdsPerRequest,
  Thumbnail,
  ThumbnailFormat,
  ThumbnailList,
  ThumbnailReturnPolicy,
  ThumbnailState
} from "./platform/api/thumbnails/schemas.ts"
export {
  BatchThumbnail,
  BatchThumbnailRequest,
  batchThumbnails,
  BatchThumbnailType,
  maxBatchRequests,
  ThumbnailBatchGroup
} from "./platform/api/thumbnails/thumbnailBatch.ts"
export {
  Assignee,
  AssigneeType,
  AssigneeTypeName,
  getCurrentUserGameRoles,
  getCurrentUserRoleGames,
  getRoleAssignees,
  LocalizationRole,
  RoleAssignmentAssignee,
  RoleGamesPage,
  TranslationRolesApi,
  TranslationRolesGroup,
  updateGameRole,
  UpdateRoleRequest
} from "./platform/api/translationRoles.ts"
export {
  AuthenticatedUser,
  getAuthenticatedUser,
  LookupUser,
  lookupUsers,
  maxUserIdsPerLookup,
  UserLookupRequest,
  UsersApi,
  UsersGroup
} from "./platform/api/users.ts"
export {
  type AnyApi,
  type AnyEndpoint,
  type AnyGroup,
  api,
  type Api,
  defaultBodyName,
  del,
  type Endpoint,
  type EndpointConstructor,
  type EndpointOptions,
  type EndpointSchemas,
  endpointsOf,
  type ErrorStatus,
  get,
  group,
  type Group,
  type Method,
  patch,
  post,
  put
} from "./platform/api/definition.ts"
export {
  errorSchemas,
  type HttpApiEndpointOf,
  type HttpApiGroupOf,
  type HttpApiOf,
  toHttpApi,
  toHttpApiEndpoint
} from "./platform/api/httpApi.ts"
export { platformHttpApi, platformOpenApi, serviceOpenApi } from "./platform/openapi.ts"
