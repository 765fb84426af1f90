import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import type { MetaData } from "../../../src/core/browser/PageMetadata.ts"
import { missingHostsWarning } from "../../../src/core/config/fromPageMetadata.ts"
import {
  type AppType,
  defaultPlatformConfig,
  type DeviceType,
  isNativeApp,
  subdomainBaseUrls
} from "../../../src/core/config/PlatformConfig.ts"
import { environmentFromPage } from "../../../src/core/config/siteTags.ts"
import { signingLocation } from "../../../src/core/signing/policy/SigningPolicy.ts"
import { MemoryPageMetadata } from "../../../src/testing/memory/MemoryPageMetadata.ts"
import { decodeTags } from "./decodeTags.ts"

const decode = (tags: Readonly<Record<string, MetaData>>) => decodeTags(tags)

const env = { "environment-meta": { domain: "site.test", isTestingSite: "false" } }
const noHosts = ["Warn", missingHostsWarning] as const
const warning = (tag: string, attribute: string, expected: string) =>
  [
    "Warn",
    `Page metadata <meta name="${tag}"> ${attribute} is malformed (expected ${expected}); using the default`
  ] as const

describe("environment-meta", () => {
  it.effect("data-domain gives every base URL, the platform hosts and the signed-host suffix, with no Warning", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode(env)
      assert.deepStrictEqual(config, defaultPlatformConfig("site.test"))
      assert.deepStrictEqual(config.baseUrls, subdomainBaseUrls("site.test"))
      assert.strictEqual(config.baseUrls.challenge, "https://apis.site.test/challenge")
      assert.strictEqual(config.baseUrls.gameInternationalization, "https://gameinternationalization.site.test")
      assert.deepStrictEqual(config.platformHosts, ["site.test"])
      assert.deepStrictEqual(config.boundAuthToken.allowedHostSuffixes, [".site.test"])
      assert.deepStrictEqual(logs, [])
    })
  )

  it.effect("a sitetest domain keeps its labels: sub-domains of it, not of its parent", () =>
    Effect.gen(function* () {
      const { config } = yield* decode({ "environment-meta": { domain: "SiteTest3.Labs.Test" } })
      assert.strictEqual(config.baseUrls.friends, "https://friends.sitetest3.labs.test")
      assert.deepStrictEqual(config.boundAuthToken.allowedHostSuffixes, [".sitetest3.labs.test"])
    })
  )

  it.effect("the tag without data-domain (older pages) names no domain: the missing-configuration Warning", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({ "environment-meta": { isTestingSite: "false" } })
      assert.deepStrictEqual(config, defaultPlatformConfig())
      assert.deepStrictEqual(logs, [noHosts])
    })
  )

  it.effect("a malformed data-domain: its Warning, then the missing-configuration one", () =>
    Effect.gen(function* () {
      const { logs, raw } = yield* decode({ "environment-meta": { domain: "evil.test/path" } })
      assert.deepStrictEqual(logs, [warning("environment-meta", "data-domain", "a host name"), noHosts])
      assert.notInclude(raw, "evil")
    })
  )

  it.effect("environmentFromPage gives the domain and data-is-testing-site", () =>
    Effect.gen(function* () {
      const read = (tags: Readonly<Record<string, MetaData>>) =>
        environmentFromPage.pipe(Effect.provide(MemoryPageMetadata.layer(tags)))
      assert.deepStrictEqual(yield* read(env), { domain: "site.test", isTestingSite: false })
      assert.deepStrictEqual(yield* read({ "environment-meta": { domain: "labs.test", isTestingSite: "True" } }), {
        domain: "labs.test",
        isTestingSite: true
      })
      assert.deepStrictEqual(yield* read({}), { domain: undefined, isTestingSite: false })
    })
  )
})

