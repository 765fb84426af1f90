/**
 * The users, friends and presence services against their published documents: the users multi-get body, the
 * friends list by `userSort` only (answered in full), its paged variant `/friends/find` (PascalCase page), followers
 * and followings by `targetUserId` with their page sizes, follow and unfollow (no body), friend requests with `sessionId` and `friendRequestSort`,
 * and the presence POST (both of the spec's readings); answers in the documented form (integer enums) and the live
 * form (names, values the document does not list, extra fields).
 */
import * as Effect from "effect/Effect"
import { FriendsClient, PresenceClient, UsersClient } from "../../../src/platform/clients/PlatformClients.ts"
import { contractCases, type Fixture } from "./harness.ts"

const same = (answer: unknown): Fixture => ({ answer, decoded: answer })

contractCases("users", [
  {
    published: "POST /v1/users",
    method: "users.lookupUsers",
    call: Effect.flatMap(UsersClient, (c) =>
      c.users.lookupUsers({ payload: { userIds: [1, 2], excludeBannedUsers: true } })
    ),
    path: "/users/v1/users",
    body: { userIds: [1, 2], excludeBannedUsers: true },
    documented: same({ data: [{ id: 1, name: "EmuPlayer", displayName: "Emu", hasVerifiedBadge: false }] }),
    live: {
      answer: {
        data: [{ id: 2, name: "BlueFox12", displayName: "Fox", hasVerifiedBadge: true, requestedUsername: null }]
      },
      decoded: { data: [{ id: 2, name: "BlueFox12", displayName: "Fox", hasVerifiedBadge: true }] }
    }
  },
  {
    published: "GET /v1/users/authenticated",
    method: "users.getAuthenticatedUser",
    call: Effect.flatMap(UsersClient, (c) => c.users.getAuthenticatedUser()),
    path: "/users/v1/users/authenticated",
    documented: same({ id: 1, name: "EmuPlayer", displayName: "Emu" }),
    live: {
      answer: { id: 1, name: "EmuPlayer", displayName: "Emu", isPremium: false },
      decoded: { id: 1, name: "EmuPlayer", displayName: "Emu" }
    }
  }
])

/** A friend as documented: every field, the presence type as its code. */
const friendDocumented = {
  id: 2,
  name: "BlueFox12",
  displayName: "Fox",
  hasVerifiedBadge: false,
  isOnline: true,
  presenceType: 2,
  isBanned: false,
  isDeleted: false,
  description: "hi",
  created: "2021-03-04T00:00:00Z",
  externalAppDisplayName: null,
  friendFrequentRank: 1,
  friendFrequentScore: 40
}
const friendDocumentedDecoded = { ...friendDocumented, presenceType: "InGame" }
/** The same friend live: the presence type by name, then a presence type the document does not list. */
const friendLive = { ...friendDocumented, presenceType: "Invisible", nickname: null }
const { nickname: _n, ...friendLiveKept } = friendLive
const friendLiveDecoded = friendLiveKept
const friendNew = { ...friendDocumented, id: 3, presenceType: "InParty" }
const friendNewDecoded = { ...friendDocumented, id: 3, presenceType: { _tag: "Unknown", value: "InParty" } }

const page = <A>(data: ReadonlyArray<A>) => ({ previousPageCursor: null, nextPageCursor: "c2", data })

const request = {
  id: 4,
  name: "Newcomer",
  displayName: "New",
  hasVerifiedBadge: false,
  isBanned: false,
  description: null,
  created: "2026-01-01T00:00:00Z",
  externalAppDisplayName: null,
  friendRequest: {
    senderId: 4,
    sentAt: "2026-06-10T00:00:00Z",
    sourceUniverseId: 1001,
    originSourceType: 3,
    contactName: null,
    senderNickname: null
  },
  mutualFriendsList: ["Emu"]
}

