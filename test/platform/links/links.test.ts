import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import { expect } from "vitest"
import { PlatformConfig, prefixedBaseUrls } from "../../../src/core/config/PlatformConfig.ts"
import { defaultCheckoutHosts, isCheckoutLink } from "../../../src/platform/links/checkout.ts"
import {
  badgePath,
  catalogItemPath,
  gameIdFromUrl,
  gamePath,
  groupPath,
  isSitePath,
  itemDetailsPath,
  onSite,
  referPath,
  userProfilePath
} from "../../../src/platform/links/entityUrls.ts"
import { helpCenterUrl, helpLocale, mapHelpLocale, supportLink } from "../../../src/platform/links/helpLinks.ts"
import { isLandingPage, isLandingPageName, pageName } from "../../../src/platform/links/pages.ts"
import { HelpDeskOrigin, openHelpArticle, openSupportLink } from "../../../src/platform/links/SupportLinks.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { followUserPath, gamePagePath, launcherPath } from "../../../src/platform/deeplinks/routes.ts"
import { MemoryPageMetadata } from "../../../src/testing/memory/MemoryPageMetadata.ts"

describe("entity URLs and refer links (LINK-1, ROUTE-4, ROUTE-5)", () => {
  const table: ReadonlyArray<readonly [string, string]> = [
    [groupPath(3), "/groups/3"],
    [groupPath(3, "Builders' Club!"), "/groups/3/Builders-Club"],
    [gamePath(7), "/games/7"],
    [gamePath(7, "Obby: Part 2"), "/games/7/Obby-Part-2"],
    [userProfilePath(5), "/users/5/profile"],
    [referPath("group", 3), "/groups/refer?GroupId=3"],
    [referPath("game", 7), "/games/refer?PlaceId=7"],
    [
      referPath("game", 7, [
        ["Position", 2],
        ["PageType", "Home"],
        ["Skipped", undefined]
      ]),
      "/games/refer?PlaceId=7&Position=2&PageType=Home"
    ],
    [referPath("user", 5, [["Ref", "a b&c=//evil.net#x"]]), "/users/refer?UserId=5&Ref=a+b%26c%3D%2F%2Fevil.net%23x"],
    [catalogItemPath(11, "Red Cap"), "/catalog/11/Red-Cap"],
    [catalogItemPath(11, ""), "/catalog/11/unnamed"],
    [catalogItemPath(11, "CON"), "/catalog/11/unnamed"],
    [badgePath(12, "Winner's Badge"), "/badges/12/Winners-Badge"],
    [badgePath(12, null), "/badges/12/unnamed"],
    [itemDetailsPath("Asset", 1)!, "/catalog/1"],
    [itemDetailsPath("Bundle", 2)!, "/bundles/2"],
    [itemDetailsPath("look", 3)!, "/looks/3"],
    [onSite("https://www.example.com/", "/games/1"), "https://www.example.com/games/1"]
  ]
  for (const [actual, expected] of table) it(expected, () => expect(actual).toBe(expected))

  it("item types without a details page have none; an id must be a positive id", () => {
    expect(itemDetailsPath("GamePass", 1)).toBeUndefined()
    expect(itemDetailsPath("", 1)).toBeUndefined()
    expect(itemDetailsPath("Asset", "12")).toBe("/catalog/12")
    for (const id of ["1/../../x", "//evil.net", "0", "", "1e3", 0, -1, 1.5, Number.NaN]) {
      expect(itemDetailsPath("Asset", id), String(id)).toBeUndefined()
    }
  })

  it("every entity, refer and game-start link is a path of the www origin, whatever its text", () => {
    const www = "https://www.example.com"
    const hostile = "//evil.net/?a=b#c\\d"
    const paths = [
      groupPath(3, hostile),
      gamePath(7, hostile),
      userProfilePath(5),
      referPath("group", 3, [["x", hostile]]),
      referPath("game", 7, [[hostile, hostile]]),
      referPath("user", 5),
      catalogItemPath(11, hostile),
      badgePath(12, hostile),
      itemDetailsPath("Bundle", 2, [["deep_link_value", hostile]])!,
      followUserPath(9),
      launcherPath({ placeId: 1, accessCode: hostile, launchData: hostile, gameInstanceId: hostile, eventId: hostile }),
      gamePagePath(1, { referralUrl: hostile, launchData: hostile })
    ]
    for (const path of paths) {
      expect(isSitePath(path), path).toBe(true)
      const url = new URL(onSite(www, path))
      expect(url.origin, path).toBe(www)
      expect(url.href, path).toBe(onSite(www, path))
    }
  })
})

