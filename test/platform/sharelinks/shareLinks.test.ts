/**
 * Share links, table-driven over every type and every status of SHARE-4 to SHARE-8 (plus an unknown status),
 * then the rules of SHARE-9 to SHARE-21 one by one.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { DeepLinkNavigator, referrerStoreErrorMessage } from "../../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { shareLinkFailureEvents, shareLinkResolvedEvent } from "../../../src/platform/deeplinks/events.ts"
import {
  type ShareLinkStatus,
  type ShareLinkType,
  shareLinkTypes,
  statusesByType
} from "../../../src/platform/sharelinks/shareLinkTypes.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { loggedAt, remoteStoreFailing, remoteStoreToken } from "../../security/support.ts"
import type { GameJoinRequest } from "../../../src/platform/deeplinks/NavigationPlan.ts"
import {
  followCollectingJoins,
  type HarnessOptions,
  navigatorLayer,
  observed,
  type ResolveLinkWire,
  www
} from "../deeplinks/harness.ts"

const code = "c0de"
const shareUrl = (type: string, c = code, extra = "") => `${www}/share?code=${c}&type=${type}${extra}`
const follow = (link: string) => DeepLinkNavigator.use((n) => n.navigate(link))

/** A complete answer for a type with the given status, in the real service's shapes. */
const answer = (type: ShareLinkType, status: string): ResolveLinkWire => {
  const invite = { status, inviterId: 55, placeId: 10, instanceId: "inst-1", launchData: "ld" }
  switch (type) {
    case "ExperienceInvite":
      return { experienceInviteData: invite }
    case "NotificationExperienceInvite":
      return { notificationExperienceInviteData: invite }
    case "ScreenshotInvite":
      return { screenshotInviteData: invite }
    case "FriendInvite":
      return { friendInviteData: { status, senderUserId: 77, friendingToken: "ft" } }
    case "Profile":
      return { profileLinkResolutionResponseData: { status, userId: 88 } }
    case "Server":
      return {
        privateServerInviteData: {
          status,
          ownerUserId: 5,
          universeId: 100,
          privateServerId: 6,
          linkCode: "LC",
          placeId: 1000
        }
      }
    case "ExperienceAffiliate":
      return {
        experienceAffiliateData: {
          status,
          universeId: 200,
          joinData: { launchData: "ad" },
          fallbackType: 0,
          fallbackId: null
        }
      }
    case "ExperienceDetails":
      return { experienceDetailsInviteData: { status, universeId: 300 } }
    case "ExperienceEvent":
      return {
        experienceEventData: {
          status,
          universeId: 100,
          placeId: 11,
          joinData: { experienceEventId: "ev1", launchData: "jd" }
        }
      }
    case "AvatarItemDetails":
      return { avatarItemDetailsData: { status, itemId: "21", itemType: "Bundle" } }
    case "ContentPost":
      return { contentPostData: { status, postId: 4242, postCreatorId: 99 } }
  }
}

const invitePage = (status: string) => `${www}/games/10?experienceInviteLinkId=${code}&experienceInviteStatus=${status}`

/** The navigations of every followed (type, status); every other pair fails with the type's event. */
const outcomes: { readonly [T in ShareLinkType]: Partial<Record<ShareLinkStatus, ReadonlyArray<string>>> } = {
  ExperienceInvite: {
    Valid: [`${www}/games/10`],
    Expired: [invitePage("Expired")],
    InviterNotInExperience: [invitePage("InviterNotInExperience")]
  },
  NotificationExperienceInvite: {
    // the desktop client protocol: the instance only when the invite is Valid, the inviter as referredByPlayerId
    Valid: ["roblox://experiences/start?placeId=10&launchData=ld&gameInstanceId=inst-1&referredByPlayerId=55"],
    Expired: ["roblox://experiences/start?placeId=10&launchData=ld&referredByPlayerId=55"],
    InviterNotInExperience: ["roblox://experiences/start?placeId=10&launchData=ld&referredByPlayerId=55"]
  },
  ScreenshotInvite: {
    Valid: [invitePage("Valid")],
    Expired: [invitePage("Expired")],
    InviterNotInExperience: [invitePage("InviterNotInExperience")]
  },
  FriendInvite: {
    Valid: [`${www}/users/77/profile`],
    Expired: [`${www}/users/77/profile`],
    Consumed: [`${www}/users/77/profile`]
  },
  Profile: { Valid: [`${www}/users/88/profile?friendshipSourceType=QrCode`] },
  Server: {
    Valid: [`${www}/games/1000?privateServerLinkCode=LC`],
    Expired: [`${www}/games/1000?privateServerLinkCode=LC`]
  },
  ExperienceAffiliate: {
    Valid: [
      `${www}/games/2000?shareLinkSourceType=ExperienceAffiliate&referralUrl=${encodeURIComponent(
        shareUrl("ExperienceAffiliate")
      )}&launchData=ad`
    ]
  },
  ExperienceDetails: { Valid: [`${www}/games/3000?shareLinkSourceType=ExperienceDetails`] },
  ExperienceEvent: { Valid: [`${www}/games/start?placeId=11&launchData=jd&eventId=ev1`] },
  AvatarItemDetails: { Valid: [`${www}/bundles/21?pid=share&is_retargeting=true&deep_link_value=${code}`] },
  ContentPost: { Valid: [`${www}/users/99/profile`] }
}

