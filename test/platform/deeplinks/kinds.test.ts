import * as Result from "effect/Result"
import { describe, expect, it } from "vitest"
import { type DeepLinkTarget, deepLinkKinds, deepLinkTarget } from "../../../src/platform/deeplinks/kinds.ts"
import { parseDeepLink } from "../../../src/platform/deeplinks/parseDeepLink.ts"

const www = "https://www.example.com"
const classify = (input: string) => {
  const parsed = parseDeepLink(input)
  if (Result.isFailure(parsed)) throw new Error(`parse failed: ${parsed.failure.message}`)
  return deepLinkTarget(parsed.success, { www, linkOrigins: ["https://example.com/"] })
}

describe("deepLinkTarget: every kind (DEEP-11)", () => {
  const table: ReadonlyArray<readonly [string, DeepLinkTarget]> = [
    ["roblox://navigation/game_details?gameId=42", { kind: "game_details", universeId: 42 }],
    ["roblox://navigation/game_details?universeId=43", { kind: "game_details", universeId: 43 }],
    ["roblox://navigation/profile?userId=5", { kind: "profile", userId: 5 }],
    ["roblox://navigation/home", { kind: "home" }],
    ["roblox://navigation/games", { kind: "games" }],
    ["roblox://navigation/avatar", { kind: "avatar" }],
    ["roblox://navigation/catalog", { kind: "catalog" }],
    ["roblox://navigation/friends", { kind: "friends" }],
    [
      "roblox://navigation/item_details?itemType=Bundle&itemId=9",
      { kind: "item_details", itemType: "Bundle", itemId: 9 }
    ],
    ["roblox://navigation?path=%2Fbundles%3Fx%3D1", { kind: "navigation", url: `${www}/bundles?x=1` }],
    ["roblox://placeId=1818", { kind: "placeId", placeId: 1818, mode: "join" }],
    ["roblox://userId=5", { kind: "userId", userId: 5 }],
    [
      "roblox://navigation/share_links?code=abc&type=Server",
      {
        kind: "share_links",
        type: "Server",
        code: "abc"
      }
    ],
    ["roblox://navigation/chat?userId=7", { kind: "chat", userId: 7 }],
    ["roblox://navigation/gift_cards", { kind: "gift_cards" }],
    ["roblox://navigation/notification_settings", { kind: "notification_settings" }],
    ["roblox://navigation/account_info", { kind: "account_info" }],
    ["roblox://navigation/privacy_settings", { kind: "privacy_settings" }],
    ["roblox://navigation/parental_controls", { kind: "parental_controls" }],
    ["roblox://navigation/spending_settings", { kind: "spending_settings" }],
    ["roblox://navigation/group?groupId=3", { kind: "group", groupId: 3 }],
    ["roblox://navigation/profile?groupId=3", { kind: "group", groupId: 3 }],
    [
      "roblox://navigation/group?groupId=3&forumCategoryId=1&forumPostId=2&forumCommentId=4",
      {
        kind: "group",
        groupId: 3,
        forumComment: { categoryId: 1, postId: 2, commentId: 4 }
      }
    ],
    [
      "roblox://navigation/external_web_link?url=https%3A%2F%2Fwww.example.com%2Fupgrades",
      {
        kind: "external_web_link",
        url: "https://www.example.com/upgrades"
      }
    ]
  ]
  for (const [input, expected] of table) {
    it(`${expected.kind}: ${input}`, () => expect(classify(input)).toEqual(Result.succeed(expected)))
  }

  it("the table covers every kind", () => {
    expect(new Set(table.map(([, t]) => t.kind))).toEqual(new Set(deepLinkKinds))
  })
})

