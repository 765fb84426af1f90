/**
 * Property tests of the target rule (src/platform/links/safeTarget.ts) through every feature that takes a target:
 * generated targets — `javascript:`, `data:`, `vbscript:`, `blob:`, `file:`, foreign hosts, look-alikes, IDN
 * homographs, credentials, backslashes, hidden-character and white-space prefixes, protocol-relative and
 * percent-encoded schemes, very long URLs — and safe ones. For each feature: no unsafe target is accepted, every safe
 * one is, every category was tried (the property is not vacuous), and what is accepted is checked by an oracle of
 * its own (the URL parser's origin, compared with the feature's one origin). The counts are printed.
 */
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import fc from "fast-check"
import { afterAll, describe, expect, it } from "vitest"
import { Cookies } from "../../src/core/browser/Cookies.ts"
import { type AppType, PlatformConfig } from "../../src/core/config/PlatformConfig.ts"
import { DeepLinkNavigator } from "../../src/platform/deeplinks/DeepLinkNavigator.ts"
import { guardStep } from "../../src/platform/deeplinks/planTarget.ts"
import { RootPlaceLookup } from "../../src/platform/deeplinks/RootPlaceLookup.ts"
import { chatAppLink, contentPostAppLink, experienceLaunchLink } from "../../src/platform/deeplinks/routes.ts"
import { appLink } from "../../src/platform/links/appLinks.ts"
import { safeTarget } from "../../src/platform/links/safeTarget.ts"
import { openSupportLink } from "../../src/platform/links/SupportLinks.ts"
import { ResolveLinkResponse } from "../../src/platform/sharelinks/schemas.ts"
import { ShareLinkResolver } from "../../src/platform/sharelinks/ShareLinkResolver.ts"
import { UpsellCookie } from "../../src/platform/upsell/UpsellCookie.ts"
import { encodeUpsellCookie, type UpsellData } from "../../src/platform/upsell/UpsellCookieData.ts"
import { MemoryCookies } from "../../src/testing/memory/MemoryCookies.ts"
import { MemoryKeyValueStore } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../src/testing/memory/MemoryLogger.ts"
import { MemoryNativeBridge } from "../../src/testing/memory/MemoryNativeBridge.ts"
import { MemoryNavigation } from "../../src/testing/memory/MemoryNavigation.ts"
import { MemoryTelemetry } from "../../src/testing/memory/MemoryTelemetry.ts"
import {
  anyTarget,
  appTarget,
  count,
  type GeneratedTarget,
  newCounts,
  sitePathTarget,
  type TargetCounts,
  unsafeAppCategories,
  unsafeCategories,
  unsafeTarget
} from "./targetArbitraries.ts"

const wwwHost = "www.example.com"
const www = `https://${wwwHost}`
const helpHost = "help.example.com"
const helpDesk = `https://${helpHost}`
const enc = encodeURIComponent

/** The oracle: `url` is exactly what the URL parser writes for an https URL of `origin` without credentials. */
const onOrigin = (url: string, origin: string): boolean =>
  URL.canParse(url) &&
  new URL(url).href === url &&
  new URL(url).origin === origin &&
  new URL(url).protocol === "https:" &&
  new URL(url).username === "" &&
  new URL(url).password === ""

// ---------------------------------------------------------------------------------------------------------------
// the features' runtimes

const uuid = "5f0c3c1e-8d7b-4c55-9a61-0f2f6f0e7a11"
const upsellData: UpsellData = {
  upsellUuid: uuid,
  targetItemUrl: `${www}/catalog/1`,
  userId: 42,
  expectedCurrency: 1,
  expectedPrice: 100,
  expectedSellerId: 7,
  userAssetId: undefined,
  productId: 55,
  collectibleItemId: undefined,
  collectibleItemInstanceId: undefined,
  collectibleProductId: undefined
}

