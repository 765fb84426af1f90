/**
 * PlatformConfig from the page's `<meta>` tags: first the tags the real platform's server renders (./siteTags.ts),
 * then the library's own override tags (./ownTags.ts) over them, field by field.
 *
 * Every value is a string read through `dataset`, so attribute names are case-insensitive (`data-displayName` and
 * `data-displayname` are one attribute). Booleans are `true`/`false` in any case (the site writes both `true` and
 * Razor's `True`). Tags are read from `<head>` only (PageMetadata): a copy in `<body>`, where user content lives,
 * is ignored with a Warning.
 *
 * **The real site's tags.**
 *
 * | `<meta name=…>` | attribute | value | field |
 * |---|---|---|---|
 * | `environment-meta` | `data-domain` | host name, e.g. `example.com` | every base URL is `https://{service}.{domain}` (the `apis` gateway for some, see `subdomainBaseUrls`); `platformHosts` = the domain; signed hosts = `.{domain}` (its sub-domains) |
 * | | `data-is-testing-site` | boolean | nothing in the configuration (`environmentFromPage` gives it) |
 * | `user-data` (its presence with a valid id = signed in) | `data-userid` | positive integer | `user.id`; `user.authenticated` exactly when it is valid |
 * | | `data-name`, `data-displayName` | text | `user.name`, `user.displayName` |
 * | | `data-isunder13`, `data-ispremiumuser`, `data-hasverifiedbadge` | boolean | `user.isUnder13`, `user.isPremium`, `user.hasVerifiedBadge` |
 * | | `data-membership`, `data-created` | text | `user.membership`, `user.created` |
 * | `hardware-backed-authentication-data` (present: every user in the signing sample) | `data-is-bound-auth-token-enabled` | boolean (absent: false) | `boundAuthToken.enabled` (signing also needs the three names below) |
 * | | `data-is-secure-authentication-intent-enabled` | boolean (absent: false) | `boundAuthToken.attestationEnabled` |
 * | | `data-hba-indexed-db-name`, `-obj-store-name`, `-key-name` | text | `boundAuthToken.databaseName`, `storeName`, `keyName` |
 * | | `data-hba-indexed-db-version` | — | not read: the key database is opened at version 1 (SIGN rules, docs/rules.md) |
 * | | `data-bat-event-sample-rate` | integer 0–1000000 (per million) | `boundAuthToken.eventSampleRatePerMillion` |
 * | | `data-bound-auth-token-whitelist`, `-exemptlist` | JSON | nothing (the site does not choose signed hosts by them; `boundAuthTokenListsFromPage` decodes them) |
 * | `locale-data` | `data-language-code` (`en_us`), `data-language-name` | language tag, text | `locale.languageCode`, `locale.languageName` |
 * | | `data-url-locale` (empty: none), `data-override-language-header` | language tag, boolean | `locale.urlLocale`, `locale.overrideLanguageHeader` |
 * | `device-meta` | `data-device-type` | `computer` `tablet` `phone` `console` (any case; also `VR`) | `device.deviceType` (`Computer`, …) |
 * | | `data-app-type` | `android` `ios` `xbox` `uwp` `amazon` `win32` `universalapp` `unknown` (any case; also `None`) | `device.appType` (`Android`, `iOS`, `Xbox`, `UWP`, `Amazon`, `Win32`, `UniversalApp`, `Unknown`) |
 * | | `data-is-in-app`, `data-is-desktop`, … `data-is-samsung-galaxy-store-app` (every `data-is-…`) | boolean | `device.flags` (`isInApp`, …; `isInApp` decides `isNativeApp`) |
 * | `page-retry-header-enabled` | `data-retry-attempt-header-enabled` | boolean (`True`) | `retryAttemptHeader` |
 * | `roblox-tracer-meta-data` | `data-tracer-enabled`, `data-api-sites-request-allow-list`, `data-sample-rate` | boolean, host list, number 0–100 (percent) | `tracing`: the list, at the rate when enabled, else 0 |
 * | `request-duplication-meta-data` | `data-duplication-enabled`, `data-api-sites-allow-list`, `data-duplication-ratio` | boolean, host list, number ≥ 0 | `duplication`: the list, at the ratio (at most 1) when enabled, else 0 |
 *
 * **The library's own tags** (each field they set wins over the real tags'):
 *
 * | `<meta name=…>` | attribute | value | field |
 * |---|---|---|---|
 * | `platform-hosts` | `data-domain` | host name | as `environment-meta`'s, and wins over it |
 * | | `data-{service}` for each of `serviceNames` in kebab case (`data-www`, `data-api-gateway`, `data-share-links`, …) | absolute http/https URL without query, fragment or credentials | that service's base URL (trailing slashes dropped) |
 * | | `data-credentialless-hosts` | host list | `credentiallessHostSuffixes` |
 * | | `data-own-hosts` | host list (`example.com, http://127.0.0.1:4010`) | `platformHosts` (see platformHosts.ts); derived from the base URLs when absent |
 * | `user-data` | `data-display-name` | text | `user.displayName` (wins over `data-displayName`) |
 * | `device-meta` | `data-device-type`, `data-app-type` | also `VR`, `None` | as above |
 * | `locale-data` | `data-languages` | comma-separated language tags | `locale.languages` |
 * | `site-flags` | `data-tracing-allowed-hosts`, `data-tracing-sampling-percentage` (0–100) | host list, number | `tracing.*` |
 * | | `data-duplication-allowed-hosts`, `data-duplication-ratio` (0–1) | host list, number | `duplication.*` |
 * | | `data-retry-attempt-header` | boolean | `retryAttemptHeader` |
 * | `hba-meta` | `data-enabled`, `data-allowed-hosts`, `data-sample-rate-per-million`, `data-event-sample-rate-per-million` | boolean, host list, integers 0–1000000 | `boundAuthToken.enabled`, `allowedHostSuffixes`, the two sample rates |
 * | | `data-database-name`, `data-store-name`, `data-key-name`, `data-database-version` | text, positive integer | the key pair's IndexedDB location |
 * | | `data-token-format` | `4-field` `5-field` (any case) | `boundAuthToken.format` |
 * | `header-names` | `data-csrf`, `data-token`, `data-proxy`, `data-challenge-meta`, `data-retry-attempt`, `data-bound-auth-token` | HTTP header name (lower-cased) | `headers.*` |
 *
 * A host list is comma-separated host names, each optionally with a leading dot (`.example.com, cdn.net`), lower-cased,
 * and http(s) origins written alone (`http://127.0.0.1:4010`, serialised as the URL parser does; an origin names
 * exactly that scheme, host and port). Spaces around commas and empty items are ignored.
 *
 * Rules: a missing tag or attribute, or an attribute that is empty or only spaces, keeps the default of
 * `makePlatformConfig` silently, except on a page that names no domain (no `data-domain` on `environment-meta` and
 * no `platform-hosts` tag): that logs {@link missingHostsWarning}, since every service would be called at
 * `example.com`. A malformed attribute keeps its field's default (field by field: the rest of the tag still
 * applies) and logs a Warning naming the tag, the attribute and the expected form; the value itself is never
 * logged, since it could be secret. Decoding never fails and never throws.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { PageMetadata } from "../browser/PageMetadata.ts"
import { ownMetaTags, ownTagsConfig } from "./ownTags.ts"
import { makePlatformConfig, overlayConfig, PlatformConfig, type PlatformConfigShape } from "./PlatformConfig.ts"
import { siteMetaTags, siteTagsConfig } from "./siteTags.ts"

/** The `<meta name=…>` tags read by {@link platformConfigFromPageMetadata}: the real site's and the library's own. */
export const configMetaTags = { site: siteMetaTags, own: ownMetaTags } as const

