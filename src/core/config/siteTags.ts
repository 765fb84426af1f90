/**
 * The configuration the real platform's server renders into a page's `<head>`, read as its own scripts read it
 * (through `dataset`: attribute names in any case; booleans `true`/`false` and Razor's `True`/`False` alike; a
 * missing tag turns its feature off). See fromPageMetadata.ts for the table of tags, attributes and fields, and for
 * how the library's own override tags go over these.
 *
 * `user-data`, `device-meta` and `locale-data` are read here with the library's own attributes too
 * (`data-display-name`, `data-languages`, the capitalised device values): one tag, one reader.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { PageMetadata } from "../browser/PageMetadata.ts"
import {
  bool,
  compact,
  domain,
  hostList,
  languages,
  locale,
  numberIn,
  oneOf,
  positiveInt,
  readTag,
  text
} from "./metaAttributes.ts"
import {
  type AppType,
  type ConfigPart,
  type DeviceFlags,
  type DeviceType,
  type PlatformConfigInput
} from "./PlatformConfig.ts"

/** The real site's tags the configuration is read from. */
export const siteMetaTags = {
  environment: "environment-meta",
  user: "user-data",
  boundAuthToken: "hardware-backed-authentication-data",
  locale: "locale-data",
  device: "device-meta",
  retryHeader: "page-retry-header-enabled",
  tracer: "roblox-tracer-meta-data",
  duplication: "request-duplication-meta-data"
} as const

const deviceTypes: ReadonlyArray<DeviceType> = ["Computer", "Phone", "Tablet", "Console", "VR"]
const appTypes: ReadonlyArray<AppType> = [
  "None",
  "iOS",
  "Android",
  "Amazon",
  "UWP",
  "Xbox",
  "Win32",
  "UniversalApp",
  "Unknown"
]

/** The site's environment: its domain (every service is `https://{service}.{domain}`) and whether it is a test site. */
export interface SiteEnvironment {
  readonly domain: string | undefined
  readonly isTestingSite: boolean
}

/** The page's `environment-meta` tag: `data-domain`, `data-is-testing-site` (absent: undefined, false). */
export const environmentFromPage: Effect.Effect<SiteEnvironment, never, PageMetadata> = Effect.map(
  readTag(siteMetaTags.environment, { domain, isTestingSite: bool }),
  ({ values }) => ({ domain: values.domain, isTestingSite: values.isTestingSite ?? false })
)

const userFromPage = Effect.map(
  readTag(siteMetaTags.user, {
    userid: positiveInt,
    name: text,
    displayName: text, // data-display-name, this library's spelling
    displayname: text, // data-displayName, the site's (dataset lower-cases it)
    isunder13: bool,
    ispremiumuser: bool,
    hasverifiedbadge: bool,
    membership: text,
    created: text
  }),
  ({ values: v }): ConfigPart<"user"> =>
    compact({
      id: v.userid,
      authenticated: v.userid !== undefined,
      name: v.name,
      displayName: v.displayName ?? v.displayname,
      isUnder13: v.isunder13,
      isPremium: v.ispremiumuser,
      hasVerifiedBadge: v.hasverifiedbadge,
      membership: v.membership,
      created: v.created
    })
)

/** The device facts: every `data-is-…` attribute (those of `deviceFlagNames`, and any the site adds), a boolean. */
const deviceFromPage = Effect.map(
  readTag(
    siteMetaTags.device,
    { deviceType: oneOf(deviceTypes), appType: oneOf(appTypes) },
    {
      others: (key) => (/^is[A-Z]/.test(key) ? bool : undefined)
    }
  ),
  ({ others: flags, values }): ConfigPart<"device"> =>
    compact({ ...values, flags: Object.keys(flags).length > 0 ? (flags as DeviceFlags) : undefined })
)

