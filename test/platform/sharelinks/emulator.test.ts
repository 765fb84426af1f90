/**
 * Every seeded share link of the emulator, followed by the library over real HTTP: resolution, root-place lookup,
 * and the navigation (or the failure event) each type and status calls for.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  seededShareLinkV2Codes,
  seedShareLinks,
  seedShareLinksV2
} from "../../../src/emulator/services/shareLinksSeed.ts"
import { DeepLinkNavigator } from "../../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { shareLinkFailureEvents } from "../../../src/platform/deeplinks/events.ts"
import { RootPlaceLookup } from "../../../src/platform/deeplinks/RootPlaceLookup.ts"
import { followedStatuses } from "../../../src/platform/sharelinks/planShareLink.ts"
import { ShareLinkResolver } from "../../../src/platform/sharelinks/ShareLinkResolver.ts"
import { statusesByType } from "../../../src/platform/sharelinks/shareLinkTypes.ts"
import { MemoryNativeBridge } from "../../../src/testing/memory/MemoryNativeBridge.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"
import { useEmulator } from "../../emulator/support.ts"
import { followCollectingJoins } from "../deeplinks/harness.ts"

describe("seeded share links, followed against the emulator", () => {
  const emulator = useEmulator()

  const navigator = () =>
    DeepLinkNavigator.layer.pipe(
      Layer.provideMerge(Layer.mergeAll(ShareLinkResolver.layer, RootPlaceLookup.layer)),
      Layer.provideMerge(
        testPlatformLayer(
          (request) =>
            fetch(request.url, {
              method: request.method,
              headers: request.headers,
              ...(request.body === undefined ? {} : { body: request.body })
            }),
          { baseUrls: emulator().baseUrls }
        )
      ),
      Layer.provideMerge(MemoryNativeBridge.layer())
    )

  const follow = (type: string, code: string) =>
    Effect.gen(function* () {
      yield* (yield* MemoryTelemetry).clear
      const before = (yield* (yield* MemoryNavigation).visits).length
      const followed = yield* DeepLinkNavigator.use((n) =>
        n.navigate(`${emulator().wwwOrigin}/share?code=${code}&type=${type}`)
      )
      const visits = (yield* (yield* MemoryNavigation).visits).slice(before).map((v) => v.url)
      const events = (yield* (yield* MemoryTelemetry).recorded).events.map((e) => e.name)
      return { followed, visits, events }
    })

  it.live("every type in every status, and the extras: followed exactly when they should be", () =>
    Effect.gen(function* () {
      const www = emulator().wwwOrigin
      const failingExtras = new Set([
        "experience-invite-missing-place",
        "friend-invite-missing-sender",
        "avatar-item-details-zero",
        "experience-event-missing-place"
      ])
      const seeded = seedShareLinks(emulator().state.world)
      for (const link of seeded) {
        const { followed, visits, events } = yield* follow(link.type, link.code)
        const expected =
          link.status !== undefined &&
          followedStatuses[link.type].includes(link.status) &&
          !failingExtras.has(link.code)
        assert.strictEqual(followed, expected, link.code)
        if (followed) {
          assert.isAtLeast(visits.length, 1, link.code)
          // every navigation stays on the www origin; a notification invite starts the game through the client protocol
          for (const url of visits) {
            const launch = link.type === "NotificationExperienceInvite" && url.startsWith("roblox://experiences/start?")
            assert.isTrue(launch || new URL(url).origin === www, url)
          }
        } else {
          assert.deepStrictEqual(visits, [], link.code)
          assert.deepStrictEqual(events, [shareLinkFailureEvents[link.type]], link.code)
        }
      }
      const byType = new Set(seeded.map((l) => `${l.type}:${l.status}`))
      for (const type of Object.keys(statusesByType) as Array<keyof typeof statusesByType>) {
        for (const status of statusesByType[type]) assert.isTrue(byType.has(`${type}:${status}`), `${type} ${status}`)
      }
    }).pipe(Effect.provide(navigator()))
  )

  it.live("exact navigations of a few seeded links", () =>
    Effect.gen(function* () {
      const world = emulator().state.world
      const www = emulator().wwwOrigin
      const [u0, u1] = world.universeList
      const users = [...world.users.keys()]
      const seeded = seedShareLinks(world)
      const linkCode = seeded.find((l) => l.code === "server-valid")!.answer.privateServerInviteData!.linkCode!
      const eventJoin = seeded.find((l) => l.code === "experience-event-valid")!.answer.experienceEventData!.joinData
      const table: ReadonlyArray<readonly [string, string, ReadonlyArray<string>]> = [
        ["Server", "server-valid", [`${www}/games/${u0!.rootPlaceId}?privateServerLinkCode=${linkCode}`]],
        ["Server", "server-expired", [`${www}/games/${u0!.rootPlaceId}?privateServerLinkCode=${linkCode}`]],
        ["ExperienceInvite", "experience-invite-valid", [`${www}/games/${u0!.rootPlaceId}`]],
        ["ExperienceInvite", "experience-invite-no-instance", [`${www}/games/${u0!.rootPlaceId}`]],
        [
          "ExperienceEvent",
          "experience-event-valid",
          [
            `${www}/games/start?placeId=${u0!.rootPlaceId}&launchData=${encodeURIComponent(eventJoin!.launchData!)}&eventId=${eventJoin!.experienceEventId}`
          ]
        ],
        ["ContentPost", "content-post-valid", [`${www}/users/${users[4]}/profile`]],
        [
          "ExperienceDetails",
          "experience-details-valid",
          [`${www}/games/${u1!.rootPlaceId}?shareLinkSourceType=ExperienceDetails`]
        ],
        ["FriendInvite", "friend-invite-consumed", [`${www}/users/${users[2]}/profile`]],
        ["Profile", "profile-valid", [`${www}/users/${users[3]}/profile?friendshipSourceType=QrCode`]],
        ["ExperienceAffiliate", "experience-affiliate-fallback-profile", [`${www}/users/${users[4]}/profile`]],
        ["AvatarItemDetails", "avatar-item-details-zero", []],
        ["ExperienceEvent", "experience-event-missing-place", []],
        ["FriendInvite", "no-such-code", []]
      ]
      for (const [type, code, expected] of table) {
        const { visits } = yield* follow(type, code)
        assert.deepStrictEqual(visits, expected, code)
      }
    }).pipe(Effect.provide(navigator()))
  )

  it.live("a valid invite with an instance: the game page, then the join of the inviter's instance", () =>
    Effect.gen(function* () {
      const world = emulator().state.world
      const invite = seedShareLinks(world).find((l) => l.code === "experience-invite-valid")!.answer
        .experienceInviteData!
      const { followed, joins } = yield* followCollectingJoins(
        `${emulator().wwwOrigin}/share?code=experience-invite-valid&type=ExperienceInvite&stamp=1718000000000`
      )
      assert.isTrue(followed)
      assert.deepStrictEqual(joins, [
        {
          placeId: Number(invite.placeId),
          gameInstanceId: invite.instanceId!,
          launchData: invite.launchData!,
          referrerId: Number(invite.inviterId)
        }
      ])
    }).pipe(Effect.provide(navigator()))
  )

  it.live("v2 links over POST /v2/resolve: an experience is followed, an expired one and a referral are not", () =>
    Effect.gen(function* () {
      const world = emulator().state.world
      const www = emulator().wwwOrigin
      const [valid, expired, referral] = seededShareLinkV2Codes
      const experience = seedShareLinksV2(world).find((l) => l.code === valid)!.answer
      yield* (yield* MemoryTelemetry).clear
      const followedValid = yield* followCollectingJoins(`roblox://navigation/share_links?code=${valid}&v=v2`)
      assert.isTrue(followedValid.followed)
      assert.deepStrictEqual(followedValid.joins, [
        { placeId: Number(experience.targetId), launchData: experience.customData! }
      ])
      const visits = (yield* (yield* MemoryNavigation).visits).map((v) => v.url)
      assert.deepStrictEqual(visits.slice(-1), [`${www}/games/${experience.targetId}`])
      const refused = [
        [expired, "Status"],
        [referral, "UnsupportedType"],
        ["no-such-v2", "RequestFailed"]
      ] as const
      for (const [code, reason] of refused) {
        yield* (yield* MemoryTelemetry).clear
        const { followed } = yield* followCollectingJoins(`${www}/share?code=${code}&v=v2`)
        assert.isFalse(followed, code)
        const events = (yield* (yield* MemoryTelemetry).recorded).events
        assert.deepStrictEqual(
          events,
          [{ name: shareLinkFailureEvents.V2, properties: { reason, linkType: "V2" } }],
          code
        )
      }
    }).pipe(Effect.provide(navigator()))
  )
})
