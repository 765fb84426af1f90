/**
 * The share-links and deep-links services' answers in their real form (fixtures.ts): each decodes with the service
 * definition, resolves through the typed client over HTTP, and is followed to the right place. Every shape the
 * services send decodes (ids as numbers or digits, a UUID private server id, the affiliate fallback as a number or a
 * name, statuses per type, unknown statuses kept); what is neither (joinData as a string, no status) fails as
 * `RequestFailed`; extra fields are ignored; the v2 call sends `{ linkId }` to the deep-links service's `/v2/resolve`.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { DeepLinkNavigator } from "../../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { shareLinkFailureEvents } from "../../../src/platform/deeplinks/events.ts"
import { RootPlaceLookup } from "../../../src/platform/deeplinks/RootPlaceLookup.ts"
import { ResolveLinkResponse, ResolveLinkV2Response } from "../../../src/platform/sharelinks/schemas.ts"
import { ShareLinkResolver } from "../../../src/platform/sharelinks/ShareLinkResolver.ts"
import { type ShareLinkType, shareLinkTypes } from "../../../src/platform/sharelinks/shareLinkTypes.ts"
import { MemoryNativeBridge } from "../../../src/testing/memory/MemoryNativeBridge.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse, type StubHandler, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"
import {
  realAffiliateProfileFallback,
  realAnswers,
  realScreenshotInvite,
  realServerWithUuid,
  realV2Answers
} from "./fixtures.ts"

const www = "https://www.example.com"
const code = "0629f8e684039c4d800a1a03623e7a6f"
const universe = 6_430_220_996
const rootPlace = 18_980_972_074

/** The navigator over the real resolver and an HTTP stub answering every resolve call with `answer`. */
const navigator = (handler: StubHandler) =>
  DeepLinkNavigator.layer.pipe(
    Layer.provideMerge(Layer.mergeAll(ShareLinkResolver.layer, RootPlaceLookup.fromTable({ [universe]: rootPlace }))),
    Layer.provideMerge(testPlatformLayer(handler)),
    Layer.provideMerge(MemoryNativeBridge.layer())
  )

const followed = (link: string) =>
  Effect.gen(function* () {
    const ok = yield* DeepLinkNavigator.use((n) => n.navigate(link))
    const visits = (yield* (yield* MemoryNavigation).visits).map((v) => v.url)
    const events = (yield* (yield* MemoryTelemetry).recorded).events
    return { ok, visits, events }
  })

const referral = encodeURIComponent(`${www}/share?code=${code}&type=ExperienceAffiliate`)

/** Where each real answer goes. */
const destinations: { readonly [T in ShareLinkType]: string } = {
  ExperienceInvite: `${www}/games/${rootPlace}`,
  NotificationExperienceInvite: `roblox://experiences/start?placeId=${rootPlace}&referredByPlayerId=2417736402`,
  ScreenshotInvite: `${www}/games/${rootPlace}?experienceInviteLinkId=${code}&experienceInviteStatus=InviterNotInExperience`,
  FriendInvite: `${www}/users/45348281/profile`,
  Profile: `${www}/users/45348281/profile?friendshipSourceType=ProfileShare`,
  Server: `${www}/games/${rootPlace}?privateServerLinkCode=67771413747491684286858666824242`,
  ExperienceAffiliate: `${www}/games/${rootPlace}?shareLinkSourceType=ExperienceAffiliate&referralUrl=${referral}&launchData=${encodeURIComponent(
    '{"ref":"creator"}'
  )}&eventId=4409512311402369`,
  ExperienceDetails: `${www}/games/${rootPlace}?shareLinkSourceType=ExperienceDetails`,
  ExperienceEvent: `${www}/games/start?placeId=${rootPlace}&eventId=4409512311402369`,
  AvatarItemDetails: `${www}/bundles/16630147?pid=share&is_retargeting=true&deep_link_value=${code}`,
  ContentPost: `${www}/users/45348281/profile`
}

