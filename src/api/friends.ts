/**
 * platform-web-client/api/friends: the friends service: friends, followers and followings, friend requests, follow and
 * unfollow. Its definition (`FriendsApi`: the typed client's, the emulator's and the OpenAPI document's), one
 * definition per endpoint (a page that calls one endpoint alone, with `platformCall` of `platform-web-client/clients`,
 * loads only that one) and the schemas of its requests and answers.
 *
 * @module
 */
export {
  findFriends,
  FindFriendsQuery,
  FollowListQuery,
  followPageSizes,
  followUser,
  FoundFriend,
  FoundFriendsPage,
  type FriendListKind,
  FriendPage,
  FriendRequest,
  FriendRequestOrigin,
  FriendRequestPage,
  FriendRequestsGroup,
  FriendRequestsQuery,
  FriendRequestUser,
  FriendsApi,
  FriendsGroup,
  FriendSort,
  FriendUser,
  getFollowers,
  getFollowings,
  getFriendRequests,
  getFriends,
  unfollowUser
} from "../platform/api/friends.ts"
