/**
 * Seeded share links: one link of every type in every status the type can have (SHARE-4 to SHARE-7), plus a few
 * that exercise the rules of SHARE-15 to SHARE-21 (missing key fields, affiliate fallbacks, an item id of 0). Built from the world,
 * so every id points at something the other services know.
 *
 * Codes are readable: `{type}-{status}` in kebab case (`experience-invite-valid`, `server-expired`,
 * `friend-invite-sender-blocked-recipient`); the extras are listed in {@link extraShareLinks}; the v2 links
 * (`POST /v2/resolve`) in {@link seedShareLinksV2}.
 *
 * Answers are written in the real services' wire shapes (docs/real-platform.md, "Share and deep links"), as JSON: numeric ids,
 * `privateServerId` a UUID, `itemId` a string of digits, `postId` a number, `joinData` an object, `fallbackType` a
 * number (0 Invalid, 1 Profile, 2 Home), each type's own statuses, and the fields the library does not read
 * (`friendingToken`, `ownerUserId`, `privateServerId`) too. v2 answers carry `status` (one carries the site type's
 * `linkStatus` instead); a Moments link carries its post as the JSON of `customData`.
 *
 * @module
 */
import type { ResolvedLinkV2 } from "../../platform/api/deepLinks.ts"
import type { ResolvedLink } from "../../platform/api/shareLinks.ts"
import {
  type ShareLinkStatus,
  type ShareLinkType,
  shareLinkTypes,
  statusesByType
} from "../../platform/sharelinks/shareLinkTypes.ts"
import type { World } from "../world/World.ts"

/** An answer of `POST /v1/resolve-link` as sent (JSON). */
export type ResolvedLinkWire = typeof ResolvedLink.Encoded

/** An answer of `POST /v2/resolve` as sent (JSON). */
export type ResolvedLinkV2Wire = typeof ResolvedLinkV2.Encoded

/** One seeded link. */
export interface SeededShareLink {
  readonly type: ShareLinkType
  readonly code: string
  /** The status the link is seeded in (the extras may have none, or one the library does not know). */
  readonly status: ShareLinkStatus | undefined
  /** What the link exercises, for people trying it out. */
  readonly description: string
  readonly answer: ResolvedLinkWire
}

const kebab = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase()

/** The code of the seeded link of a type and status. */
export const seededShareLinkCode = (type: ShareLinkType, status: ShareLinkStatus): string =>
  `${kebab(type)}-${kebab(status)}`

/** The ids the seeded links point at. */
interface SeedIds {
  readonly universe: { readonly id: number; readonly rootPlaceId: number }
  readonly otherUniverse: { readonly id: number; readonly rootPlaceId: number }
  readonly inviter: number
  readonly sender: number
  readonly profile: number
  readonly creator: number
  readonly asset: number
  readonly bundle: number
}

const idsOf = (world: World): SeedIds => {
  const [u0, u1] = world.universeList
  const users = [...world.users.keys()]
  const pick = (i: number) => users[i % Math.max(1, users.length)] ?? 1
  return {
    universe: { id: u0?.id ?? 1, rootPlaceId: u0?.rootPlaceId ?? 1 },
    otherUniverse: { id: u1?.id ?? u0?.id ?? 1, rootPlaceId: u1?.rootPlaceId ?? u0?.rootPlaceId ?? 1 },
    inviter: pick(1),
    sender: pick(2),
    profile: pick(3),
    creator: pick(4),
    asset: [...world.catalogItems.keys()][0] ?? 1,
    bundle: [...world.bundles.keys()][0] ?? 1
  }
}

/** The private server id of the seeded server links: a UUID, as the service may send it. */
export const seededPrivateServerId = "5b0d7e52-3c2a-4f8e-9d61-0a7c4e1b2f93"