describe("deepLinkTarget: other app forms", () => {
  const table: ReadonlyArray<readonly [string, DeepLinkTarget]> = [
    ["roblox://home", { kind: "home" }],
    [
      "roblox://navigation/external_web_link?domain=zendesk&locale=ko&articleId=1234&type=policy_update",
      {
        kind: "external_web_link",
        helpArticle: { locale: "ko", articleId: "1234" }
      }
    ],
    ["roblox://navigation/external_web_link?domain=zendesk", { kind: "external_web_link", helpArticle: {} }],
    ["roblox://NAVIGATION/Home", { kind: "home" }],
    ["roblox://game_details?GAMEID=1", { kind: "game_details", universeId: 1 }],
    ["roblox://groupId=3", { kind: "group", groupId: 3 }],
    [
      "roblox://navigation/group?groupId=3&forumCategoryId=1&postId=2&commentId=4",
      {
        kind: "group",
        groupId: 3,
        forumComment: { categoryId: 1, postId: 2, commentId: 4 }
      }
    ],
    [
      "roblox://experiences/start?placeId=5&launchData=x%20y&gameInstanceId=abc-1",
      {
        kind: "placeId",
        placeId: 5,
        mode: "join",
        launchData: "x y",
        gameInstanceId: "abc-1"
      }
    ],
    [
      "roblox://placeId=5&linkCode=L1&accessCode=A1&launchData=d",
      {
        kind: "placeId",
        placeId: 5,
        mode: "join",
        linkCode: "L1",
        accessCode: "A1",
        launchData: "d"
      }
    ],
    ["roblox://navigation/chat", { kind: "chat", userId: undefined }],
    [
      "roblox://navigation/share_links?code=abc&type=profile&source=ProfileShare",
      {
        kind: "share_links",
        type: "Profile",
        code: "abc",
        source: "ProfileShare"
      }
    ],
    [
      "roblox://navigation/share_links?type=ExperienceDetails",
      {
        kind: "share_links",
        type: "ExperienceDetails",
        code: ""
      }
    ],
    // the real app form of share links, and the v2 form that names no type
    [
      "roblox://navigation/share_links?code=0629f8e684039c4d800a1a03623e7a6f&type=ExperienceInvite",
      {
        kind: "share_links",
        type: "ExperienceInvite",
        code: "0629f8e684039c4d800a1a03623e7a6f"
      }
    ],
    ["roblox://navigation/share_links?code=4e2a9c&v=v2", { kind: "share_links", type: "V2", code: "4e2a9c" }],
    [
      "roblox://navigation/share_links?code=4e2a9c&v=V2&type=Server",
      { kind: "share_links", type: "V2", code: "4e2a9c" }
    ],
    [
      "roblox://navigation/share_links?code=4e2a9c&v=v1&type=Server",
      { kind: "share_links", type: "Server", code: "4e2a9c" }
    ]
  ]
  for (const [input, expected] of table) it(input, () => expect(classify(input)).toEqual(Result.succeed(expected)))
})

