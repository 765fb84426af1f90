/**
 * The analytics and failure events of deep-link navigation (platform-features §8).
 *
 * The spec names five failure events and says the others exist (private server link, experience affiliate, avatar
 * item details, content post, experience event, general navigation failure) without naming them; those names follow
 * the same pattern. Screenshot invites share the invite event.
 *
 * @module
 */
import type { ShareLinkType } from "../sharelinks/shareLinkTypes.ts"

/** The failure event of a link that is not a share link, or that fails before its type is known. */
export const navigationFailedEvent = "DeeplinkParserNavigationFailed"

/** The failure event of each share-link type. */
export const shareLinkFailureEvents: { readonly [T in ShareLinkType]: string } = {
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
  ExperienceEvent: "DeeplinkParserExperienceEventResolutionFailed"
}

/** The analytics event sent when a share link resolved and is followed; properties `linkType`, `status`. */
export const shareLinkResolvedEvent = "DeeplinkParserShareLinkResolved"
