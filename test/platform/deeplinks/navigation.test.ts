import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Result from "effect/Result"
import * as Stream from "effect/Stream"
import { DeepLinkNavigator } from "../../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { navigationFailedEvent } from "../../../src/platform/deeplinks/events.ts"
import type { NavigationStep } from "../../../src/platform/deeplinks/NavigationPlan.ts"
import { chatParametersMissingMessage, guardStep, guardSteps } from "../../../src/platform/deeplinks/planTarget.ts"
import { HelpDeskOrigin } from "../../../src/platform/links/SupportLinks.ts"
import { navigatorLayer, observed, www } from "./harness.ts"

const follow = (link: string) => DeepLinkNavigator.use((n) => n.navigate(link))

describe("DeepLinkNavigator: the route of every kind (DEEP-1 to DEEP-13)", () => {
  const table: ReadonlyArray<readonly [string, string, string]> = [
    ["home", "roblox://navigation/home", `${www}/home`],
    ["games", "roblox://navigation/games", `${www}/games`],
    ["catalog", "roblox://navigation/catalog", `${www}/catalog`],
    ["friends", "roblox://navigation/friends", `${www}/users/friends`],
    ["gift cards", "roblox://navigation/gift_cards", `${www}/giftcards`],
    ["avatar", "roblox://navigation/avatar", `${www}/my/avatar`],
    ["account: notifications", "roblox://navigation/notification_settings", `${www}/my/account#!/notifications`],
    ["account: info", "roblox://navigation/account_info", `${www}/my/account#!/info`],
    ["account: privacy", "roblox://navigation/privacy_settings", `${www}/my/account#!/privacy`],
    ["account: parental controls", "roblox://navigation/parental_controls", `${www}/my/account#!/parental-controls`],
    ["account: billing", "roblox://navigation/spending_settings", `${www}/my/account#!/billing`],
    ["profile", "roblox://navigation/profile?userId=5", `${www}/users/5/profile`],
    ["group", "roblox://navigation/group?groupId=3", `${www}/groups/3`],
    [
      "group forum comment",
      "roblox://navigation/group?groupId=3&forumCategoryId=1&postId=2&commentId=4",
      `${www}/groups/3#!/forums/1/post/2/comment/4`
    ],
    [
      "game with private server code",
      `${www}/games/7?privateServerLinkCode=abc`,
      `${www}/games/7?privateServerLinkCode=abc`
    ],
    [
      "game with share-link source",
      `${www}/games/7?shareLinkSourceType=ExperienceDetails`,
      `${www}/games/7?shareLinkSourceType=ExperienceDetails`
    ],
    [
      "game with referral",
      `${www}/games/7?referralUrl=https%3A%2F%2Fwww.example.com%2Fshare%3Fcode%3Da`,
      `${www}/games/7?referralUrl=https%3A%2F%2Fwww.example.com%2Fshare%3Fcode%3Da`
    ],
    ["game page", `${www}/games/7/Some-Name`, `${www}/games/7`],
    [
      "game start with access code",
      "roblox://placeId=7&accessCode=ac-1",
      `${www}/games/start?placeId=7&accessCode=ac-1`
    ],
    ["game start following a user", "roblox://userId=9", `${www}/games/start?userId=9`],
    [
      "launcher with launch data and instance",
      "roblox://placeId=7&launchData=%7B%22a%22%3A1%7D&gameInstanceId=abc-123",
      `${www}/games/start?placeId=7&launchData=%7B%22a%22%3A1%7D&gameInstanceId=abc-123`
    ],
    ["launcher: a normal join", "roblox://placeId=7", `${www}/games/start?placeId=7`],
    [
      "launcher: a join of an instance",
      "roblox://placeId=7&gameInstanceId=abc",
      `${www}/games/start?placeId=7&gameInstanceId=abc`
    ],
    ["item details: Asset", "roblox://navigation/item_details?itemType=Asset&itemId=11", `${www}/catalog/11`],
    ["item details: Bundle", "roblox://navigation/item_details?itemType=Bundle&itemId=12", `${www}/bundles/12`],
    ["item details: Look", "roblox://navigation/item_details?itemType=look&itemId=13", `${www}/looks/13`],
    ["game details by universe: root place", "roblox://navigation/game_details?gameId=100", `${www}/games/1000`],
    ["navigation to a site path", "roblox://navigation?path=%2Fbundles", `${www}/bundles`],
    ["navigation to a site page", `${www}/content_posts`, `${www}/content_posts`],
    [
      "external web link on the platform",
      "roblox://navigation/external_web_link?url=https%3A%2F%2Fwww.example.com%2Fupgrades%2Frobux",
      `${www}/upgrades/robux`
    ],
    ["a web link in a locale", `${www}/de/catalog`, `${www}/catalog`]
  ]
  for (const [name, link, target] of table) {
    it.effect(name, () =>
      Effect.gen(function* () {
        assert.isTrue(yield* follow(link))
        const seen = yield* observed
        assert.deepStrictEqual(seen.visits, [`assign ${target}`])
        assert.deepStrictEqual(seen.events, [])
        assert.deepStrictEqual(seen.bridge, [])
      }).pipe(Effect.provide(navigatorLayer()))
    )
  }
})