describe("user-data", () => {
  it.effect("the site's attributes: id, names, flags (either boolean style), membership, creation time", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({
        ...env,
        "user-data": {
          userid: "1234567",
          name: "builderman",
          displayname: "Builder Man",
          isunder13: "false",
          created: "10/15/2024 02:50:33",
          ispremiumuser: "True",
          hasverifiedbadge: "false",
          membership: "blackbird"
        }
      })
      assert.deepStrictEqual(config.user, {
        id: 1234567,
        authenticated: true,
        name: "builderman",
        displayName: "Builder Man",
        isUnder13: false,
        isPremium: true,
        hasVerifiedBadge: false,
        membership: "blackbird",
        created: "10/15/2024 02:50:33"
      })
      assert.deepStrictEqual(logs, [])
    })
  )

  it.effect("the library's data-display-name wins over the site's data-displayName", () =>
    Effect.gen(function* () {
      const { config } = yield* decode({
        ...env,
        "user-data": { userid: "7", displayName: "Own", displayname: "Site" }
      })
      assert.strictEqual(config.user.displayName, "Own")
    })
  )

  it.effect("no user-data tag: a guest; a tag without a valid id: a guest with a Warning", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual((yield* decode(env)).config.user, defaultPlatformConfig().user)
      const { config, logs } = yield* decode({ ...env, "user-data": { userid: "12a", name: "x" } })
      assert.deepStrictEqual(config.user, { id: undefined, name: "x", displayName: undefined, authenticated: false })
      assert.deepStrictEqual(logs, [warning("user-data", "data-userid", "a positive integer")])
    })
  )
})

describe("device-meta", () => {
  const deviceTypes: ReadonlyArray<[string, DeviceType]> = [
    ["computer", "Computer"],
    ["tablet", "Tablet"],
    ["phone", "Phone"],
    ["console", "Console"],
    ["COMPUTER", "Computer"],
    ["Phone", "Phone"],
    ["vr", "VR"]
  ]
  for (const [value, deviceType] of deviceTypes) {
    it.effect(`data-device-type="${value}" is ${deviceType}`, () =>
      Effect.gen(function* () {
        const { config, logs } = yield* decode({ ...env, "device-meta": { deviceType: value } })
        assert.strictEqual(config.device.deviceType, deviceType)
        assert.deepStrictEqual(logs, [])
      })
    )
  }

  /** Each app type, and whether it is a native app when the page renders no data-is-in-app. */
  const appTypes: ReadonlyArray<[string, AppType, boolean]> = [
    ["android", "Android", true],
    ["ios", "iOS", true],
    ["xbox", "Xbox", true],
    ["uwp", "UWP", true],
    ["amazon", "Amazon", true],
    ["win32", "Win32", true],
    ["universalapp", "UniversalApp", true],
    ["unknown", "Unknown", false],
    ["None", "None", false],
    ["IOS", "iOS", true],
    ["UniversalApp", "UniversalApp", true]
  ]
  for (const [value, appType, native] of appTypes) {
    it.effect(
      `data-app-type="${value}" is ${appType}; without data-is-in-app it is ${native ? "" : "not "}a native app`,
      () =>
        Effect.gen(function* () {
          const { config, logs } = yield* decode({ ...env, "device-meta": { appType: value } })
          assert.deepStrictEqual(config.device, { deviceType: "Computer", appType })
          assert.strictEqual(isNativeApp(config.device), native)
          assert.deepStrictEqual(logs, [])
        })
    )
  }

  it.effect("data-is-in-app decides the native app, whatever the app type says", () =>
    Effect.gen(function* () {
      const native = (tag: MetaData) =>
        Effect.map(decode({ ...env, "device-meta": tag }), ({ config }) => isNativeApp(config.device))
      assert.isTrue(yield* native({ appType: "unknown", isInApp: "true" }))
      assert.isFalse(yield* native({ appType: "android", isInApp: "false" }))
      assert.isTrue(yield* native({ appType: "win32", isInApp: "True" }))
    })
  )

  it.effect("every boolean the site renders is kept as a flag, in either boolean style; absent ones stay absent", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({
        ...env,
        "device-meta": {
          deviceType: "phone",
          appType: "android",
          isInApp: "true",
          isDesktop: "false",
          isPhone: "True",
          isTablet: "false",
          isConsole: "false",
          isAndroidApp: "true",
          isIosApp: "false",
          isUwpApp: "false",
          isXboxApp: "false",
          isAmazonApp: "false",
          isWin32App: "false",
          isStudio: "false",
          isGameClientBrowser: "false",
          isIosDevice: "false",
          isAndroidDevice: "true",
          isUniversalApp: "FALSE",
          isChromeOs: "false",
          isPcgdkApp: "false",
          isSamsungGalaxyStoreApp: "false"
        }
      })
      assert.deepStrictEqual(config.device, {
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
      })
      assert.deepStrictEqual(logs, [])
      const some = yield* decode({ ...env, "device-meta": { isDesktop: "true" } })
      assert.deepStrictEqual(some.config.device.flags, { isDesktop: true })
    })
  )

  it.effect("a data-is-… fact the site adds later is kept; other unknown attributes are ignored", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({
        ...env,
        "device-meta": { isVisionApp: "True", theme: "dark", island: "x" }
      })
      assert.deepStrictEqual(config.device, {
        deviceType: "Computer",
        appType: "None",
        flags: { isVisionApp: true } as never
      })
      assert.deepStrictEqual(logs, [])
    })
  )

  it.effect("a malformed flag is left out with a Warning naming the attribute", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({ ...env, "device-meta": { isInApp: "yes", isPhone: "true" } })
      assert.deepStrictEqual(config.device.flags, { isPhone: true })
      assert.deepStrictEqual(logs, [warning("device-meta", "data-is-in-app", "true or false")])
    })
  )
})

