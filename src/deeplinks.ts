/**
 * platform-web-client/deeplinks: deep links and share links. Parse a link, classify its target, plan and perform a
 * safe navigation (`DeepLinkNavigator`), resolve share links, build entity, help and support links, and keep a signed-out
 * visitor's intent (`AuthIntent`).
 *
 * @module
 */
export {
  type DeepLink,
  defaultParseOptions,
  parseDeepLink,
  type ParseOptions
} from "./platform/deeplinks/parseDeepLink.ts"
export {
  accountSections,
  type ClassifyOptions,
  type DeepLinkKind,
  deepLinkKinds,
  type DeepLinkTarget,
  deepLinkTarget,
  type ForumComment,
  type ItemType,
  itemTypes,
  type PageKind,
  type PlaceTarget,
  supportDomains
} from "./platform/deeplinks/kinds.ts"
export { DeepLinkError, type DeepLinkErrorReason, maxDeepLinkLength } from "./platform/deeplinks/DeepLinkError.ts"
export {
  DeepLinkNavigator,
  type DeepLinkNavigatorShape,
  failureEventOf,
  type StartChatRequest
} from "./platform/deeplinks/DeepLinkNavigator.ts"
export {
  DeepLinkSettings,
  type DeepLinkSettingsShape,
  defaultDeepLinkSettings
} from "./platform/deeplinks/DeepLinkSettings.ts"
export {
  type GameJoinRequest,
  navigateStep,
  type NavigationPlan,
  type NavigationStep
} from "./platform/deeplinks/NavigationPlan.ts"
export {
  type DeepLinkFailure,
  type GuardContext,
  guardPlan,
  guardStep,
  guardSteps,
  type PlanContext,
  planTarget
} from "./platform/deeplinks/planTarget.ts"
export {
  RootPlaceLookup,
  RootPlaceLookupError,
  type RootPlaceLookupShape
} from "./platform/deeplinks/RootPlaceLookup.ts"
export {
  appShellChatEntryPoint,
  chatAppLink,
  contentPostAppLink,
  type ExperienceLaunch,
  experienceLaunchLink,
  followUserPath,
  forumCommentPath,
  gamePagePath,
  type GamePageQuery,
  groupPagePath,
  itemPagePath,
  launcherPath,
  type LaunchRequest,
  pagePaths,
  profilePath,
  rootReferralPath,
  sharedItemPath,
  sharePath
} from "./platform/deeplinks/routes.ts"
export {
  type AppRoute,
  appRoutes,
  checkTarget,
  exactOrigin,
  hasHiddenCharacter,
  type ItemTarget,
  maxTargetLength,
  safeAppTarget,
  safeItemTarget,
  safeTarget,
  UnsafeTargetError,
  type UnsafeTargetReason
} from "./platform/links/safeTarget.ts"
export { appLink } from "./platform/links/appLinks.ts"
export { ShareLinkResolver, type ShareLinkResolverShape } from "./platform/sharelinks/ShareLinkResolver.ts"
export { ShareLinkError, type ShareLinkErrorReason } from "./platform/sharelinks/ShareLinkError.ts"
export { planShareLink, type ShareLinkContext, type ShareLinkRequest } from "./platform/sharelinks/planShareLink.ts"
export { planShareLinkV2 } from "./platform/sharelinks/planShareLinkV2.ts"
export {
  type ShareLinkStatus,
  shareLinkStatusOf,
  shareLinkTypeOf,
  type ShareLinkTypeOrV2,
  statusesByType
} from "./platform/sharelinks/shareLinkTypes.ts"
export {
  badgePath,
  catalogItemPath,
  type DetailsItemType,
  gameIdFromUrl,
  gamePath,
  groupPath,
  itemDetailsPath,
  isSitePath,
  itemDetailsRoots,
  onSite,
  onSiteOf,
  type ReferEntity,
  referIdParams,
  referPath,
  referPaths,
  userProfilePath
} from "./platform/links/entityUrls.ts"
export {
  defaultHelpLocale,
  helpCenterUrl,
  type HelpLocale,
  helpLocale,
  mapHelpLocale,
  supportedHelpLocales,
  supportLink
} from "./platform/links/helpLinks.ts"
export {
  HelpDeskOrigin,
  helpDeskOrigin,
  helpDeskOriginOf,
  openHelpArticle,
  openSupportLink
} from "./platform/links/SupportLinks.ts"
export { LinkError, type LinkErrorReason } from "./platform/links/LinkError.ts"
export { isLandingPage, isLandingPageName, landingPageNames, pageMetaTag, pageName } from "./platform/links/pages.ts"
export { defaultCheckoutHosts, isCheckoutLink } from "./platform/links/checkout.ts"
export { type QueryPairs, queryString, searchParamsOf } from "./platform/links/query.ts"
export {
  addGameIntent,
  AuthIntent,
  authIntentKey,
  type AuthIntentShape,
  type GameIntent,
  GameIntentSchema,
  maxAuthIntentGames,
  mergeGameIntents
} from "./platform/auth-intent/AuthIntent.ts"
