/**
 * platform-web-client/deeplinks: deep links. Parse a link, classify its target, plan and perform a safe
 * navigation (`DeepLinkNavigator`); share links are `platform-web-client/sharelinks`, the site's links
 * `platform-web-client/links`.
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