/** The answer for a type in a status, with every field the real service sends. */
const answerFor = (type: ShareLinkType, status: string, ids: SeedIds): ResolvedLinkWire => {
  const invite = {
    status,
    inviterId: ids.inviter,
    placeId: ids.universe.rootPlaceId,
    instanceId: "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0",
    launchData: '{"from":"invite"}'
  }
  switch (type) {
    case "ExperienceInvite":
      return { experienceInviteData: invite }
    case "NotificationExperienceInvite":
      return { notificationExperienceInviteData: invite }
    case "ScreenshotInvite":
      return { screenshotInviteData: invite }
    case "FriendInvite":
      return { friendInviteData: { status, senderUserId: ids.sender, friendingToken: "emu-friending-token" } }
    case "Profile":
      return { profileLinkResolutionResponseData: { status, userId: ids.profile } }
    case "Server":
      return {
        privateServerInviteData: {
          status,
          ownerUserId: ids.creator,
          universeId: ids.universe.id,
          privateServerId: seededPrivateServerId,
          linkCode: "67771413747491684286858666824242",
          placeId: ids.universe.rootPlaceId
        }
      }
    case "ExperienceAffiliate":
      return {
        experienceAffiliateData: {
          status,
          universeId: ids.otherUniverse.id,
          joinData: { launchData: '{"from":"affiliate"}' },
          fallbackType: null,
          fallbackId: null
        }
      }
    case "ExperienceDetails":
      return { experienceDetailsInviteData: { status, universeId: ids.otherUniverse.id } }
    case "ExperienceEvent":
      return {
        experienceEventData: {
          status,
          universeId: ids.universe.id,
          placeId: ids.universe.rootPlaceId,
          joinData: { experienceEventId: "4409512311402369", launchData: '{"event":"launch-party"}' }
        }
      }
    case "AvatarItemDetails":
      return { avatarItemDetailsData: { status, itemId: String(ids.bundle), itemType: "Bundle" } }
    case "ContentPost":
      return { contentPostData: { status, postId: 90210, postCreatorId: ids.creator } }
  }
}

/** The extra links: codes, types, descriptions and answers. */
// oxlint-disable-next-line max-lines-per-function -- a table of seeded links, one entry per link
export const extraShareLinks = (world: World): ReadonlyArray<SeededShareLink> => {
  const ids = idsOf(world)
  return [
    {
      type: "ExperienceAffiliate",
      code: "experience-affiliate-fallback-profile",
      status: "Valid",
      description: "affiliate without an experience: the fallback profile",
      answer: {
        experienceAffiliateData: {
          status: "Valid",
          universeId: null,
          fallbackType: 1,
          fallbackId: ids.creator
        }
      }
    },
    {
      type: "ExperienceAffiliate",
      code: "experience-affiliate-no-experience",
      status: "Valid",
      description: "affiliate without an experience or profile fallback: the root page with a referral URL",
      answer: { experienceAffiliateData: { status: "Valid", universeId: null, fallbackType: 0, fallbackId: null } }
    },
    {
      type: "ExperienceInvite",
      code: "experience-invite-missing-place",
      status: "Valid",
      description: "a valid invite without placeId: counts as failed",
      answer: { experienceInviteData: { status: "Valid", inviterId: ids.inviter } }
    },
    {
      type: "ExperienceInvite",
      code: "experience-invite-no-instance",
      status: "Valid",
      description: "a valid invite without an instance id: the game page only",
      answer: { experienceInviteData: { status: "Valid", inviterId: ids.inviter, placeId: ids.universe.rootPlaceId } }
    },
    {
      type: "FriendInvite",
      code: "friend-invite-missing-sender",
      status: "Valid",
      description: "a valid friend invite without senderUserId: counts as failed",
      answer: { friendInviteData: { status: "Valid" } }
    },
    {
      type: "AvatarItemDetails",
      code: "avatar-item-details-asset",
      status: "Valid",
      description: "an avatar Asset: its catalog page",
      answer: { avatarItemDetailsData: { status: "Valid", itemId: String(ids.asset), itemType: "Asset" } }
    },
    {
      type: "AvatarItemDetails",
      code: "avatar-item-details-zero",
      status: "Valid",
      description: "an avatar item with id 0: not valid",
      answer: { avatarItemDetailsData: { status: "Valid", itemId: "0", itemType: "Asset" } }
    },
    {
      type: "ExperienceEvent",
      code: "experience-event-missing-place",
      status: "Valid",
      description: "an event without placeId: not valid",
      answer: { experienceEventData: { status: "Valid", universeId: ids.universe.id, joinData: {} } }
    },
    {
      type: "ExperienceAffiliate",
      code: "experience-affiliate-fallback-home",
      status: "Valid",
      description: "affiliate without an experience, fallback Home (2): the root page with a referral URL",
      answer: {
        experienceAffiliateData: { status: "Valid", universeId: null, fallbackType: 2, fallbackId: ids.creator }
      }
    },
    {
      type: "ExperienceInvite",
      code: "experience-invite-status-revoked",
      status: undefined,
      description: "a status the library does not know (Revoked): decoded, kept as unknown, not followed",
      answer: { experienceInviteData: { status: "Revoked", inviterId: ids.inviter, placeId: ids.universe.rootPlaceId } }
    },
    {
      type: "Profile",
      code: "profile-status-consumed",
      status: undefined,
      description: "another type's status (Consumed) on a profile link: unknown for a profile, not followed",
      answer: { profileLinkResolutionResponseData: { status: "Consumed", userId: ids.profile } }
    }
  ]
}