contractCases("friends", [
  {
    published: "GET /v1/users/{userId}/friends",
    method: "friends.getFriends",
    call: Effect.flatMap(FriendsClient, (c) =>
      c.friends.getFriends({ params: { userId: 1 }, query: { userSort: "StatusFrequents" } })
    ),
    path: "/friends/v1/users/1/friends",
    query: [["userSort", "2"]],
    documented: { answer: { data: [friendDocumented] }, decoded: { data: [friendDocumentedDecoded] } },
    live: { answer: { data: [friendLive, friendNew] }, decoded: { data: [friendLiveDecoded, friendNewDecoded] } }
  },
  {
    published: "GET /v1/users/{userId}/friends/find",
    method: "friends.findFriends",
    call: Effect.flatMap(FriendsClient, (c) =>
      c.friends.findFriends({
        params: { userId: 1 },
        query: { userSort: "Alphabetical", cursor: "c1", limit: 50, findFriendsType: 0 }
      })
    ),
    path: "/friends/v1/users/1/friends/find",
    query: [
      ["userSort", "0"],
      ["cursor", "c1"],
      ["limit", "50"],
      ["findFriendsType", "0"]
    ],
    documented: same({
      PageItems: [
        { id: 2, hasVerifiedBadge: false },
        { id: 3, hasVerifiedBadge: true }
      ],
      NextCursor: "c2",
      PreviousCursor: null,
      HasMore: true
    }),
    live: {
      answer: {
        PageItems: [{ id: 2, hasVerifiedBadge: false, nickname: null }],
        NextCursor: null,
        PreviousCursor: "c0",
        HasMore: false
      },
      decoded: {
        PageItems: [{ id: 2, hasVerifiedBadge: false }],
        NextCursor: null,
        PreviousCursor: "c0",
        HasMore: false
      }
    }
  },
  {
    published: "GET /v1/users/{targetUserId}/followers",
    method: "friends.getFollowers",
    call: Effect.flatMap(FriendsClient, (c) =>
      c.friends.getFollowers({ params: { targetUserId: 1 }, query: { limit: 18, cursor: "c1", sortOrder: "Asc" } })
    ),
    path: "/friends/v1/users/1/followers",
    query: [
      ["limit", "18"],
      ["cursor", "c1"],
      ["sortOrder", "Asc"]
    ],
    documented: { answer: page([friendDocumented]), decoded: page([friendDocumentedDecoded]) },
    live: { answer: page([friendLive, friendNew]), decoded: page([friendLiveDecoded, friendNewDecoded]) }
  },
  {
    published: "GET /v1/users/{targetUserId}/followings",
    method: "friends.getFollowings",
    call: Effect.flatMap(FriendsClient, (c) =>
      c.friends.getFollowings({ params: { targetUserId: 1 }, query: { sortOrder: "Desc" } })
    ),
    path: "/friends/v1/users/1/followings",
    query: [["sortOrder", "Desc"]],
    documented: { answer: page([friendDocumented]), decoded: page([friendDocumentedDecoded]) },
    live: { answer: page([friendLive]), decoded: page([friendLiveDecoded]) }
  },
  {
    published: "POST /v1/users/{targetUserId}/follow",
    method: "friends.followUser",
    call: Effect.flatMap(FriendsClient, (c) => c.friends.followUser({ params: { targetUserId: 7 } })),
    path: "/friends/v1/users/7/follow",
    documented: same({ isCaptchaRequired: false, success: true }),
    live: {
      answer: { success: true, isCaptchaRequired: false, followerId: 1 },
      decoded: { success: true, isCaptchaRequired: false }
    }
  },
  {
    published: "POST /v1/users/{targetUserId}/unfollow",
    method: "friends.unfollowUser",
    call: Effect.flatMap(FriendsClient, (c) => c.friends.unfollowUser({ params: { targetUserId: 7 } })),
    path: "/friends/v1/users/7/unfollow",
    documented: same({}),
    // the published answer is an empty object; whatever the live one carries is passed through, unread
    live: same({ success: true })
  },
  {
    published: "GET /v1/my/friends/requests",
    method: "friendRequests.getFriendRequests",
    call: Effect.flatMap(FriendsClient, (c) =>
      c.friendRequests.getFriendRequests({ query: { limit: 10, cursor: "c1", sessionId: "s-1", friendRequestSort: 1 } })
    ),
    path: "/friends/v1/my/friends/requests",
    query: [
      ["limit", "10"],
      ["cursor", "c1"],
      ["sessionId", "s-1"],
      ["friendRequestSort", "1"]
    ],
    documented: {
      answer: page([request]),
      decoded: page([{ ...request, friendRequest: { ...request.friendRequest, originSourceType: "InGame" } }])
    },
    live: {
      answer: page([
        { ...request, friendRequest: { ...request.friendRequest, originSourceType: "GroupChat" }, presenceType: 1 }
      ]),
      decoded: page([
        {
          ...request,
          friendRequest: { ...request.friendRequest, originSourceType: { _tag: "Unknown", value: "GroupChat" } }
        }
      ])
    }
  }
])

const presence = {
  userId: 2,
  userPresenceType: 2,
  lastLocation: "Brave Tycoon",
  placeId: 100010,
  rootPlaceId: 100010,
  universeId: 1001,
  gameId: "9b3c5d1e-0000-4000-8000-000000000000"
}

contractCases("presence", [
  {
    published: "POST /v1/presence/users",
    method: "presence.getPresences",
    call: Effect.flatMap(PresenceClient, (c) => c.presence.getPresences({ payload: { userIds: [2, 3] } })),
    path: "/presence/v1/presence/users",
    body: { userIds: [2, 3] },
    documented: {
      answer: {
        userPresences: [
          presence,
          {
            userId: 3,
            userPresenceType: 0,
            lastLocation: null,
            placeId: null,
            rootPlaceId: null,
            universeId: null,
            gameId: null
          }
        ]
      },
      decoded: {
        userPresences: [
          { ...presence, userPresenceType: "InGame" },
          {
            userId: 3,
            userPresenceType: "Offline",
            lastLocation: null,
            placeId: null,
            rootPlaceId: null,
            universeId: null,
            gameId: null
          }
        ]
      }
    },
    live: {
      answer: {
        userPresences: [
          {
            ...presence,
            userPresenceType: "InGame",
            lastOnline: "2026-06-10T12:00:00.000Z",
            invisibleModeExpiry: null
          },
          { userId: 3, userPresenceType: 7 },
          // the signed-in user's own presence in invisible mode (4, self only), with its expiry
          {
            userId: 1,
            userPresenceType: 4,
            lastOnline: "2026-06-10T11:00:00.000Z",
            invisibleModeExpiry: "2026-06-11T11:00:00.000Z"
          },
          { userId: 4, userPresenceType: "instudio", lastOnline: "2026-06-09T08:00:00Z" }
        ]
      },
      decoded: {
        userPresences: [
          {
            ...presence,
            userPresenceType: "InGame",
            lastOnline: "2026-06-10T12:00:00.000Z",
            invisibleModeExpiry: null
          },
          { userId: 3, userPresenceType: { _tag: "Unknown", value: 7 } },
          {
            userId: 1,
            userPresenceType: "Invisible",
            lastOnline: "2026-06-10T11:00:00.000Z",
            invisibleModeExpiry: "2026-06-11T11:00:00.000Z"
          },
          { userId: 4, userPresenceType: "InStudio", lastOnline: "2026-06-09T08:00:00Z" }
        ]
      }
    }
  }
])