describe("DeepLinkNavigator: place-link precedence (DEEP-19)", () => {
  const table: ReadonlyArray<readonly [string, string, string]> = [
    [
      "linkCode first",
      "roblox://placeId=7&linkCode=L&accessCode=A&launchData=D",
      `${www}/games/7?privateServerLinkCode=L`
    ],
    ["then accessCode", "roblox://placeId=7&accessCode=A&launchData=D", `${www}/games/start?placeId=7&accessCode=A`],
    [
      "then launchData",
      "roblox://placeId=7&launchData=D&gameInstanceId=G",
      `${www}/games/start?placeId=7&launchData=D&gameInstanceId=G`
    ],
    ["else a normal join", "roblox://placeId=7", `${www}/games/start?placeId=7`]
  ]
  for (const [name, link, target] of table) {
    it.effect(name, () =>
      Effect.gen(function* () {
        assert.isTrue(yield* follow(link))
        assert.deepStrictEqual((yield* observed).visits, [`assign ${target}`])
      }).pipe(Effect.provide(navigatorLayer()))
    )
  }
})

describe("DeepLinkNavigator: native app shells (DEEP-16, DEEP-17)", () => {
  it.effect("inside the iOS app, navigation goes through the native bridge", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow("roblox://navigation/home"))
      const seen = yield* observed
      assert.deepStrictEqual(seen.bridge, [`${www}/home`])
      assert.deepStrictEqual(seen.visits, [])
    }).pipe(Effect.provide(navigatorLayer({ device: { appType: "iOS", deviceType: "Phone" } })))
  )

  it.effect("inside the iOS app without the bridge's handler, the location is set", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow("roblox://navigation/home"))
      const seen = yield* observed
      assert.deepStrictEqual(seen.bridge, [])
      assert.deepStrictEqual(seen.visits, [`assign ${www}/home`])
    }).pipe(Effect.provide(navigatorLayer({ device: { appType: "iOS" }, bridge: false })))
  )

  for (const appType of ["Android", "Amazon", "UWP", "Xbox"] as const) {
    it.effect(`in the ${appType} app shell the location is set`, () =>
      Effect.gen(function* () {
        assert.isTrue(yield* follow("roblox://navigation/friends"))
        const seen = yield* observed
        assert.deepStrictEqual(seen.visits, [`assign ${www}/users/friends`])
        assert.deepStrictEqual(seen.bridge, [])
      }).pipe(Effect.provide(navigatorLayer({ device: { appType } })))
    )
  }

  it.effect("chat inside an app shell goes to the app's chat link with entry point AppShellWebView", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow("roblox://navigation/chat?userId=7"))
      assert.deepStrictEqual((yield* observed).visits, [
        "assign roblox://navigation/chat?userId=7&entryPoint=AppShellWebView"
      ])
    }).pipe(Effect.provide(navigatorLayer({ device: { appType: "Android" } })))
  )

  it.effect("chat inside the iOS app goes through the bridge", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow("roblox://navigation/chat?userId=7"))
      assert.deepStrictEqual((yield* observed).bridge, ["roblox://navigation/chat?userId=7&entryPoint=AppShellWebView"])
    }).pipe(Effect.provide(navigatorLayer({ device: { appType: "iOS" } })))
  )

  it.effect("chat on the web publishes a start-chat request and does not navigate", () =>
    Effect.gen(function* () {
      const navigator = yield* DeepLinkNavigator
      const fiber = yield* navigator.chatRequests.pipe(Stream.take(1), Stream.runCollect, Effect.forkChild)
      yield* Effect.yieldNow
      assert.isTrue(yield* navigator.navigate("roblox://navigation/chat?userId=7"))
      assert.deepStrictEqual(yield* Fiber.join(fiber), [{ userId: 7 }])
      assert.deepStrictEqual((yield* observed).visits, [])
    }).pipe(Effect.provide(navigatorLayer()))
  )

  it.effect("chat without a user id logs that valid parameters are missing and returns false", () =>
    Effect.gen(function* () {
      assert.isFalse(yield* follow("roblox://navigation/chat"))
      const seen = yield* observed
      assert.deepStrictEqual(seen.visits, [])
      assert.deepStrictEqual(seen.warnings, [
        chatParametersMissingMessage,
        `${navigationFailedEvent}: Deep link refused: MissingParameter (userId)`
      ])
    }).pipe(Effect.provide(navigatorLayer()))
  )
})

