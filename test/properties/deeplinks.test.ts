/**
 * Property tests of deep links: 10,000 generated and mutated URLs, plus hand-picked adversarial ones, followed
 * by the navigator in a plain browser, the iOS app and the Android app. Invariants: nothing throws or dies, and
 * nothing is ever navigated to outside the allow-list (http/https on a platform origin, or, in an app shell, an
 * app link of the library's own shape).
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Result from "effect/Result"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { type AppType, PlatformConfig, subdomainBaseUrls } from "../../src/core/config/PlatformConfig.ts"
import { DeepLinkNavigator } from "../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { DeepLinkSettings, defaultDeepLinkSettings } from "../../src/platform/deeplinks/DeepLinkSettings.ts"
import { deepLinkTarget } from "../../src/platform/deeplinks/kinds.ts"
import { parseDeepLink } from "../../src/platform/deeplinks/parseDeepLink.ts"
import { RootPlaceLookup } from "../../src/platform/deeplinks/RootPlaceLookup.ts"
import { safeTarget } from "../../src/platform/links/safeTarget.ts"
import * as Schema from "effect/Schema"
import { ResolveLinkResponse, ResolveLinkV2Response } from "../../src/platform/sharelinks/schemas.ts"
import { ShareLinkResolver } from "../../src/platform/sharelinks/ShareLinkResolver.ts"
import { shareLinkTypes } from "../../src/platform/sharelinks/shareLinkTypes.ts"
import { MemoryKeyValueStore } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryNativeBridge } from "../../src/testing/memory/MemoryNativeBridge.ts"
import { MemoryNavigation } from "../../src/testing/memory/MemoryNavigation.ts"
import { MemoryTelemetry } from "../../src/testing/memory/MemoryTelemetry.ts"

const www = "https://www.example.com"
const config = { baseUrls: subdomainBaseUrls("example.com") }
const settings = { ...defaultDeepLinkSettings, redirectorHosts: ["go.example.com"] }

/** A resolver that answers every code of every type, building the data from the code itself. */
const echoResolver = Layer.succeed(ShareLinkResolver, {
  resolve: (code) => {
    const digits = Number(code.replace(/\D/g, "").slice(0, 6) || "1")
    const status = code.length % 3 === 0 ? "Expired" : "Valid"
    const invite = { status, placeId: digits, instanceId: code, inviterId: digits, launchData: code } as const
    const answers: typeof ResolveLinkResponse.Encoded = {
      experienceInviteData: invite,
      notificationExperienceInviteData: invite,
      screenshotInviteData: invite,
      friendInviteData: { status, senderUserId: digits },
      profileLinkResolutionResponseData: { status, userId: digits },
      privateServerInviteData: { status, universeId: digits, linkCode: code },
      experienceAffiliateData:
        code.length % 2 === 0
          ? { status, universeId: digits, joinData: { experienceEventId: code, launchData: code } }
          : { status, fallbackType: code.length % 3, fallbackId: digits },
      experienceDetailsInviteData: { status, universeId: digits },
      experienceEventData: {
        status,
        universeId: digits,
        placeId: digits,
        joinData: { experienceEventId: code, launchData: code }
      },
      avatarItemDetailsData: { status, itemId: code, itemType: code.length % 2 === 0 ? "Asset" : "Look" },
      contentPostData: { status, postId: digits, postCreatorId: digits }
    }
    return Effect.succeed(Schema.decodeUnknownSync(ResolveLinkResponse)(answers))
  },
  resolveV2: (code) =>
    Effect.succeed(
      Schema.decodeUnknownSync(ResolveLinkV2Response)({
        linkType: code.length % 2 === 0 ? "Experience" : code,
        targetId: code,
        customData: code,
        status: code.length % 3 === 0 ? "Expired" : "Valid"
      })
    )
})

const anyRootPlace = Layer.succeed(RootPlaceLookup, {
  rootPlaceId: (universeId: number) => Effect.succeed(universeId * 10)
})