describe("hardware-backed-authentication-data", () => {
  const hba = {
    isSecureAuthenticationIntentEnabled: "true",
    isBoundAuthTokenEnabled: "true",
    boundAuthTokenWhitelist: '{"Whitelist":[]}',
    boundAuthTokenExemptlist: '{"Exemptlist":[]}',
    hbaIndexedDbName: "hbaDB",
    hbaIndexedDbObjStoreName: "hbaObjectStore",
    hbaIndexedDbKeyName: "hba_keys",
    hbaIndexedDbVersion: "2",
    batEventSampleRate: "500"
  }
  const signedIn = { userid: "1234567" }

  it.effect("signing on for every signed-in user, the key's location and version, the telemetry rate", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({
        ...env,
        "user-data": signedIn,
        "hardware-backed-authentication-data": hba
      })
      assert.deepStrictEqual(config.boundAuthToken, {
        enabled: true,
        allowedHostSuffixes: [".site.test"],
        sampleRatePerMillion: 1_000_000,
        eventSampleRatePerMillion: 500,
        databaseName: "hbaDB",
        storeName: "hbaObjectStore",
        keyName: "hba_keys",
        attestationEnabled: true,
        format: "5-field"
      })
      assert.deepStrictEqual(logs, [])
      assert.deepStrictEqual(
        signingLocation(config),
        Result.succeed({ databaseName: "hbaDB", storeName: "hbaObjectStore", keyName: "hba_keys" })
      )
    })
  )

  it.effect("signing needs the flag and all three names; the flag absent or false turns it off", () =>
    Effect.gen(function* () {
      const detail = (tag: MetaData) =>
        Effect.map(
          decode({ ...env, "user-data": signedIn, "hardware-backed-authentication-data": tag }),
          ({ config }) => {
            const location = signingLocation(config)
            return Result.isFailure(location) ? location.failure.detail : "signs"
          }
        )
      assert.strictEqual(yield* detail({ ...hba, hbaIndexedDbKeyName: "" }), "key database names are missing")
      assert.strictEqual(yield* detail({ ...hba, hbaIndexedDbObjStoreName: " " }), "key database names are missing")
      assert.strictEqual(
        yield* detail({ ...hba, isBoundAuthTokenEnabled: "False" }),
        "bound-auth-token signing is disabled"
      )
      const { isBoundAuthTokenEnabled: _, ...withoutFlag } = hba
      assert.strictEqual(yield* detail(withoutFlag), "bound-auth-token signing is disabled")
      assert.strictEqual(yield* detail({ ...hba, isBoundAuthTokenEnabled: "TRUE" }), "signs")
    })
  )

  it.effect("a guest is not signed for, tag or not", () =>
    Effect.gen(function* () {
      const { config } = yield* decode({ ...env, "hardware-backed-authentication-data": hba })
      const location = signingLocation(config)
      assert.isTrue(Result.isFailure(location) && location.failure.detail === "user is not authenticated")
    })
  )

  it.effect(
    "attestation follows data-is-secure-authentication-intent-enabled with the tag (absent: off), on without it",
    () =>
      Effect.gen(function* () {
        const attestation = (tags: Readonly<Record<string, MetaData>>) =>
          Effect.map(decode({ ...env, ...tags }), ({ config }) => config.boundAuthToken.attestationEnabled)
        assert.isTrue(yield* attestation({ "hardware-backed-authentication-data": hba }))
        assert.isFalse(
          yield* attestation({
            "hardware-backed-authentication-data": { ...hba, isSecureAuthenticationIntentEnabled: "False" }
          })
        )
        const { isSecureAuthenticationIntentEnabled: _, ...withoutIntent } = hba
        assert.isFalse(yield* attestation({ "hardware-backed-authentication-data": withoutIntent }))
        assert.isTrue(yield* attestation({}))
      })
  )

  it.effect("no tag: signing stays off with the defaults", () =>
    Effect.gen(function* () {
      const { config } = yield* decode({ ...env, "user-data": signedIn })
      assert.deepStrictEqual(config.boundAuthToken, defaultPlatformConfig("site.test").boundAuthToken)
    })
  )

  it.effect(
    "a malformed rate: the default and a Warning; the database version is not read (the key database opens at version 1)",
    () =>
      Effect.gen(function* () {
        const { config, logs } = yield* decode({
          ...env,
          "hardware-backed-authentication-data": { ...hba, hbaIndexedDbVersion: "v1", batEventSampleRate: "0.05%" }
        })
        assert.strictEqual(config.boundAuthToken.eventSampleRatePerMillion, 0)
        assert.isTrue(config.boundAuthToken.enabled)
        assert.deepStrictEqual(logs, [
          warning("hardware-backed-authentication-data", "data-bat-event-sample-rate", "an integer from 0 to 1000000")
        ])
      })
  )

  it.effect("a malformed whitelist changes nothing in the configuration and logs nothing here", () =>
    Effect.gen(function* () {
      const good = yield* decode({ ...env, "hardware-backed-authentication-data": hba })
      const bad = yield* decode({
        ...env,
        "hardware-backed-authentication-data": { ...hba, boundAuthTokenWhitelist: "{oops" }
      })
      assert.deepStrictEqual(bad.config, good.config)
      assert.deepStrictEqual(bad.logs, [])
    })
  )
})