/**
 * Logged (Warning) when the page names no domain: neither `<meta name="environment-meta" data-domain>` (what the
 * platform's server renders) nor the library's `<meta name="platform-hosts">`. Without one every service is called
 * at the defaults on `example.com`, which is never what a page wants.
 */
export const missingHostsWarning = `No platform configuration: no <meta name="${siteMetaTags.environment}" data-domain> \
nor <meta name="${ownMetaTags.hosts}"> and no config given, so every service is called at \
https://{service}.example.com (see the README, "Configure the page", or pass browserPlatformLayer({ config: { baseUrls } }))`

/**
 * The platform configuration described by the page's `<meta>` tags (see the module documentation for the tags,
 * attributes and precedence). With no tags at all it is exactly `defaultPlatformConfig()`, and it logs
 * {@link missingHostsWarning} when the page names no domain. Never fails.
 */
export const platformConfigFromPageMetadata: Effect.Effect<PlatformConfigShape, never, PageMetadata> = Effect.gen(
  function* () {
    const site = yield* siteTagsConfig
    const own = yield* ownTagsConfig
    const siteDomain = own.domain ?? site.domain
    if (!own.hostsTag && siteDomain === undefined) yield* Effect.logWarning(missingHostsWarning)
    return makePlatformConfig(overlayConfig(site.input, own.input), siteDomain)
  }
)

/**
 * PlatformConfig from the page's `<meta>` tags ({@link platformConfigFromPageMetadata}), decoded once when the
 * layer is built. Missing or malformed values keep their defaults.
 */
export const platformConfigFromPageMetadataLayer: Layer.Layer<PlatformConfig, never, PageMetadata> = Layer.effect(
  PlatformConfig,
  platformConfigFromPageMetadata
)
