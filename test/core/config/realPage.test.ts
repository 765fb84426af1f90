// @vitest-environment happy-dom
import { assert, beforeEach, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { metaOutsideHeadWarning, PageMetadata } from "../../../src/core/browser/PageMetadata.ts"
import { boundAuthTokenListsFromPage } from "../../../src/core/config/boundAuthTokenLists.ts"
import { missingHostsWarning, platformConfigFromPageMetadata } from "../../../src/core/config/fromPageMetadata.ts"
import {
  defaultPlatformConfig,
  PlatformConfig,
  type PlatformConfigShape,
  subdomainBaseUrls
} from "../../../src/core/config/PlatformConfig.ts"
import { CsrfStore } from "../../../src/core/csrf/CsrfStore.ts"
import { browserPlatformLayer } from "../../../src/core/wiring/platformLayer.ts"
import { performanceTagSettings } from "../../../src/platform/perf/performanceTag.ts"
import { thumbnailPageSettings } from "../../../src/platform/thumbnails/thumbnailPageSettings.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { injectedBody, realBody, realCsrfToken, realHead } from "./realPage.ts"

/** Render the page into the global document (the browser layers read it) and start with empty storage. */
const render = (head: string, body: string) => {
  document.head.innerHTML = head
  document.body.innerHTML = body
}

/** Run `effect` over the browser's page metadata, with the log lines as [level, text]. */
const onPage = <A>(effect: Effect.Effect<A, never, PageMetadata>) =>
  Effect.gen(function* () {
    const value = yield* effect
    const logs = yield* (yield* MemoryLogger).entries
    return { value, logs: logs.map((l) => [l.level, l.text] as const), raw: JSON.stringify(logs.map((l) => l.message)) }
  }).pipe(Effect.provide(Layer.merge(PageMetadata.browser, MemoryLogger.layer())))

/** Every field of the configuration the server-rendered page describes. */
const expected: PlatformConfigShape = {
  baseUrls: subdomainBaseUrls("site.test"),
  user: {
    id: 1234567,
    name: "construtora",
    displayName: "Construtora Ana",
    authenticated: true,
    isUnder13: false,
    isPremium: false,
    hasVerifiedBadge: false,
    created: "10/15/2024 02:50:33"
  },
  device: {
    deviceType: "Phone",
    appType: "Android",
    flags: {
      isInApp: true,
      isDesktop: false,
      isPhone: true,
      isTablet: false,
      isConsole: false,
      isAndroidApp: true,
      isIosApp: false,
      isUwpApp: false,
      isXboxApp: false,
      isAmazonApp: false,
      isWin32App: false,
      isStudio: false,
      isGameClientBrowser: false,
      isIosDevice: false,
      isAndroidDevice: true,
      isUniversalApp: false,
      isChromeOs: false,
      isPcgdkApp: false,
      isSamsungGalaxyStoreApp: false
    }
  },
  locale: {
    languageCode: "pt_br",
    languageName: "Português (Brasil)",
    urlLocale: "pt",
    overrideLanguageHeader: true,
    languages: []
  },
  tracing: {
    allowedHostSuffixes: ["friends.site.test", "chat.site.test", "thumbnails.site.test", "games.site.test"],
    samplingPercentage: 0
  },
  duplication: { allowedHostSuffixes: [], ratio: 0 },
  retryAttemptHeader: true,
  boundAuthToken: {
    enabled: true,
    allowedHostSuffixes: [".site.test"],
    sampleRatePerMillion: 1_000_000,
    eventSampleRatePerMillion: 500,
    databaseName: "hbaDB",
    storeName: "hbaObjectStore",
    keyName: "hba_keys",
    attestationEnabled: true,
    format: "5-field"
  },
  credentiallessHostSuffixes: [],
  headers: defaultPlatformConfig().headers,
  platformHosts: ["site.test"],
  requestTimeoutMs: 30_000
}

describe("a page as the platform's server renders it", () => {
  beforeEach(() => {
    render(realHead, realBody)
    localStorage.clear()
  })

  it.effect("configures every field from the real tags, with no Warning", () =>
    Effect.gen(function* () {
      const { logs, value } = yield* onPage(platformConfigFromPageMetadata)
      assert.deepStrictEqual(value, expected)
      assert.deepStrictEqual(logs, [])
    })
  )

  it.effect(
    "browserPlatformLayer() with no config: that configuration, and the CSRF token the page was served with",
    () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* PlatformConfig, expected)
        assert.strictEqual((yield* CsrfStore).current(), realCsrfToken)
      }).pipe(Effect.provide(browserPlatformLayer()))
  )

  it.effect("with a config given, the page's CSRF token is still the starting token", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* PlatformConfig).baseUrls.www, "https://www.other.test")
      assert.strictEqual((yield* CsrfStore).current(), realCsrfToken)
    }).pipe(Effect.provide(browserPlatformLayer({ config: { baseUrls: subdomainBaseUrls("other.test") } })))
  )

  it.effect("a token in storage (the last one a response set) wins over the page's", () =>
    Effect.gen(function* () {
      assert.strictEqual((yield* CsrfStore).current(), "stored-token")
    }).pipe(
      Effect.provide(
        Layer.suspend(() => {
          localStorage.setItem("x-csrf-token", "stored-token")
          return browserPlatformLayer()
        })
      )
    )
  )

  it.effect("tags a user wrote into <body> change nothing: each is ignored with a Warning naming only the tag", () =>
    Effect.gen(function* () {
      render(realHead, realBody + injectedBody)
      const { logs, raw, value } = yield* onPage(platformConfigFromPageMetadata)
      assert.deepStrictEqual(value, expected)
      assert.deepStrictEqual(logs, [
        ["Warn", metaOutsideHeadWarning("environment-meta")],
        ["Warn", metaOutsideHeadWarning("hardware-backed-authentication-data")],
        ["Warn", metaOutsideHeadWarning("platform-hosts")],
        ["Warn", metaOutsideHeadWarning("hba-meta")]
      ])
      assert.notInclude(raw, "evil")
    })
  )

  it.effect("the same tags only in <body>: none is read (each logged), and the page names no domain", () =>
    Effect.gen(function* () {
      render("", realHead + realBody)
      const { logs, value } = yield* onPage(platformConfigFromPageMetadata)
      assert.deepStrictEqual(value, defaultPlatformConfig())
      assert.deepStrictEqual(logs.at(-1), ["Warn", missingHostsWarning])
      assert.deepStrictEqual(
        logs
          .slice(0, -1)
          .map(([, text]) => text)
          .sort(),
        [
          "device-meta",
          "environment-meta",
          "hardware-backed-authentication-data",
          "locale-data",
          "page-retry-header-enabled",
          "roblox-tracer-meta-data",
          "user-data"
        ].map(metaOutsideHeadWarning)
      )
    })
  )

  it.effect("the signing whitelist decodes from its escaped JSON with string rates and line breaks", () =>
    Effect.gen(function* () {
      const { logs, value } = yield* onPage(boundAuthTokenListsFromPage)
      assert.deepStrictEqual(value, {
        whitelist: [
          { apiSite: "auth.site.test", sampleRate: 100 },
          { apiSite: "accountsettings.site.test", sampleRate: 100 },
          { apiSite: "jQuery", sampleRate: 1_000_000 }
        ],
        exemptlist: [],
        jQueryRolloutPerMillion: 1_000_000
      })
      assert.deepStrictEqual(logs, [])
    })
  )

  it.effect("the performance and thumbnail tags decode to their settings", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual((yield* onPage(performanceTagSettings)).value, { waitMs: 30_000, batchSize: 50 })
      assert.deepStrictEqual((yield* onPage(thumbnailPageSettings)).value, {
        webappCacheEnabled: false,
        webappCacheExpirationMs: 60_000,
        retryCooldownMinMs: 1000,
        retryCooldownMaxMs: 30_000,
        maxRetryAttempts: 4,
        batchSize: 100,
        metricsSampleSize: 20,
        concurrency: 4
      })
    })
  )
})