describe("locale-data", () => {
  for (const languageCode of ["en_us", "pt_br", "ar_001"]) {
    it.effect(`data-language-code="${languageCode}" is kept as written`, () =>
      Effect.gen(function* () {
        const { config, logs } = yield* decode({ ...env, "locale-data": { languageCode, languageName: "Name" } })
        assert.strictEqual(config.locale.languageCode, languageCode)
        assert.strictEqual(config.locale.languageName, "Name")
        assert.deepStrictEqual(logs, [])
      })
    )
  }

  it.effect("an empty data-url-locale means none, silently; a set one with the override flag (Razor style)", () =>
    Effect.gen(function* () {
      const none = yield* decode({
        ...env,
        "locale-data": { languageCode: "en_us", urlLocale: "", overrideLanguageHeader: "false" }
      })
      assert.deepStrictEqual(none.config.locale, {
        languageCode: "en_us",
        languageName: undefined,
        urlLocale: undefined,
        overrideLanguageHeader: false,
        languages: []
      })
      assert.deepStrictEqual(none.logs, [])
      const pt = yield* decode({
        ...env,
        "locale-data": { languageCode: "pt_br", urlLocale: "pt", overrideLanguageHeader: "True" }
      })
      assert.strictEqual(pt.config.locale.urlLocale, "pt")
      assert.isTrue(pt.config.locale.overrideLanguageHeader)
    })
  )
})

