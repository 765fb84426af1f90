/**
 * The share-links and root-place calls over PlatformHttp: exact routes and bodies, lenient decoding, failures.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { RootPlaceLookup } from "../../../src/platform/deeplinks/RootPlaceLookup.ts"
import { ShareLinkResolver } from "../../../src/platform/sharelinks/ShareLinkResolver.ts"
import { jsonResponse, type StubHandler, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

const layer = (handler: StubHandler) => {
  const platform = testPlatformLayer(handler)
  return Layer.mergeAll(ShareLinkResolver.layer, RootPlaceLookup.layer).pipe(Layer.provideMerge(platform))
}

describe("ShareLinkResolver.layer", () => {
  it.effect("POSTs { linkId, linkType } to /v1/resolve-link on the share-links service", () =>
    Effect.gen(function*() {
      const answer = yield* (yield* ShareLinkResolver).resolve("abc", "ExperienceInvite")
      assert.deepStrictEqual(answer.experienceInviteData, {
        status: "InviterNotInExperience",
        placeId: "10",
        inviterId: 5,
        instanceId: null
      })
      const [request] = (yield* StubFetch).requests
      assert.strictEqual(request!.method, "POST")
      assert.strictEqual(request!.url, "https://apis.example.com/v1/resolve-link")
      assert.deepStrictEqual(JSON.parse(request!.body!), { linkId: "abc", linkType: "ExperienceInvite" })
    }).pipe(Effect.provide(layer(() =>
      jsonResponse({
        experienceInviteData: { status: "INVITER_NOT_IN_EXPERIENCE", placeId: "10", inviterId: 5, instanceId: null },
        somethingNew: { ignored: true }
      })
    ))))

  it.effect("statuses decode in any spelling; unknown ones are Unknown", () =>
    Effect.gen(function*() {
      const resolver = yield* ShareLinkResolver
      const statuses = []
      for (const status of ["VALID", "valid", "Expired", "Sender_Blocked_Recipient", "Bogus"]) {
        const answer = yield* resolver.resolve(status, "Profile")
        statuses.push(answer.profileLinkResolutionResponseData?.status)
      }
      assert.deepStrictEqual(statuses, ["Valid", "Valid", "Expired", "SenderBlockedRecipient", "Unknown"])
    }).pipe(Effect.provide(layer((request) =>
      jsonResponse({ profileLinkResolutionResponseData: { status: JSON.parse(request.body!).linkId, userId: 1 } })
    ))))

  for (
    const [name, handler] of [
      ["a 400", () => jsonResponse({ errors: [{ code: 1 }] }, { status: 400 })],
      ["a body that is not JSON", () => new Response("<html>", { status: 200 })],
      ["a status that is not a string", () => jsonResponse({ friendInviteData: { status: 3 } })],
      ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))]
    ] as const
  ) {
    it.effect(`${name} is RequestFailed`, () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip((yield* ShareLinkResolver).resolve("abc", "FriendInvite"))
        assert.strictEqual(error._tag, "ShareLinkError")
        assert.strictEqual(error.reason, "RequestFailed")
        assert.strictEqual(error.linkType, "FriendInvite")
      }).pipe(Effect.provide(layer(handler))))
  }
})

describe("RootPlaceLookup.layer", () => {
  it.effect("POSTs { universeIds: [id] } to /v1/games on the games service and reads rootPlaceId", () =>
    Effect.gen(function*() {
      assert.strictEqual(yield* (yield* RootPlaceLookup).rootPlaceId(100), 1000)
      const [request] = (yield* StubFetch).requests
      assert.strictEqual(request!.method, "POST")
      assert.strictEqual(request!.url, "https://games.example.com/v1/games")
      assert.deepStrictEqual(JSON.parse(request!.body!), { universeIds: [100] })
    }).pipe(Effect.provide(layer(() => jsonResponse({ data: [{ id: 7, rootPlaceId: 70 }, { id: 100, rootPlaceId: 1000 }] })))))

  for (
    const [name, body] of [
      ["no entry for the universe", { data: [] }],
      ["a null root place", { data: [{ id: 100, rootPlaceId: null }] }],
      ["a root place of 0", { data: [{ id: 100, rootPlaceId: 0 }] }]
    ] as const
  ) {
    it.effect(`${name} is NotFound`, () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip((yield* RootPlaceLookup).rootPlaceId(100))
        assert.strictEqual(error.reason, "NotFound")
        assert.strictEqual(error.message, "No root place found for universe 100")
      }).pipe(Effect.provide(layer(() => jsonResponse(body)))))
  }

  it.effect("a failed call is RequestFailed", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip((yield* RootPlaceLookup).rootPlaceId(100))
      assert.strictEqual(error.reason, "RequestFailed")
    }).pipe(Effect.provide(layer(() => jsonResponse({}, { status: 500 })))))
})
