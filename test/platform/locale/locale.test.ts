/**
 * Locale aliases (LOC-2) and the locale list cached by timestamp with a caller-given expiry.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { Cache } from "../../../src/core/cache/Cache.ts"
import { LocaleClient } from "../../../src/platform/clients/PlatformClients.ts"
import { aliasLocale, normalizeLocale } from "../../../src/platform/locale/aliases.ts"
import { LocaleList, localeListKey } from "../../../src/platform/locale/LocaleList.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"
import { baseUrls } from "../clients/harness.ts"

describe("aliasLocale", () => {
  const cases: ReadonlyArray<readonly [string, string]> = [
    ["zh", "zh-cn"],
    ["zh-CN", "zh-cn"],
    ["zh_cn", "zh-cn"],
    ["zh-SG", "zh-cn"],
    ["zh-Hans", "zh-cn"],
    ["zh-Hans-HK", "zh-cn"],
    ["zh-cjv", "zh-cn"],
    ["zh-TW", "zh-tw"],
    ["zh_tw", "zh-tw"],
    ["zh-HK", "zh-tw"],
    ["zh-MO", "zh-tw"],
    ["zh-Hant", "zh-tw"],
    ["zh-Hant-TW", "zh-tw"],
    ["en", "en-us"],
    ["EN", "en-us"],
    ["en-GB", "en-gb"],
    ["en_us", "en-us"],
    ["nb", "no"],
    ["nb-NO", "no"],
    ["nb_no", "no"],
    ["no", "no"],
    ["es_MX", "es-mx"],
    ["pt-BR", "pt-br"]
  ]
  for (const [code, expected] of cases)
    it(`${code} → ${expected}`, () => assert.strictEqual(aliasLocale(code), expected))

  it("normalises case and separators", () => assert.strictEqual(normalizeLocale(" Es_Es "), "es-es"))
})

describe("LocaleList", () => {
  const locus = { locale: { id: 1, locale: "en_us", name: "English(US)" }, isEnabledForFullExperience: true }
  let fail = false
  const layer = () =>
    LocaleList.layer.pipe(
      Layer.provideMerge(Layer.merge(LocaleClient.layer, Cache.layer)),
      Layer.provideMerge(
        testPlatformLayer(
          () => (fail ? jsonResponse({ errors: [] }, { status: 503 }) : jsonResponse({ data: [locus] })),
          { baseUrls }
        )
      )
    )

  it.effect("fetches once, answers from the cache while younger than the caller's expiry, then fetches again", () =>
    Effect.gen(function* () {
      fail = false
      const list = yield* LocaleList
      const { requests } = yield* StubFetch
      assert.deepStrictEqual(yield* list.get(60_000), [locus])
      assert.strictEqual(new URL(requests[0]!.url).pathname, "/locale/v1/locales")
      yield* TestClock.adjust("59 seconds")
      assert.deepStrictEqual(yield* list.get(60_000), [locus])
      assert.strictEqual(requests.length, 1)
      // another caller may accept less age
      yield* list.get(10_000)
      assert.strictEqual(requests.length, 2)
      const stored = JSON.parse((yield* (yield* MemoryKeyValueStore).entries).get(localeListKey)!)
      assert.deepStrictEqual(stored, { data: [locus], timeStamp: 59_000 })
      yield* list.invalidate
      yield* list.get(60_000)
      assert.strictEqual(requests.length, 3)
    }).pipe(Effect.provide(layer()))
  )

  it.effect("does not cache a failed fetch", () =>
    Effect.gen(function* () {
      fail = true
      const list = yield* LocaleList
      const error = yield* Effect.flip(list.get(60_000))
      assert.strictEqual(error._tag, "ResponseError")
      assert.isFalse((yield* (yield* MemoryKeyValueStore).entries).has(localeListKey))
      fail = false
      assert.deepStrictEqual(yield* list.get(60_000), [locus])
    }).pipe(Effect.provide(layer()))
  )
})
