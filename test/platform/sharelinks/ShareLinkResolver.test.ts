/**
 * The share-links (typed client) and root-place calls over PlatformHttp: exact routes and bodies, open statuses,
 * failures.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { DeepLinkNavigator } from "../../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { RootPlaceLookup } from "../../../src/platform/deeplinks/RootPlaceLookup.ts"
import { ShareLinkResolver } from "../../../src/platform/sharelinks/ShareLinkResolver.ts"
import { shareLinkStatusOf } from "../../../src/platform/sharelinks/shareLinkTypes.ts"
import { MemoryNativeBridge } from "../../../src/testing/memory/MemoryNativeBridge.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"
import { jsonResponse, type StubHandler, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

const layer = (handler: StubHandler) => {
  const platform = testPlatformLayer(handler)
  return Layer.mergeAll(ShareLinkResolver.layer, RootPlaceLookup.layer).pipe(Layer.provideMerge(platform))
}

describe("ShareLinkResolver.layer", () => {
  it.effect("POSTs { linkId, linkType } (JSON) to /v1/resolve-link on the share-links service", () =>
    Effect.gen(function*() {
      const answer = yield* (yield* ShareLinkResolver).resolve("abc", "ExperienceInvite")
      assert.deepStrictEqual(answer.experienceInviteData, {
        status: "INVITER_NOT_IN_EXPERIENCE",
        placeId: 10,
        inviterId: 5,
        instanceId: null
      })
      const [request] = (yield* StubFetch).requests
      assert.strictEqual(request!.method, "POST")
      assert.strictEqual(request!.url, "https://apis.example.com/v1/resolve-link")
      assert.strictEqual(request!.headers["content-type"], "application/json")
      assert.deepStrictEqual(JSON.parse(request!.body!), { linkId: "abc", linkType: "ExperienceInvite" })
    }).pipe(Effect.provide(layer(() =>
      jsonResponse({
        experienceInviteData: { status: "INVITER_NOT_IN_EXPERIENCE", placeId: 10, inviterId: 5, instanceId: null },
        somethingNew: { ignored: true }
      })
    ))))

  it.effect("statuses stay as sent: the deep-link layer reads them in any spelling", () =>
    Effect.gen(function*() {
      const resolver = yield* ShareLinkResolver
      const statuses = []
      for (const status of ["VALID", "valid", "Expired", "Sender_Blocked_Recipient", "Bogus"]) {
        const answer = yield* resolver.resolve(status, "Profile")
        const raw = answer.profileLinkResolutionResponseData!.status
        statuses.push([raw, shareLinkStatusOf(raw)])
      }
      assert.deepStrictEqual(statuses, [
        ["VALID", "Valid"],
        ["valid", "Valid"],
        ["Expired", "Expired"],
        ["Sender_Blocked_Recipient", "SenderBlockedRecipient"],
        ["Bogus", "Unknown"]
      ])
    }).pipe(Effect.provide(layer((request) =>
      jsonResponse({ profileLinkResolutionResponseData: { status: JSON.parse(request.body!).linkId, userId: 1 } })
    ))))

  for (
    const [name, handler] of [
      ["a 400", () => jsonResponse({ errors: [{ code: 1 }] }, { status: 400 })],
      ["a body that is not JSON", () => new Response("<html>", { status: 200 })],
      ["a status that is not a string", () => jsonResponse({ friendInviteData: { status: 3 } })],
      ["an id that is not a number", () => jsonResponse({ friendInviteData: { status: "Valid", senderUserId: "x" } })],
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

describe("following a share link over HTTP", () => {
  it.effect("a private server link with status VALID: resolve, root place, analytics event, navigation", () =>
    Effect.gen(function*() {
      const followed = yield* DeepLinkNavigator.use((n) => n.navigate("https://www.example.com/share?code=abc&type=Server"))
      assert.isTrue(followed)
      const requests = (yield* StubFetch).requests.map((r) => `${r.method} ${r.url} ${r.body}`)
      assert.deepStrictEqual(requests, [
        `POST https://apis.example.com/v1/resolve-link {"linkId":"abc","linkType":"Server"}`,
        `GET https://games.example.com/v1/games?universeIds=100 undefined`
      ])
      assert.deepStrictEqual((yield* (yield* MemoryNavigation).visits), [
        { kind: "assign", url: "https://www.example.com/games/1000?privateServerLinkCode=LC" }
      ])
      assert.deepStrictEqual((yield* (yield* MemoryTelemetry).recorded).events, [
        { name: "DeeplinkParserShareLinkResolved", properties: { linkType: "Server", status: "Valid", universeId: 100 } }
      ])
    }).pipe(Effect.provide(
      DeepLinkNavigator.layer.pipe(
        Layer.provideMerge(layer((request) =>
          request.url.endsWith("/v1/resolve-link")
            ? jsonResponse({ privateServerInviteData: { status: "VALID", universeId: 100, linkCode: "LC" } })
            : jsonResponse({ data: [{ id: 100, rootPlaceId: 1000, name: "Game" }] })
        )),
        Layer.provideMerge(MemoryNativeBridge.layer())
      )
    )))
})
