/**
 * Answers of the share-links and deep-links services in the real services' form, written for these tests from the
 * facts about them (field names, which fields are numbers and which strings, null for the other types' data, extra
 * fields, each type's own statuses): one `POST /v1/resolve-link` answer per link type, variants the services also
 * send (a UUID private server id, the fallback by name), and `POST /v2/resolve` answers.
 */
import type { ShareLinkType } from "../../../src/platform/sharelinks/shareLinkTypes.ts"

/** The data fields of the types other than the one asked, as the service sends them: present and null. */
const noData = {
  experienceInviteData: null,
  friendInviteData: null,
  notificationExperienceInviteData: null,
  profileLinkResolutionResponseData: null,
  screenshotInviteData: null,
  privateServerInviteData: null,
  experienceDetailsInviteData: null,
  avatarItemDetailsData: null,
  contentPostData: null,
  experienceAffiliateData: null,
  experienceEventData: null
}

const invite = {
  status: "Valid",
  inviterId: 2_417_736_402,
  placeId: 18_980_972_074,
  instanceId: "7b4d2c1e-98a0-4f3b-b6d1-0e9c2f5a7d31",
  launchData: '{"team":"red"}'
}

/** A real-form `POST /v1/resolve-link` answer for each type. */
export const realAnswers: { readonly [T in ShareLinkType]: Readonly<Record<string, unknown>> } = {
  ExperienceInvite: { ...noData, experienceInviteData: invite },
  NotificationExperienceInvite: {
    ...noData,
    notificationExperienceInviteData: { ...invite, status: "Expired", launchData: null }
  },
  ScreenshotInvite: { ...noData, screenshotInviteData: { ...invite, status: "InviterNotInExperience" } },
  FriendInvite: {
    ...noData,
    friendInviteData: { status: "Consumed", senderUserId: 45_348_281, friendingToken: "c1a9e0f2b7" }
  },
  Profile: { ...noData, profileLinkResolutionResponseData: { status: "Valid", userId: 45_348_281 } },
  Server: {
    ...noData,
    privateServerInviteData: {
      status: "Valid",
      ownerUserId: 45_348_281,
      universeId: 6_430_220_996,
      privateServerId: 1_630_945_839,
      linkCode: "67771413747491684286858666824242",
      placeId: 18_980_972_074
    }
  },
  ExperienceAffiliate: {
    ...noData,
    experienceAffiliateData: {
      status: "Valid",
      universeId: 6_430_220_996,
      joinData: { experienceEventId: "4409512311402369", launchData: '{"ref":"creator"}' },
      fallbackType: 0,
      fallbackId: null
    }
  },
  ExperienceDetails: { ...noData, experienceDetailsInviteData: { status: "Valid", universeId: 6_430_220_996 } },
  ExperienceEvent: {
    ...noData,
    experienceEventData: {
      status: "Valid",
      universeId: 6_430_220_996,
      placeId: 18_980_972_074,
      joinData: { experienceEventId: "4409512311402369" }
    }
  },
  AvatarItemDetails: {
    ...noData,
    avatarItemDetailsData: { status: "Valid", itemId: "16630147", itemType: "Bundle" }
  },
  ContentPost: {
    ...noData,
    contentPostData: { status: "Valid", postId: 1_204_518_337, postCreatorId: 45_348_281 }
  }
}

/** An affiliate link without an experience that falls back to a profile, in the real form. */
export const realAffiliateProfileFallback = {
  ...noData,
  experienceAffiliateData: { status: "Valid", universeId: null, fallbackType: 1, fallbackId: 45_348_281 }
}

/** A private server link whose `privateServerId` is a UUID string. */
export const realServerWithUuid = {
  ...noData,
  privateServerInviteData: {
    status: "Valid",
    ownerUserId: 45_348_281,
    universeId: 6_430_220_996,
    privateServerId: "5b0d7e52-3c2a-4f8e-9d61-0a7c4e1b2f93",
    linkCode: "67771413747491684286858666824242",
    placeId: 18_980_972_074
  }
}

/** A screenshot invite: the service always sends its launch data. */
export const realScreenshotInvite = {
  ...noData,
  screenshotInviteData: { ...invite, status: "Valid", launchData: '{"shot":7}' }
}

/** Real-form `POST /v2/resolve` answers. */
export const realV2Answers = {
  experience: { linkType: "Experience", targetId: "18980972074", customData: '{"spawn":"lobby"}', status: "Valid" },
  referral: { linkType: "Referral", targetId: "45348281", customData: null, status: "Valid" },
  invalid: { linkType: "Experience", targetId: null, customData: null, status: "Invalid" },
  /** The site's own type names the status `linkStatus`. */
  linkStatus: { linkType: "Experience", targetId: "18980972074", customData: null, linkStatus: "Valid" },
  moments: {
    linkType: "Moments",
    targetId: null,
    customData: '{"postId":"7a1f3c9e-2b64-4d0e-8f15-6c3b9a2d4e71","postCreatorId":"45348281"}',
    status: "Valid"
  }
} as const