describe("gameIdFromUrl: the pattern /games/{digits}/ (LINK-8)", () => {
  const table: ReadonlyArray<readonly [string, number | undefined]> = [
    ["https://www.example.com/games/1818/Name", 1818],
    ["/games/42/", 42],
    ["/games/42", 42],
    ["/games/42?x=1", 42],
    ["/de/games/42#about", 42],
    ["/GAMES/42/", 42],
    ["/games/42abc/", undefined],
    ["/games/0/", undefined],
    ["/games/start?placeId=1", undefined],
    ["/game/42/", undefined],
    ["", undefined]
  ]
  for (const [url, id] of table) it(`${JSON.stringify(url)} → ${id}`, () => expect(gameIdFromUrl(url)).toBe(id))
})

describe("help-centre links (LINK-3 to LINK-5)", () => {
  const locales: ReadonlyArray<readonly [string, string]> = [
    ["en-us", "en-us"],
    ["en", "en-us"],
    ["en-GB", "en-us"],
    ["EN_us", "en-us"],
    ["de", "de"],
    ["de-AT", "de"],
    ["pt-BR", "pt-br"],
    ["pt-PT", "pt-br"],
    ["zh", "zh-cn"],
    ["zh-CN", "zh-cn"],
    ["zh-SG", "zh-cn"],
    ["zh-Hans", "zh-cn"],
    ["zh-TW", "zh-tw"],
    ["zh-HK", "zh-tw"],
    ["zh_Hant_TW", "zh-tw"],
    ["nb", "no"],
    ["nb-NO", "no"],
    ["ja-JP", "ja"],
    ["xx", "en-us"],
    ["123", "en-us"]
  ]
  for (const [input, mapped] of locales)
    it(`locale ${input} → ${mapped}`, () => expect(mapHelpLocale(input)).toBe(mapped))

  it("absent locales default to en-us; invalid ones are refused", () => {
    expect(helpLocale(undefined)).toEqual(Result.succeed("en-us"))
    expect(helpLocale("")).toEqual(Result.succeed("en-us"))
    for (const bad of ["en us", "en/us", "../x", "en-us?", "zh<script>"]) {
      const result = helpLocale(bad)
      expect(Result.isFailure(result) && result.failure.reason).toBe("InvalidLocale")
    }
  })

  const urls: ReadonlyArray<readonly [string, string | null | undefined, string | number | undefined, string]> = [
    ["home in en-us", undefined, undefined, "https://help.example.com/hc/en-us"],
    ["an article", "de-DE", "360001", "https://help.example.com/hc/de/articles/360001"],
    ["a numeric article", "fr", 42, "https://help.example.com/hc/fr/articles/42"],
    ["an alphanumeric article", "ko", "abc123", "https://help.example.com/hc/ko/articles/abc123"]
  ]
  for (const [name, locale, article, url] of urls) {
    it(name, () => expect(helpCenterUrl("https://help.example.com/", locale, article)).toEqual(Result.succeed(url)))
  }

  for (const bad of ["12-34", "../etc", "a b", "x?y", "١٢"]) {
    it(`article id ${JSON.stringify(bad)} is refused`, () => {
      const result = helpCenterUrl("https://help.example.com", "en", bad)
      expect(Result.isFailure(result) && result.failure.reason).toBe("InvalidArticleId")
    })
  }

  it("a help desk that is not an http(s) URL builds no link", () => {
    const result = helpCenterUrl("javascript:alert(1)", "en", "1")
    expect(Result.isFailure(result) && result.failure.reason).toBe("NotHttp")
  })

  // the help desk's origin exactly (the target rule of links/safeTarget.ts); the error names the rule it broke
  const support: ReadonlyArray<readonly [string, string]> = [
    ["https://help.example.com/hc/en-us/articles/1", "ok"],
    ["HTTPS://HELP.EXAMPLE.COM/hc", "ok"],
    ["http://help.example.com/hc", "UnknownDomain HostNotAllowed"],
    ["javascript:alert(1)", "NotHttp Scheme"],
    ["data:text/html,x", "NotHttp Scheme"],
    ["not a url", "NotHttp NotAbsolute"],
    ["//help.example.com/hc", "NotHttp ProtocolRelative"],
    [" https://help.example.com/hc", "NotHttp Malformed"],
    ["https://evil.net/hc", "UnknownDomain HostNotAllowed"],
    ["https://help.example.com.evil.net/hc", "UnknownDomain HostNotAllowed"],
    ["https://help.example.com@evil.net/hc", "UnknownDomain Credentials"],
    ["https://user@help.example.com/hc", "UnknownDomain Credentials"],
    ["https://www.example.com/hc", "UnknownDomain HostNotAllowed"]
  ]
  for (const [url, outcome] of support) {
    it(`support link ${url} → ${outcome}`, () => {
      const result = supportLink(url, "https://help.example.com")
      expect(Result.isSuccess(result) ? "ok" : `${result.failure.reason} ${result.failure.target}`).toBe(outcome)
    })
  }
})

