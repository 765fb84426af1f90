/**
 * platform-web-client/links: the site's links. Safe navigation targets (`safeTarget`), entity, help and support
 * links, app links, the site's page names, checkout links and query strings.
 *
 * @module
 */
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
