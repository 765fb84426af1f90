/**
 * The share-links service's answers in their real form (fixtures.ts): each decodes with the service definition,
 * resolves through the typed client over HTTP, and is followed to the right place. Old or wrong field types fail as
 * `RequestFailed`; extra fields are ignored; the v2 call sends `{ linkId }` to `/v2/resolve`.
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
import { realAffiliateProfileFallback, realAnswers, realV2Answers } from "./fixtures.ts"

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
  Effect.gen(function*() {
    const ok = yield* DeepLinkNavigator.use((n) => n.navigate(link))
    const visits = (yield* (yield* MemoryNavigation).visits).map((v) => v.url)
    const events = (yield* (yield* MemoryTelemetry).recorded).events
    return { ok, visits, events }
  })

const referral = encodeURIComponent(`${www}/share?code=${code}&type=ExperienceAffiliate`)

/** Where each real answer goes. */
const destinations: { readonly [T in ShareLinkType]: string } = {
  ExperienceInvite: `${www}/games/${rootPlace}`,
  NotificationExperienceInvite: `${www}/games/start?placeId=${rootPlace}&referrerId=2417736402`,
  ScreenshotInvite: `${www}/games/${rootPlace}?experienceInviteLinkId=${code}&experienceInviteStatus=InviterNotInExperience`,
  FriendInvite: `${www}/users/45348281/profile`,
  Profile: `${www}/users/45348281/profile?friendshipSourceType=ProfileShare`,
  Server: `${www}/games/${rootPlace}?privateServerLinkCode=67771413747491684286858666824242`,
  ExperienceAffiliate: `${www}/games/${rootPlace}?shareLinkSourceType=ExperienceAffiliate&referralUrl=${referral}&launchData=${
    encodeURIComponent("{\"ref\":\"creator\"}")
  }&eventId=4409512311402369`,
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
    assert.deepStrictEqual(affiliate.joinData, { experienceEventId: "4409512311402369", launchData: "{\"ref\":\"creator\"}" })
    assert.strictEqual(affiliate.fallbackType, 0)
    assert.strictEqual(decode(realAnswers.ContentPost).contentPostData!.postId, 1_204_518_337)
    assert.strictEqual(decode(realAnswers.AvatarItemDetails).avatarItemDetailsData!.itemId, "16630147")
    assert.strictEqual(decode(realAnswers.FriendInvite).friendInviteData!.friendingToken, "c1a9e0f2b7")
    assert.strictEqual(decode(realAnswers.Server).privateServerInviteData!.privateServerId, 1_630_945_839)
    assert.strictEqual(decode(realAffiliateProfileFallback).experienceAffiliateData!.fallbackType, 1)
  })

  for (const type of shareLinkTypes) {
    it.effect(`${type}: resolved over HTTP by the typed client and followed to ${destinations[type]}`, () =>
      Effect.gen(function*() {
        const link = `${www}/share?code=${code}&type=${type}&stamp=1718000000000&source=ProfileShare`
        const { ok, visits, events } = yield* followed(link)
        assert.isTrue(ok)
        assert.deepStrictEqual(visits, [destinations[type]])
        assert.deepStrictEqual(events.map((e) => e.name), ["DeeplinkParserShareLinkResolved"])
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(requests.map((r) => `${r.method} ${r.url}`), ["POST https://apis.example.com/v1/resolve-link"])
        assert.deepStrictEqual(JSON.parse(requests[0]!.body!), { linkId: code, linkType: type })
      }).pipe(Effect.provide(navigator(() => jsonResponse(realAnswers[type])))))
  }

  it.effect("an affiliate without an experience, fallback type 1, goes to the fallback profile", () =>
    Effect.gen(function*() {
      const { ok, visits } = yield* followed(`${www}/share?code=${code}&type=ExperienceAffiliate`)
      assert.isTrue(ok)
      assert.deepStrictEqual(visits, [`${www}/users/45348281/profile`])
    }).pipe(Effect.provide(navigator(() => jsonResponse(realAffiliateProfileFallback)))))

  it.effect("extra fields, at the top and inside the data, are ignored", () =>
    Effect.gen(function*() {
      const { ok, visits } = yield* followed(`${www}/share?code=${code}&type=FriendInvite`)
      assert.isTrue(ok)
      assert.deepStrictEqual(visits, [`${www}/users/45348281/profile`])
    }).pipe(Effect.provide(navigator(() =>
      jsonResponse({
        ...realAnswers.FriendInvite,
        friendInviteData: { status: "Valid", senderUserId: 45_348_281, friendingToken: "t", senderDisplayName: "Ann" },
        someFutureLinkData: { status: "Valid", anything: [1, 2] }
      })
    ))))

  it.effect("an unknown status is not followed: a Status failure with the type's event", () =>
    Effect.gen(function*() {
      const { ok, visits, events } = yield* followed(`${www}/share?code=${code}&type=ExperienceDetails`)
      assert.isFalse(ok)
      assert.deepStrictEqual(visits, [])
      assert.deepStrictEqual(events, [{
        name: shareLinkFailureEvents.ExperienceDetails,
        properties: { reason: "Status", linkType: "ExperienceDetails" }
      }])
    }).pipe(Effect.provide(navigator(() =>
      jsonResponse({ experienceDetailsInviteData: { status: "PendingReview", universeId: universe } })
    ))))

  // the shapes an earlier reading assumed, which the real service does not send: each is refused as RequestFailed
  const wrongTypes: ReadonlyArray<readonly [string, ShareLinkType, unknown]> = [
    ["fallbackType as a name", "ExperienceAffiliate", { experienceAffiliateData: { status: "Valid", fallbackType: "Profile", fallbackId: 1 } }],
    ["joinData as a string", "ExperienceEvent", { experienceEventData: { status: "Valid", universeId: 1, placeId: 2, joinData: "jd" } }],
    ["postId as a string", "ContentPost", { contentPostData: { status: "Valid", postId: "p1", postCreatorId: 1 } }],
    ["itemId as a number", "AvatarItemDetails", { avatarItemDetailsData: { status: "Valid", itemId: 5, itemType: "Asset" } }],
    ["placeId as a string", "ExperienceInvite", { experienceInviteData: { status: "Valid", placeId: "10" } }],
    ["a missing status", "Profile", { profileLinkResolutionResponseData: { userId: 1 } }]
  ]
  for (const [name, type, body] of wrongTypes) {
    it.effect(`${name} is RequestFailed`, () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip((yield* ShareLinkResolver).resolve(code, type))
        assert.strictEqual(error.reason, "RequestFailed")
        assert.strictEqual(error.linkType, type)
        const { ok, events } = yield* followed(`${www}/share?code=${code}&type=${type}`)
        assert.isFalse(ok)
        assert.deepStrictEqual(events.map((e) => e.name), [shareLinkFailureEvents[type]])
      }).pipe(Effect.provide(navigator(() => jsonResponse(body)))))
  }
})