describe("page-retry-header-enabled, tracer and duplication tags", () => {
  it.effect("data-retry-attempt-header-enabled: Razor True or lower-case true turns the retry header on", () =>
    Effect.gen(function* () {
      for (const [value, on] of [
        ["True", true],
        ["true", true],
        ["False", false],
        ["false", false]
      ] as const) {
        const { config } = yield* decode({ ...env, "page-retry-header-enabled": { retryAttemptHeaderEnabled: value } })
        assert.strictEqual(config.retryAttemptHeader, on)
      }
    })
  )

  it.effect(
    "tracer: the allow-list at the percentage when enabled; never when disabled; the access token never read",
    () =>
      Effect.gen(function* () {
        const tracer = {
          accessToken: "tok-secret",
          serviceName: "Web",
          apiSitesRequestAllowList: "friends.site.test,games.site.test",
          sampleRate: "5"
        }
        const on = yield* decode({ ...env, "roblox-tracer-meta-data": { ...tracer, tracerEnabled: "true" } })
        assert.deepStrictEqual(on.config.tracing, {
          allowedHostSuffixes: ["friends.site.test", "games.site.test"],
          samplingPercentage: 5
        })
        const off = yield* decode({ ...env, "roblox-tracer-meta-data": { ...tracer, tracerEnabled: "false" } })
        assert.deepStrictEqual(off.config.tracing, {
          allowedHostSuffixes: ["friends.site.test", "games.site.test"],
          samplingPercentage: 0
        })
        const bad = yield* decode({
          ...env,
          "roblox-tracer-meta-data": { ...tracer, tracerEnabled: "true", sampleRate: "five" }
        })
        assert.deepStrictEqual(bad.logs, [
          warning("roblox-tracer-meta-data", "data-sample-rate", "a number from 0 to 100")
        ])
        assert.strictEqual(bad.config.tracing.samplingPercentage, 0)
        assert.notInclude(bad.raw, "tok-secret")
      })
  )

  it.effect("duplication: the allow-list at the ratio when enabled (above 1 counts as 1); never when disabled", () =>
    Effect.gen(function* () {
      const ratio = (tag: MetaData) =>
        Effect.map(decode({ ...env, "request-duplication-meta-data": tag }), ({ config }) => config.duplication)
      const list = { apiSitesAllowList: "games.site.test" }
      assert.deepStrictEqual(yield* ratio({ ...list, duplicationEnabled: "true", duplicationRatio: "0.25" }), {
        allowedHostSuffixes: ["games.site.test"],
        ratio: 0.25
      })
      assert.strictEqual((yield* ratio({ ...list, duplicationEnabled: "true", duplicationRatio: "2.5" })).ratio, 1)
      assert.strictEqual((yield* ratio({ ...list, duplicationEnabled: "false", duplicationRatio: "0.5" })).ratio, 0)
      assert.strictEqual((yield* ratio({ ...list, duplicationRatio: "0.5" })).ratio, 0)
    })
  )
})

