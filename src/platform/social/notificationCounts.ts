/**
 * Notification counts as shown in badges (SOC-10: at most 500 friend requests and
 * 500 messages). A count above its cap is shown as the cap with a plus (`500+`), so a badge never grows past
 * four characters however many requests pile up.
 *
 * @module
 */

/** The most friend requests a badge counts (SOC-10). */
export const maxFriendRequestCount = 500

/** The most unread messages a badge counts (SOC-10). */
export const maxMessageCount = 500

/** The cap of each kind of notification count. */
export const notificationCountCaps = {
  friendRequests: maxFriendRequestCount,
  messages: maxMessageCount
} as const

/** A kind of notification count. */
export type NotificationCountKind = keyof typeof notificationCountCaps

/**
 * The count as a badge shows it: the count itself up to the kind's cap, `{cap}+` above it. A negative count or NaN
 * shows as `0`; a fraction is rounded down.
 */
export const notificationCountLabel = (kind: NotificationCountKind, count: number): string => {
  const cap = notificationCountCaps[kind]
  if (!(count >= 0)) return "0"
  return count > cap ? `${cap}+` : String(Math.floor(count))
}