describe("support links open in a new tab", () => {
  const layer = (www = "https://www.example.com") =>
    Layer.mergeAll(MemoryNavigation.layer(), PlatformConfig.layer({ baseUrls: { www } }))

  it.effect("a help article opens on the help desk derived from www", () =>
    Effect.gen(function* () {
      yield* openHelpArticle("es-MX", "900")
      yield* openSupportLink("https://help.example.com/hc/en-us")
      assert.deepStrictEqual(yield* (yield* MemoryNavigation).visits, [
        { kind: "openInNewTab", url: "https://help.example.com/hc/es/articles/900" },
        { kind: "openInNewTab", url: "https://help.example.com/hc/en-us" }
      ])
    }).pipe(Effect.provide(layer()))
  )

  it.effect("a configured help desk wins; a local www serves its own help centre", () =>
    Effect.gen(function* () {
      yield* openHelpArticle("en", undefined)
      yield* openHelpArticle("en", undefined).pipe(Effect.provideService(HelpDeskOrigin, "https://support.example.org"))
      assert.deepStrictEqual(
        (yield* (yield* MemoryNavigation).visits).map((v) => v.url),
        ["http://127.0.0.1:4011/hc/en-us", "https://support.example.org/hc/en-us"]
      )
    }).pipe(Effect.provide(layer(prefixedBaseUrls("http://127.0.0.1:4010", "http://127.0.0.1:4011").www)))
  )

  it.effect("a support link off the help desk fails with LinkError and opens nothing", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(openSupportLink("https://evil.net/"))
      assert.strictEqual(error.reason, "UnknownDomain")
      const bad = yield* Effect.flip(openHelpArticle("en", "../x"))
      assert.strictEqual(bad.message, "Link refused: InvalidArticleId")
      assert.deepStrictEqual(yield* (yield* MemoryNavigation).visits, [])
    }).pipe(Effect.provide(layer()))
  )
})

describe("checkout links", () => {
  const table: ReadonlyArray<readonly [string, boolean]> = [
    ["https://checkout.stripe.com/c/pay/cs_test_1", true],
    ["https://CHECKOUT.STRIPE.COM/x", true],
    ["http://checkout.stripe.com/x", false],
    ["https://checkout.stripe.com.evil.net/x", false],
    ["https://evil.checkout.stripe.com/x", false],
    ["https://user@checkout.stripe.com/x", false],
    ["https://checkout.stripe.com:8443/x", false],
    ["https://www.example.com/checkout", false],
    ["checkout.stripe.com", false],
    ["", false]
  ]
  for (const [url, expected] of table)
    it(`${url || "(empty)"} → ${expected}`, () => expect(isCheckoutLink(url)).toBe(expected))

  it("other providers can be configured", () => {
    expect(defaultCheckoutHosts).toEqual(["checkout.stripe.com"])
    expect(isCheckoutLink("https://pay.example.net/x", ["pay.example.net"])).toBe(true)
  })
})

describe("page name and landing pages", () => {
  const table: ReadonlyArray<readonly [Record<string, Record<string, string>>, string | undefined, boolean]> = [
    [{ "page-meta": { internalPageName: "Landing" } }, "Landing", true],
    [{ "page-meta": { internalPageName: "RollerCoaster" } }, "RollerCoaster", true],
    [{ "page-meta": { internalPageName: "Home" } }, "Home", false],
    [{ "page-meta": { internalPageName: "landing" } }, "landing", false],
    [{ "page-meta": { internalPageName: "  " } }, undefined, false],
    [{ "page-meta": {} }, undefined, false],
    [{}, undefined, false]
  ]
  for (const [tags, name, landing] of table) {
    it.effect(`${JSON.stringify(tags)} → ${name} (landing ${landing})`, () =>
      Effect.gen(function* () {
        assert.strictEqual(yield* pageName, name)
        assert.strictEqual(yield* isLandingPage, landing)
      }).pipe(Effect.provide(MemoryPageMetadata.layer(tags)))
    )
  }

  it("isLandingPageName", () => {
    expect([isLandingPageName("Landing"), isLandingPageName(undefined), isLandingPageName("Games")]).toEqual([
      true,
      false,
      false
    ])
  })
})
