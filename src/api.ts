/**
 * platform-web-client/api: the platform's services as HttpApi definitions (one group per service, matched against
 * the published documents), the schemas of their requests and answers, and their OpenAPI documents. The typed clients
 * (`platform-web-client/clients`), the emulator and the msw handlers are all built from these definitions.
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
  pageHeartbeatConfigPath,
  PageHeartbeatContent
} from "./platform/api/appConfig.ts"
export {
  AttestationPayload,
  HbaApi,
  HbaGroup,
  PasskeyPayload,
  ServerNonce,
  serverNoncePath
} from "./platform/api/attestation.ts"
export { CatalogApi, CatalogGroup } from "./platform/api/catalog/api.ts"
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
  FindFriendsQuery,
  FollowListQuery,
  followPageSizes,
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
  FriendUser
} from "./platform/api/friends.ts"
export { GameInternationalizationApi } from "./platform/api/gameInternationalization/api.ts"
export { AutolocalizationGroup } from "./platform/api/gameInternationalization/autolocalization.ts"
export {
  AutomaticTranslationFeatureStatus,
  AutomaticTranslationGroup,
  AutomaticTranslationQuota,
  AutomaticTranslationTargets,
  Quota
} from "./platform/api/gameInternationalization/automaticTranslation.ts"
export {
  GameCountStatus,
  GameTranslationCounts,
  LanguageCountStatus,
  LanguageTranslationCounts,
  LocalizationStatusGroup,
  TranslationCount,
  TranslationCountCategory
} from "./platform/api/gameInternationalization/localizationStatus.ts"
export { AssociateTablesRequest, GameTablesGroup } from "./platform/api/gameInternationalization/gameTables.ts"
export { LanguageFamily, SupportedLocale } from "./platform/api/gameInternationalization/schemas.ts"
export { SourceLanguageGroup } from "./platform/api/gameInternationalization/sourceLanguage.ts"
export {
  LanguageAutomaticTranslationStatus,
  LanguageOrLocale,
  LanguageWithLocales,
  PatchLanguage,
  SupportedLanguagesGroup,
  SupportedLanguagesMetadata,
  UniverseDisplayInfoAutomaticTranslation
} from "./platform/api/gameInternationalization/supportedLanguages.ts"
export {
  ReportFile,
  ReportGenerationStatus,
  ReportType,
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
  UserGamesQuery
} from "./platform/api/games/creatorGames.ts"
export {
  GameDetailsGroup,
  GameIcon,
  GameImageThumbnail,
  GameMediaItem,
  GameProductInfo,
  PlaceDetails,
  Playability,
  PlayabilityStatus
} from "./platform/api/games/gameDetails.ts"
export {
  GameRecommendations,
  GameRecommendationsGroup,
  GameSort,
  GameSorts,
  RecommendationsQuery
} from "./platform/api/games/gameRecommendations.ts"
export {
  GameCreator,
  GameDetail,
  GameListItem,
  GameListQuery,
  GameListResponse,
  GamesGroup,
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
  PlaceMetadata,
  PlaceMetadataRequest,
  ServerType
} from "./platform/api/games/gameServers.ts"
export {
  Locale,
  LocaleApi,
  LocaleGroup,
  LocaleLanguage,
  LocaleLocus,
  SetUserLocaleRequest,
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
  gameIdHeader
} from "./platform/api/localizationTables/autoLocalizationTable.ts"
export { LocalizationTableGroup, TableId, TableRef } from "./platform/api/localizationTables/localizationTable.ts"
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
  performanceMeasurementsPath
} from "./platform/api/metrics.ts"
export {
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
  ResolveLinkV2Request
} from "./platform/api/deepLinks.ts"
export { ThumbnailsApi } from "./platform/api/thumbnails/api.ts"
export { AssetThumbnailsGroup } from "./platform/api/thumbnails/assetThumbnails.ts"
export { AvatarThumbnailsGroup } from "./platform/api/thumbnails/avatarThumbnails.ts"
export {
  GameThumbnailsGroup,
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
  BatchThumbnailType,
  maxBatchRequests,
  ThumbnailBatchGroup
} from "./platform/api/thumbnails/thumbnailBatch.ts"
export {
  Assignee,
  AssigneeType,
  AssigneeTypeName,
  LocalizationRole,
  RoleAssignmentAssignee,
  RoleGamesPage,
  TranslationRolesApi,
  TranslationRolesGroup,
  UpdateRoleRequest
} from "./platform/api/translationRoles.ts"
export {
  AuthenticatedUser,
  LookupUser,
  maxUserIdsPerLookup,
  UserLookupRequest,
  UsersApi,
  UsersGroup
} from "./platform/api/users.ts"
export { PlatformApi, platformOpenApi, serviceOpenApi } from "./platform/openapi.ts"