describe("DeepLinkNavigator: help-desk articles (external_web_link with a support domain)", () => {
  const help = "https://help.example.com"
  const table: ReadonlyArray<readonly [string, string, string]> = [
    [
      "an article in a locale",
      "roblox://navigation/external_web_link?domain=zendesk&locale=ko&articleId=1234&type=policy_update",
      `${help}/hc/ko/articles/1234`
    ],
    [
      "a locale mapped to a supported one",
      "roblox://navigation/external_web_link?domain=Zendesk&locale=zh_HK&articleId=9",
      `${help}/hc/zh-tw/articles/9`
    ],
    [
      "no locale: en-us",
      "roblox://navigation/external_web_link?domain=zendesk&articleId=77",
      `${help}/hc/en-us/articles/77`
    ],
    ["no article: the help centre", "roblox://navigation/external_web_link?domain=zendesk&locale=de", `${help}/hc/de`]
  ]
  for (const [name, link, target] of table) {
    it.effect(`${name} opens in a new tab, the page stays`, () =>
      Effect.gen(function* () {
        assert.isTrue(yield* follow(link))
        const seen = yield* observed
        assert.deepStrictEqual(seen.visits, [`openInNewTab ${target}`])
        assert.deepStrictEqual(seen.bridge, [])
        assert.deepStrictEqual(seen.events, [])
      }).pipe(Effect.provide(navigatorLayer()))
    )
  }

  it.effect("the help desk is HelpDeskOrigin when provided", () =>
    Effect.gen(function* () {
      assert.isTrue(yield* follow("roblox://navigation/external_web_link?domain=zendesk&locale=fr&articleId=5"))
      assert.deepStrictEqual((yield* observed).visits, ["openInNewTab https://support.example.net/hc/fr/articles/5"])
    }).pipe(Effect.provide(navigatorLayer()), Effect.provideService(HelpDeskOrigin, "https://support.example.net"))
  )

  const refused: ReadonlyArray<readonly [string, string, string]> = [
    [
      "an unknown domain",
      "roblox://navigation/external_web_link?domain=evil&articleId=1",
      "Deep link refused: InvalidParameter (domain)"
    ],
    [
      "a locale with other characters",
      "roblox://navigation/external_web_link?domain=zendesk&locale=ko%2F..&articleId=1",
      "Deep link refused: InvalidParameter (locale)"
    ],
    [
      "an article id that is not alphanumeric",
      "roblox://navigation/external_web_link?domain=zendesk&articleId=12%2F..%2F..%2Fx",
      "Deep link refused: InvalidParameter (articleId)"
    ]
  ]
  for (const [name, link, message] of refused) {
    it.effect(`${name} is refused`, () =>
      Effect.gen(function* () {
        assert.isFalse(yield* follow(link))
        const seen = yield* observed
        assert.deepStrictEqual(seen.visits, [])
        assert.deepStrictEqual(seen.warnings, [`${navigationFailedEvent}: ${message}`])
      }).pipe(Effect.provide(navigatorLayer()))
    )
  }

  it.effect("a support link given as an external web link on the help desk opens in a new tab", () =>
    Effect.gen(function* () {
      assert.isTrue(
        yield* follow(
          "roblox://navigation/external_web_link?url=https%3A%2F%2Fhelp.example.com%2Fhc%2Fko%2Farticles%2F1"
        )
      )
      assert.deepStrictEqual((yield* observed).visits, ["openInNewTab https://help.example.com/hc/ko/articles/1"])
    }).pipe(Effect.provide(navigatorLayer()))
  )

  it("a new tab outside the help desk's origin is refused by the guard", () => {
    const context = { www, nativeApp: false, appScheme: "roblox", helpDesk: "https://help.example.com" }
    const step = (url: string) => [{ _tag: "OpenInNewTab", url } as const]
    assert.deepStrictEqual(
      guardSteps(step("https://help.example.com/hc/de"), context),
      Result.succeed(step("https://help.example.com/hc/de"))
    )
    for (const [url, reason] of [
      ["https://help.example.com.evil.net/hc", "HostNotAllowed"],
      ["https://user@help.example.com/hc", "Credentials"],
      ["http://help.example.com/hc", "HostNotAllowed"],
      [`${www}/home`, "HostNotAllowed"],
      ["javascript:alert(1)", "Scheme"]
    ] as const) {
      const guarded = guardSteps(step(url), context)
      assert.isTrue(Result.isFailure(guarded) && guarded.failure.reason === reason, url)
    }
  })
})