const runtimeFor = (appType: AppType) =>
  ManagedRuntime.make(
    DeepLinkNavigator.layer.pipe(
      Layer.provideMerge(
        Layer.mergeAll(
          PlatformConfig.layer({ ...config, device: { deviceType: "Phone", appType } }),
          MemoryNavigation.layer(),
          MemoryNativeBridge.layer(),
          MemoryTelemetry.layer(),
          MemoryKeyValueStore.layer(),
          echoResolver,
          anyRootPlace
        )
      ),
      Layer.provideMerge(Logger.layer([]))
    )
  )

const runtimes = { None: runtimeFor("None"), iOS: runtimeFor("iOS"), Android: runtimeFor("Android") } as const
afterAll(() => Promise.all(Object.values(runtimes).map((r) => r.dispose())))

const appLinkShape = /^roblox:\/\/navigation\/[a-z_]+(?:\?[A-Za-z0-9_=&%+.*-]*)?$/
const launchShape = /^roblox:\/\/experiences\/start\?placeId=\d+(?:&[A-Za-z]+=[A-Za-z0-9_%+.*-]*)*$/

/**
 * Whether a URL that was navigated to (or opened in a new tab, `tab:`) is allowed: a page of the www origin, a
 * help-desk page in a new tab, or in an app shell an app link of the library's shape (the client launch anywhere).
 */
const inside = (url: string, nativeApp: boolean): boolean => {
  if (url.startsWith("tab:")) return onHelpDesk(url.slice(4))
  if (nativeApp && appLinkShape.test(url)) return true
  if (launchShape.test(url)) return true
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  return (
    (parsed.protocol === "https:" || parsed.protocol === "http:") &&
    parsed.username === "" &&
    parsed.password === "" &&
    parsed.origin === www &&
    url === parsed.href
  )
}

/** The help desk: the only origin a new tab may open on. */
const helpDesk = "https://help.example.com"

/** Whether a URL opened in a new tab is a help-desk page. */
const onHelpDesk = (url: string): boolean =>
  URL.canParse(url) && new URL(url).origin === helpDesk && new URL(url).username === "" && new URL(url).href === url

/** Follow `link` and return every URL navigated to (location and native bridge), new tabs marked `tab:`. */
const follow = (appType: keyof typeof runtimes, link: string) => {
  const runtime = runtimes[appType]
  const exit = runtime.runSyncExit(
    Effect.gen(function* () {
      const navigation = yield* MemoryNavigation
      const bridge = yield* MemoryNativeBridge
      const before = (yield* navigation.visits).length
      const beforeBridge = (yield* bridge.navigations).length
      const followed = yield* DeepLinkNavigator.use((n) => n.navigate(link))
      const visits = (yield* navigation.visits)
        .slice(before)
        .map((v) => (v.kind === "openInNewTab" ? `tab:${v.url}` : v.url))
      const posted = (yield* bridge.navigations).slice(beforeBridge)
      return { followed, urls: [...visits, ...posted] }
    }).pipe(Effect.provideService(DeepLinkSettings, settings))
  )
  if (Exit.isFailure(exit)) throw new Error(`navigate died or failed for ${JSON.stringify(link)}`)
  return exit.value
}

// ---------------------------------------------------------------------------------------------------------------
// generators

const enc = (s: string) => encodeURIComponent(s)
const seeds: ReadonlyArray<string> = [
  "roblox://navigation/home",
  "roblox://navigation/game_details?gameId=100",
  "roblox://navigation/profile?userId=5",
  "roblox://navigation/item_details?itemType=Bundle&itemId=9",
  "roblox://navigation?path=%2Fbundles",
  "roblox://placeId=1818&launchData=abc&gameInstanceId=x-1",
  "roblox://placeId=1&linkCode=L&accessCode=A",
  "roblox://userId=5",
  "roblox://navigation/chat?userId=7",
  "roblox://navigation/group?groupId=3&forumCategoryId=1&postId=2&commentId=4",
  "roblox://navigation/external_web_link?url=https%3A%2F%2Fwww.example.com%2Fupgrades",
  "roblox://navigation/external_web_link?domain=zendesk&locale=ko&articleId=1234",
  "roblox://experiences/start?placeId=5",
  `${www}/games/1818/Name?privateServerLinkCode=abc`,
  `${www}/games/start?placeId=1&accessCode=a`,
  `${www}/users/5/profile`,
  `${www}/groups/3#!/forums/1/post/2/comment/4`,
  `${www}/my/account#!/privacy`,
  `${www}/de/catalog/11/Hat`,
  `${www}/content_posts`,
  "/games/7",
  ...shareLinkTypes.map((type) => `${www}/share?code=abc123&type=${type}&source=ProfileShare`),
  ...shareLinkTypes.map((type) => `roblox://navigation/share_links?code=Z9&type=${type}`),
  "roblox://navigation/share_links?code=4242&v=v2",
  `${www}/share?code=4243x&v=v2&stamp=1`,
  `https://go.example.com/Ab?af_dp=${enc(enc("roblox://navigation/share_links?code=abc&type=Server"))}&af_web_dp=${enc(enc(`${www}/home`))}`,
  `https://go.example.com/Ab?af_web_dp=${enc(enc(`${www}/games/5`))}`
]