describe("POST /v2/resolve", () => {
  it("real-form answers decode; a numeric target id is accepted too", () => {
    const decode = Schema.decodeUnknownSync(ResolveLinkV2Response)
    assert.deepStrictEqual(decode(realV2Answers.experience), realV2Answers.experience)
    assert.deepStrictEqual(decode(realV2Answers.referral), realV2Answers.referral)
    assert.strictEqual(decode({ ...realV2Answers.experience, targetId: 18_980_972_074 }).targetId, 18_980_972_074)
    assert.throws(() => decode({ targetId: "1", status: "Valid" }))
  })

  it.effect("sends { linkId } to /v2/resolve; an experience goes to the game page and joins it", () =>
    Effect.gen(function*() {
      const { ok, visits, events } = yield* followed(`roblox://navigation/share_links?code=${code}&v=v2`)
      assert.isTrue(ok)
      assert.deepStrictEqual(visits, [`${www}/games/${rootPlace}`])
      assert.deepStrictEqual(events, [{
        name: "DeeplinkParserShareLinkResolved",
        properties: { linkType: "V2", status: "Valid", v2LinkType: "Experience", placeId: rootPlace }
      }])
      const [request] = (yield* StubFetch).requests
      assert.strictEqual(`${request!.method} ${request!.url}`, "POST https://apis.example.com/v2/resolve")
      assert.deepStrictEqual(JSON.parse(request!.body!), { linkId: code })
      const plan = yield* DeepLinkNavigator.use((n) => n.plan(`roblox://navigation/share_links?code=${code}&v=v2`))
      assert.deepStrictEqual(plan.steps.slice(1), [
        { _tag: "Navigate", url: `${www}/games/${rootPlace}` },
        { _tag: "JoinGame", request: { placeId: rootPlace, launchData: "{\"spawn\":\"lobby\"}" } }
      ])
    }).pipe(Effect.provide(navigator(() => jsonResponse(realV2Answers.experience)))))

  const refused: ReadonlyArray<readonly [string, unknown, string]> = [
    ["a referral link (a type not followed)", realV2Answers.referral, "Share link V2 not followed: UnsupportedType (Referral)"],
    ["a type that is not a plain name", { ...realV2Answers.referral, linkType: "a b<c>" }, "Share link V2 not followed: UnsupportedType (unknown)"],
    ["an invalid link", realV2Answers.invalid, "Share link V2 not followed: Status (Invalid)"],
    ["an experience without a target", { ...realV2Answers.experience, targetId: null }, "Share link V2 not followed: MissingField (targetId)"],
    ["an experience whose target is not an id", { ...realV2Answers.experience, targetId: "12ab" }, "Share link V2 not followed: InvalidField (targetId)"],
    ["an answer without a link type", { status: "Valid" }, "Share link V2 not followed: RequestFailed"]
  ]
  for (const [name, body, message] of refused) {
    it.effect(`${name} is not followed and logs the v2 event`, () =>
      Effect.gen(function*() {
        const { ok, visits, events } = yield* followed(`${www}/share?code=${code}&v=v2`)
        assert.isFalse(ok)
        assert.deepStrictEqual(visits, [])
        assert.deepStrictEqual(events.map((e) => e.name), ["DeeplinkParserShareLinkV2ResolutionFailed"])
        const failure = yield* Effect.flip(DeepLinkNavigator.use((n) => n.plan(`${www}/share?code=${code}&v=v2`)))
        assert.strictEqual(failure.message, message)
      }).pipe(Effect.provide(navigator(() => jsonResponse(body)))))
  }

  it.effect("a v2 link without a code: no call, no action, no failure event", () =>
    Effect.gen(function*() {
      const { ok, events } = yield* followed("roblox://navigation/share_links?v=v2")
      assert.isFalse(ok)
      assert.deepStrictEqual(events, [])
      assert.strictEqual((yield* StubFetch).requests.length, 0)
    }).pipe(Effect.provide(navigator(() => jsonResponse(realV2Answers.experience)))))
})
