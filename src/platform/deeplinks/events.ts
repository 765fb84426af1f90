/**
 * The analytics and failure events of deep-link navigation (DEEP-15, DEEP-20).
 *
 * The spec names five failure events and says the others exist (private server link, experience affiliate, avatar
 * item details, content post, experience event, general navigation failure) without naming them; those names follow
 * the same pattern. Screenshot invites share the invite event; v2 links (which the spec does not know) have their own.
 *
 * @module
 */
import type { ShareLinkTypeOrV2 } from "../sharelinks/shareLinkTypes.ts"

/** The failure event of a link that is not a share link, or that fails before its type is known. */
export const navigationFailedEvent = "DeeplinkParserNavigationFailed"

/** The failure event of each share-link type, and of v2 links. */
export const shareLinkFailureEvents: { readonly [T in ShareLinkTypeOrV2]: string } = {
  ExperienceInvite: "DeeplinkParserInviteResolutionFailed",
  ScreenshotInvite: "DeeplinkParserInviteResolutionFailed",
  NotificationExperienceInvite: "DeeplinkParserNotificationInviteResolutionFailed",
  FriendInvite: "DeeplinkParserFriendRequestResolutionFailed",
  Profile: "DeeplinkParserProfileShareResolutionFailed",
  ExperienceDetails: "DeeplinkParserExperienceDetailsResolutionFailed",
  Server: "DeeplinkParserPrivateServerLinkResolutionFailed",
  ExperienceAffiliate: "DeeplinkParserExperienceAffiliateResolutionFailed",
  AvatarItemDetails: "DeeplinkParserAvatarItemDetailsResolutionFailed",
  ContentPost: "DeeplinkParserContentPostResolutionFailed",
  ExperienceEvent: "DeeplinkParserExperienceEventResolutionFailed",
  V2: "DeeplinkParserShareLinkV2ResolutionFailed"
}

/**
 * The analytics event sent when a share link resolved and is followed; properties `linkType` (`V2` for a v2 link,
 * with `v2LinkType`), `status`, and the universe or place.
 */
export const shareLinkResolvedEvent = "DeeplinkParserShareLinkResolved"
