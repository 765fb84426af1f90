/**
 * PlatformConfig: everything the client layer needs to know about the site it runs on.
 *
 * Hosts are configured per service (spec: "Hosts are configured per service and are not shown"), so the same
 * library talks to the real platform, to a staging site or to the local emulator (path prefixes on one origin).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import type { DeviceInfo } from "./device.ts"
import { derivePlatformHosts } from "./platformHosts.ts"

export {
  type AppType,
  type DeviceFlags,
  deviceFlagNames,
  type DeviceInfo,
  type DeviceType,
  isNativeApp
} from "./device.ts"
export { hostMatchesSuffix } from "./platformHosts.ts"

/** Every platform service the layer can address, each with its own base URL. */
export const serviceNames = [
  "www",
  "apis",
  "apiGateway",
  "catalog",
  "thumbnails",
  "games",
  "friends",
  "users",
  "presence",
  "locale",
  "shareLinks",
  "deepLinks",
  "gameInternationalization",
  "localizationTables",
  "translationRoles",
  "metrics",
  "challenge",
  "accountSecurity",
  "hba"
] as const

/** A platform service name; see {@link serviceNames}. */
export type ServiceName = (typeof serviceNames)[number]

/** The base URL (scheme, host, optional path prefix, no trailing slash) of each service. */
export type ServiceBaseUrls = { readonly [K in ServiceName]: string }

/** The signed-in user, or a guest (`id` undefined, `authenticated` false). The optional facts are set when the page says them. */
export interface CurrentUser {
  readonly id: number | undefined
  readonly name: string | undefined
  readonly displayName: string | undefined
  readonly authenticated: boolean
  /** The account belongs to a child under 13. */
  readonly isUnder13?: boolean
  /** The user has Premium. */
  readonly isPremium?: boolean
  /** The user has the verified badge. */
  readonly hasVerifiedBadge?: boolean
  /** The membership the page names (e.g. a programme's name), as rendered. */
  readonly membership?: string
  /** When the account was created, as the server renders it (`M/D/YYYY HH:mm:ss`; its time zone is not stated). */
  readonly created?: string
}

/**
 * Locale metadata (spec: "Locale meta data | urlLocale, overrideLanguageHeader"), with the page's language.
 * `languages` are the other languages the person prefers, most preferred first (the browser's list).
 */
export interface LocaleInfo {
  /** The page's language (`en_us`, `pt_br`, `ar_001`), as the site writes it. */
  readonly languageCode: string | undefined
  /** The page's language by name (`English`). */
  readonly languageName: string | undefined
  /** The locale in the page's URL (`pt`, `ar`); undefined when the URL has none. */
  readonly urlLocale: string | undefined
  readonly overrideLanguageHeader: boolean
  readonly languages: ReadonlyArray<string>
}

/** Tracing: hosts (domain suffixes) that may receive trace headers, and the share of requests traced (0–100). */
export interface TracingSettings {
  readonly allowedHostSuffixes: ReadonlyArray<string>
  readonly samplingPercentage: number
}

/**
 * Request duplication (shadow traffic): allow-listed GET requests are sent a second time at `ratio`
 * (0 = never, 1 = every request). The duplicate's outcome never reaches the caller.
 */
export interface DuplicationSettings {
  readonly allowedHostSuffixes: ReadonlyArray<string>
  readonly ratio: number
}

/** Bound-auth-token (request signing) settings; see the signing module. */
export interface BoundAuthTokenSettings {
  readonly enabled: boolean
  /** Domain suffixes whose requests are signed. */
  readonly allowedHostSuffixes: ReadonlyArray<string>
  /** Signing applies when this is 1,000,000 or `userId mod 1,000,000` is below it. */
  readonly sampleRatePerMillion: number
  /** Missing-signature telemetry is sampled at this rate per million. */
  readonly eventSampleRatePerMillion: number
  /** IndexedDB database, object store and key holding the key pair; signing needs all three. */
  readonly databaseName: string | undefined
  readonly storeName: string | undefined
  readonly keyName: string | undefined
  /**
   * Device attestation at sign-in (the site's "secure authentication intent"; signing/attestation) may run. On by
   * default; a page with the site's hardware-backed-authentication tag turns it off unless the tag enables it.
   */
  readonly attestationEnabled: boolean
  /**
   * The token's form: `4-field` `v1|hash|ts|sig` (the spec's) or `5-field` `v1|hash|ts|sig1|sig2` (the real site's
   * since 2025, sig2 over the path only; docs/signing.md).
   */
  readonly format: "4-field" | "5-field"
}