const upsellRuntime = ManagedRuntime.make(
  UpsellCookie.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        MemoryCookies.layer(),
        MemoryNavigation.layer(`${www}/catalog/1?UpsellUuid=${uuid}`),
        PlatformConfig.layer({ user: { id: 42, authenticated: true } }),
        MemoryLogger.layer()
      )
    )
  )
)

/** A resolver whose answers carry generated text in every field a navigation is built from. */
const hostileResolver = (text: () => string) =>
  Layer.succeed(ShareLinkResolver, {
    resolve: () =>
      Effect.sync(() => {
        const t = text()
        const invite = { status: "Valid", placeId: 10, instanceId: t, inviterId: 5, launchData: t }
        return Schema.decodeUnknownSync(ResolveLinkResponse)({
          experienceInviteData: invite,
          notificationExperienceInviteData: invite,
          screenshotInviteData: invite,
          privateServerInviteData: { status: "Valid", universeId: 100, linkCode: t },
          experienceAffiliateData: {
            status: "Valid",
            universeId: 100,
            joinData: { experienceEventId: t, launchData: t }
          },
          experienceEventData: {
            status: "Valid",
            universeId: 100,
            placeId: 11,
            joinData: { experienceEventId: t, launchData: t }
          },
          avatarItemDetailsData: { status: "Valid", itemId: t, itemType: "Asset" },
          contentPostData: { status: "Valid", postId: 4, postCreatorId: 9 }
        })
      }),
    resolveV2: () => Effect.die("not used")
  })

let answerText = ""
const navigatorRuntime = (appType: AppType) =>
  ManagedRuntime.make(
    DeepLinkNavigator.layer.pipe(
      Layer.provideMerge(
        Layer.mergeAll(
          PlatformConfig.layer({ device: { deviceType: "Phone", appType } }),
          MemoryNavigation.layer(),
          MemoryNativeBridge.layer(),
          MemoryTelemetry.layer(),
          MemoryKeyValueStore.layer(),
          hostileResolver(() => answerText),
          Layer.succeed(RootPlaceLookup, { rootPlaceId: (universeId: number) => Effect.succeed(universeId * 10) })
        )
      ),
      Layer.provideMerge(Logger.layer([]))
    )
  )
const navigators = {
  None: navigatorRuntime("None"),
  iOS: navigatorRuntime("iOS"),
  Android: navigatorRuntime("Android")
} as const
const supportRuntime = ManagedRuntime.make(Layer.mergeAll(MemoryNavigation.layer(), PlatformConfig.layer({})))

afterAll(() => Promise.all([upsellRuntime, supportRuntime, ...Object.values(navigators)].map((r) => r.dispose())))

const run = <A, E, R>(runtime: ManagedRuntime.ManagedRuntime<R, never>, effect: Effect.Effect<A, E, R>): A => {
  const exit = runtime.runSyncExit(effect)
  if (Exit.isFailure(exit)) throw new Error("the feature failed or died")
  return exit.value
}

/** Everything a link made move: location changes, bridge posts and new tabs (marked `tab:`). */
const follow = (appType: keyof typeof navigators, link: string) =>
  run(
    navigators[appType],
    Effect.gen(function* () {
      const navigation = yield* MemoryNavigation
      const bridge = yield* MemoryNativeBridge
      const [before, beforeBridge] = [(yield* navigation.visits).length, (yield* bridge.navigations).length]
      const followed = yield* DeepLinkNavigator.use((n) => n.navigate(link))
      const visits = (yield* navigation.visits)
        .slice(before)
        .map((v) => (v.kind === "openInNewTab" ? `tab:${v.url}` : v.url))
      return { followed, moved: [...visits, ...(yield* bridge.navigations).slice(beforeBridge)] }
    })
  )

const appTypes = fc.constantFrom("None", "iOS", "Android") as fc.Arbitrary<keyof typeof navigators>

// ---------------------------------------------------------------------------------------------------------------
// the runs

