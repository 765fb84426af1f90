/**
 * The allowed-values rule, read from the definitions: every spelling the service accepts is taken and sent in the
 * one spelling the published document shows (tolerant reader, strict writer); a value no spelling maps to fails
 * with a RequestEncodeError that names the parameter and the values it takes, and nothing is sent.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { CatalogApi } from "../../../src/platform/api/catalog/api.ts"
import type { AnyEndpoint } from "../../../src/platform/api/definition.ts"
import { ThumbnailsApi } from "../../../src/platform/api/thumbnails/api.ts"
import { allowedValues } from "../../../src/platform/clients/allowedValues.ts"
import {
  CatalogClient,
  FriendsClient,
  GameInternationalizationClient,
  GamesClient,
  ThumbnailsClient,
  TranslationRolesClient
} from "../../../src/platform/clients/PlatformClients.ts"
import { StubFetch } from "../../../src/testing/StubFetch.ts"
import { type Clients, clientsLayer, sentOnce } from "./harness.ts"

const described = (e: AnyEndpoint) => allowedValues(e).map(({ allowed, name, part }) => ({ part, name, allowed }))

/** A value of another spelling than the type names: the caller's value as JavaScript may hold it. */
const spelled = <A>(value: unknown) => value as A

describe("allowedValues", () => {
  it("reads the closed parameters of an endpoint, path first, `undefined` of optional ones left out", () => {
    assert.deepStrictEqual(described(ThumbnailsApi.groups.assetThumbnails.endpoints.getBadgeIcons), [
      { part: "query", name: "size", allowed: ["150x150"] },
      { part: "query", name: "format", allowed: ["Png", "Webp"] }
    ])
    assert.deepStrictEqual(described(CatalogApi.groups.catalog.endpoints.getUserBundlesByType), [
      { part: "params", name: "bundleType", allowed: ["BodyParts", "AvatarAnimations", "Shoes", "DynamicHead"] },
      { part: "query", name: "sortOrder", allowed: ["Asc", "Desc"] }
    ])
  })

  it("reads the closed fields of a list body's items", () => {
    const rules = described(ThumbnailsApi.groups.thumbnailBatch.endpoints.batchThumbnails)
    assert.deepStrictEqual(
      rules.map((r) => `${r.part}.${r.name}`),
      ["payload.type", "payload.format"]
    )
    assert.deepStrictEqual(rules[1]!.allowed, ["Png", "Jpeg", "Webp"])
  })

  it("has nothing to say about open values (ids, strings, booleans are left to the encoder)", () => {
    assert.deepStrictEqual(allowedValues(ThumbnailsApi.groups.avatarThumbnails.endpoints.getAvatarThumbnail3d), [])
  })
})

/** One accepted spelling: the call, and the exact query (or body) it must send. */
interface Accepted {
  readonly title: string
  readonly call: Effect.Effect<unknown, unknown, Clients>
  readonly path?: string
  readonly query?: Readonly<Record<string, string>>
  readonly body?: unknown
}

const thumbnails = <A>(f: (c: typeof ThumbnailsClient.Service) => Effect.Effect<A, unknown>) =>
  Effect.flatMap(ThumbnailsClient, f)
const games = <A>(f: (c: typeof GamesClient.Service) => Effect.Effect<A, unknown>) => Effect.flatMap(GamesClient, f)