/** Header names the layer reads and writes. The spec names x-csrf-token; the others are "not shown" and configurable. */
export interface HeaderNames {
  readonly csrf: string
  readonly token: string
  readonly proxy: string
  readonly challengeMeta: string
  readonly retryAttempt: string
  readonly boundAuthToken: string
}

/** The full configuration of the client layer. */
export interface PlatformConfigShape {
  readonly baseUrls: ServiceBaseUrls
  readonly user: CurrentUser
  readonly device: DeviceInfo
  readonly locale: LocaleInfo
  readonly tracing: TracingSettings
  readonly duplication: DuplicationSettings
  /** Add the retry-attempt header to re-sent requests. */
  readonly retryAttemptHeader: boolean
  readonly boundAuthToken: BoundAuthTokenSettings
  /** CDN and object-storage host suffixes: cross-domain requests to them are sent without credentials. */
  readonly credentiallessHostSuffixes: ReadonlyArray<string>
  readonly headers: HeaderNames
  /**
   * The platform's own hosts: domain suffixes (https, the domain and its sub-domains) and origins (exactly that
   * scheme, host and port); see ./platformHosts.ts. Only requests to them carry secrets, signatures and trace
   * headers, and only their responses may set tokens or start a challenge. Derived from `baseUrls` unless given.
   */
  readonly platformHosts: ReadonlyArray<string>
  /**
   * How long one HTTP exchange (request sent, response headers and body read) may take before the call fails
   * with a TimeoutError, in milliseconds; 0 or Infinity for none. Each re-send gets its own. A call may set its
   * own (`timeout` in PlatformHttp's call options).
   */
  readonly requestTimeoutMs: number
}

/**
 * The default time-out of one HTTP exchange: 30 s. A backstop against a server or network that never answers,
 * not a deadline for a person: on a slow mobile network (400 kbps, 2 s round trips) a 100 KB answer takes about
 * 4 s; the platform's gateways end a request before 30 s. A call that moves more (a large upload or download) sets
 * its own with `withRequestTimeout`.
 */
export const defaultRequestTimeoutMs = 30_000

/** Header names used unless the site says otherwise. */
export const defaultHeaderNames: HeaderNames = {
  csrf: "x-csrf-token",
  token: "x-platform-token",
  proxy: "x-platform-proxy",
  challengeMeta: "rblx-challenge-meta",
  retryAttempt: "x-retry-attempt",
  boundAuthToken: "x-bound-auth-token"
}

/** A guest: no id, not authenticated. */
export const guestUser: CurrentUser = { id: undefined, name: undefined, displayName: undefined, authenticated: false }

/**
 * The services the platform serves on its `apis` gateway rather than on a sub-domain of their own, with the path
 * prefix each has there (the real site's gateway routes by the first path segment: `/challenge`, `/sharelinks`,
 * `/deeplinks`; the others' paths already start with their segment, e.g. `/hba-service/v1/getServerNonce`).
 */
const onApisHost: Readonly<Partial<Record<ServiceName, string>>> = {
  apis: "",
  apiGateway: "",
  accountSecurity: "",
  hba: "",
  challenge: "/challenge",
  shareLinks: "/sharelinks",
  deepLinks: "/deeplinks"
}

/**
 * Base URLs for a site whose services live on sub-domains of `domain`, as the real site's pages derive them from
 * the domain they are served for: `https://{service}.{domain}` with the service's name in lower case
 * (`https://gameinternationalization.example.com`), except the services on the `apis` gateway
 * (`https://apis.example.com`, plus the service's path prefix there: `https://apis.example.com/challenge`).
 */
export const subdomainBaseUrls = (domain: string): ServiceBaseUrls => {
  const urls = {} as Record<ServiceName, string>
  for (const name of serviceNames) {
    const prefix = onApisHost[name]
    urls[name] = prefix === undefined ? `https://${name.toLowerCase()}.${domain}` : `https://apis.${domain}${prefix}`
  }
  return urls
}

