import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Result from "effect/Result"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { UpsellCookie, UpsellCookieSettings } from "../../../src/platform/upsell/UpsellCookie.ts"
import {
  encodeUpsellCookie,
  parseUpsellCookie,
  upsellCookieFieldCount,
  upsellCookieFields,
  type UpsellData,
  type UpsellInvalidReason,
  validateUpsellCookie
} from "../../../src/platform/upsell/UpsellCookieData.ts"
import { MemoryCookies } from "../../../src/testing/memory/MemoryCookies.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryNavigation } from "../../../src/testing/memory/MemoryNavigation.ts"
import { Cookies } from "../../../src/core/browser/Cookies.ts"

const uuid = "5f0c3c1e-8d7b-4c55-9a61-0f2f6f0e7a11"
const raw = `${uuid},https://www.example.com/catalog/1234,42,1,100,7,,55,,,`
const data: UpsellData = {
  upsellUuid: uuid,
  targetItemUrl: "https://www.example.com/catalog/1234",
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
const www = "https://www.example.com"
const ok = { queryUuid: uuid, currentUserId: 42, www }

describe("upsell cookie data", () => {
  it("has the 11 fields of the spec, in order", () => {
    assert.deepStrictEqual(upsellCookieFields, [
      "upsellUuid",
      "targetItemUrl",
      "userId",
      "expectedCurrency",
      "expectedPrice",
      "expectedSellerId",
      "userAssetId",
      "productId",
      "collectibleItemId",
      "collectibleItemInstanceId",
      "collectibleProductId"
    ])
    assert.strictEqual(upsellCookieFieldCount, 11)
  })

  it("parses the fields in order, leniently beyond the rules", () => {
    assert.deepStrictEqual(parseUpsellCookie(raw), Result.succeed(data))
    const collectible = parseUpsellCookie(`${uuid},/catalog/9,42,1,abc,,,,c-item,c-inst,c-prod`)
    assert.isTrue(Result.isSuccess(collectible))
    if (Result.isSuccess(collectible)) {
      assert.strictEqual(collectible.success.expectedPrice, undefined)
      assert.strictEqual(collectible.success.collectibleItemId, "c-item")
      assert.strictEqual(collectible.success.collectibleItemInstanceId, "c-inst")
      assert.strictEqual(collectible.success.collectibleProductId, "c-prod")
    }
  })

  it("is valid when all four rules hold, with the item id of the target URL", () => {
    assert.deepStrictEqual(validateUpsellCookie(raw, ok), Result.succeed({ data, itemId: 1234 }))
    // more than 11 fields: the rest is ignored
    assert.isTrue(Result.isSuccess(validateUpsellCookie(`${raw},extra,more`, ok)))
  })

  it("rule 1: fewer than 11 fields is tooFewFields", () => {
    assert.deepStrictEqual(
      validateUpsellCookie(`${uuid},https://www.example.com/catalog/1234,42,1,100,7,,55,,`, ok),
      Result.fail("tooFewFields")
    )
    assert.deepStrictEqual(validateUpsellCookie("", ok), Result.fail("tooFewFields"))
  })

  it("rule 2: a uuid other than the query parameter's (or no parameter) is uuidMismatch", () => {
    assert.deepStrictEqual(validateUpsellCookie(raw, { ...ok, queryUuid: "other" }), Result.fail("uuidMismatch"))
    assert.deepStrictEqual(validateUpsellCookie(raw, { ...ok, queryUuid: undefined }), Result.fail("uuidMismatch"))
    assert.deepStrictEqual(
      validateUpsellCookie(`,/catalog/1,42,,,,,,,,`, { ...ok, queryUuid: "" }),
      Result.fail("uuidMismatch")
    )
  })

  it("rule 3: another user, a guest or a non-numeric user id is userMismatch", () => {
    assert.deepStrictEqual(validateUpsellCookie(raw, { ...ok, currentUserId: 43 }), Result.fail("userMismatch"))
    assert.deepStrictEqual(validateUpsellCookie(raw, { ...ok, currentUserId: undefined }), Result.fail("userMismatch"))
    assert.deepStrictEqual(validateUpsellCookie(raw.replace(",42,", ",x,"), ok), Result.fail("userMismatch"))
  })

  it("rule 4: a target URL not ending in a numeric id is targetUrlNotItem", () => {
    for (const url of [
      "https://www.example.com/catalog/abc",
      "https://www.example.com/catalog/12/",
      "https://www.example.com/catalog/12?x=1",
      "https://www.example.com/catalog/12#x",
      "https://www.example.com/catalog/0"
    ]) {
      const value = encodeUpsellCookie({ ...data, targetItemUrl: url })
      assert.deepStrictEqual(validateUpsellCookie(value, ok), Result.fail("targetUrlNotItem"), url)
    }
    const bundle = validateUpsellCookie(
      encodeUpsellCookie({ ...data, targetItemUrl: "https://www.example.com/bundles/77" }),
      ok
    )
    assert.isTrue(Result.isSuccess(bundle) && bundle.success.itemId === 77)
  })

  it("rule 4: the target is an http(s) URL on the www origin; anything else expires the cookie, naming the rule", () => {
    const table: ReadonlyArray<readonly [string, UpsellInvalidReason]> = [
      ["javascript:alert(document.cookie)//1234", "targetUrlScheme"],
      ["data:text/html,<script>alert(1)</script>//1234", "targetUrlScheme"],
      ["vbscript:msgbox(1)//1234", "targetUrlScheme"],
      ["blob:https://www.example.com/1234", "targetUrlScheme"],
      ["file:///c:/1234", "targetUrlScheme"],
      ["https://evil.net/catalog/1234", "targetUrlHostNotAllowed"],
      ["https://www.example.com.evil.net/catalog/1234", "targetUrlHostNotAllowed"],
      ["https://evil-example.com/catalog/1234", "targetUrlHostNotAllowed"],
      ["https://www.exаmple.com/catalog/1234", "targetUrlHostNotAllowed"],
      ["http://www.example.com/catalog/1234", "targetUrlHostNotAllowed"],
      ["https://apis.example.com/catalog/1234", "targetUrlHostNotAllowed"],
      ["https://www.example.com@evil.net/catalog/1234", "targetUrlCredentials"],
      ["//evil.net/catalog/1234", "targetUrlProtocolRelative"],
      ["\\\\evil.net/catalog/1234", "targetUrlProtocolRelative"],
      ["/catalog/1234", "targetUrlNotAbsolute"],
      ["1234", "targetUrlNotAbsolute"],
      ["", "targetUrlMalformed"],
      [" https://www.example.com/catalog/1234", "targetUrlMalformed"],
      ["\u0001https://www.example.com/catalog/1234", "targetUrlMalformed"],
      [`https://www.example.com/${"a/".repeat(3000)}1234`, "targetUrlTooLong"]
    ]
    for (const [url, reason] of table) {
      const value = encodeUpsellCookie({ ...data, targetItemUrl: url })
      assert.deepStrictEqual(validateUpsellCookie(value, ok), Result.fail(reason), url.slice(0, 60))
    }
  })

  it("rule 4: a valid target is given back as the URL parser writes it", () => {
    const value = encodeUpsellCookie({ ...data, targetItemUrl: "HTTPS://WWW.EXAMPLE.COM:443/catalog/1234" })
    const result = validateUpsellCookie(value, ok)
    assert.isTrue(
      Result.isSuccess(result) && result.success.data.targetItemUrl === "https://www.example.com/catalog/1234"
    )
  })

  it("encodes fields one by one, so a field may hold a comma", () => {
    const withComma = { ...data, targetItemUrl: "https://www.example.com/catalog/a,b/1234" }
    const value = encodeUpsellCookie(withComma)
    assert.strictEqual(value.split(",").length, 11)
    assert.deepStrictEqual(validateUpsellCookie(value, ok), Result.succeed({ data: withComma, itemId: 1234 }))
    assert.strictEqual(
      encodeUpsellCookie(data),
      raw.replace("https://www.example.com/catalog/1234", encodeURIComponent("https://www.example.com/catalog/1234"))
    )
  })
})

const env = (url: string, cookies: Record<string, string> = {}, userId: number | null = 42, site = www) =>
  UpsellCookie.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        MemoryCookies.layer(cookies),
        MemoryNavigation.layer(url),
        PlatformConfig.layer({
          user: { id: userId ?? undefined, authenticated: userId !== null },
          baseUrls: { www: site }
        }),
        MemoryLogger.layer()
      )
    )
  )