/** The game joins of followed (type, status) pairs that start one: the second step of a valid invite (SHARE-9). */
const expectedJoins: Partial<Record<`${ShareLinkType}:${ShareLinkStatus}`, ReadonlyArray<GameJoinRequest>>> = {
  "ExperienceInvite:Valid": [{ placeId: 10, gameInstanceId: "inst-1", launchData: "ld", referrerId: 55 }]
}

const withLinks = (table: Readonly<Record<string, ResolveLinkWire>>, options: HarnessOptions = {}) =>
  navigatorLayer({ ...options, shareLinks: table })

describe("share links: every type × status (SHARE-4 to SHARE-15)", () => {
  for (const type of shareLinkTypes) {
    for (const status of [...statusesByType[type], "Unknown" as const]) {
      const expected = outcomes[type][status]
      const name =
        expected === undefined
          ? `${type} ${status} → false, ${shareLinkFailureEvents[type]}`
          : `${type} ${status} → ${expected.join(", ")}`
      it.effect(name, () =>
        Effect.gen(function* () {
          const { followed, joins } = yield* followCollectingJoins(shareUrl(type))
          const seen = yield* observed
          assert.deepStrictEqual(joins, expectedJoins[`${type}:${status}`] ?? [])
          if (expected === undefined) {
            assert.isFalse(followed)
            assert.deepStrictEqual(seen.visits, [])
            assert.deepStrictEqual(seen.events, [
              {
                name: shareLinkFailureEvents[type],
                properties: { reason: "Status", linkType: type }
              }
            ])
            assert.deepStrictEqual(seen.warnings, [
              `${shareLinkFailureEvents[type]}: Share link ${type} not followed: Status (${status})`
            ])
          } else {
            assert.isTrue(followed)
            assert.deepStrictEqual(
              seen.visits,
              expected.map((url) => `assign ${url}`)
            )
            assert.deepStrictEqual(
              seen.events.map((e) => e.name),
              [shareLinkResolvedEvent]
            )
            assert.strictEqual(seen.events[0]!.properties.linkType, type)
            assert.strictEqual(seen.events[0]!.properties.status, status)
            assert.deepStrictEqual(seen.warnings, [])
          }
        }).pipe(Effect.provide(withLinks({ [`${type}:${code}`]: answer(type, status) })))
      )
    }
  }
})

