/**
 * platform-web-client/social: friends with presence (one page of friends, cached lists, batched presence and user
 * lookups) and the notification count labels.
 *
 * @module
 */
export {
  defaultFriendsRetries,
  emptyFriendsPage,
  type Friend,
  Friends,
  type FriendsOptions,
  type FriendsPage,
  type FriendsQuery,
  type FriendsShape
} from "./platform/social/Friends.ts"
export { FriendListCache, type FriendListCacheShape, friendListsKey } from "./platform/social/FriendListCache.ts"
export { friendListKinds, friendSortTypes, profileUrl, type SocialListKind } from "./platform/social/friendLists.ts"
export {
  PresenceLookup,
  type PresenceLookupOptions,
  type PresenceLookupShape
} from "./platform/social/PresenceLookup.ts"
export { UserLookup, type UserLookupShape } from "./platform/social/UserLookup.ts"
export { socialLayer, type SocialLayerOptions } from "./platform/featureLayers.ts"
export {
  maxFriendRequestCount,
  maxMessageCount,
  notificationCountCaps,
  type NotificationCountKind,
  notificationCountLabel
} from "./platform/social/notificationCounts.ts"