describe("deepLinkTarget: web links", () => {
  const table: ReadonlyArray<readonly [string, DeepLinkTarget]> = [
    [`${www}/home`, { kind: "home" }],
    [`${www}/de/home`, { kind: "home" }],
    [`${www}/games`, { kind: "games" }],
    [`${www}/catalog`, { kind: "catalog" }],
    [`${www}/giftcards`, { kind: "gift_cards" }],
    [`${www}/my/avatar`, { kind: "avatar" }],
    [`${www}/users/friends`, { kind: "friends" }],
    [`${www}/my/account#!/notifications`, { kind: "notification_settings" }],
    [`${www}/my/account#!/info`, { kind: "account_info" }],
    [`${www}/my/account#!/privacy`, { kind: "privacy_settings" }],
    [`${www}/my/account#!/parental-controls`, { kind: "parental_controls" }],
    [`${www}/my/account#!/billing`, { kind: "spending_settings" }],
    [`${www}/games/1818/Some-Game`, { kind: "placeId", placeId: 1818, mode: "page" }],
    [`${www}/games/1818?privateServerLinkCode=abc`, { kind: "placeId", placeId: 1818, mode: "page", linkCode: "abc" }],
    [`${www}/games/start?placeId=1&accessCode=a-b`, { kind: "placeId", placeId: 1, mode: "join", accessCode: "a-b" }],
    [`${www}/games/start?userId=2`, { kind: "userId", userId: 2 }],
    [`${www}/users/5/profile`, { kind: "profile", userId: 5 }],
    [
      `${www}/groups/3/Name#!/forums/1/post/2/comment/4`,
      {
        kind: "group",
        groupId: 3,
        forumComment: { categoryId: 1, postId: 2, commentId: 4 }
      }
    ],
    [`${www}/catalog/11/Hat`, { kind: "item_details", itemType: "Asset", itemId: 11 }],
    [`${www}/bundles/12`, { kind: "item_details", itemType: "Bundle", itemId: 12 }],
    [`${www}/looks/13`, { kind: "item_details", itemType: "Look", itemId: 13 }],
    [
      `${www}/share?code=abc&type=FriendInvite`,
      {
        kind: "share_links",
        type: "FriendInvite",
        code: "abc"
      }
    ],
    [
      `${www}/share-links?code=abc&type=private server invite`,
      {
        kind: "share_links",
        type: "Server",
        code: "abc"
      }
    ],
    // the real web forms: /share with a stamp, a profile share with its source, /share-links
    [
      `${www}/share?code=6f1c2a9b3e&type=ExperienceDetails&stamp=1718000000000`,
      {
        kind: "share_links",
        type: "ExperienceDetails",
        code: "6f1c2a9b3e"
      }
    ],
    [
      `${www}/share?code=6f1c2a9b3e&type=Profile&source=ProfileShare&stamp=1718000000000`,
      {
        kind: "share_links",
        type: "Profile",
        code: "6f1c2a9b3e",
        source: "ProfileShare"
      }
    ],
    [
      `${www}/share-links?code=6f1c2a9b3e&type=AvatarItemDetails`,
      {
        kind: "share_links",
        type: "AvatarItemDetails",
        code: "6f1c2a9b3e"
      }
    ],
    [
      `${www}/de/share?code=6f1c2a9b3e&type=ContentPost`,
      { kind: "share_links", type: "ContentPost", code: "6f1c2a9b3e" }
    ],
    [`${www}/share?code=6f1c2a9b3e&v=v2`, { kind: "share_links", type: "V2", code: "6f1c2a9b3e" }],
    [`${www}/content_posts`, { kind: "navigation", url: `${www}/content_posts` }],
    [`${www}/my/account`, { kind: "navigation", url: `${www}/my/account` }],
    [`${www}/`, { kind: "navigation", url: `${www}/` }],
    ["/games", { kind: "games" }],
    ["/bundles?x=1", { kind: "navigation", url: `${www}/bundles?x=1` }],
    // a link origin's links are read as the www site's: their path is followed on the www origin
    ["https://example.com/anything?x=1#y", { kind: "navigation", url: `${www}/anything?x=1#y` }],
    ["https://example.com/games/5", { kind: "placeId", placeId: 5, mode: "page" }],
    // the URL of an external web link is kept as given: the target rule decides when the link is planned
    [
      "roblox://navigation/external_web_link?url=javascript%3Aalert(1)",
      { kind: "external_web_link", url: "javascript:alert(1)" }
    ],
    // a referral URL is a safe target on the www origin, written as the URL parser writes it
    [
      `${www}/games/7?referralUrl=HTTPS%3A%2F%2FWWW.example.com%2Fshare%3Fcode%3Da`,
      {
        kind: "placeId",
        placeId: 7,
        mode: "page",
        referralUrl: `${www}/share?code=a`
      }
    ]
  ]
  for (const [input, expected] of table) it(input, () => expect(classify(input)).toEqual(Result.succeed(expected)))
})

