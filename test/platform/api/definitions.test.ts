import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { OpenApi } from "effect/http-api"
import { CommaSeparated, IdList, lenientEnum } from "../../../src/platform/api/sharedSchemas.ts"
import { FriendPage, FriendsApi } from "../../../src/platform/api/friends.ts"
import { GamesApi } from "../../../src/platform/api/games/api.ts"
import { toHttpApi } from "../../../src/platform/api/httpApi.ts"
import type { AnyApi } from "../../../src/platform/api/definition.ts"
import { GameDetail } from "../../../src/platform/api/games/games.ts"
import { PresenceApi, UserPresence } from "../../../src/platform/api/presence.ts"
import { ThumbnailsApi } from "../../../src/platform/api/thumbnails/api.ts"
import { Thumbnail } from "../../../src/platform/api/thumbnails/schemas.ts"
import { UsersApi } from "../../../src/platform/api/users.ts"

describe("comma-joined lists", () => {
  it("decode a joined string to ids and encode them back", () => {
    assert.deepStrictEqual(Schema.decodeUnknownSync(IdList)("3,1, 2"), [3, 1, 2])
    assert.deepStrictEqual(Schema.decodeUnknownSync(IdList)(""), [])
    assert.strictEqual(Schema.encodeSync(IdList)([4, 5]), "4,5")
  })

  it("reject elements that are not positive integers", () => {
    for (const bad of ["1,x", "1.5", "0", "-3"]) {
      assert.isTrue(Schema.decodeUnknownExit(IdList)(bad)._tag === "Failure", bad)
    }
  })

  it("work for any string element", () => {
    const Words = CommaSeparated(Schema.String)
    assert.deepStrictEqual(Schema.decodeUnknownSync(Words)("a,b"), ["a", "b"])
  })
})

describe("lenient enums", () => {
  const Color = lenientEnum(["Red", "Green"], { 0: "Red", 1: "Green" })
  const ByName = lenientEnum(["Red", "Green"], { 0: "Red", 1: "Green" }, "name")

  it("decode the integer code and the name to the name", () => {
    assert.strictEqual(Schema.decodeUnknownSync(Color)(1), "Green")
    assert.strictEqual(Schema.decodeUnknownSync(Color)("Green"), "Green")
    assert.isTrue(Schema.decodeUnknownExit(Color)(2)._tag === "Failure")
    assert.isTrue(Schema.decodeUnknownExit(Color)("Blue")._tag === "Failure")
  })

  it("encode to the published form", () => {
    assert.strictEqual(Schema.encodeSync(Color)("Green"), 1)
    assert.strictEqual(Schema.encodeSync(ByName)("Green"), "Green")
  })
})

describe("response schemas are lenient", () => {
  it("ignore unknown fields and accept both enum forms (presence, friends, thumbnails, games)", () => {
    assert.deepStrictEqual(
      Schema.decodeUnknownSync(UserPresence)({ userId: 5, userPresenceType: "InGame", somethingNew: true }),
      { userId: 5, userPresenceType: "InGame" }
    )
    assert.deepStrictEqual(Schema.decodeUnknownSync(UserPresence)({ userId: 5, userPresenceType: 3 }), {
      userId: 5,
      userPresenceType: "InStudio"
    })
    assert.deepStrictEqual(
      Schema.decodeUnknownSync(FriendPage)({ data: [{ id: 2, presenceType: 1, extra: 1 }], nextPageCursor: null }),
      { data: [{ id: 2, presenceType: "Online" }], nextPageCursor: null }
    )
    assert.deepStrictEqual(Schema.decodeUnknownSync(Thumbnail)({ targetId: 1, state: 1, imageUrl: "u" }), {
      targetId: 1,
      state: "Completed",
      imageUrl: "u"
    })
    assert.deepStrictEqual(
      Schema.decodeUnknownSync(GameDetail)({
        id: 1,
        rootPlaceId: 2,
        name: "n",
        universeAvatarType: 3,
        gameRating: "x"
      }),
      { id: 1, rootPlaceId: 2, name: "n", universeAvatarType: "MorphToR15" }
    )
  })
})

describe("OpenAPI documents from the definitions", () => {
  it("list each service's paths, every group of it in one API", () => {
    const paths = (doc: OpenApi.OpenAPISpec) => Object.keys(doc.paths).sort()
    assert.deepStrictEqual(paths(OpenApi.fromApi(toHttpApi(UsersApi))), ["/v1/users", "/v1/users/authenticated"])
    assert.deepStrictEqual(paths(OpenApi.fromApi(toHttpApi(FriendsApi))), [
      "/v1/my/friends/requests",
      "/v1/users/{targetUserId}/follow",
      "/v1/users/{targetUserId}/followers",
      "/v1/users/{targetUserId}/followings",
      "/v1/users/{targetUserId}/unfollow",
      "/v1/users/{userId}/friends",
      "/v1/users/{userId}/friends/find"
    ])
    assert.deepStrictEqual(paths(OpenApi.fromApi(toHttpApi(PresenceApi))), ["/v1/presence/users"])
    const fromApi = (service: AnyApi) => paths(OpenApi.fromApi(toHttpApi(service)))
    assert.includeMembers(fromApi(GamesApi), ["/v1/games", "/v1/games/list", "/v2/users/{userId}/games"])
    assert.includeMembers(fromApi(ThumbnailsApi), ["/v1/batch", "/v1/games/icons", "/v1/users/avatar-headshot"])
  })
})