describe("share links: the rules one by one (SHARE-9 to SHARE-21)", () => {
  const fails = (name: string, type: ShareLinkType, response: ResolveLinkWire, reason: string, link = shareUrl(type)) =>
    it.effect(name, () =>
      Effect.gen(function* () {
        assert.isFalse(yield* follow(link))
        const seen = yield* observed
        assert.deepStrictEqual(seen.visits, [])
        assert.deepStrictEqual(seen.warnings, [
          `${shareLinkFailureEvents[type]}: Share link ${type} not followed: ${reason}`
        ])
        assert.deepStrictEqual(
          seen.events.map((e) => e.name),
          [shareLinkFailureEvents[type]]
        )
      }).pipe(Effect.provide(withLinks({ [`${type}:${code}`]: response })))
    )

  const goes = (
    name: string,
    type: ShareLinkType,
    response: ResolveLinkWire,
    visits: ReadonlyArray<string>,
    link = shareUrl(type),
    options: HarnessOptions = {}
  ) =>
    it.effect(name, () =>
      Effect.gen(function* () {
        assert.isTrue(yield* follow(link))
        assert.deepStrictEqual((yield* observed).visits, visits)
      }).pipe(Effect.provide(withLinks({ [`${type}:${code}`]: response }, options)))
    )

  // key fields (SHARE-17: a result without its key field counts as failed)
  fails(
    "an experience invite without placeId fails",
    "ExperienceInvite",
    {
      experienceInviteData: { status: "Valid", instanceId: "i" }
    },
    "MissingField (placeId)"
  )
  fails(
    "a notification invite without placeId fails",
    "NotificationExperienceInvite",
    {
      notificationExperienceInviteData: { status: "Valid", placeId: null }
    },
    "MissingField (placeId)"
  )
  fails(
    "a friend invite without senderUserId fails",
    "FriendInvite",
    {
      friendInviteData: { status: "Valid" }
    },
    "MissingField (senderUserId)"
  )
  fails(
    "a profile link without userId fails",
    "Profile",
    {
      profileLinkResolutionResponseData: { status: "Valid", userId: null }
    },
    "MissingField (userId)"
  )
  fails(
    "a profile link with userId 0 fails",
    "Profile",
    {
      profileLinkResolutionResponseData: { status: "Valid", userId: 0 }
    },
    "InvalidField (userId)"
  )
  fails(
    "an answer without the type's data fails",
    "FriendInvite",
    { profileLinkResolutionResponseData: null },
    "MissingData"
  )

  // invites
  it.effect("an expired invite stores the inviter as referrer for the place", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow(shareUrl("ExperienceInvite")))
      const seen = yield* observed
      assert.deepStrictEqual(seen.visits, [`assign ${invitePage("Expired")}`])
      assert.deepStrictEqual(seen.storage, {
        "RBXInviteReferrer:10": JSON.stringify({ referrerId: 55, linkId: code, clientEpochTimestamp: 0 })
      })
    }).pipe(Effect.provide(withLinks({ [`ExperienceInvite:${code}`]: answer("ExperienceInvite", "Expired") })))
  )

  it.effect("an inviter no longer in the experience is stored as referrer too", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow(shareUrl("ExperienceInvite")))
      assert.deepStrictEqual(Object.keys((yield* observed).storage), ["RBXInviteReferrer:10"])
    }).pipe(
      Effect.provide(
        withLinks({
          [`ExperienceInvite:${code}`]: answer("ExperienceInvite", "InviterNotInExperience")
        })
      )
    )
  )

  it.effect("a valid invite stores no referrer", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow(shareUrl("ExperienceInvite")))
      assert.deepStrictEqual((yield* observed).storage, {})
    }).pipe(Effect.provide(withLinks({ [`ExperienceInvite:${code}`]: answer("ExperienceInvite", "Valid") })))
  )

  it.effect("a referrer that cannot be stored is logged and navigation goes on", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow(shareUrl("ExperienceInvite")))
      const seen = yield* observed
      assert.deepStrictEqual(seen.visits, [`assign ${invitePage("Expired")}`])
      assert.deepStrictEqual(seen.warnings, [
        `Error storing invite referrer: StorageError: Storage set of "RBXInviteReferrer:10" failed: QuotaExceeded`
      ])
      assert.strictEqual((yield* (yield* MemoryKeyValueStore).entries).size, 0)
    }).pipe(
      Effect.provide(
        withLinks({ [`ExperienceInvite:${code}`]: answer("ExperienceInvite", "Expired") }, { storage: "full" })
      )
    )
  )

  it.effect(
    "the referrer's log line is one line of the error's tag and message: never what the store threw, nor the value",
    () =>
      Effect.gen(function* () {
        assert.isTrue(yield* follow(shareUrl("ExperienceInvite")))
        const { everything, messages } = yield* loggedAt("Warn")
        assert.deepStrictEqual(messages, [
          [referrerStoreErrorMessage, `StorageError: Storage set of "RBXInviteReferrer:10" failed: Unknown`]
        ])
        assert.notInclude(everything, remoteStoreToken)
        assert.notInclude(everything, "referrerId")
      }).pipe(
        Effect.provide(
          withLinks(
            { [`ExperienceInvite:${code}`]: answer("ExperienceInvite", "Expired") },
            { store: remoteStoreFailing }
          )
        )
      )
  )

  // a valid invite with an instance: the game page, THEN the join of that instance (SHARE-9)
  it.effect("a valid invite with an instance plans the game page, then the join of the instance", () =>
    Effect.gen(function* () {
      const plan = yield* DeepLinkNavigator.use((n) => n.plan(shareUrl("ExperienceInvite")))
      assert.deepStrictEqual(plan.steps, [
        {
          _tag: "TrackEvent",
          name: shareLinkResolvedEvent,
          properties: { linkType: "ExperienceInvite", status: "Valid", placeId: 10 }
        },
        { _tag: "Navigate", url: `${www}/games/10` },
        { _tag: "JoinGame", request: { placeId: 10, gameInstanceId: "inst-1", launchData: "ld", referrerId: 55 } }
      ])
      assert.deepStrictEqual((yield* observed).visits, [])
    }).pipe(Effect.provide(withLinks({ [`ExperienceInvite:${code}`]: answer("ExperienceInvite", "Valid") })))
  )

  it.effect("inside the iOS app the game page goes through the bridge, and the join is still published", () =>
    Effect.gen(function* () {
      const { followed, joins } = yield* followCollectingJoins(shareUrl("ExperienceInvite"))
      assert.isTrue(followed)
      const seen = yield* observed
      assert.deepStrictEqual(seen.bridge, [`${www}/games/10`])
      assert.deepStrictEqual(seen.visits, [])
      assert.deepStrictEqual(joins, [{ placeId: 10, gameInstanceId: "inst-1", launchData: "ld", referrerId: 55 }])
    }).pipe(
      Effect.provide(
        withLinks({ [`ExperienceInvite:${code}`]: answer("ExperienceInvite", "Valid") }, { device: { appType: "iOS" } })
      )
    )
  )

  it.effect(
    "a valid invite without an instance (or launch data, or inviter) goes to the game page and joins nothing",
    () =>
      Effect.gen(function* () {
        const { followed, joins } = yield* followCollectingJoins(shareUrl("ExperienceInvite"))
        assert.isTrue(followed)
        assert.deepStrictEqual((yield* observed).visits, [`assign ${www}/games/10`])
        assert.deepStrictEqual(joins, [])
      }).pipe(
        Effect.provide(
          withLinks({
            [`ExperienceInvite:${code}`]: {
              experienceInviteData: { status: "Valid", placeId: 10, instanceId: "", inviterId: null }
            }
          })
        )
      )
  )

  it.effect("a valid invite with an instance but no inviter or launch data joins with the instance only", () =>
    Effect.gen(function* () {
      const { joins } = yield* followCollectingJoins(shareUrl("ExperienceInvite"))
      assert.deepStrictEqual(joins, [{ placeId: 10, gameInstanceId: "inst-2" }])
    }).pipe(
      Effect.provide(
        withLinks({
          [`ExperienceInvite:${code}`]: { experienceInviteData: { status: "Valid", placeId: 10, instanceId: "inst-2" } }
        })
      )
    )
  )

  // profile links: friendshipSourceType
  goes(
    "a profile link from a profile share",
    "Profile",
    answer("Profile", "Valid"),
    [`assign ${www}/users/88/profile?friendshipSourceType=ProfileShare`],
    shareUrl("Profile", code, "&source=ProfileShare")
  )
  goes(
    "a profile link from a QR code",
    "Profile",
    answer("Profile", "Valid"),
    [`assign ${www}/users/88/profile?friendshipSourceType=QrCode`],
    shareUrl("Profile", code, "&source=qrcode")
  )
  goes(
    "a profile link with an unknown source defaults to QrCode",
    "Profile",
    answer("Profile", "Valid"),
    [`assign ${www}/users/88/profile?friendshipSourceType=QrCode`],
    shareUrl("Profile", code, "&source=Elsewhere")
  )

  // private servers
  fails(
    "a private server link without linkCode fails",
    "Server",
    {
      privateServerInviteData: { status: "Valid", universeId: 100 }
    },
    "MissingField (linkCode)"
  )
  fails(
    "a private server whose universe has no root place fails",
    "Server",
    {
      privateServerInviteData: { status: "Valid", universeId: 999, linkCode: "LC" }
    },
    "RootPlaceNotFound"
  )

  // affiliates: fallbackType is a number (1: the profile), joinData an object
  goes(
    "an affiliate without a universe, fallback type 1 (profile), goes to the fallback profile",
    "ExperienceAffiliate",
    {
      experienceAffiliateData: { status: "Valid", universeId: null, fallbackType: 1, fallbackId: 66 }
    },
    [`assign ${www}/users/66/profile`]
  )
  for (const fallbackType of [0, 2, 7]) {
    goes(
      `an affiliate without a universe, fallback type ${fallbackType}, goes to the root page with a referral URL`,
      "ExperienceAffiliate",
      {
        experienceAffiliateData: { status: "Valid", universeId: null, fallbackType, fallbackId: 66 }
      },
      [`assign ${www}/?referralUrl=${encodeURIComponent(shareUrl("ExperienceAffiliate"))}`]
    )
  }
  goes(
    "an affiliate with the profile fallback but no id goes to the root page",
    "ExperienceAffiliate",
    {
      experienceAffiliateData: { status: "Valid", fallbackType: 1 }
    },
    [`assign ${www}/?referralUrl=${encodeURIComponent(shareUrl("ExperienceAffiliate"))}`]
  )
  goes(
    "an affiliate's referral URL is its share URL, whatever form the link came in",
    "ExperienceAffiliate",
    {
      experienceAffiliateData: { status: "Valid" }
    },
    [`assign ${www}/?referralUrl=${encodeURIComponent(shareUrl("ExperienceAffiliate"))}`],
    `roblox://navigation/share_links?type=ExperienceAffiliate&stamp=1718000000000&code=${code}&utm=x`
  )
  goes(
    "an affiliate's join data: launch data and the event id on the game page",
    "ExperienceAffiliate",
    {
      experienceAffiliateData: {
        status: "Valid",
        universeId: 200,
        joinData: { experienceEventId: "ev9", launchData: '{"a":1}' }
      }
    },
    [
      `assign ${www}/games/2000?shareLinkSourceType=ExperienceAffiliate&referralUrl=${encodeURIComponent(
        shareUrl("ExperienceAffiliate")
      )}&launchData=${encodeURIComponent('{"a":1}')}&eventId=ev9`
    ]
  )
  goes(
    "an affiliate with empty join data carries none",
    "ExperienceAffiliate",
    {
      experienceAffiliateData: {
        status: "Valid",
        universeId: 200,
        joinData: { experienceEventId: "", launchData: null }
      }
    },
    [
      `assign ${www}/games/2000?shareLinkSourceType=ExperienceAffiliate&referralUrl=${encodeURIComponent(shareUrl("ExperienceAffiliate"))}`
    ]
  )

  // experience details
  fails(
    "experience details without universeId fail",
    "ExperienceDetails",
    {
      experienceDetailsInviteData: { status: "Valid" }
    },
    "MissingField (universeId)"
  )
  fails(
    "experience details whose universe has no root place fail",
    "ExperienceDetails",
    {
      experienceDetailsInviteData: { status: "Valid", universeId: 999 }
    },
    "RootPlaceNotFound"
  )

  // avatar items
  fails(
    "an avatar item with an empty id fails",
    "AvatarItemDetails",
    {
      avatarItemDetailsData: { status: "Valid", itemId: "", itemType: "Asset" }
    },
    "MissingField (itemId)"
  )
  fails(
    "an avatar item with id 0 fails",
    "AvatarItemDetails",
    {
      avatarItemDetailsData: { status: "Valid", itemId: "0", itemType: "Asset" }
    },
    "InvalidField (itemId)"
  )
  fails(
    "an avatar item with an id that is not digits fails",
    "AvatarItemDetails",
    {
      avatarItemDetailsData: { status: "Valid", itemId: "5e3", itemType: "Asset" }
    },
    "InvalidField (itemId)"
  )
  fails(
    "an avatar item of a type without a route fails",
    "AvatarItemDetails",
    {
      avatarItemDetailsData: { status: "Valid", itemId: "5", itemType: "GamePass" }
    },
    "InvalidField (itemType)"
  )
  fails(
    "an avatar item without a type fails",
    "AvatarItemDetails",
    {
      avatarItemDetailsData: { status: "Valid", itemId: "5" }
    },
    "MissingField (itemType)"
  )
  goes(
    "an avatar Asset goes to the catalog page",
    "AvatarItemDetails",
    {
      avatarItemDetailsData: { status: "Valid", itemId: "5", itemType: "asset" }
    },
    [`assign ${www}/catalog/5?pid=share&is_retargeting=true&deep_link_value=${code}`]
  )
  goes(
    "an avatar Look goes to the look page",
    "AvatarItemDetails",
    {
      avatarItemDetailsData: { status: "Valid", itemId: "6", itemType: "Look" }
    },
    [`assign ${www}/looks/6?pid=share&is_retargeting=true&deep_link_value=${code}`]
  )

  // events
  fails(
    "an event link without universeId fails",
    "ExperienceEvent",
    {
      experienceEventData: { status: "Valid", placeId: 11 }
    },
    "MissingField (universeId)"
  )
  fails(
    "an event link without placeId fails",
    "ExperienceEvent",
    {
      experienceEventData: { status: "Valid", universeId: 100 }
    },
    "MissingField (placeId)"
  )
  goes(
    "an event link without join data joins normally",
    "ExperienceEvent",
    {
      experienceEventData: { status: "Valid", universeId: 100, placeId: 11 }
    },
    [`assign ${www}/games/start?placeId=11`]
  )
  goes(
    "an event link with only an event id in its join data",
    "ExperienceEvent",
    {
      experienceEventData: { status: "Valid", universeId: 100, placeId: 11, joinData: { experienceEventId: "ev2" } }
    },
    [`assign ${www}/games/start?placeId=11&eventId=ev2`]
  )

  // content posts
  fails(
    "a content post without postId fails",
    "ContentPost",
    {
      contentPostData: { status: "Valid", postCreatorId: 99 }
    },
    "MissingField (postId)"
  )
  fails(
    "a content post with postId 0 fails",
    "ContentPost",
    {
      contentPostData: { status: "Valid", postId: 0, postCreatorId: 99 }
    },
    "InvalidField (postId)"
  )
  fails(
    "a content post without postCreatorId fails",
    "ContentPost",
    {
      contentPostData: { status: "Valid", postId: 4242 }
    },
    "MissingField (postCreatorId)"
  )
  goes(
    "a content post inside an app shell opens the app-launcher link, then the creator's profile",
    "ContentPost",
    answer("ContentPost", "Valid"),
    ["assign roblox://navigation/content_posts?userId=99&postId=4242", `assign ${www}/users/99/profile`],
    shareUrl("ContentPost"),
    { device: { appType: "Android" } }
  )

  // codes (SHARE-18: without a code, no action is taken)
  for (const type of shareLinkTypes) {
    it.effect(`${type} without a code: no action, no failure event`, () =>
      Effect.gen(function* () {
        assert.isFalse(yield* follow(`${www}/share?type=${type}`))
        const seen = yield* observed
        assert.deepStrictEqual(seen.visits, [])
        assert.deepStrictEqual(seen.events, [])
        assert.deepStrictEqual(seen.infos, [`Share link ${type} has no code: no action taken`])
      }).pipe(Effect.provide(withLinks({})))
    )
  }

  it.effect("a failed resolution returns false and logs the type's event", () =>
    Effect.gen(function* () {
      assert.isFalse(yield* follow(shareUrl("Server")))
      const seen = yield* observed
      assert.deepStrictEqual(seen.warnings, [
        "DeeplinkParserPrivateServerLinkResolutionFailed: Share link Server not followed: RequestFailed"
      ])
    }).pipe(Effect.provide(withLinks({})))
  )

  it.effect("app share links work like web share links", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow(`roblox://navigation/share_links?code=${code}&type=FriendInvite`))
      assert.deepStrictEqual((yield* observed).visits, [`assign ${www}/users/77/profile`])
    }).pipe(Effect.provide(withLinks({ [`FriendInvite:${code}`]: answer("FriendInvite", "Valid") })))
  )
})
