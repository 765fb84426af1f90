/**
 * The `<meta>` tags the real site's server renders into every page, written from a page's values: what the site's
 * own scripts (and this library) read to learn the domain, the signed-in user, request signing, locale, device,
 * retries and the thumbnail and performance settings. Names, attributes and value styles are the real ones: most
 * booleans lower-case `"true"`/`"false"`, the Razor-style `"True"`/`"False"` where the site compares with those,
 * the bound-auth-token whitelist as JSON with string sample rates (escaped into its attribute), the user's sign-up
 * time as `M/D/YYYY HH:mm:ss`.
 *
 * - In `<head>` ({@link realHeadTags}): `user-data` (only for a signed-in user: its presence is the signed-in
 *   flag), `environment-meta`, `hardware-backed-authentication-data`, `locale-data`, `device-meta`, `page-meta`,
 *   `page-retry-header-enabled`, `thumbnail-meta-data`, `performance`;
 * - in `<body>` ({@link csrfTokenTag}): `csrf-token` with the session's current anti-forgery token.
 *
 * The emulator's own values where the real site's vary: an English-speaking desktop browser, outside any app; the
 * users are 13 or older and none is a premium member.
 *
 * @module
 */
import { emulatorKeyLocation } from "../hba/pages.ts"
import { type Attribute, metaTag } from "./html.ts"

/** The signed-in user a page is rendered for. */
export interface PageUser {
  readonly id: number
  readonly name: string
  readonly displayName: string
  /** When the account was created (ms since the epoch). */
  readonly createdMs: number
  readonly hasVerifiedBadge: boolean
}

/** What differs between the pages the real tags describe. */
export interface SitePage {
  /** The site's domain (`platform.test`): every service is `https://{service}.{domain}`. */
  readonly domain: string
  /** A test site rather than production. */
  readonly isTestingSite: boolean
  /** The signed-in user of the request's session; undefined for a guest. */
  readonly user: PageUser | undefined
  /** The API hosts listed in the bound-auth-token whitelist (the real page lists its API hosts). */
  readonly apiHosts: ReadonlyArray<string>
  /** The page's internal name (`Login`; empty on many real pages). */
  readonly pageName: string
}

/** The sample rate (per million) of the signing telemetry events on real pages. */
export const batEventSampleRate = 500

/** The whitelist's pseudo entry: the per-million rollout of the site's jQuery signing (1000000 = everyone). */
export const jQueryRollout = { apiSite: "jQuery", sampleRate: "1000000" } as const

const bool = (value: boolean): string => (value ? "true" : "false")

const twoDigits = (n: number): string => String(n).padStart(2, "0")

/** `M/D/YYYY HH:mm:ss` in UTC, as the real `user-data` writes a sign-up time (`10/15/2024 02:50:33`). */
export const formatCreated = (ms: number): string => {
  const d = new Date(ms)
  return (
    `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ` +
    `${twoDigits(d.getUTCHours())}:${twoDigits(d.getUTCMinutes())}:${twoDigits(d.getUTCSeconds())}`
  )
}

const userData = (user: PageUser): string =>
  metaTag("user-data", [
    ["data-userid", String(user.id)],
    ["data-name", user.name],
    ["data-displayName", user.displayName],
    ["data-isunder13", "false"],
    ["data-created", formatCreated(user.createdMs)],
    ["data-ispremiumuser", "false"],
    ["data-hasverifiedbadge", bool(user.hasVerifiedBadge)]
  ])

/** The whitelist JSON as the real page writes it: one entry per API host (sample rate "100"), then the jQuery rollout. */
export const boundAuthTokenWhitelist = (apiHosts: ReadonlyArray<string>): string => {
  const entries = [...apiHosts.map((apiSite) => ({ apiSite, sampleRate: "100" })), jQueryRollout]
  return `{"Whitelist":[${entries.map((entry) => JSON.stringify(entry)).join(", ")}]}`
}

const hardwareBackedAuthentication = (apiHosts: ReadonlyArray<string>): string =>
  metaTag("hardware-backed-authentication-data", [
    ["data-is-bound-auth-token-enabled", "true"],
    ["data-is-secure-authentication-intent-enabled", "true"],
    ["data-bound-auth-token-whitelist", boundAuthTokenWhitelist(apiHosts)],
    ["data-bound-auth-token-exemptlist", `{"Exemptlist":[]}`],
    ["data-hba-indexed-db-name", emulatorKeyLocation.databaseName],
    ["data-hba-indexed-db-obj-store-name", emulatorKeyLocation.storeName],
    ["data-hba-indexed-db-key-name", emulatorKeyLocation.keyName],
    ["data-hba-indexed-db-version", "1"],
    ["data-bat-event-sample-rate", String(batEventSampleRate)]
  ])

const locale = metaTag("locale-data", [
  ["data-language-code", "en_us"],
  ["data-language-name", "English"],
  ["data-url-locale", ""],
  ["data-override-language-header", "false"]
])

/** The device flags of a desktop browser outside any app: only `is-desktop` is true. */
const deviceFlags = [
  "in-app",
  "desktop",
  "phone",
  "tablet",
  "console",
  "android-app",
  "ios-app",
  "uwp-app",
  "xbox-app",
  "amazon-app",
  "win32-app",
  "studio",
  "game-client-browser",
  "ios-device",
  "android-device",
  "universal-app",
  "chrome-os",
  "pcgdk-app",
  "samsung-galaxy-store-app"
] as const

const device = metaTag("device-meta", [
  ["data-device-type", "computer"],
  ["data-app-type", "unknown"],
  ...deviceFlags.map((flag): Attribute => [`data-is-${flag}`, bool(flag === "desktop")])
])

const retryHeader = metaTag("page-retry-header-enabled", [["data-retry-attempt-header-enabled", "True"]])

const thumbnails = metaTag("thumbnail-meta-data", [
  ["data-is-webapp-cache-enabled", "False"],
  ["data-webapp-cache-expirations-timespan", "00:01:00"],
  ["data-request-min-cooldown", "1000"],
  ["data-request-max-cooldown", "30000"],
  ["data-request-max-retry-attempts", "5"],
  ["data-request-batch-size", "100"],
  ["data-thumbnail-metrics-sample-size", "20"],
  ["data-concurrent-thumbnail-request-count", "4"]
])

const performance = metaTag("performance", [
  ["data-ui-performance-metrics-batch-wait-time", "00:00:10"],
  ["data-ui-performance-metrics-batch-size", "50"]
])

/** The real site's `<head>` tags of `page`, one a line (see the module doc). */
export const realHeadTags = (page: SitePage): string =>
  [
    ...(page.user === undefined ? [] : [userData(page.user)]),
    metaTag("environment-meta", [
      ["data-domain", page.domain],
      ["data-is-testing-site", bool(page.isTestingSite)]
    ]),
    hardwareBackedAuthentication(page.apiHosts),
    locale,
    device,
    metaTag("page-meta", [["data-internal-page-name", page.pageName]]),
    retryHeader,
    thumbnails,
    performance
  ].join("\n")

/** The `<body>` tag holding the session's anti-forgery token, as the real site renders it. */
export const csrfTokenTag = (token: string): string => metaTag("csrf-token", [["data-token", token]])
