/**
 * The share-links and deep-links (typed clients) and root-place calls over PlatformHttp: exact routes and bodies,
 * per-type open statuses, failures.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { DeepLinkNavigator } from "../../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { RootPlaceLookup } from "../../../src/platform/deeplinks/RootPlaceLookup.ts"
import { ShareLinkResolver } from "../../../src/platform/sharelinks/ShareLinkResolver.ts"
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
    Effect.gen(function* () {
      const answer = yield* (yield* ShareLinkResolver).resolve("abc", "ExperienceInvite")
      assert.deepStrictEqual(answer.experienceInviteData, {
        status: "InviterNotInExperience",
        placeId: 10,
        inviterId: 5,
        instanceId: null
      })
      const [request] = (yield* StubFetch).requests
      assert.strictEqual(request!.method, "POST")
      assert.strictEqual(request!.url, "https://apis.example.com/sharelinks/v1/resolve-link")
      assert.strictEqual(request!.headers["content-type"], "application/json")
      assert.deepStrictEqual(JSON.parse(request!.body!), { linkId: "abc", linkType: "ExperienceInvite" })
    }).pipe(
      Effect.provide(
        layer(() =>
          jsonResponse({
            experienceInviteData: { status: "INVITER_NOT_IN_EXPERIENCE", placeId: 10, inviterId: 5, instanceId: null },
            somethingNew: { ignored: true }
          })
        )
      )
    )
  )

  it.effect(
    "a profile link's statuses in any spelling; a status outside the profile's set (another type's, a new one) is kept as unknown",
    () =>
      Effect.gen(function* () {
        const resolver = yield* ShareLinkResolver
        const statuses = []
        for (const status of ["VALID", "valid", "Sender_Blocked_Recipient", "invalid", "Expired", "Bogus", 3]) {
          const answer = yield* resolver.resolve(JSON.stringify(status), "Profile")
          statuses.push(answer.profileLinkResolutionResponseData!.status)
        }
        assert.deepStrictEqual(statuses, [
          "Valid",
          "Valid",
          "SenderBlockedRecipient",
          "Invalid",
          { _tag: "Unknown", value: "Expired" },
          { _tag: "Unknown", value: "Bogus" },
          { _tag: "Unknown", value: 3 }
        ])
      }).pipe(
        Effect.provide(
          layer((request) =>
            jsonResponse({
              profileLinkResolutionResponseData: { status: JSON.parse(JSON.parse(request.body!).linkId), userId: 1 }
            })
          )
        )
      )
  )

  it.effect("each type reads its own status set (the site's enumerations)", () =>
    Effect.gen(function* () {
      const resolver = yield* ShareLinkResolver
      const a = yield* resolver.resolve("a", "ExperienceInvite")
      const b = yield* resolver.resolve("b", "FriendInvite")
      const c = yield* resolver.resolve("c", "ExperienceEvent")
      const d = yield* resolver.resolve("d", "Server")
      assert.deepStrictEqual(
        [
          a.experienceInviteData!.status,
          b.friendInviteData!.status,
          c.experienceEventData!.status,
          d.privateServerInviteData!.status
        ],
        [{ _tag: "Unknown", value: "Invalid" }, "Consumed", { _tag: "Unknown", value: "Expired" }, "Expired"]
      )
    }).pipe(
      Effect.provide(
        layer((request) => {
          const answers: Record<string, unknown> = {
            a: { experienceInviteData: { status: "Invalid", placeId: 1 } },
            b: { friendInviteData: { status: "consumed", senderUserId: 1 } },
            c: { experienceEventData: { status: "Expired", universeId: 1, placeId: 2, joinData: {} } },
            d: { privateServerInviteData: { status: "EXPIRED", universeId: 1, linkCode: "x" } }
          }
          return jsonResponse(answers[JSON.parse(request.body!).linkId as string])
        })
      )
    )
  )

  it.effect(
    "POSTs { linkId } (JSON) to /v2/resolve on the deep-links service; the status from `status` or `linkStatus`",
    () =>
      Effect.gen(function* () {
        const resolver = yield* ShareLinkResolver
        const one = yield* resolver.resolveV2("one")
        const two = yield* resolver.resolveV2("two")
        const three = yield* resolver.resolveV2("three")
        assert.deepStrictEqual(one, { linkType: "Experience", targetId: "10", customData: null, status: "Valid" })
        assert.deepStrictEqual(two, { linkType: "Moments", targetId: 11, status: "Expired" })
        assert.deepStrictEqual(three, { linkType: "SchoolInvite", status: { _tag: "Unknown", value: "" } })
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => [r.method, r.url, r.body]),
          [
            ["POST", "https://apis.example.com/deeplinks/v2/resolve", `{"linkId":"one"}`],
            ["POST", "https://apis.example.com/deeplinks/v2/resolve", `{"linkId":"two"}`],
            ["POST", "https://apis.example.com/deeplinks/v2/resolve", `{"linkId":"three"}`]
          ]
        )
      }).pipe(
        Effect.provide(
          layer((request) => {
            const answers: Record<string, unknown> = {
              one: { linkType: "Experience", targetId: "10", customData: null, status: "valid" },
              two: { linkType: "Moments", targetId: 11, linkStatus: "Expired", extra: [1] },
              three: { linkType: "SchoolInvite" }
            }
            return jsonResponse(answers[JSON.parse(request.body!).linkId as string])
          })
        )
      )
  )

  for (const [name, handler] of [
    ["a 400", () => jsonResponse({ errors: [{ code: 1 }] }, { status: 400 })],
    ["a body that is not JSON", () => new Response("<html>", { status: 200 })],
    ["a status that is neither a string nor a number", () => jsonResponse({ friendInviteData: { status: { v: 1 } } })],
    [
      "an id that is neither a number nor a string",
      () => jsonResponse({ friendInviteData: { status: "Valid", senderUserId: true } })
    ],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))]
  ] as const) {
    it.effect(`${name} is RequestFailed`, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip((yield* ShareLinkResolver).resolve("abc", "FriendInvite"))
        assert.strictEqual(error._tag, "ShareLinkError")
        assert.strictEqual(error.reason, "RequestFailed")
        assert.strictEqual(error.linkType, "FriendInvite")
      }).pipe(Effect.provide(layer(handler)))
    )
  }
})

describe("following a share link over HTTP", () => {
  it.effect("a private server link with status VALID: resolve, root place, analytics event, navigation", () =>
    Effect.gen(function* () {
      const followed = yield* DeepLinkNavigator.use((n) =>
        n.navigate("https://www.example.com/share?code=abc&type=Server")
      )
      assert.isTrue(followed)
      const requests = (yield* StubFetch).requests.map((r) => `${r.method} ${r.url} ${r.body}`)
      assert.deepStrictEqual(requests, [
        `POST https://apis.example.com/sharelinks/v1/resolve-link {"linkId":"abc","linkType":"Server"}`,
        `GET https://games.example.com/v1/games?universeIds=100 undefined`
      ])
      assert.deepStrictEqual(yield* (yield* MemoryNavigation).visits, [
        { kind: "assign", url: "https://www.example.com/games/1000?privateServerLinkCode=LC" }
      ])
      assert.deepStrictEqual((yield* (yield* MemoryTelemetry).recorded).events, [
        {
          name: "DeeplinkParserShareLinkResolved",
          properties: { linkType: "Server", status: "Valid", universeId: 100 }
        }
      ])
    }).pipe(
      Effect.provide(
        DeepLinkNavigator.layer.pipe(
          Layer.provideMerge(
            layer((request) =>
              request.url.endsWith("/v1/resolve-link")
                ? jsonResponse({ privateServerInviteData: { status: "VALID", universeId: 100, linkCode: "LC" } })
                : jsonResponse({ data: [{ id: 100, rootPlaceId: 1000, name: "Game" }] })
            )
          ),
          Layer.provideMerge(MemoryNativeBridge.layer())
        )
      )
    )
  )
})