const counts = new Map<string, TargetCounts>()
const countsOf = (feature: string) => {
  const c = counts.get(feature) ?? newCounts()
  counts.set(feature, c)
  return c
}

afterAll(() => {
  const rows = [...counts].map(
    ([feature, c]) =>
      `${feature}: tried ${c.tried}, unsafe ${c.unsafeTried} (accepted ${c.unsafeAccepted}), safe ${c.safeTried} (accepted ${c.safeAccepted})`
  )
  console.log(`targets per feature\n${rows.join("\n")}`)
})

/** Run `accept` over `targets`, count, and check the counts: 0 unsafe accepted, every safe one, every category. */
const property = (
  feature: string,
  targets: fc.Arbitrary<GeneratedTarget>,
  accept: (target: GeneratedTarget) => boolean,
  categories: ReadonlyArray<string>,
  numRuns: number
) => {
  const c = countsOf(feature)
  fc.assert(
    fc.property(targets, (target) => {
      const accepted = accept(target)
      count(c, target, accepted)
      expect(accepted, `${target.category}: ${JSON.stringify(target.url.slice(0, 200))}`).toBe(target.safe)
    }),
    { numRuns }
  )
  expect(c.unsafeAccepted).toBe(0)
  expect(c.safeAccepted).toBe(c.safeTried)
  expect(c.safeTried).toBeGreaterThan(numRuns / 4)
  for (const category of categories) expect(c.categories.get(category) ?? 0, category).toBeGreaterThan(0)
}

