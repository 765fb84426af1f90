import { assert, describe, it } from "@effect/vitest"
import { subHostRedirect, subHostRoutes } from "../../../src/core/http/legacySubHosts.ts"

describe("subHostRedirect", () => {
  const cases: ReadonlyArray<[url: string, redirected: string | undefined]> = [
    [
      "https://www.example.com/game/report-stats?placeId=1",
      "https://assetgame.example.com/game/report-stats?placeId=1"
    ],
    ["https://www.example.com/game/report-event", "https://assetgame.example.com/game/report-event"],
    ["https://www.example.com/catalog/html?q=hat", "https://search.example.com/catalog/html?q=hat"],
    ["https://www.example.com/catalog/json", "https://search.example.com/catalog/json"],
    ["https://www.example.com/catalog/contents", "https://search.example.com/catalog/contents"],
    ["https://www.example.com/catalog/items/12", "https://search.example.com/catalog/items/12"],
    [
      "https://www.example.com/asset-thumbnail/image?assetId=1",
      "https://thumbnails.example.com/asset-thumbnail/image?assetId=1"
    ],
    ["https://www.example.com/asset-thumbnail/json", "https://thumbnails.example.com/asset-thumbnail/json"],
    ["https://www.example.com/asset-thumbnail/url", "https://thumbnails.example.com/asset-thumbnail/url"],
    ["https://www.example.com/thumbnail/hash", "https://thumbnails.example.com/thumbnail/hash"],
    ["https://www.example.com/thumbnail/3d", "https://thumbnails.example.com/thumbnail/3d"],
    [
      "https://www.example.com/thumbnail/request-thumbnail-fix",
      "https://thumbnails.example.com/thumbnail/request-thumbnail-fix"
    ],
    ["https://www.example.com/Catalog/JSON#x", "https://search.example.com/Catalog/JSON#x"],
    ["https://www.example.com/de/catalog/json?a=1", "https://search.example.com/catalog/json?a=1"],
    ["http://example.com:8080/game/report-stats", "http://assetgame.example.com:8080/game/report-stats"],
    ["https://www.example.com/catalog/jsonp", undefined],
    ["https://www.example.com/catalog/123/hat", undefined],
    ["https://www.example.com/my/catalog/json", undefined],
    ["https://search.example.com/catalog/json", undefined],
    ["http://localhost:5173/catalog/json", undefined],
    ["http://127.0.0.1:9/catalog/json", undefined],
    ["http://[::1]:9/catalog/json", undefined],
    ["ftp://www.example.com/catalog/json", undefined],
    ["/catalog/json", undefined],
    ["not a url", undefined]
  ]
  for (const [url, redirected] of cases) {
    it(`${url} → ${redirected ?? "no redirect"}`, () => assert.strictEqual(subHostRedirect(url), redirected))
  }

  it("resolves a relative URL against a base", () =>
    assert.strictEqual(
      subHostRedirect("/catalog/json?x=1", { base: "https://www.example.com/home" }),
      "https://search.example.com/catalog/json?x=1"
    ))

  it("with a domain: the sub-host hangs off the domain and other domains are not redirected", () => {
    assert.strictEqual(
      subHostRedirect("https://web.example.com/thumbnail/3d", { domain: ".Example.com" }),
      "https://thumbnails.example.com/thumbnail/3d"
    )
    assert.strictEqual(
      subHostRedirect("https://example.com/thumbnail/3d", { domain: "example.com" }),
      "https://thumbnails.example.com/thumbnail/3d"
    )
    assert.strictEqual(subHostRedirect("https://www.other.com/thumbnail/3d", { domain: "example.com" }), undefined)
    assert.strictEqual(subHostRedirect("https://notexample.com/thumbnail/3d", { domain: "example.com" }), undefined)
  })

  it("does not redirect when the sub-host name would exceed 255 characters", () => {
    const host = `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(52)}.com` // 248 characters
    assert.strictEqual(host.length, 248)
    // "search." + 248 = 255: allowed; "assetgame." + 248 = 258: not
    assert.strictEqual(subHostRedirect(`https://${host}/catalog/json`), `https://search.${host}/catalog/json`)
    assert.strictEqual(subHostRedirect(`https://${host}/game/report-stats`), undefined)
    // "search." + 249 = 256: not
    assert.strictEqual(subHostRedirect(`https://e${host}/catalog/json`), undefined)
  })

  it("has one route per legacy path of the spec", () => assert.strictEqual(subHostRoutes.length, 12))
})
