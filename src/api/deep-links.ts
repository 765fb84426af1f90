/**
 * platform-web-client/api/deep-links: the deep-links service: resolving a share link of the second version. Its
 * definition (`DeepLinksApi`: the typed client's, the emulator's and the OpenAPI document's), one definition per
 * endpoint (a page that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`, loads only that
 * one) and the schemas of its requests and answers.
 *
 * @module
 */
export {
  DeepLinksApi,
  DeepLinksGroup,
  LinkV2Status,
  MomentsData,
  momentsDataOf,
  ResolvedLinkV2,
  resolveLinkV2,
  ResolveLinkV2Request
} from "../platform/api/deepLinks.ts"