describe("real-form answers of POST /v1/resolve-link", () => {
  it("decode with the service definition, keeping the real types", () => {
    const decode = Schema.decodeUnknownSync(ResolveLinkResponse)
    for (const type of shareLinkTypes) decode(realAnswers[type])
    const affiliate = decode(realAnswers.ExperienceAffiliate).experienceAffiliateData!
    assert.deepStrictEqual(affiliate.joinData, {
      experienceEventId: "4409512311402369",
      launchData: '{"ref":"creator"}'
    })
    assert.strictEqual(affiliate.fallbackType, "Invalid")
    assert.strictEqual(decode(realAnswers.ContentPost).contentPostData!.postId, 1_204_518_337)
    assert.strictEqual(decode(realAnswers.AvatarItemDetails).avatarItemDetailsData!.itemId, "16630147")
    assert.strictEqual(decode(realAnswers.FriendInvite).friendInviteData!.friendingToken, "c1a9e0f2b7")
    assert.strictEqual(decode(realAnswers.Server).privateServerInviteData!.privateServerId, 1_630_945_839)
    assert.strictEqual(decode(realAffiliateProfileFallback).experienceAffiliateData!.fallbackType, "Profile")
    assert.strictEqual(
      decode(realServerWithUuid).privateServerInviteData!.privateServerId,
      "5b0d7e52-3c2a-4f8e-9d61-0a7c4e1b2f93"
    )
    assert.strictEqual(decode(realScreenshotInvite).screenshotInviteData!.launchData, '{"shot":7}')
    assert.deepStrictEqual(decode(realAnswers.ScreenshotInvite).screenshotInviteData!.status, "InviterNotInExperience")
  })

  it("the affiliate fallback: 0 Invalid, 1 Profile, 2 Home, as numbers or names in any case; another value kept", () => {
    const decode = Schema.decodeUnknownSync(ResolveLinkResponse)
    const fallbackOf = (fallbackType: unknown) =>
      decode({ experienceAffiliateData: { status: "Valid", fallbackType } }).experienceAffiliateData!.fallbackType
    assert.deepStrictEqual([0, 1, 2, "profile", "Profile", "PROFILE", "home", "Invalid", 7, "Store"].map(fallbackOf), [
      "Invalid",
      "Profile",
      "Home",
      "Profile",
      "Profile",
      "Profile",
      "Home",
      "Invalid",
      { _tag: "Unknown", value: 7 },
      {
        _tag: "Unknown",
        value: "Store"
      }
    ])
  })

  for (const type of shareLinkTypes) {
    it.effect(`${type}: resolved over HTTP by the typed client and followed to ${destinations[type]}`, () =>
      Effect.gen(function* () {
        const link = `${www}/share?code=${code}&type=${type}&stamp=1718000000000&source=ProfileShare`
        const { ok, visits, events } = yield* followed(link)
        assert.isTrue(ok)
        assert.deepStrictEqual(visits, [destinations[type]])
        assert.deepStrictEqual(
          events.map((e) => e.name),
          ["DeeplinkParserShareLinkResolved"]
        )
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => `${r.method} ${r.url}`),
          ["POST https://apis.example.com/sharelinks/v1/resolve-link"]
        )
        assert.deepStrictEqual(JSON.parse(requests[0]!.body!), { linkId: code, linkType: type })
      }).pipe(Effect.provide(navigator(() => jsonResponse(realAnswers[type]))))
    )
  }

  it.effect("an affiliate without an experience, fallback type 1, goes to the fallback profile", () =>
    Effect.gen(function* () {
      const { ok, visits } = yield* followed(`${www}/share?code=${code}&type=ExperienceAffiliate`)
      assert.isTrue(ok)
      assert.deepStrictEqual(visits, [`${www}/users/45348281/profile`])
    }).pipe(Effect.provide(navigator(() => jsonResponse(realAffiliateProfileFallback))))
  )

  it.effect("extra fields, at the top and inside the data, are ignored", () =>
    Effect.gen(function* () {
      const { ok, visits } = yield* followed(`${www}/share?code=${code}&type=FriendInvite`)
      assert.isTrue(ok)
      assert.deepStrictEqual(visits, [`${www}/users/45348281/profile`])
    }).pipe(
      Effect.provide(
        navigator(() =>
          jsonResponse({
            ...realAnswers.FriendInvite,
            friendInviteData: {
              status: "Valid",
              senderUserId: 45_348_281,
              friendingToken: "t",
              senderDisplayName: "Ann"
            },
            someFutureLinkData: { status: "Valid", anything: [1, 2] }
          })
        )
      )
    )
  )

  it.effect("an unknown status is not followed: a Status failure with the type's event", () =>
    Effect.gen(function* () {
      const { ok, visits, events } = yield* followed(`${www}/share?code=${code}&type=ExperienceDetails`)
      assert.isFalse(ok)
      assert.deepStrictEqual(visits, [])
      assert.deepStrictEqual(events, [
        {
          name: shareLinkFailureEvents.ExperienceDetails,
          properties: { reason: "Status", linkType: "ExperienceDetails" }
        }
      ])
    }).pipe(
      Effect.provide(
        navigator(() =>
          jsonResponse({ experienceDetailsInviteData: { status: "PendingReview", universeId: universe } })
        )
      )
    )
  )

  // other shapes the services send (or a reading of the spec gives): each decodes and is followed
  const tolerated: ReadonlyArray<readonly [string, ShareLinkType, unknown, string]> = [
    ["a UUID private server id", "Server", realServerWithUuid, destinations.Server],
    [
      'the fallback as the spec words it ("profile")',
      "ExperienceAffiliate",
      {
        experienceAffiliateData: { status: "Valid", universeId: null, fallbackType: "profile", fallbackId: 45_348_281 }
      },
      `${www}/users/45348281/profile`
    ],
    [
      "the fallback Home",
      "ExperienceAffiliate",
      {
        experienceAffiliateData: { status: "Valid", universeId: null, fallbackType: 2, fallbackId: 45_348_281 }
      },
      `${www}/?referralUrl=${referral}`
    ],
    [
      "postId as digits",
      "ContentPost",
      { contentPostData: { status: "Valid", postId: "1204518337", postCreatorId: 45_348_281 } },
      destinations.ContentPost
    ],
    [
      "itemId as a number",
      "AvatarItemDetails",
      { avatarItemDetailsData: { status: "Valid", itemId: 16_630_147, itemType: "Bundle" } },
      destinations.AvatarItemDetails
    ],
    [
      "placeId as digits",
      "ExperienceInvite",
      { experienceInviteData: { status: "Valid", placeId: "18980972074" } },
      destinations.ExperienceInvite
    ],
    [
      "an event id as a number",
      "ExperienceEvent",
      {
        experienceEventData: {
          status: "Valid",
          universeId: universe,
          placeId: rootPlace,
          joinData: { experienceEventId: 4_409_512_311 }
        }
      },
      `${www}/games/start?placeId=${rootPlace}&eventId=4409512311`
    ]
  ]
  for (const [name, type, body, destination] of tolerated) {
    it.effect(`${name} decodes and is followed to ${destination}`, () =>
      Effect.gen(function* () {
        const { ok, visits } = yield* followed(`${www}/share?code=${code}&type=${type}`)
        assert.isTrue(ok)
        assert.deepStrictEqual(visits, [destination])
      }).pipe(Effect.provide(navigator(() => jsonResponse(body))))
    )
  }

  // a status outside the type's own set decodes (kept as unknown) and is never followed
  const otherStatuses: ReadonlyArray<readonly [ShareLinkType, unknown, string]> = [
    ["ExperienceInvite", { experienceInviteData: { status: "Invalid", placeId: 1 } }, "Status (Invalid)"],
    [
      "ExperienceEvent",
      { experienceEventData: { status: "Expired", universeId: 1, placeId: 2, joinData: {} } },
      "Status (Expired)"
    ],
    ["Profile", { profileLinkResolutionResponseData: { status: "Consumed", userId: 1 } }, "Status (Consumed)"],
    ["FriendInvite", { friendInviteData: { status: 4, senderUserId: 1 } }, "Status (4)"],
    ["Server", { privateServerInviteData: { status: "on hold", universeId: 1, linkCode: "x" } }, "Status (Unknown)"]
  ]
  for (const [type, body, detail] of otherStatuses) {
    it.effect(`${type}: ${JSON.stringify(body)} is not followed: ${detail}`, () =>
      Effect.gen(function* () {
        const failure = yield* Effect.flip(
          DeepLinkNavigator.use((n) => n.plan(`${www}/share?code=${code}&type=${type}`))
        )
        assert.strictEqual(failure.message, `Share link ${type} not followed: ${detail}`)
      }).pipe(Effect.provide(navigator(() => jsonResponse(body))))
    )
  }

  it.effect("a post id that is not an id is refused when followed: InvalidField", () =>
    Effect.gen(function* () {
      const failure = yield* Effect.flip(
        DeepLinkNavigator.use((n) => n.plan(`${www}/share?code=${code}&type=ContentPost`))
      )
      assert.strictEqual(failure.message, "Share link ContentPost not followed: InvalidField (postId)")
    }).pipe(
      Effect.provide(
        navigator(() => jsonResponse({ contentPostData: { status: "Valid", postId: "p1", postCreatorId: 1 } }))
      )
    )
  )

  // what no service sends: refused as RequestFailed
  const wrongTypes: ReadonlyArray<readonly [string, ShareLinkType, unknown]> = [
    [
      "joinData as a string",
      "ExperienceEvent",
      { experienceEventData: { status: "Valid", universeId: 1, placeId: 2, joinData: "jd" } }
    ],
    ["a missing status", "Profile", { profileLinkResolutionResponseData: { userId: 1 } }],
    [
      "a status that is an object",
      "Profile",
      { profileLinkResolutionResponseData: { status: { v: "Valid" }, userId: 1 } }
    ],
    ["an id that is a boolean", "FriendInvite", { friendInviteData: { status: "Valid", senderUserId: true } }]
  ]
  for (const [name, type, body] of wrongTypes) {
    it.effect(`${name} is RequestFailed`, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip((yield* ShareLinkResolver).resolve(code, type))
        assert.strictEqual(error.reason, "RequestFailed")
        assert.strictEqual(error.linkType, type)
        const { ok, events } = yield* followed(`${www}/share?code=${code}&type=${type}`)
        assert.isFalse(ok)
        assert.deepStrictEqual(
          events.map((e) => e.name),
          [shareLinkFailureEvents[type]]
        )
      }).pipe(Effect.provide(navigator(() => jsonResponse(body))))
    )
  }
})

