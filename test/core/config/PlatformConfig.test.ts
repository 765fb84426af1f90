import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import {
  hostMatchesSuffix,
  PlatformConfig,
  prefixedBaseUrls,
  serviceUrl,
  subdomainBaseUrls
} from "../../../src/core/config/PlatformConfig.ts"

describe("PlatformConfig.layer", () => {
  it.effect("fills what is left out with the documented defaults", () =>
    Effect.gen(function* () {
      const config = yield* PlatformConfig
      assert.strictEqual(config.baseUrls.catalog, "https://catalog.example.com")
      assert.strictEqual(config.user.authenticated, false)
      assert.strictEqual(config.user.id, undefined)
      assert.strictEqual(config.headers.csrf, "x-csrf-token")
      assert.strictEqual(config.tracing.samplingPercentage, 0)
      assert.strictEqual(config.boundAuthToken.enabled, false)
      assert.strictEqual(config.locale.overrideLanguageHeader, false)
    }).pipe(Effect.provide(PlatformConfig.layer({})))
  )

  it.effect("merges given values one level deep", () =>
    Effect.gen(function* () {
      const config = yield* PlatformConfig
      assert.strictEqual(config.user.id, 42)
      assert.strictEqual(config.user.authenticated, true)
      assert.strictEqual(config.baseUrls.catalog, "http://127.0.0.1:9/catalog")
      assert.strictEqual(config.baseUrls.www, "http://localhost:9")
      assert.strictEqual(config.headers.token, "x-platform-token")
    }).pipe(
      Effect.provide(
        PlatformConfig.layer({
          user: { id: 42, authenticated: true },
          baseUrls: prefixedBaseUrls("http://127.0.0.1:9", "http://localhost:9")
        })
      )
    )
  )
})

describe("subdomainBaseUrls", () => {
  it("derives each service's base URL as the real site's pages do: a sub-domain, or the apis gateway with its prefix", () => {
    const urls = subdomainBaseUrls("platform.test")
    assert.strictEqual(urls.www, "https://www.platform.test")
    assert.strictEqual(urls.friends, "https://friends.platform.test")
    assert.strictEqual(urls.gameInternationalization, "https://gameinternationalization.platform.test")
    assert.strictEqual(urls.apis, "https://apis.platform.test")
    assert.strictEqual(urls.apiGateway, "https://apis.platform.test")
    assert.strictEqual(urls.hba, "https://apis.platform.test")
    assert.strictEqual(urls.accountSecurity, "https://apis.platform.test")
    assert.strictEqual(urls.challenge, "https://apis.platform.test/challenge")
    assert.strictEqual(urls.shareLinks, "https://apis.platform.test/sharelinks")
    assert.strictEqual(urls.deepLinks, "https://apis.platform.test/deeplinks")
  })
})

describe("serviceUrl and hostMatchesSuffix", () => {
  it("joins a base URL and a path with exactly one slash", () => {
    const config = { baseUrls: prefixedBaseUrls("http://h") } as never
    assert.strictEqual(serviceUrl(config, "games", "/v1/games"), "http://h/games/v1/games")
    assert.strictEqual(serviceUrl(config, "games", "v1/games"), "http://h/games/v1/games")
  })

  it("matches dotted suffixes on a label boundary only", () => {
    assert.isTrue(hostMatchesSuffix("www.example.com", [".example.com"]))
    assert.isTrue(hostMatchesSuffix("example.com", [".example.com"]))
    assert.isTrue(hostMatchesSuffix("API.Example.COM", ["example.com"]))
    assert.isFalse(hostMatchesSuffix("evilexample.com", [".example.com"]))
    assert.isFalse(hostMatchesSuffix("evilexample.com", ["example.com"]))
    assert.isFalse(hostMatchesSuffix("example.com.evil.net", [".example.com"]))
  })
})