/** One seeded v2 link (`POST /v2/resolve` on the deep-links service, keyed by code only). */
export interface SeededShareLinkV2 {
  readonly code: string
  readonly description: string
  readonly answer: ResolvedLinkV2Wire
}

/**
 * The codes of the v2 links: a valid and an expired experience, a type the library does not follow, a Moments
 * post, and an experience whose answer names its status `linkStatus` (the site type's name).
 */
export const seededShareLinkV2Codes = [
  "v2-experience-valid",
  "v2-experience-expired",
  "v2-referral-valid",
  "v2-moments-valid",
  "v2-experience-link-status"
] as const

/** The v2 links; see {@link seededShareLinkV2Codes}. */
export const seedShareLinksV2 = (world: World): ReadonlyArray<SeededShareLinkV2> => {
  const ids = idsOf(world)
  const experience = { linkType: "Experience", targetId: String(ids.universe.rootPlaceId), customData: '{"from":"v2"}' }
  const [valid, expired, referral, moments, linkStatus] = seededShareLinkV2Codes
  return [
    {
      code: valid,
      description: "a v2 experience link: the game page, then a join",
      answer: { ...experience, status: "Valid" }
    },
    {
      code: expired,
      description: "an expired v2 experience link: not followed",
      answer: { ...experience, status: "Expired" }
    },
    {
      code: referral,
      description: "a v2 referral link: a type the library does not follow",
      answer: { linkType: "Referral", targetId: String(ids.profile), customData: null, status: "Valid" }
    },
    {
      code: moments,
      description: "a v2 Moments link: the post's creator's profile (in an app, the post first)",
      answer: {
        linkType: "Moments",
        targetId: null,
        customData: JSON.stringify({
          postId: "7a1f3c9e-2b64-4d0e-8f15-6c3b9a2d4e71",
          postCreatorId: String(ids.creator)
        }),
        status: "Valid"
      }
    },
    {
      code: linkStatus,
      description: "a v2 experience link whose answer names its status linkStatus: followed like the valid one",
      answer: { ...experience, linkStatus: "Valid" }
    }
  ]
}

/** Every seeded link: each type in each of its statuses, then the extras. */
export const seedShareLinks = (world: World): ReadonlyArray<SeededShareLink> => {
  const ids = idsOf(world)
  const links: Array<SeededShareLink> = []
  for (const type of shareLinkTypes) {
    for (const status of statusesByType[type]) {
      links.push({
        type,
        code: seededShareLinkCode(type, status),
        status,
        description: `${type} in status ${status}`,
        answer: answerFor(type, status, ids)
      })
    }
  }
  return [...links, ...extraShareLinks(world)]
}
