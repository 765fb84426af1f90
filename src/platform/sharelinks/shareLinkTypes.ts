/**
 * Share-link types and statuses (SHARE-1, SHARE-4 to SHARE-8), as plain constants.
 *
 * @module
 */

/** Every share-link type (SHARE-1). */
export const shareLinkTypes = [
  "AvatarItemDetails",
  "ContentPost",
  "ExperienceInvite",
  "ExperienceAffiliate",
  "FriendInvite",
  "NotificationExperienceInvite",
  "Profile",
  "ScreenshotInvite",
  "Server",
  "ExperienceDetails",
  "ExperienceEvent"
] as const

/** A share-link type. */
export type ShareLinkType = (typeof shareLinkTypes)[number]

/**
 * What a v2 share link (`share_links?code=…&v=v2`, resolved by `POST /v2/resolve`) is followed as: such a link names
 * no type, the service tells what it is. Not a type of the spec's list, so never sent to `POST /v1/resolve-link`.
 */
export const shareLinkV2 = "V2"

/** A share link's type, or {@link shareLinkV2} for a v2 link. */
export type ShareLinkTypeOrV2 = ShareLinkType | typeof shareLinkV2

/**
 * Other spellings of the types (the spec's "further list": friend invite, profile share, experience invite,
 * private server invite, …), keyed by their letters in lower case. Every type also matches its own name.
 */
const shareLinkTypeAliases: Readonly<Record<string, ShareLinkType>> = {
  profileshare: "Profile",
  privateserverinvite: "Server",
  privateserver: "Server",
  experiencedetailsinvite: "ExperienceDetails",
  notificationinvite: "NotificationExperienceInvite"
}

/**
 * The type named by `value`, compared by letters and digits only and without regard to case (`ExperienceInvite`,
 * `experience_invite`, `Experience Invite`, `private server invite` → `Server`); undefined when unknown.
 */
export const shareLinkTypeOf = (value: string): ShareLinkType | undefined => {
  const key = value.replace(/[^A-Za-z0-9]/g, "").toLowerCase()
  if (key === "") return undefined
  for (const type of shareLinkTypes) if (type.toLowerCase() === key) return type
  return Object.hasOwn(shareLinkTypeAliases, key) ? shareLinkTypeAliases[key] : undefined
}

/**
 * A share-link status as the client understands it. Statuses are compared without regard to case or underscores
 * (`VALID`, `Valid` and `valid` are `Valid`; `INVITER_NOT_IN_EXPERIENCE` is `InviterNotInExperience`); anything
 * else is `Unknown`, which no type accepts.
 */
export const shareLinkStatuses = [
  "Valid",
  "Expired",
  "Invalid",
  "InviterNotInExperience",
  "Consumed",
  "SenderBlockedRecipient",
  "Unknown"
] as const

/** A share-link status; see {@link shareLinkStatuses}. */
export type ShareLinkStatus = (typeof shareLinkStatuses)[number]

/** The key a status is compared by: its letters, in lower case (`INVITER_NOT_IN_EXPERIENCE` → `inviternotinexperience`). */
export const statusKey = (value: string): string => value.replace(/[^A-Za-z]/g, "").toLowerCase()

/** The canonical status of a status string; `Unknown` when it is none of the known ones. */
export const shareLinkStatusOf = (value: string): ShareLinkStatus => {
  const key = statusKey(value)
  for (const status of shareLinkStatuses) if (status.toLowerCase() === key) return status
  return "Unknown"
}

/**
 * The statuses of each kind of link, as the site's own enumerations list them (one per type, not one common set):
 * experience and screenshot invites can be valid, expired or have an inviter no longer in the experience (never
 * "invalid"); friend invites, profile links, and the remaining kinds their own sets below.
 */
export const experienceInviteStatuses = ["Valid", "Expired", "InviterNotInExperience"] as const

/** The statuses of a friend invite. */
export const friendInviteStatuses = ["Valid", "Expired", "Consumed", "SenderBlockedRecipient", "Invalid"] as const

/** The statuses of a profile link. */
export const profileLinkStatuses = ["Valid", "SenderBlockedRecipient", "Invalid"] as const

/** The statuses of private server, experience details, avatar item and content post links. */
export const expiringLinkStatuses = ["Invalid", "Valid", "Expired"] as const

/** The statuses of experience affiliate and experience event links (they do not expire). */
export const lastingLinkStatuses = ["Invalid", "Valid"] as const

/**
 * The statuses each type can have. Notification invites have the statuses of experience invites (neither the spec
 * nor the site's code lists them separately).
 */
export const statusesByType: { readonly [T in ShareLinkType]: ReadonlyArray<ShareLinkStatus> } = {
  ExperienceInvite: experienceInviteStatuses,
  NotificationExperienceInvite: experienceInviteStatuses,
  ScreenshotInvite: experienceInviteStatuses,
  FriendInvite: friendInviteStatuses,
  Profile: profileLinkStatuses,
  AvatarItemDetails: expiringLinkStatuses,
  ContentPost: expiringLinkStatuses,
  Server: expiringLinkStatuses,
  ExperienceDetails: expiringLinkStatuses,
  ExperienceAffiliate: lastingLinkStatuses,
  ExperienceEvent: lastingLinkStatuses
}