const accepted: ReadonlyArray<Accepted> = [
  ...["png", "PNG", "Png", "pNg"].map((format): Accepted => ({
    title: `format ${format} → Png`,
    call: thumbnails((c) => c.gameThumbnails.getGameIcons({ query: { universeIds: [1], format: spelled(format) } })),
    query: { universeIds: "1", format: "Png" }
  })),
  {
    title: "size 150X150 → 150x150, returnPolicy placeholder → PlaceHolder",
    call: thumbnails((c) =>
      c.gameThumbnails.getGameIcons({
        query: { universeIds: [1], size: spelled("150X150"), returnPolicy: spelled("placeholder") }
      })
    ),
    query: { universeIds: "1", size: "150x150", returnPolicy: "PlaceHolder" }
  },
  {
    title: "webp for a badge → Webp",
    call: thumbnails((c) => c.assetThumbnails.getBadgeIcons({ query: { badgeIds: [1], format: spelled("webp") } })),
    query: { badgeIds: "1", format: "Webp" }
  },
  ...(
    [
      ["All", "1"],
      ["all", "1"],
      [1, "1"],
      ["1", "1"],
      ["PUBLIC", "2"],
      [2, "2"],
      ["private", "4"],
      [4, "4"]
    ] as const
  ).map(([value, wire]): Accepted => ({
    title: `accessFilter ${JSON.stringify(value)} → ${wire}`,
    call: games((c) =>
      c.creatorGames.getGroupGames({ params: { groupId: 9 }, query: { accessFilter: spelled(value) } })
    ),
    query: { accessFilter: wire }
  })),
  ...(
    [
      [25, "25"],
      ["25", "25"]
    ] as const
  ).map(([limit, wire]): Accepted => ({
    title: `limit ${JSON.stringify(limit)} → ${wire}`,
    call: games((c) => c.creatorGames.getGroupGames({ params: { groupId: 9 }, query: { limit: spelled(limit) } })),
    query: { limit: wire }
  })),
  ...(
    [
      ["asc", "Asc"],
      ["DESC", "Desc"]
    ] as const
  ).map(([sortOrder, wire]): Accepted => ({
    title: `sortOrder ${sortOrder} (sent by name) → ${wire}`,
    call: games((c) =>
      c.creatorGames.getGroupGames({ params: { groupId: 9 }, query: { sortOrder: spelled(sortOrder) } })
    ),
    query: { sortOrder: wire }
  })),
  ...(
    [
      ["desc", "2"],
      ["Asc", "1"],
      [2, "2"],
      ["1", "1"]
    ] as const
  ).map(([sortOrder, wire]): Accepted => ({
    title: `sortOrder ${JSON.stringify(sortOrder)} (sent as a code) → ${wire}`,
    call: games((c) =>
      c.gameServers.getGameServers({
        params: { placeId: 5, serverType: "Public" },
        query: { sortOrder: spelled(sortOrder) }
      })
    ),
    path: "/games/v1/games/5/servers/0",
    query: { sortOrder: wire }
  })),
  ...(
    [
      ["friend", "1"],
      ["FRIEND", "1"],
      [1, "1"],
      ["0", "0"]
    ] as const
  ).map(([serverType, wire]): Accepted => ({
    title: `serverType ${JSON.stringify(serverType)} in the path → ${wire}`,
    call: games((c) => c.gameServers.getGameServers({ params: { placeId: 5, serverType: spelled(serverType) } })),
    path: `/games/v1/games/5/servers/${wire}`
  })),
  ...(
    [
      ["statusfrequents", "2"],
      [2, "2"],
      ["ALPHABETICAL", "0"]
    ] as const
  ).map(([userSort, wire]): Accepted => ({
    title: `userSort ${JSON.stringify(userSort)} → ${wire}`,
    call: Effect.flatMap(FriendsClient, (c) =>
      c.friends.getFriends({ params: { userId: 1 }, query: { userSort: spelled(userSort) } })
    ),
    query: { userSort: wire }
  })),
  ...(
    [
      ["locale", "Locale"],
      [1, "Locale"],
      ["LANGUAGE", "Language"]
    ] as const
  ).map(([type, wire]): Accepted => ({
    title: `languageOrLocaleType ${JSON.stringify(type)} → ${wire}`,
    call: Effect.flatMap(GameInternationalizationClient, (c) =>
      c.localizationStatus.getTranslationCountsForLanguageOrLocale({
        query: { gameIds: [3], languageOrLocaleCode: "es", languageOrLocaleType: spelled(type) }
      })
    ),
    query: { gameIds: "3", languageOrLocaleCode: "es", languageOrLocaleType: wire }
  })),
  ...(
    [
      ["Translator", "translator"],
      ["TRANSLATOR", "translator"],
      [0, "translator"]
    ] as const
  ).map(([role, wire]): Accepted => ({
    title: `role ${JSON.stringify(role)} in the path → ${wire}`,
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.getRoleAssignees({ params: { gameId: 3, role: spelled(role) } })
    ),
    path: `/translationRoles/v1/game-localization-roles/games/3/roles/${wire}/assignees`
  })),
  ...(
    [
      ["shoes", "3"],
      [3, "3"],
      ["DynamicHead", "4"]
    ] as const
  ).map(([bundleType, wire]): Accepted => ({
    title: `bundleType ${JSON.stringify(bundleType)} in the path → ${wire}`,
    call: Effect.flatMap(CatalogClient, (c) =>
      c.catalog.getUserBundlesByType({ params: { userId: 1, bundleType: spelled(bundleType) }, query: { cursor: "" } })
    ),
    path: `/catalog/v1/users/1/bundles/${wire}`,
    query: { cursor: "" }
  })),
  {
    title: "batch items: type in any case or as its code, format in any case, no requestId → names as documented",
    call: thumbnails((c) =>
      c.thumbnailBatch.batchThumbnails({
        payload: [
          { type: spelled("avatarheadshot"), targetId: 1, size: "150x150", format: spelled("png") },
          { type: spelled(3), targetId: 2, requestId: "2:GameIcon" },
          { type: "Asset", targetId: 3, format: spelled("WEBP") }
        ]
      })
    ),
    body: [
      { type: "AvatarHeadShot", targetId: 1, size: "150x150", format: "Png" },
      { type: "GameIcon", targetId: 2, requestId: "2:GameIcon" },
      { type: "Asset", targetId: 3, format: "Webp" }
    ]
  }
]

const answerOf = (title: string): unknown =>
  title.startsWith("role") ? { data: [] } : title.startsWith("languageOrLocaleType") ? {} : { data: [] }