describe("the library's own tags override the real ones, field by field", () => {
  it.effect(
    "platform-hosts over environment-meta; hba-meta over the site's hba tag; site-flags over the tracer and retry tags",
    () =>
      Effect.gen(function* () {
        const { config, logs } = yield* decode({
          ...env,
          "platform-hosts": { domain: "own.test", catalog: "http://127.0.0.1:9/catalog" },
          "user-data": { userid: "7" },
          "hardware-backed-authentication-data": {
            isBoundAuthTokenEnabled: "true",
            hbaIndexedDbName: "hbaDB",
            hbaIndexedDbObjStoreName: "hbaObjectStore",
            hbaIndexedDbKeyName: "hba_keys"
          },
          "hba-meta": { enabled: "false", keyName: "own_keys", sampleRatePerMillion: "10" },
          "roblox-tracer-meta-data": {
            tracerEnabled: "true",
            apiSitesRequestAllowList: "friends.site.test",
            sampleRate: "5"
          },
          "page-retry-header-enabled": { retryAttemptHeaderEnabled: "True" },
          "site-flags": { tracingSamplingPercentage: "50", retryAttemptHeader: "false" }
        })
        assert.strictEqual(config.baseUrls.friends, "https://friends.own.test")
        assert.strictEqual(config.baseUrls.catalog, "http://127.0.0.1:9/catalog")
        assert.deepStrictEqual(config.platformHosts, ["own.test", "http://127.0.0.1:9"])
        assert.deepStrictEqual(config.boundAuthToken, {
          enabled: false,
          allowedHostSuffixes: [".own.test"],
          sampleRatePerMillion: 10,
          eventSampleRatePerMillion: 0,
          databaseName: "hbaDB",
          storeName: "hbaObjectStore",
          keyName: "own_keys",
          attestationEnabled: false,
          format: "5-field"
        })
        assert.deepStrictEqual(config.tracing, { allowedHostSuffixes: ["friends.site.test"], samplingPercentage: 50 })
        assert.isFalse(config.retryAttemptHeader)
        assert.deepStrictEqual(logs, [])
      })
  )

  it.effect("a malformed override keeps the real tag's value (the override is left out, with its Warning)", () =>
    Effect.gen(function* () {
      const { config, logs } = yield* decode({
        ...env,
        "platform-hosts": { domain: "not a host" },
        "page-retry-header-enabled": { retryAttemptHeaderEnabled: "True" },
        "site-flags": { retryAttemptHeader: "maybe" }
      })
      assert.strictEqual(config.baseUrls.www, "https://www.site.test")
      assert.isTrue(config.retryAttemptHeader)
      assert.deepStrictEqual(logs, [
        warning("platform-hosts", "data-domain", "a host name"),
        warning("site-flags", "data-retry-attempt-header", "true or false")
      ])
    })
  )
})

describe("malformed real-tag values keep their defaults, with one Warning naming tag and attribute, never the value", () => {
  const cases: ReadonlyArray<[tag: string, key: string, value: string, attribute: string, expected: string]> = [
    ["environment-meta", "isTestingSite", "nope-secret", "data-is-testing-site", "true or false"],
    ["user-data", "isunder13", "nope-secret", "data-isunder13", "true or false"],
    ["user-data", "ispremiumuser", "1-secret", "data-ispremiumuser", "true or false"],
    ["device-meta", "deviceType", "fridge-secret", "data-device-type", "Computer, Phone, Tablet, Console, VR"],
    ["device-meta", "isSamsungGalaxyStoreApp", "y-secret", "data-is-samsung-galaxy-store-app", "true or false"],
    ["locale-data", "languageCode", "en us secret", "data-language-code", "a language tag"],
    [
      "hardware-backed-authentication-data",
      "isBoundAuthTokenEnabled",
      "on-secret",
      "data-is-bound-auth-token-enabled",
      "true or false"
    ],
    [
      "hardware-backed-authentication-data",
      "batEventSampleRate",
      "2000000",
      "data-bat-event-sample-rate",
      "an integer from 0 to 1000000"
    ],
    [
      "page-retry-header-enabled",
      "retryAttemptHeaderEnabled",
      "yes-secret",
      "data-retry-attempt-header-enabled",
      "true or false"
    ],
    [
      "roblox-tracer-meta-data",
      "apiSitesRequestAllowList",
      "a.test, b secret",
      "data-api-sites-request-allow-list",
      "comma-separated host names and http(s) origins"
    ],
    ["roblox-tracer-meta-data", "sampleRate", "101", "data-sample-rate", "a number from 0 to 100"],
    ["request-duplication-meta-data", "duplicationRatio", "-1", "data-duplication-ratio", "a number from 0 to 1000"],
    [
      "request-duplication-meta-data",
      "apiSitesAllowList",
      "*.secret.test",
      "data-api-sites-allow-list",
      "comma-separated host names and http(s) origins"
    ]
  ]
  for (const [tag, key, value, attribute, expected] of cases) {
    it.effect(`${tag} ${attribute}="${value}"`, () =>
      Effect.gen(function* () {
        const kept = tag === "environment-meta" ? env["environment-meta"] : {}
        const { config, logs, raw } = yield* decode({ ...env, [tag]: { ...kept, [key]: value } })
        const base = yield* decode({ ...env, [tag]: kept })
        assert.deepStrictEqual(config, base.config)
        assert.deepStrictEqual(logs, [warning(tag, attribute, expected)])
        assert.notInclude(raw, value)
      })
    )
  }
})
