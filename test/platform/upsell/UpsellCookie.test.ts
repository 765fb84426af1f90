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
const ok = { queryUuid: uuid, currentUserId: 42 }

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
    assert.deepStrictEqual(validateUpsellCookie(`${uuid},https://www.example.com/catalog/1234,42,1,100,7,,55,,`, ok), Result.fail("tooFewFields"))
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
    assert.deepStrictEqual(
      validateUpsellCookie(raw.replace(",42,", ",x,"), ok),
      Result.fail("userMismatch")
    )
  })

  it("rule 4: a target URL not ending in a numeric id is targetUrlNotItem", () => {
    for (const url of ["https://www.example.com/catalog/abc", "https://www.example.com/catalog/12/", "/catalog/12?x=1", "1234", ""]) {
      const value = encodeUpsellCookie({ ...data, targetItemUrl: url })
      assert.deepStrictEqual(validateUpsellCookie(value, ok), Result.fail("targetUrlNotItem"), url)
    }
    assert.isTrue(Result.isSuccess(validateUpsellCookie(encodeUpsellCookie({ ...data, targetItemUrl: "/bundles/77" }), ok)))
  })

  it("encodes fields one by one, so a field may hold a comma", () => {
    const withComma = { ...data, targetItemUrl: "https://www.example.com/catalog/a,b/1234" }
    const value = encodeUpsellCookie(withComma)
    assert.strictEqual(value.split(",").length, 11)
    assert.deepStrictEqual(validateUpsellCookie(value, ok), Result.succeed({ data: withComma, itemId: 1234 }))
    assert.strictEqual(encodeUpsellCookie(data), raw.replace("https://www.example.com/catalog/1234", encodeURIComponent("https://www.example.com/catalog/1234")))
  })
})

const env = (url: string, cookies: Record<string, string> = {}, userId: number | null = 42) =>
  UpsellCookie.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        MemoryCookies.layer(cookies),
        MemoryNavigation.layer(url),
        PlatformConfig.layer({ user: { id: userId ?? undefined, authenticated: userId !== null } }),
        MemoryLogger.layer()
      )
    )
  )

const logLines = Effect.flatMap(MemoryLogger, (l) => Effect.map(l.entries, (e) => e.filter((x) => x.level === "Info").map((x) => x.text)))
const jar = Effect.flatMap(MemoryCookies, (c) => c.cookies)

describe("UpsellCookie service", () => {
  it.effect("reads a valid cookie against the page's UpsellUuid parameter and the configured user", () =>
    Effect.gen(function*() {
      const upsell = yield* UpsellCookie
      assert.deepStrictEqual(yield* upsell.read, Option.some({ data, itemId: 1234 }))
      assert.strictEqual((yield* jar).length, 1)
      assert.deepStrictEqual(yield* logLines, [])
    }).pipe(Effect.provide(env(`https://www.example.com/catalog/1234?UpsellUuid=${uuid}`, { catalogUpsell: raw }))))

  it.effect("an invalid cookie is expired: removed, logged with its reason, never thrown", () =>
    Effect.gen(function*() {
      const upsell = yield* UpsellCookie
      assert.deepStrictEqual(yield* upsell.read, Option.none())
      assert.deepStrictEqual(yield* jar, [])
      assert.deepStrictEqual(yield* logLines, ["Upsell cookie expired: uuidMismatch"])
      assert.deepStrictEqual(yield* upsell.read, Option.none())
      assert.deepStrictEqual(yield* logLines, ["Upsell cookie expired: uuidMismatch"])
    }).pipe(Effect.provide(env("https://www.example.com/catalog/1234?UpsellUuid=nope", { catalogUpsell: raw }))))

  it.effect("each rule expires the cookie in the service too", () =>
    Effect.gen(function*() {
      const cases: ReadonlyArray<readonly [string, string, number | null, string]> = [
        [raw.split(",").slice(0, 10).join(","), uuid, 42, "tooFewFields"],
        [raw, "other", 42, "uuidMismatch"],
        [raw, uuid, 7, "userMismatch"],
        [raw, uuid, null, "userMismatch"],
        [encodeUpsellCookie({ ...data, targetItemUrl: "/catalog/x" }), uuid, 42, "targetUrlNotItem"]
      ]
      for (const [value, query, user, reason] of cases) {
        const lines = yield* Effect.gen(function*() {
          assert.deepStrictEqual(yield* (yield* UpsellCookie).read, Option.none())
          assert.deepStrictEqual(yield* jar, [])
          return yield* logLines
        }).pipe(Effect.provide(env(`https://www.example.com/p?UpsellUuid=${query}`, { catalogUpsell: value }, user)))
        assert.deepStrictEqual(lines, [`Upsell cookie expired: ${reason}`])
      }
    }))

  it.effect("no cookie: none, nothing logged", () =>
    Effect.gen(function*() {
      assert.deepStrictEqual(yield* (yield* UpsellCookie).read, Option.none())
      assert.deepStrictEqual(yield* logLines, [])
    }).pipe(Effect.provide(env(`https://www.example.com/?UpsellUuid=${uuid}`))))

  it.effect("writes on the parent domain, reads back, clears; name and parameter are settings", () =>
    Effect.gen(function*() {
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
    ))
})
