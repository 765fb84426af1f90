/**
 * platform-web-client/api/share-links: the share-links service: resolving a share link and the data of each link type.
 * Its definition (`ShareLinksApi`: the typed client's, the emulator's and the OpenAPI document's), one definition per
 * endpoint (a page that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`, loads only that
 * one) and the schemas of its requests and answers.
 *
 * @module
 */
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
} from "../platform/api/shareLinks.ts"