const logLines = Effect.flatMap(MemoryLogger, (l) =>
  Effect.map(l.entries, (e) => e.filter((x) => x.level === "Info").map((x) => x.text))
)
const jar = Effect.flatMap(MemoryCookies, (c) => c.cookies)

describe("UpsellCookie service", () => {
  it.effect("reads a valid cookie against the page's UpsellUuid parameter and the configured user", () =>
    Effect.gen(function* () {
      const upsell = yield* UpsellCookie
      assert.deepStrictEqual(yield* upsell.read, Option.some({ data, itemId: 1234 }))
      assert.strictEqual((yield* jar).length, 1)
      assert.deepStrictEqual(yield* logLines, [])
    }).pipe(Effect.provide(env(`https://www.example.com/catalog/1234?UpsellUuid=${uuid}`, { catalogUpsell: raw })))
  )

  it.effect("an invalid cookie is expired: removed, logged with its reason, never thrown", () =>
    Effect.gen(function* () {
      const upsell = yield* UpsellCookie
      assert.deepStrictEqual(yield* upsell.read, Option.none())
      assert.deepStrictEqual(yield* jar, [])
      assert.deepStrictEqual(yield* logLines, ["Upsell cookie expired: uuidMismatch"])
      assert.deepStrictEqual(yield* upsell.read, Option.none())
      assert.deepStrictEqual(yield* logLines, ["Upsell cookie expired: uuidMismatch"])
    }).pipe(Effect.provide(env("https://www.example.com/catalog/1234?UpsellUuid=nope", { catalogUpsell: raw })))
  )

  it.effect("each rule expires the cookie in the service too", () =>
    Effect.gen(function* () {
      const cases: ReadonlyArray<readonly [string, string, number | null, string]> = [
        [raw.split(",").slice(0, 10).join(","), uuid, 42, "tooFewFields"],
        [raw, "other", 42, "uuidMismatch"],
        [raw, uuid, 7, "userMismatch"],
        [raw, uuid, null, "userMismatch"],
        [
          encodeUpsellCookie({ ...data, targetItemUrl: "https://www.example.com/catalog/x" }),
          uuid,
          42,
          "targetUrlNotItem"
        ],
        [encodeUpsellCookie({ ...data, targetItemUrl: "javascript:alert(1)//1234" }), uuid, 42, "targetUrlScheme"],
        [encodeUpsellCookie({ ...data, targetItemUrl: "https://evil.net/1234" }), uuid, 42, "targetUrlHostNotAllowed"]
      ]
      for (const [value, query, user, reason] of cases) {
        const lines = yield* Effect.gen(function* () {
          assert.strictEqual((yield* jar).length, 1)
          assert.deepStrictEqual(yield* (yield* UpsellCookie).read, Option.none())
          assert.deepStrictEqual(yield* jar, [])
          return yield* logLines
        }).pipe(Effect.provide(env(`https://www.example.com/p?UpsellUuid=${query}`, { catalogUpsell: value }, user)))
        assert.deepStrictEqual(lines, [`Upsell cookie expired: ${reason}`])
        // the reason names the rule, never the value
        assert.notInclude(lines.join(), "evil")
        assert.notInclude(lines.join(), "javascript")
      }
    })
  )

  it.effect("the www origin is the configured one: a cookie of another site's pages is expired", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* (yield* UpsellCookie).read, Option.none())
      assert.deepStrictEqual(yield* logLines, ["Upsell cookie expired: targetUrlHostNotAllowed"])
    }).pipe(
      Effect.provide(
        env(`https://www.example.com/p?UpsellUuid=${uuid}`, { catalogUpsell: raw }, 42, "https://www.example.org")
      )
    )
  )

  it.effect("write refuses an unsafe target: nothing is written, the error names the rule", () =>
    Effect.gen(function* () {
      const upsell = yield* UpsellCookie
      for (const [url, reason] of [
        ["javascript:alert(1)//1234", "Scheme"],
        ["https://evil.net/catalog/1234", "HostNotAllowed"],
        ["https://www.example.com/catalog/x", "NotItem"]
      ] as const) {
        const error = yield* Effect.flip(upsell.write({ ...data, targetItemUrl: url }))
        assert.strictEqual(error.reason, reason)
      }
      assert.deepStrictEqual(yield* jar, [])
      yield* upsell.write({ ...data, targetItemUrl: "HTTPS://WWW.EXAMPLE.COM/catalog/1234" })
      assert.strictEqual(
        yield* (yield* Cookies).get("catalogUpsell"),
        raw.replace(data.targetItemUrl, encodeURIComponent(data.targetItemUrl))
      )
    }).pipe(Effect.provide(env(`https://www.example.com/catalog/1234?UpsellUuid=${uuid}`)))
  )

  it.effect("no cookie: none, nothing logged", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* (yield* UpsellCookie).read, Option.none())
      assert.deepStrictEqual(yield* logLines, [])
    }).pipe(Effect.provide(env(`https://www.example.com/?UpsellUuid=${uuid}`)))
  )

  it.effect("writes on the parent domain, reads back, clears; name and parameter are settings", () =>
    Effect.gen(function* () {
      const upsell = yield* UpsellCookie
      yield* upsell.write(data)
      const [cookie] = yield* jar
      assert.strictEqual(cookie?.name, "upsellData")
      assert.strictEqual(cookie?.domain, "example.com")
      assert.strictEqual(cookie?.expiresAt, undefined)
      assert.strictEqual(yield* (yield* Cookies).get("upsellData"), encodeUpsellCookie(data))
      assert.deepStrictEqual(yield* upsell.read, Option.some({ data, itemId: 1234 }))
      yield* upsell.clear
      assert.deepStrictEqual(yield* jar, [])
    }).pipe(
      Effect.provide(env(`https://www.example.com/catalog/1234?u=${uuid}`)),
      Effect.provideService(UpsellCookieSettings, { cookieName: "upsellData", queryParameter: "u", domain: "parent" })
    )
  )
})