describe("every spelling the service accepts is taken, and the document's spelling is sent", () => {
  for (const c of accepted) {
    it.effect(c.title, () =>
      Effect.gen(function* () {
        const { url } = yield* sentOnce(Effect.ignore(c.call), c.body)
        if (c.path !== undefined) assert.strictEqual(url.pathname, c.path)
        if (c.query !== undefined) assert.deepStrictEqual(Object.fromEntries(url.searchParams), c.query)
      }).pipe(Effect.provide(clientsLayer(answerOf(c.title))))
    )
  }
})

/** One refused value: the call, the parameter and values the error names, and the exact message. */
interface Refused {
  readonly call: Effect.Effect<unknown, unknown, Clients>
  readonly parameter: string
  readonly allowed: ReadonlyArray<string | number>
  readonly message: string
}

const refused: ReadonlyArray<Refused> = [
  {
    call: thumbnails((c) => c.assetThumbnails.getBadgeIcons({ query: { badgeIds: [1], size: spelled("420x420") } })),
    parameter: "size",
    allowed: ["150x150"],
    message: `Request of getBadgeIcons could not be encoded: size must be one of 150x150 (got "420x420")`
  },
  {
    call: thumbnails((c) => c.assetThumbnails.getBadgeIcons({ query: { badgeIds: [1], format: spelled("jpeg") } })),
    parameter: "format",
    allowed: ["Png", "Webp"],
    message: `Request of getBadgeIcons could not be encoded: format must be one of Png, Webp (got "jpeg")`
  },
  {
    call: Effect.flatMap(CatalogClient, (c) =>
      c.catalog.getAssetBundles({ params: { assetId: 5 }, query: { limit: spelled(20) } })
    ),
    parameter: "limit",
    allowed: [10, 25, 50, 100],
    message: "Request of getAssetBundles could not be encoded: limit must be one of 10, 25, 50, 100 (got 20)"
  },
  {
    call: games((c) => c.creatorGames.getGroupGames({ params: { groupId: 9 }, query: { accessFilter: spelled(3) } })),
    parameter: "accessFilter",
    allowed: ["All", "Public", "Private"],
    message: "Request of getGroupGames could not be encoded: accessFilter must be one of All, Public, Private (got 3)"
  },
  {
    call: games((c) =>
      c.creatorGames.getGroupGames({ params: { groupId: 9 }, query: { accessFilter: spelled("Everyone") } })
    ),
    parameter: "accessFilter",
    allowed: ["All", "Public", "Private"],
    message: `Request of getGroupGames could not be encoded: accessFilter must be one of All, Public, Private (got "Everyone")`
  },
  {
    call: games((c) => c.gameServers.getGameServers({ params: { placeId: 5, serverType: spelled("VIP") } })),
    parameter: "serverType",
    allowed: ["Public", "Friend"],
    message: `Request of getGameServers could not be encoded: serverType must be one of Public, Friend (got "VIP")`
  },
  {
    call: thumbnails((c) =>
      c.thumbnailBatch.batchThumbnails({
        payload: [
          { type: "Asset", targetId: 1 },
          { type: spelled("Hat"), targetId: 2 }
        ]
      })
    ),
    parameter: "type",
    allowed: [
      "Avatar",
      "AvatarHeadShot",
      "GameIcon",
      "BadgeIcon",
      "GameThumbnail",
      "GamePass",
      "Asset",
      "BundleThumbnail",
      "Outfit",
      "GroupIcon",
      "DeveloperProduct",
      "AvatarBust",
      "AutoGeneratedAsset",
      "PlaceIcon",
      "AutoGeneratedGameIcon",
      "ForceAutoGeneratedGameIcon",
      "Look",
      "CreatorContextAsset",
      "Screenshot"
    ],
    message: `Request of batchThumbnails could not be encoded: type must be one of Avatar, AvatarHeadShot, GameIcon, BadgeIcon, GameThumbnail, GamePass, Asset, BundleThumbnail, Outfit, GroupIcon, DeveloperProduct, AvatarBust, AutoGeneratedAsset, PlaceIcon, AutoGeneratedGameIcon, ForceAutoGeneratedGameIcon, Look, CreatorContextAsset, Screenshot (got "Hat")`
  }
]

describe("a value no spelling maps to is refused, and nothing is sent", () => {
  for (const c of refused) {
    it.effect(c.message, () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(c.call)
        const e = error as { _tag: string; parameter?: string; allowed?: ReadonlyArray<unknown>; message: string }
        assert.strictEqual(e._tag, "RequestEncodeError")
        assert.strictEqual(e.parameter, c.parameter)
        assert.deepStrictEqual(e.allowed, c.allowed)
        assert.strictEqual(e.message, c.message)
        assert.strictEqual((yield* StubFetch).requests.length, 0)
      }).pipe(Effect.provide(clientsLayer({ data: [] })))
    )
  }

  it.effect("a value in its set goes out as given", () =>
    Effect.gen(function* () {
      const { catalog } = yield* CatalogClient
      yield* catalog.getAssetBundles({ params: { assetId: 5 }, query: { limit: 100 } })
      const [request] = (yield* StubFetch).requests
      assert.strictEqual(new URL(request!.url).searchParams.get("limit"), "100")
    }).pipe(Effect.provide(clientsLayer({ data: [] })))
  )
})