describe("DeepLinkNavigator: failures return false and log DeeplinkParserNavigationFailed", () => {
  const table: ReadonlyArray<readonly [string, string, string]> = [
    ["javascript:", "javascript:alert(1)", "Deep link refused: UnsupportedScheme (javascript)"],
    ["a foreign host", "https://evil.net/home", "Deep link refused: ForeignHost"],
    ["an unknown kind", "roblox://navigation/nowhere", "Deep link refused: UnknownKind (nowhere)"],
    [
      "an external link off the allow-list",
      "roblox://navigation/external_web_link?url=https%3A%2F%2Fevil.net%2F",
      "Navigation target refused: HostNotAllowed"
    ],
    [
      "an external look-alike host",
      "roblox://navigation/external_web_link?url=https%3A%2F%2Fwww.example.com.evil.net%2F",
      "Navigation target refused: HostNotAllowed"
    ],
    [
      "an external link with credentials",
      "roblox://navigation/external_web_link?url=https%3A%2F%2Fwww.example.com%40evil.net%2F",
      "Navigation target refused: Credentials"
    ],
    [
      "an external javascript: link",
      "roblox://navigation/external_web_link?url=javascript%3Aalert(1)%2F%2F1234",
      "Navigation target refused: Scheme"
    ],
    [
      "an external data: link",
      "roblox://navigation/external_web_link?url=data%3Atext%2Fhtml%2Cx",
      "Navigation target refused: Scheme"
    ],
    [
      "an external protocol-relative link",
      "roblox://navigation/external_web_link?url=%2F%2Fevil.net",
      "Navigation target refused: ProtocolRelative"
    ],
    [
      "an external link to a service host",
      "roblox://navigation/external_web_link?url=https%3A%2F%2Fapis.example.com%2Fx",
      "Navigation target refused: HostNotAllowed"
    ],
    [
      "an external link with white space around it",
      "roblox://navigation/external_web_link?url=+https%3A%2F%2Fwww.example.com%2F",
      "Navigation target refused: Malformed"
    ],
    ["a link from a service host", "https://apis.example.com/anything", "Deep link refused: ForeignHost"],
    [
      "a universe without a root place",
      "roblox://navigation/game_details?gameId=999",
      "No root place found for universe 999"
    ]
  ]
  for (const [name, link, message] of table) {
    it.effect(name, () =>
      Effect.gen(function* () {
        assert.isFalse(yield* follow(link))
        const seen = yield* observed
        assert.deepStrictEqual(seen.visits, [])
        assert.deepStrictEqual(seen.warnings, [`${navigationFailedEvent}: ${message}`])
        assert.deepStrictEqual(
          seen.events.map((e) => e.name),
          [navigationFailedEvent]
        )
      }).pipe(Effect.provide(navigatorLayer()))
    )
  }
})