const tokens = [
  "javascript:",
  "data:text/html,",
  "vbscript:",
  "//",
  "\\\\",
  "/\\",
  "@evil.net",
  "evil.net",
  ".evil.net",
  "%2F%2F",
  "%252F",
  "%",
  "%zz",
  "#",
  "?",
  "&",
  "=",
  ":",
  "..",
  "\u0430",
  "\u3002",
  "\t",
  "\n",
  " ",
  "%00",
  "\u0000",
  "xn--",
  "www.example.com",
  "roblox://",
  "https://",
  "http://",
  "%3A",
  "&url=https://evil.net",
  "&path=//evil.net",
  "&url=javascript:alert(1)",
  "@",
  "\u200B",
  "\u202E",
  "ＷＷＷ",
  "&type=Server&code=",
  "&placeId=",
  "0",
  "-1",
  "99999999999999999999",
  "<script>",
  '"',
  "'",
  "af_dp=",
  "%25",
  "+",
  ";"
]

type Mutation = (s: string) => string
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc
    .tuple(fc.nat(), fc.oneof(fc.constantFrom(...tokens), fc.string({ maxLength: 8 })))
    .map(([at, t]) => (s: string) => {
      const i = at % (s.length + 1)
      return s.slice(0, i) + t + s.slice(i)
    }),
  fc.tuple(fc.nat(), fc.nat({ max: 12 })).map(([at, n]) => (s: string) => {
    const i = at % (s.length + 1)
    return s.slice(0, i) + s.slice(i + n)
  }),
  fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.constantFrom(...tokens)).map(([at, n, t]) => (s: string) => {
    const i = at % (s.length + 1)
    return s.slice(0, i) + t + s.slice(i + n)
  }),
  fc.constant((s: string) => enc(s)),
  fc.constant((s: string) => enc(enc(s))),
  fc.constant((s: string) => s.toUpperCase()),
  fc.constant((s: string) => `https://go.example.com/r?af_dp=${enc(enc(s))}`),
  fc.constant((s: string) => `roblox://navigation/external_web_link?url=${enc(s)}`),
  fc.constant((s: string) => `roblox://navigation?path=${enc(s)}`),
  fc.nat().map((n) => (s: string) => s.slice(0, n % (s.length + 1)))
)

const mutated = fc
  .tuple(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 1, maxLength: 4 }))
  .map(([seed, ms]) => ms.reduce((s, m) => m(s), seed))

const links: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: mutated },
  { weight: 1, arbitrary: fc.constantFrom(...seeds) },
  { weight: 1, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: "binary" }) },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) }
)

