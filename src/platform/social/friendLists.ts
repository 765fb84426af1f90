/**
 * The friend list kinds and sort types (SOC-4).
 *
 * @module
 */
import type { FriendSort } from "../api/friends.ts"

/** The lists kept for a user: friends, followers, followings, and (the signed-in user's own) friend requests. */
export const friendListKinds = ["friends", "followers", "followings", "requests"] as const

/** A friend list kind. */
export type SocialListKind = (typeof friendListKinds)[number]

/** How a friend list can be sorted. */
export const friendSortTypes = [
  "Alphabetical",
  "StatusAlphabetical",
  "StatusFrequents"
] as const satisfies ReadonlyArray<FriendSort>

/** The profile page of a user (SOC-2: built by the product, not sent by the service). */
export const profileUrl = (userId: number): string => `/users/${userId}/profile`
