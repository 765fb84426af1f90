import { assert, describe, it } from "@effect/vitest"
import { localePrefix, stripLocalePrefix } from "../../../src/core/http/localePrefix.ts"

describe("localePrefix and stripLocalePrefix", () => {
  const cases: ReadonlyArray<[path: string, locale: string | undefined, stripped: string]> = [
    ["/de/games", "de", "/games"],
    ["/DE/games", "de", "/games"],
    ["/pt-br/home", "pt-br", "/home"],
    ["/pt-BR/home", "pt-br", "/home"],
    ["/zh_CN/catalog", "zh-cn", "/catalog"],
    ["/es-419/", "es-419", "/"],
    ["/fr", "fr", "/"],
    ["/fr?x=1", "fr", "/?x=1"],
    ["/fr#top", "fr", "/#top"],
    ["/my/settings", undefined, "/my/settings"],
    ["/MY/settings", undefined, "/MY/settings"],
    ["/js/app.js", undefined, "/js/app.js"],
    ["/Js", undefined, "/Js"],
    ["/my-mm/home", "my-mm", "/home"],
    ["/games", undefined, "/games"],
    ["/eng/home", undefined, "/eng/home"],
    ["/zh-hans/home", undefined, "/zh-hans/home"],
    ["/d/home", undefined, "/d/home"],
    ["/de-/home", undefined, "/de-/home"],
    ["/de-b/home", undefined, "/de-b/home"],
    ["/de-1234", undefined, "/de-1234"],
    ["/12/home", undefined, "/12/home"],
    ["de/games", undefined, "de/games"],
    ["/", undefined, "/"],
    ["", undefined, ""]
  ]
  for (const [path, locale, stripped] of cases) {
    it(`${JSON.stringify(path)} → ${locale ?? "no locale"}, stripped ${JSON.stringify(stripped)}`, () => {
      assert.strictEqual(localePrefix(path), locale)
      assert.strictEqual(stripLocalePrefix(path), stripped)
    })
  }
})