/** Base URLs for one origin with a path prefix per service (`{origin}/{service}`), as the local emulator serves them. */
export const prefixedBaseUrls = (origin: string, www: string = origin): ServiceBaseUrls => {
  const urls = {} as Record<ServiceName, string>
  for (const name of serviceNames) urls[name] = name === "www" ? www : `${origin}/${name}`
  return urls
}

/** The site's domain when none is given. */
const defaultDomain = "example.com"

/** The documented defaults: a guest on a computer, nothing traced, duplicated or signed. */
export const defaultPlatformConfig = (domain = defaultDomain): PlatformConfigShape => ({
  baseUrls: subdomainBaseUrls(domain),
  user: guestUser,
  device: { deviceType: "Computer", appType: "None" },
  locale: {
    languageCode: undefined,
    languageName: undefined,
    urlLocale: undefined,
    overrideLanguageHeader: false,
    languages: []
  },
  tracing: { allowedHostSuffixes: [], samplingPercentage: 0 },
  duplication: { allowedHostSuffixes: [], ratio: 0 },
  retryAttemptHeader: false,
  boundAuthToken: {
    enabled: false,
    allowedHostSuffixes: [`.${domain}`],
    sampleRatePerMillion: 0,
    eventSampleRatePerMillion: 0,
    databaseName: undefined,
    storeName: undefined,
    keyName: undefined,
    attestationEnabled: true,
    format: "5-field"
  },
  credentiallessHostSuffixes: [],
  headers: defaultHeaderNames,
  platformHosts: [domain],
  requestTimeoutMs: defaultRequestTimeoutMs
})

/** A partial configuration: any field left out keeps its default. */
export type PlatformConfigInput = {
  readonly [K in keyof PlatformConfigShape]?: PlatformConfigShape[K] extends
    ReadonlyArray<unknown> | string | number | boolean
    ? PlatformConfigShape[K]
    : Partial<PlatformConfigShape[K]>
}

/** One field of a partial configuration (`ConfigPart<"user">`: a partial CurrentUser). */
export type ConfigPart<K extends keyof PlatformConfigInput> = NonNullable<PlatformConfigInput[K]>

/**
 * `over` on `under`, one level deep: a record (base URLs, the user, each group of settings) is merged field by
 * field, a list or single value replaces, an undefined one keeps what was there.
 */
export const overlayConfig = <T extends PlatformConfigInput>(under: T, over: PlatformConfigInput): T => {
  const out: Record<string, unknown> = { ...under }
  for (const [key, given] of Object.entries(over)) {
    const kept = out[key]
    out[key] =
      given === undefined
        ? kept
        : typeof kept === "object" && !Array.isArray(kept)
          ? { ...kept, ...(given as object) }
          : given
  }
  return out as T
}

/**
 * Fill a partial configuration with the defaults, one level deep: a record (base URLs, the user, each group of
 * settings) is merged field by field over its default, a list or single value replaces it. `platformHosts`,
 * unless given, is derived from the resulting base URLs (`derivePlatformHosts`: `domain`, default `example.com`,
 * for those on it).
 */
export const makePlatformConfig = (input: PlatformConfigInput, domain?: string): PlatformConfigShape => {
  const filled = overlayConfig(defaultPlatformConfig(domain), input)
  return input.platformHosts === undefined
    ? { ...filled, platformHosts: derivePlatformHosts(filled.baseUrls, domain ?? defaultDomain) }
    : filled
}

/**
 * The site configuration service. Build it from values ({@link PlatformConfig.layer}) or from the page's `<meta>`
 * tags (`platformConfigFromPageMetadataLayer` in ./fromPageMetadata.ts: a separate export rather than a static
 * member, so that apps that pass their configuration do not bundle the meta-tag decoders; docs/bundle-size.md).
 */
export class PlatformConfig extends Context.Service<PlatformConfig, PlatformConfigShape>()(
  "platform-web-client/core/config/PlatformConfig"
) {
  /** A configuration from values; fields left out take the documented defaults. */
  static layer(input: PlatformConfigInput = {}, domain?: string): Layer.Layer<PlatformConfig> {
    return Layer.succeed(PlatformConfig, makePlatformConfig(input, domain))
  }
}

/** The URL of `path` on `service`. */
export const serviceUrl = (config: PlatformConfigShape, service: ServiceName, path: string): string =>
  config.baseUrls[service] + (path.startsWith("/") ? path : `/${path}`)
