import {
  configMetaTags,
  missingHostsWarning,
  platformConfigFromPageMetadataLayer
} from "../../../src/core/config/fromPageMetadata.ts"
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import type { MetaData } from "../../../src/core/browser/PageMetadata.ts"
import {
  defaultPlatformConfig,
  makePlatformConfig,
  PlatformConfig,
  type PlatformConfigShape,
  subdomainBaseUrls
} from "../../../src/core/config/PlatformConfig.ts"
import { MemoryPageMetadata } from "../../../src/testing/memory/MemoryPageMetadata.ts"
import { decodeTags } from "./decodeTags.ts"

/** Decode `tags`: the configuration, the log lines, and what was logged but the missing-hosts warning. */
const decode = (tags: Readonly<Record<string, MetaData>>) => decodeTags(tags, missingHostsWarning)

/** The Warning of a page without `<meta name="platform-hosts">`. */
const noHosts = ["Warn" as const, missingHostsWarning] as const

const warning = (tag: string, attribute: string, expected: string) =>
  [
    "Warn" as const,
    `Page metadata <meta name="${tag}"> ${attribute} is malformed (expected ${expected}); using the default`
  ] as const

describe("platformConfigFromPageMetadata", () => {
  it.effect("no metadata at all gives exactly defaultPlatformConfig(), with one Warning naming the meta tags", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({})
      assert.deepStrictEqual(config, defaultPlatformConfig())
      assert.deepStrictEqual(logs, [noHosts])
      assert.strictEqual(
        noHosts[1],
        'No platform configuration: no <meta name="environment-meta" data-domain> nor <meta name="platform-hosts"> ' +
          "and no config given, so every service is called at https://{service}.example.com (see the README, " +
          '"Configure the page", or pass browserPlatformLayer({ config: { baseUrls } }))'
      )
    })
  )

  it.effect("a page with the platform-hosts tag (even with only a domain) gets no such Warning", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({ "platform-hosts": { domain: "site.test" } })
      assert.deepStrictEqual(logs, [])
      assert.strictEqual(config.baseUrls.friends, "https://friends.site.test")
    })
  )

  it.effect("decodes full metadata exactly", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({
        "platform-hosts": {
          domain: "Site.Test",
          catalog: "http://127.0.0.1:9/catalog/",
          apiGateway: "https://gw.site.test/api",
          www: "https://www.site.test",
          credentiallessHosts: ".cdn.site.test, objects.net"
        },
        "user-data": { userid: "42", name: "ann", displayName: "Ann B" },
        "device-meta": { deviceType: "Phone", appType: "iOS" },
        "locale-data": { urlLocale: "pt-br", overrideLanguageHeader: "true", languages: "pt-BR, en ,de" },
        "site-flags": {
          tracingAllowedHosts: ".site.test",
          tracingSamplingPercentage: "12.5",
          duplicationAllowedHosts: "apis.site.test,games.site.test",
          duplicationRatio: "0.25",
          retryAttemptHeader: "true"
        },
        "hba-meta": {
          enabled: "true",
          allowedHosts: ".site.test,.site-cdn.test",
          sampleRatePerMillion: "1000000",
          eventSampleRatePerMillion: "500",
          databaseName: "hbaDB",
          storeName: "hbaObjectStore",
          keyName: "hba_keys",
          tokenFormat: "5-Field"
        },
        "header-names": {
          csrf: "X-CSRF-TOKEN",
          token: "x-site-token",
          proxy: "x-site-proxy",
          challengeMeta: "x-challenge-meta",
          retryAttempt: "x-retry",
          boundAuthToken: "x-bat"
        }
      })
      const expected: PlatformConfigShape = {
        baseUrls: {
          ...subdomainBaseUrls("site.test"),
          catalog: "http://127.0.0.1:9/catalog",
          apiGateway: "https://gw.site.test/api",
          www: "https://www.site.test"
        },
        user: { id: 42, name: "ann", displayName: "Ann B", authenticated: true },
        device: { deviceType: "Phone", appType: "iOS" },
        locale: {
          languageCode: undefined,
          languageName: undefined,
          urlLocale: "pt-br",
          overrideLanguageHeader: true,
          languages: ["pt-BR", "en", "de"]
        },
        tracing: { allowedHostSuffixes: [".site.test"], samplingPercentage: 12.5 },
        duplication: { allowedHostSuffixes: ["apis.site.test", "games.site.test"], ratio: 0.25 },
        retryAttemptHeader: true,
        boundAuthToken: {
          enabled: true,
          allowedHostSuffixes: [".site.test", ".site-cdn.test"],
          sampleRatePerMillion: 1_000_000,
          eventSampleRatePerMillion: 500,
          databaseName: "hbaDB",
          storeName: "hbaObjectStore",
          keyName: "hba_keys",
          attestationEnabled: true,
          format: "5-field"
        },
        credentiallessHostSuffixes: [".cdn.site.test", "objects.net"],
        headers: {
          csrf: "x-csrf-token",
          token: "x-site-token",
          proxy: "x-site-proxy",
          challengeMeta: "x-challenge-meta",
          retryAttempt: "x-retry",
          boundAuthToken: "x-bat"
        },
        // derived from the base URLs: the site's domain, and the origin of the plain-http catalog
        platformHosts: ["site.test", "http://127.0.0.1:9"],
        requestTimeoutMs: 30_000
      }
      assert.deepStrictEqual(config, expected)
      assert.deepStrictEqual(logs, [])
    })
  )

  it.effect("data-domain alone derives every sub-domain URL and the signed host suffix", () =>
    Effect.gen(function* () {
      const { config } = yield* decode({ "platform-hosts": { domain: "site.test" } })
      assert.deepStrictEqual(config, defaultPlatformConfig("site.test"))
      assert.strictEqual(config.baseUrls.catalog, "https://catalog.site.test")
      assert.deepStrictEqual(config.boundAuthToken.allowedHostSuffixes, [".site.test"])
    })
  )

  it.effect("names the tags it reads: the real site's, then the library's own", () =>
    Effect.sync(() =>
      assert.deepStrictEqual(
        [...Object.values(configMetaTags.site), ...Object.values(configMetaTags.own)],
        [
          "environment-meta",
          "user-data",
          "hardware-backed-authentication-data",
          "locale-data",
          "device-meta",
          "page-retry-header-enabled",
          "roblox-tracer-meta-data",
          "request-duplication-meta-data",
          "platform-hosts",
          "site-flags",
          "hba-meta",
          "header-names"
        ]
      )
    )
  )

  it.effect("accepts literals and booleans in any case and ignores blank attributes silently", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({
        "device-meta": { deviceType: "vr", appType: "XBOX" },
        "locale-data": { overrideLanguageHeader: "FALSE", urlLocale: "  " },
        "user-data": { userid: "", name: "" }
      })
      assert.deepStrictEqual(config, makePlatformConfig({ device: { deviceType: "VR", appType: "Xbox" } }))
      // only the page's missing platform-hosts tag is worth a Warning
      assert.deepStrictEqual(logs, [noHosts])
    })
  )

  it.effect("a malformed attribute falls back field by field: the rest of the tag still applies", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({
        "user-data": { userid: "abc", name: "ann", displayName: "Ann" },
        "site-flags": { tracingAllowedHosts: ".site.test", tracingSamplingPercentage: "150" },
        "platform-hosts": { catalog: "ftp://files.site.test", games: "https://games.site.test/" }
      })
      assert.deepStrictEqual(config.user, { id: undefined, name: "ann", displayName: "Ann", authenticated: false })
      assert.deepStrictEqual(config.tracing, { allowedHostSuffixes: [".site.test"], samplingPercentage: 0 })
      assert.strictEqual(config.baseUrls.catalog, "https://catalog.example.com")
      assert.strictEqual(config.baseUrls.games, "https://games.site.test")
      assert.deepStrictEqual(logs, [
        warning("user-data", "data-userid", "a positive integer"),
        warning("platform-hosts", "data-catalog", "an http or https URL without query or fragment"),
        warning("site-flags", "data-tracing-sampling-percentage", "a number from 0 to 100")
      ])
    })
  )

  const malformed: ReadonlyArray<[tag: string, key: string, value: string, attribute: string, expected: string]> = [
    ["user-data", "userid", "abc", "data-userid", "a positive integer"],
    ["user-data", "userid", "0", "data-userid", "a positive integer"],
    ["user-data", "userid", "-5", "data-userid", "a positive integer"],
    ["user-data", "userid", "1.5", "data-userid", "a positive integer"],
    ["user-data", "userid", "1e3", "data-userid", "a positive integer"],
    ["user-data", "userid", "9007199254740993", "data-userid", "a positive integer"],
    ["site-flags", "tracingSamplingPercentage", "150", "data-tracing-sampling-percentage", "a number from 0 to 100"],
    ["site-flags", "tracingSamplingPercentage", "-1", "data-tracing-sampling-percentage", "a number from 0 to 100"],
    ["site-flags", "tracingSamplingPercentage", "50%", "data-tracing-sampling-percentage", "a number from 0 to 100"],
    ["site-flags", "duplicationRatio", "1.5", "data-duplication-ratio", "a number from 0 to 1"],
    ["site-flags", "duplicationRatio", "NaN", "data-duplication-ratio", "a number from 0 to 1"],
    ["site-flags", "retryAttemptHeader", "yes", "data-retry-attempt-header", "true or false"],
    [
      "site-flags",
      "tracingAllowedHosts",
      "a.com, bad host",
      "data-tracing-allowed-hosts",
      "comma-separated host names and http(s) origins"
    ],
    [
      "site-flags",
      "duplicationAllowedHosts",
      "*.a.com",
      "data-duplication-allowed-hosts",
      "comma-separated host names and http(s) origins"
    ],
    [
      "platform-hosts",
      "catalog",
      "ftp://files.site.test",
      "data-catalog",
      "an http or https URL without query or fragment"
    ],
    [
      "platform-hosts",
      "apiGateway",
      "javascript:alert(1)",
      "data-api-gateway",
      "an http or https URL without query or fragment"
    ],
    [
      "platform-hosts",
      "www",
      "https://user:pw@www.site.test",
      "data-www",
      "an http or https URL without query or fragment"
    ],
    [
      "platform-hosts",
      "games",
      "https://games.site.test/?a=1",
      "data-games",
      "an http or https URL without query or fragment"
    ],
    [
      "platform-hosts",
      "games",
      "https://games.site.test/#x",
      "data-games",
      "an http or https URL without query or fragment"
    ],
    [
      "platform-hosts",
      "shareLinks",
      "//share.site.test",
      "data-share-links",
      "an http or https URL without query or fragment"
    ],
    ["platform-hosts", "domain", "exa mple.com", "data-domain", "a host name"],
    ["platform-hosts", "domain", ".site.test", "data-domain", "a host name"],
    [
      "platform-hosts",
      "credentiallessHosts",
      "cdn/x",
      "data-credentialless-hosts",
      "comma-separated host names and http(s) origins"
    ],
    ["device-meta", "deviceType", "Fridge", "data-device-type", "Computer, Phone, Tablet, Console, VR"],
    [
      "device-meta",
      "appType",
      "Windows",
      "data-app-type",
      "None, iOS, Android, Amazon, UWP, Xbox, Win32, UniversalApp, Unknown"
    ],
    ["locale-data", "urlLocale", "english!", "data-url-locale", "a language tag"],
    ["locale-data", "overrideLanguageHeader", "1", "data-override-language-header", "true or false"],
    ["locale-data", "languages", "en,??", "data-languages", "comma-separated language tags"],
    ["hba-meta", "enabled", "on", "data-enabled", "true or false"],
    ["hba-meta", "sampleRatePerMillion", "1000001", "data-sample-rate-per-million", "an integer from 0 to 1000000"],
    [
      "hba-meta",
      "eventSampleRatePerMillion",
      "0.5",
      "data-event-sample-rate-per-million",
      "an integer from 0 to 1000000"
    ],
    [
      "hba-meta",
      "allowedHosts",
      "site.test;evil",
      "data-allowed-hosts",
      "comma-separated host names and http(s) origins"
    ],
    ["header-names", "csrf", "x csrf", "data-csrf", "an HTTP header name"],
    ["header-names", "boundAuthToken", "x-bat:", "data-bound-auth-token", "an HTTP header name"]
  ]
  for (const [tag, key, value, attribute, expected] of malformed) {
    it.effect(`${tag} ${attribute}="${value}" keeps the default and warns without the value`, () =>
      Effect.gen(function* () {
        const { config, logs, raw } = yield* decode({ [tag]: { [key]: value } })
        assert.deepStrictEqual(config, defaultPlatformConfig())
        assert.deepStrictEqual(
          logs,
          tag === "platform-hosts" ? [warning(tag, attribute, expected)] : [warning(tag, attribute, expected), noHosts]
        )
        assert.isFalse(raw.includes(JSON.stringify(value).slice(1, -1)))
      })
    )
  }

  it.effect("a base URL keeps its path prefix and loses trailing slashes", () =>
    Effect.gen(function* () {
      const { config } = yield* decode({ "platform-hosts": { catalog: "HTTP://Local.Test:8080/api/catalog//" } })
      assert.strictEqual(config.baseUrls.catalog, "http://local.test:8080/api/catalog")
    })
  )
})

describe("platformConfigFromPageMetadataLayer", () => {
  it.effect("provides the decoded configuration", () =>
    Effect.gen(function* () {
      const config = yield* PlatformConfig
      assert.deepStrictEqual(config.user, { id: 7, name: undefined, displayName: undefined, authenticated: true })
      assert.strictEqual(config.baseUrls.games, "https://games.site.test")
    }).pipe(
      Effect.provide(platformConfigFromPageMetadataLayer),
      Effect.provide(
        MemoryPageMetadata.layer({ "user-data": { userid: "7" }, "platform-hosts": { domain: "site.test" } })
      )
    )
  )
})