describe("POST /v2/resolve", () => {
  it("real-form answers decode; a numeric target id, `linkStatus` for `status`, and unknown statuses are accepted too", () => {
    const decode = Schema.decodeUnknownSync(ResolveLinkV2Response)
    assert.deepStrictEqual(decode(realV2Answers.experience), realV2Answers.experience)
    assert.deepStrictEqual(decode(realV2Answers.referral), realV2Answers.referral)
    assert.strictEqual(decode({ ...realV2Answers.experience, targetId: 18_980_972_074 }).targetId, 18_980_972_074)
    assert.deepStrictEqual(decode(realV2Answers.linkStatus), {
      linkType: "Experience",
      targetId: "18980972074",
      customData: null,
      status: "Valid"
    })
    assert.strictEqual(decode({ ...realV2Answers.experience, status: "EXPIRED" }).status, "Expired")
    assert.deepStrictEqual(decode({ ...realV2Answers.experience, status: "Revoked" }).status, {
      _tag: "Unknown",
      value: "Revoked"
    })
    assert.deepStrictEqual(decode({ linkType: "Experience" }).status, { _tag: "Unknown", value: "" })
    assert.throws(() => decode({ targetId: "1", status: "Valid" }))
  })

  it.effect("sends { linkId } to /v2/resolve; an experience goes to the game page and joins it", () =>
    Effect.gen(function* () {
      const { ok, visits, events } = yield* followed(`roblox://navigation/share_links?code=${code}&v=v2`)
      assert.isTrue(ok)
      assert.deepStrictEqual(visits, [`${www}/games/${rootPlace}`])
      assert.deepStrictEqual(events, [
        {
          name: "DeeplinkParserShareLinkResolved",
          properties: { linkType: "V2", status: "Valid", v2LinkType: "Experience", placeId: rootPlace }
        }
      ])
      const [request] = (yield* StubFetch).requests
      assert.strictEqual(`${request!.method} ${request!.url}`, "POST https://apis.example.com/deeplinks/v2/resolve")
      assert.deepStrictEqual(JSON.parse(request!.body!), { linkId: code })
      const plan = yield* DeepLinkNavigator.use((n) => n.plan(`roblox://navigation/share_links?code=${code}&v=v2`))
      assert.deepStrictEqual(plan.steps.slice(1), [
        { _tag: "Navigate", url: `${www}/games/${rootPlace}` },
        { _tag: "JoinGame", request: { placeId: rootPlace, launchData: '{"spawn":"lobby"}' } }
      ])
    }).pipe(Effect.provide(navigator(() => jsonResponse(realV2Answers.experience))))
  )

  const refused: ReadonlyArray<readonly [string, unknown, string]> = [
    [
      "a referral link (a type not followed)",
      realV2Answers.referral,
      "Share link V2 not followed: UnsupportedType (Referral)"
    ],
    [
      "a type that is not a plain name",
      { ...realV2Answers.referral, linkType: "a b<c>" },
      "Share link V2 not followed: UnsupportedType (unknown)"
    ],
    ["an invalid link", realV2Answers.invalid, "Share link V2 not followed: Status (Invalid)"],
    [
      "an experience without a target",
      { ...realV2Answers.experience, targetId: null },
      "Share link V2 not followed: MissingField (targetId)"
    ],
    [
      "an experience whose target is not an id",
      { ...realV2Answers.experience, targetId: "12ab" },
      "Share link V2 not followed: InvalidField (targetId)"
    ],
    ["an answer without a link type", { status: "Valid" }, "Share link V2 not followed: RequestFailed"],
    [
      "an answer without a status",
      { linkType: "Experience", targetId: "1" },
      "Share link V2 not followed: Status (Unknown)"
    ],
    [
      "a Moments link without its post",
      { ...realV2Answers.moments, customData: null },
      "Share link V2 not followed: MissingField (customData)"
    ],
    [
      "a Moments link whose post is not JSON",
      { ...realV2Answers.moments, customData: "post" },
      "Share link V2 not followed: InvalidField (customData)"
    ],
    [
      "a Moments link whose creator is not an id",
      {
        ...realV2Answers.moments,
        customData: JSON.stringify({ postId: "p", postCreatorId: "x" })
      },
      "Share link V2 not followed: InvalidField (postCreatorId)"
    ]
  ]
  for (const [name, body, message] of refused) {
    it.effect(`${name} is not followed and logs the v2 event`, () =>
      Effect.gen(function* () {
        const { ok, visits, events } = yield* followed(`${www}/share?code=${code}&v=v2`)
        assert.isFalse(ok)
        assert.deepStrictEqual(visits, [])
        assert.deepStrictEqual(
          events.map((e) => e.name),
          ["DeeplinkParserShareLinkV2ResolutionFailed"]
        )
        const failure = yield* Effect.flip(DeepLinkNavigator.use((n) => n.plan(`${www}/share?code=${code}&v=v2`)))
        assert.strictEqual(failure.message, message)
      }).pipe(Effect.provide(navigator(() => jsonResponse(body))))
    )
  }

  it.effect("an answer naming its status linkStatus is followed like one naming it status", () =>
    Effect.gen(function* () {
      const { ok, visits } = yield* followed(`roblox://navigation/share_links?code=${code}&v=v2`)
      assert.isTrue(ok)
      assert.deepStrictEqual(visits, [`${www}/games/${rootPlace}`])
    }).pipe(Effect.provide(navigator(() => jsonResponse(realV2Answers.linkStatus))))
  )

  it.effect("a Moments link: the post's creator's profile", () =>
    Effect.gen(function* () {
      const { ok, visits, events } = yield* followed(`roblox://navigation/share_links?code=${code}&v=v2`)
      assert.isTrue(ok)
      assert.deepStrictEqual(visits, [`${www}/users/45348281/profile`])
      assert.deepStrictEqual(events, [
        {
          name: "DeeplinkParserShareLinkResolved",
          properties: { linkType: "V2", status: "Valid", v2LinkType: "Moments" }
        }
      ])
    }).pipe(Effect.provide(navigator(() => jsonResponse(realV2Answers.moments))))
  )

  it.effect("a v2 link without a code: no call, no action, no failure event", () =>
    Effect.gen(function* () {
      const { ok, events } = yield* followed("roblox://navigation/share_links?v=v2")
      assert.isFalse(ok)
      assert.deepStrictEqual(events, [])
      assert.strictEqual((yield* StubFetch).requests.length, 0)
    }).pipe(Effect.provide(navigator(() => jsonResponse(realV2Answers.experience))))
  )
})