describe("guardStep: every kind of move, each on its one origin or the app protocol", () => {
  const context = { www, nativeApp: false, appScheme: "roblox", helpDesk: "https://help.example.com" }
  const shell = { ...context, nativeApp: true }
  const outcome = (step: NavigationStep, on = context) => {
    const guarded = guardStep(step, on)
    return Result.isSuccess(guarded) ? "ok" : guarded.failure.reason
  }
  const table: ReadonlyArray<readonly [string, NavigationStep, typeof context, string]> = [
    ["a page of the www origin", { _tag: "Navigate", url: `${www}/games/1` }, context, "ok"],
    ["a service host", { _tag: "Navigate", url: "https://apis.example.com/games/1" }, context, "HostNotAllowed"],
    ["the help desk as a page", { _tag: "Navigate", url: "https://help.example.com/hc" }, context, "HostNotAllowed"],
    ["an app link as a page", { _tag: "Navigate", url: "roblox://navigation/home" }, context, "Scheme"],
    ["a www page in a new tab", { _tag: "OpenInNewTab", url: `${www}/home` }, context, "HostNotAllowed"],
    [
      "a chat hand-off on the web",
      { _tag: "OpenApp", url: "roblox://navigation/chat?userId=1" },
      context,
      "NotInAppShell"
    ],
    ["a chat hand-off in an app shell", { _tag: "OpenApp", url: "roblox://navigation/chat?userId=1" }, shell, "ok"],
    [
      "a launch handed off as an app link",
      { _tag: "OpenApp", url: "roblox://experiences/start?placeId=1" },
      shell,
      "AppRoute"
    ],
    ["the launch on the web", { _tag: "LaunchExperience", url: "roblox://experiences/start?placeId=1" }, context, "ok"],
    [
      "a launch of another route",
      { _tag: "LaunchExperience", url: "roblox://navigation/chat?userId=1" },
      context,
      "AppRoute"
    ],
    [
      "a launch on the web origin",
      { _tag: "LaunchExperience", url: `${www}/games/start?placeId=1` },
      context,
      "Scheme"
    ],
    [
      "a launch of another scheme",
      { _tag: "LaunchExperience", url: "javascript://experiences/start?placeId=1" },
      context,
      "Scheme"
    ]
  ]
  for (const [name, step, on, expected] of table)
    it(`${name} → ${expected}`, () => assert.strictEqual(outcome(step, on), expected))
})

describe("DeepLinkNavigator.plan", () => {
  it.effect("shows where a link goes without going there", () =>
    Effect.gen(function* () {
      const plan = yield* (yield* DeepLinkNavigator).plan("roblox://navigation/game_details?gameId=200")
      assert.deepStrictEqual(plan, {
        target: { kind: "game_details", universeId: 200 },
        steps: [{ _tag: "Navigate", url: `${www}/games/2000` }]
      })
      assert.deepStrictEqual((yield* observed).visits, [])
    }).pipe(Effect.provide(navigatorLayer()))
  )
})

describe("DeepLinkNavigator with a broken www base URL", () => {
  it.effect("nothing throws; links are refused", () =>
    Effect.gen(function* () {
      assert.isFalse(yield* follow("roblox://navigation/home"))
      assert.isFalse(yield* follow("/home"))
      assert.deepStrictEqual((yield* observed).visits, [])
    }).pipe(Effect.provide(navigatorLayer({ baseUrls: { www: "not a url" } })))
  )
})