const localeFromPage = Effect.map(
  readTag(siteMetaTags.locale, {
    languageCode: locale,
    languageName: text,
    urlLocale: locale,
    overrideLanguageHeader: bool,
    languages
  }),
  ({ values }) => values
)

/**
 * Signing from the `hardware-backed-authentication-data` tag. With the tag: every user is in the sample (the
 * site's main HTTP layers sign for all; the whitelist's `jQuery` rollout is read by boundAuthTokenLists.ts), and
 * device attestation follows `data-is-secure-authentication-intent-enabled` (absent: off, as on the site).
 */
const boundAuthTokenFromPage = Effect.map(
  readTag(siteMetaTags.boundAuthToken, {
    isBoundAuthTokenEnabled: bool,
    isSecureAuthenticationIntentEnabled: bool,
    hbaIndexedDbName: text,
    hbaIndexedDbObjStoreName: text,
    hbaIndexedDbKeyName: text,
    batEventSampleRate: numberIn(0, 1_000_000)
  }),
  ({ present, values: v }): ConfigPart<"boundAuthToken"> =>
    present
      ? compact({
          enabled: v.isBoundAuthTokenEnabled ?? false,
          attestationEnabled: v.isSecureAuthenticationIntentEnabled ?? false,
          sampleRatePerMillion: 1_000_000,
          eventSampleRatePerMillion: v.batEventSampleRate,
          databaseName: v.hbaIndexedDbName,
          storeName: v.hbaIndexedDbObjStoreName,
          keyName: v.hbaIndexedDbKeyName
        })
      : {}
)

/** Tracing from the tracer tag: its allow-list, at its sample percentage when `data-tracer-enabled`, else never. */
const tracingFromPage = Effect.map(
  readTag(siteMetaTags.tracer, {
    tracerEnabled: bool,
    apiSitesRequestAllowList: hostList,
    sampleRate: numberIn(0, 100, false)
  }),
  ({ present, values: v }): ConfigPart<"tracing"> =>
    present
      ? compact({
          allowedHostSuffixes: v.apiSitesRequestAllowList,
          samplingPercentage: v.tracerEnabled === true ? (v.sampleRate ?? 0) : 0
        })
      : {}
)

/**
 * Duplication from its tag: its allow-list at its ratio when `data-duplication-enabled`, else never. The site sends
 * `floor(ratio)` duplicates plus one more at the fraction's probability; the pipeline sends at most one, so a ratio
 * above 1 counts as 1.
 */
const duplicationFromPage = Effect.map(
  readTag(siteMetaTags.duplication, {
    duplicationEnabled: bool,
    apiSitesAllowList: hostList,
    duplicationRatio: numberIn(0, 1000, false)
  }),
  ({ present, values: v }): ConfigPart<"duplication"> =>
    present
      ? compact({
          allowedHostSuffixes: v.apiSitesAllowList,
          ratio: v.duplicationEnabled === true ? Math.min(v.duplicationRatio ?? 0, 1) : 0
        })
      : {}
)

const retryHeaderFromPage = Effect.map(
  readTag(siteMetaTags.retryHeader, { retryAttemptHeaderEnabled: bool }),
  ({ values }) => values.retryAttemptHeaderEnabled
)

/** The configuration of the real site's tags, and the site's domain when the page names one. */
export const siteTagsConfig: Effect.Effect<
  { readonly domain: string | undefined; readonly input: PlatformConfigInput },
  never,
  PageMetadata
> = Effect.gen(function* () {
  const { domain: siteDomain } = yield* environmentFromPage
  const input: PlatformConfigInput = compact({
    user: yield* userFromPage,
    device: yield* deviceFromPage,
    locale: yield* localeFromPage,
    boundAuthToken: yield* boundAuthTokenFromPage,
    tracing: yield* tracingFromPage,
    duplication: yield* duplicationFromPage,
    retryAttemptHeader: yield* retryHeaderFromPage
  })
  return { domain: siteDomain, input }
})