describe("the target rule through every feature that takes a target", () => {
  it("the rule itself (safeTarget on the www origin)", () => {
    property(
      "safeTarget (www origin)",
      anyTarget(wwwHost, true),
      ({ url }) => {
        const result = safeTarget(url, www)
        if (Result.isSuccess(result)) expect(onOrigin(result.success, www)).toBe(true)
        return Result.isSuccess(result)
      },
      unsafeCategories,
      20_000
    )
  })

  it("the upsell cookie: read (an unsafe target expires and clears the cookie, logging the rule)", () => {
    property(
      "upsell cookie read",
      anyTarget(wwwHost),
      ({ url }) =>
        run(
          upsellRuntime,
          Effect.gen(function* () {
            const logger = yield* MemoryLogger
            yield* logger.clear
            yield* (yield* Cookies).set("catalogUpsell", encodeUpsellCookie({ ...upsellData, targetItemUrl: url }))
            const read = yield* (yield* UpsellCookie).read
            const left = yield* (yield* MemoryCookies).cookies
            if (Option.isSome(read)) {
              expect(onOrigin(read.value.data.targetItemUrl, www)).toBe(true)
              expect(new URL(read.value.data.targetItemUrl).pathname.endsWith(`/${read.value.itemId}`)).toBe(true)
              expect(left.length).toBe(1)
            } else {
              // expired and cleared, the reason names the rule and never the value
              expect(left).toEqual([])
              const lines = (yield* logger.entries).map((e) => e.text)
              expect(lines.length).toBe(1)
              expect(lines[0]).toMatch(/^Upsell cookie expired: targetUrl[A-Za-z]+$/)
            }
            return Option.isSome(read)
          })
        ),
      unsafeCategories,
      5_000
    )
  })

  it("the upsell cookie: write (an unsafe target is not written)", () => {
    property(
      "upsell cookie write",
      anyTarget(wwwHost),
      ({ url }) =>
        run(
          upsellRuntime,
          Effect.gen(function* () {
            yield* (yield* UpsellCookie).clear
            const written = yield* Effect.result((yield* UpsellCookie).write({ ...upsellData, targetItemUrl: url }))
            const jar = yield* (yield* MemoryCookies).cookies
            expect(jar.length).toBe(Result.isSuccess(written) ? 1 : 0)
            return Result.isSuccess(written)
          })
        ),
      unsafeCategories,
      5_000
    )
  })

  it("deep links: the target as the link (browser, iOS and Android shells)", () => {
    property(
      "deep link (the target itself)",
      fc.tuple(anyTarget(wwwHost, true), appTypes).map(([t, a]) => ({ ...t, a })),
      (target) => {
        const { followed, moved } = follow((target as unknown as { a: keyof typeof navigators }).a, target.url)
        for (const url of moved) expect(onOrigin(url, www), url).toBe(true)
        return followed && moved.length > 0
      },
      unsafeCategories,
      5_000
    )
  })

  it("deep links: external_web_link?url= (followed exactly to the parser's URL)", () => {
    property(
      "deep link external_web_link?url=",
      fc.tuple(anyTarget(wwwHost, true), appTypes).map(([t, a]) => ({ ...t, a })),
      (target) => {
        const link = `roblox://navigation/external_web_link?url=${enc(target.url)}`
        const { followed, moved } = follow((target as unknown as { a: keyof typeof navigators }).a, link)
        for (const url of moved) expect(onOrigin(url, www), url).toBe(true)
        if (followed) expect(moved).toEqual([new URL(target.url).href])
        return followed
      },
      unsafeCategories,
      5_000
    )
  })

  it("deep links: a game link's referralUrl (kept only as a safe www target)", () => {
    property(
      "deep link referralUrl",
      anyTarget(wwwHost, true),
      (target) => {
        const { followed, moved } = follow("None", `${www}/games/7?referralUrl=${enc(target.url)}`)
        for (const url of moved) expect(onOrigin(url, www), url).toBe(true)
        if (followed) expect(new URL(moved[0]!).searchParams.get("referralUrl")).toBe(new URL(target.url).href)
        return followed
      },
      unsafeCategories,
      5_000
    )
  })

  it("deep links: navigation?path= (site paths)", () => {
    property(
      "deep link navigation?path=",
      sitePathTarget,
      (target) => {
        const { followed, moved } = follow("None", `roblox://navigation?path=${enc(target.url)}`)
        for (const url of moved) expect(onOrigin(url, www), url).toBe(true)
        if (followed) expect(moved).toEqual([new URL(target.url, www).href])
        return followed
      },
      ["another host or scheme"],
      3_000
    )
  })

  it("support links: openSupportLink (the help desk's origin)", () => {
    property(
      "support link (help desk)",
      anyTarget(helpHost, true),
      ({ url }) =>
        run(
          supportRuntime,
          Effect.gen(function* () {
            const navigation = yield* MemoryNavigation
            const before = (yield* navigation.visits).length
            const opened = yield* Effect.result(openSupportLink(url))
            const visits = (yield* navigation.visits).slice(before)
            for (const visit of visits)
              expect(visit.kind === "openInNewTab" && onOrigin(visit.url, helpDesk), visit.url).toBe(true)
            expect(visits.length).toBe(Result.isSuccess(opened) ? 1 : 0)
            return Result.isSuccess(opened)
          })
        ),
      unsafeCategories,
      5_000
    )
  })

  it("deep links: external_web_link?url= on the help desk (a new tab there, nothing elsewhere)", () => {
    property(
      "deep link to the help desk",
      anyTarget(helpHost, true),
      (target) => {
        const { followed, moved } = follow("None", `roblox://navigation/external_web_link?url=${enc(target.url)}`)
        if (followed) expect(moved).toEqual([`tab:${new URL(target.url).href}`])
        else expect(moved).toEqual([])
        return followed
      },
      unsafeCategories,
      5_000
    )
  })

  for (const [feature, route, build, nativeApp, tag] of [
    [
      "app hand-off: chat (app shell)",
      "navigation/chat",
      (q: ReadonlyArray<readonly [string, string]>) => appLink("roblox", "navigation/chat", q),
      true,
      "OpenApp"
    ],
    [
      "app hand-off: content post (app shell)",
      "navigation/content_posts",
      (q: ReadonlyArray<readonly [string, string]>) => appLink("roblox", "navigation/content_posts", q),
      true,
      "OpenApp"
    ],
    [
      "experience launch (desktop client protocol)",
      "experiences/start",
      (q: ReadonlyArray<readonly [string, string]>) => appLink("roblox", "experiences/start", q),
      false,
      "LaunchExperience"
    ]
  ] as const) {
    it(feature, () => {
      property(
        feature,
        appTarget("roblox", route, build),
        ({ url }) => {
          const guarded = guardStep({ _tag: tag, url }, { www, helpDesk, nativeApp, appScheme: "roblox" })
          if (Result.isSuccess(guarded)) {
            const out = (guarded.success as { readonly url: string }).url
            expect(new URL(out).protocol).toBe("roblox:")
            expect(`${new URL(out).host}${new URL(out).pathname}`).toBe(route)
            expect(new URL(out).href).toBe(out)
          }
          return Result.isSuccess(guarded)
        },
        unsafeAppCategories,
        3_000
      )
    })
  }

  it("app hand-offs are refused outside a native app shell, whatever they are", () => {
    fc.assert(
      fc.property(
        appTarget("roblox", "navigation/chat", (q) => appLink("roblox", "navigation/chat", q)),
        ({ url }) => {
          const guarded = guardStep({ _tag: "OpenApp", url }, { www, helpDesk, nativeApp: false, appScheme: "roblox" })
          expect(Result.isFailure(guarded) && guarded.failure.reason).toBe("NotInAppShell")
        }
      ),
      { numRuns: 500 }
    )
  })

  it("the library's own app links are always accepted", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.string(), fc.option(fc.string()), (id, text, more) => {
        const context = { www, helpDesk, nativeApp: true, appScheme: "roblox" }
        expect(Result.isSuccess(guardStep({ _tag: "OpenApp", url: chatAppLink("roblox", id) }, context))).toBe(true)
        expect(
          Result.isSuccess(guardStep({ _tag: "OpenApp", url: contentPostAppLink("roblox", id, text) }, context))
        ).toBe(true)
        const launch = experienceLaunchLink("roblox", {
          placeId: id,
          launchData: text,
          referredByPlayerId: id,
          gameInstanceId: more ?? undefined
        })
        expect(Result.isSuccess(guardStep({ _tag: "LaunchExperience", url: launch }, context))).toBe(true)
        expect(decodeURIComponent(new URL(launch).searchParams.get("launchData")!)).toBe(text)
      }),
      { numRuns: 2_000 }
    )
  })

  it("share-link answers carrying hostile text: every move stays on the www origin or is the client launch", () => {
    const answers = fc.oneof(
      unsafeTarget(wwwHost).map((t) => t.url),
      fc.string(),
      fc.string({ unit: "binary" })
    )
    const types = fc.constantFrom(
      "ExperienceInvite",
      "NotificationExperienceInvite",
      "ScreenshotInvite",
      "Server",
      "ExperienceAffiliate",
      "ExperienceEvent",
      "AvatarItemDetails",
      "ContentPost"
    )
    let tried = 0
    let moves = 0
    fc.assert(
      fc.property(answers, types, appTypes, (text, type, appType) => {
        answerText = text
        tried++
        const { moved } = follow(appType, `${www}/share?code=c0de&type=${type}`)
        for (const url of moved) {
          moves++
          const launch = url.startsWith("roblox://") && `${new URL(url).host}${new URL(url).pathname}` !== ""
          const appLinkOk =
            launch &&
            ["experiences/start", "navigation/content_posts"].includes(`${new URL(url).host}${new URL(url).pathname}`)
          expect(appLinkOk || onOrigin(url, www), url).toBe(true)
        }
      }),
      { numRuns: 3_000 }
    )
    console.log(
      `share-link answers with hostile text: ${tried} tried, ${moves} moves, all on the www origin or the app protocol`
    )
    expect(moves).toBeGreaterThan(tried / 2)
  })
})