/** Hand-picked adversarial links. */
export const adversarial: ReadonlyArray<string> = [
  "javascript:alert(1)",
  "JAVASCRIPT:alert(1)",
  "  javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "//evil.net",
  "\\\\evil.net",
  "/\\evil.net",
  "https://evil.net/home",
  "https://www.example.com.evil.net/home",
  "https://wwwexample.com/home",
  "https://www.example.com@evil.net/",
  "https://www.example.com:443@evil.net/",
  "https://www.exаmple.com/home",
  "https://www.xn--exmple-cua.com/home",
  "https://www.example.com%2eevil.net/",
  "https://www.example.com%40evil.net/",
  "https://www.example.com\u3002evil.net/",
  "https://www.example.com\\@evil.net/",
  "https:evil.net",
  "https:/\\evil.net",
  "https:///evil.net",
  "http://www.example.com/home",
  "https://www.example.com/..%2f..%2fevil.net",
  "roblox://navigation/external_web_link?url=javascript:alert(1)",
  "roblox://navigation/external_web_link?url=JavaScript%3Aalert(1)",
  "roblox://navigation/external_web_link?url=//evil.net",
  "roblox://navigation/external_web_link?url=https://evil.net",
  "roblox://navigation/external_web_link?url=https%3A%2F%2Fwww.example.com%40evil.net",
  "roblox://navigation/external_web_link?url=https://www.example.com.evil.net",
  "roblox://navigation/external_web_link?url=https%3A%2F%2Fwww.example.com%E3%80%82evil.net",
  "roblox://navigation/external_web_link?url=https://www.example.com%0d%0a.evil.net",
  "roblox://navigation/external_web_link?url=data:text/html,x",
  "roblox://navigation?path=//evil.net",
  "roblox://navigation?path=/\\evil.net",
  "roblox://navigation?path=https://evil.net",
  "roblox://navigation?path=%2F%2Fevil.net",
  "roblox://navigation?path=/%09/evil.net",
  "https://go.example.com/x?af_dp=javascript%253Aalert(1)",
  "https://go.example.com/x?af_web_dp=https%253A%252F%252Fevil.net",
  "https://go.example.com/x?af_dp=%2F%2Fevil.net",
  "https://go.example.com/x?af_dp=https%3A%2F%2Fgo.example.com%2Fy%3Faf_dp%3Djavascript%253Aalert(1)",
  "roblox://placeId=1&launchData=https://evil.net",
  "roblox://navigation/chat?userId=1%26entryPoint%3Devil",
  "roblox://navigation/share_links?code=..%2F..%2Fevil&type=Server",
  `https://${"a".repeat(250)}.example.com/`,
  `${www}/share?code=abc&type=ExperienceAffiliate&referralUrl=javascript:alert(1)`
]

// ---------------------------------------------------------------------------------------------------------------

describe("deep links: 10,000 generated and mutated URLs", () => {
  it("parse and classify never throw", () => {
    fc.assert(
      fc.property(fc.oneof(links, fc.anything() as fc.Arbitrary<unknown>), (input) => {
        const parsed = parseDeepLink(input, settings)
        if (Result.isSuccess(parsed)) deepLinkTarget(parsed.success, { www })
      }),
      { numRuns: 10_000 }
    )
  })

  it("in a plain browser: 0 throws, 0 navigations outside the allow-list", () => {
    let followed = 0
    fc.assert(
      fc.property(links, (link) => {
        const { followed: ok, urls } = follow("None", link)
        if (ok) followed++
        for (const url of urls) expect(inside(url, false), url).toBe(true)
      }),
      { numRuns: 10_000 }
    )
    // the generator reaches real navigations, not only refusals
    expect(followed).toBeGreaterThan(500)
  })

  for (const appType of ["iOS", "Android"] as const) {
    it(`in the ${appType} app: 0 throws, 0 navigations outside the allow-list`, () => {
      fc.assert(
        fc.property(links, (link) => {
          for (const url of follow(appType, link).urls) expect(inside(url, true), url).toBe(true)
        }),
        { numRuns: 3_000 }
      )
    })
  }

  it("a target the rule lets through is always an https URL on the www origin", () => {
    fc.assert(
      fc.property(links, (link) => {
        const guarded = safeTarget(link, www)
        if (Result.isSuccess(guarded)) expect(inside(guarded.success, false)).toBe(true)
      }),
      { numRuns: 10_000 }
    )
  })
})

describe(`deep links: ${adversarial.length} hand-picked adversarial links`, () => {
  it("there are at least 30", () => expect(adversarial.length).toBeGreaterThanOrEqual(30))
  for (const link of adversarial) {
    it(JSON.stringify(link).slice(0, 100), () => {
      for (const appType of ["None", "iOS", "Android"] as const) {
        const { urls } = follow(appType, link)
        for (const url of urls) {
          expect(inside(url, appType !== "None"), url).toBe(true)
          expect(new URL(url).hostname.endsWith("evil.net")).toBe(false)
        }
      }
    })
  }
})