describe("deepLinkTarget: refused", () => {
  const table: ReadonlyArray<readonly [string, string, string | undefined]> = [
    ["https://evil.net/home", "ForeignHost", undefined],
    ["https://www.example.com.evil.net/home", "ForeignHost", undefined],
    ["https://wwwexample.com/home", "ForeignHost", undefined],
    ["https://www.xn--exmple-cua.com/home", "ForeignHost", undefined],
    ["http://www.example.com/home", "ForeignHost", undefined],
    ["https://www.example.com:8443/home", "ForeignHost", undefined],
    // service hosts are not the site: no web link is read from them
    ["https://apis.example.com/anything", "ForeignHost", undefined],
    ["https://games.example.com/games/1", "ForeignHost", undefined],
    ["roblox://", "UnknownKind", undefined],
    ["roblox://navigation/unknown_thing", "UnknownKind", "unknown_thing"],
    ["roblox://navigation", "MissingParameter", "path"],
    ["roblox://somewhere", "UnknownKind", "somewhere"],
    ["roblox://navigation/profile", "MissingParameter", "userId"],
    ["roblox://navigation/profile?userId=0", "InvalidParameter", "userId"],
    ["roblox://navigation/profile?userId=-5", "InvalidParameter", "userId"],
    ["roblox://navigation/profile?userId=12abc", "InvalidParameter", "userId"],
    ["roblox://navigation/profile?userId=99999999999999999", "InvalidParameter", "userId"],
    ["roblox://navigation/game_details", "MissingParameter", "gameId"],
    ["roblox://navigation/item_details?itemId=1", "MissingParameter", "itemType"],
    ["roblox://navigation/item_details?itemType=Hat&itemId=1", "InvalidParameter", "itemType"],
    ["roblox://navigation/item_details?itemType=Asset&itemId=0", "InvalidParameter", "itemId"],
    ["roblox://placeId=abc", "InvalidParameter", "placeId"],
    ["roblox://placeId=1&gameInstanceId=<script>", "InvalidParameter", "gameInstanceId"],
    ["roblox://placeId=1&accessCode=a%20b", "InvalidParameter", "accessCode"],
    ["roblox://navigation/share_links?code=abc", "MissingParameter", "type"],
    ["roblox://navigation/share_links?code=abc&type=Nope", "InvalidParameter", "type"],
    ["roblox://navigation/share_links?code=a%22b&type=Server", "InvalidParameter", "code"],
    ["roblox://navigation/share_links?code=a%22b&v=v2", "InvalidParameter", "code"],
    // a type the platform may add later is refused as a parameter, never guessed
    ["roblox://navigation/share_links?code=abc&type=ExperienceV3", "InvalidParameter", "type"],
    [`${www}/share?code=abc&type=Profile&source=Profile%20Share`, "InvalidParameter", "source"],
    ["roblox://navigation/chat?userId=x", "InvalidParameter", "userId"],
    ["roblox://navigation/group?groupId=3&postId=2", "InvalidParameter", "forum comment"],
    ["roblox://navigation/external_web_link", "MissingParameter", "url"],
    ["roblox://navigation/external_web_link?domain=example.com&articleId=1", "InvalidParameter", "domain"],
    ["roblox://navigation/external_web_link?domain=zendesk&articleId=a%20b", "InvalidParameter", "articleId"],
    [`${www}/games/7?referralUrl=https%3A%2F%2Fevil.net%2Fshare`, "InvalidParameter", "referralUrl"],
    ["roblox://placeId=7&referralUrl=javascript%3Aalert(1)%2F%2F1", "InvalidParameter", "referralUrl"],
    ["roblox://navigation?path=%2F%2Fevil.net", "InvalidParameter", "path"],
    ["roblox://navigation?path=%2F%5Cevil.net", "InvalidParameter", "path"],
    ["roblox://navigation?path=https%3A%2F%2Fevil.net", "InvalidParameter", "path"],
    ["https://www.example.com/games/start", "MissingParameter", "placeId"]
  ]
  for (const [input, reason, detail] of table) {
    it(`${input} → ${reason}`, () => {
      const result = classify(input)
      if (Result.isSuccess(result)) throw new Error(`expected ${reason}, got ${JSON.stringify(result.success)}`)
      expect(result.failure.reason).toBe(reason)
      expect(result.failure.detail).toBe(detail)
    })
  }
})
