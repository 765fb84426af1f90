/**
 * platform-web-client/sharelinks: share links. `ShareLinkResolver` resolves a share link's code with the
 * share-links service (either version), and `planShareLink` plans where it leads.
 *
 * @module
 */
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
