/**
 * PlatformConfig from the page's `<meta>` tags, as the platform's server renders them.
 *
 * Tags and data attributes read (attribute names as written in HTML; every value is a string):
 *
 * | `<meta name=…>` | attribute | value | field |
 * |---|---|---|---|
 * | `platform-hosts` | `data-domain` | host name, e.g. `example.com` | every base URL is `https://{service}.{domain}` (see `subdomainBaseUrls`); signed hosts default to `.{domain}` |
 * | | `data-{service}` for each of `serviceNames` in kebab case (`data-www`, `data-api-gateway`, `data-share-links`, …) | absolute http/https URL without query, fragment or credentials | that service's base URL (trailing slashes dropped) |
 * | | `data-credentialless-hosts` | host list | `credentiallessHostSuffixes` |
 * | | `data-own-hosts` | host list (`example.com, http://127.0.0.1:4010`) | `platformHosts`: the platform's own hosts (see platformHosts.ts); derived from the base URLs when absent |
 * | `user-data` | `data-userid` | positive integer | `user.id`; the user is `authenticated` exactly when it is valid |
 * | | `data-name`, `data-display-name` | text | `user.name`, `user.displayName` |
 * | `device-meta` | `data-device-type` | `Computer` `Phone` `Tablet` `Console` `VR` (any case) | `device.deviceType` |
 * | | `data-app-type` | `None` `iOS` `Android` `Amazon` `UWP` `Xbox` (any case) | `device.appType` |
 * | `locale-data` | `data-url-locale` | language tag (`de`, `pt-br`, `zh_CN`) | `locale.urlLocale` |
 * | | `data-override-language-header` | `true`/`false` (any case) | `locale.overrideLanguageHeader` |
 * | | `data-languages` | comma-separated language tags | `locale.languages` |
 * | `site-flags` | `data-tracing-allowed-hosts` | host list | `tracing.allowedHostSuffixes` |
 * | | `data-tracing-sampling-percentage` | number 0–100 | `tracing.samplingPercentage` |
 * | | `data-duplication-allowed-hosts` | host list | `duplication.allowedHostSuffixes` |
 * | | `data-duplication-ratio` | number 0–1 | `duplication.ratio` |
 * | | `data-retry-attempt-header` | `true`/`false` | `retryAttemptHeader` |
 * | `hba-meta` | `data-enabled` | `true`/`false` | `boundAuthToken.enabled` |
 * | | `data-allowed-hosts` | host list | `boundAuthToken.allowedHostSuffixes` |
 * | | `data-sample-rate-per-million`, `data-event-sample-rate-per-million` | integer 0–1000000 | the two sample rates |
 * | | `data-database-name`, `data-store-name`, `data-key-name` | text | the key pair's IndexedDB location |
 * | | `data-token-format` | `4-field` `5-field` (any case) | `boundAuthToken.format` |
 * | `header-names` | `data-csrf`, `data-token`, `data-proxy`, `data-challenge-meta`, `data-retry-attempt`, `data-bound-auth-token` | HTTP header name (lower-cased) | `headers.*` |
 *
 * A host list is comma-separated host names, each optionally with a leading dot (`.example.com, cdn.net`), lower-cased,
 * and http(s) origins written alone (`http://127.0.0.1:4010`, serialised as the URL parser does; an origin names
 * exactly that scheme, host and port). Spaces around commas and empty items are ignored.
 *
 * Rules: a missing tag or attribute, or an attribute that is empty or only spaces, silently keeps the default of
 * `makePlatformConfig`, except a missing `platform-hosts` tag, which logs a Warning naming the tags
 * (`missingHostsWarning`): a page without it would call every service at `example.com`. A malformed attribute keeps its field's default (field by field: the rest of the tag
 * still applies) and logs a Warning naming the tag, the attribute and the expected form; the value itself is
 * never logged, since it could be secret. Decoding never fails and never throws.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PageMetadata } from "../browser/PageMetadata.ts"
import {
  type AppType,
  defaultHeaderNames,
  type DeviceType,
  makePlatformConfig,
  PlatformConfig,
  type PlatformConfigShape,
  type ServiceBaseUrls,
  serviceNames
} from "./PlatformConfig.ts"

/** The `<meta name=…>` tags read by {@link platformConfigFromPageMetadata}. */
export const configMetaTags = {
  hosts: "platform-hosts",
  user: "user-data",
  device: "device-meta",
  locale: "locale-data",
  siteFlags: "site-flags",
  boundAuthToken: "hba-meta",
  headerNames: "header-names"
} as const

/**
 * How one attribute value is read: `read` gives its value, or undefined when it is malformed; `expected` is the form
 * it expects (used in the Warning, never the value). Plain checks and conversions: every value is a string, and
 * each reader's check already implies its type, so no Schema is needed here.
 */
interface AttributeReader<A> {
  readonly read: (value: string) => A | undefined
  readonly expected: string
}

/** A string accepted by `accept`, turned into its value by `decode`. */
const parsed = <A>(
  accept: RegExp | ((s: string) => boolean),
  decode: (s: string) => A,
  expected: string
): AttributeReader<A> => ({
  read: (s) => (typeof accept === "function" ? accept(s) : accept.test(s)) ? decode(s) : undefined,
  expected
})

const hostName = /^\.?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i
const languageTag = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i
const headerToken = /^[!#$%&'*+\-.^_`|~0-9a-z]+$/i
const decimal = /^\d+(?:\.\d+)?$/

const commaList = (text: string) => text.split(",").map((s) => s.trim()).filter((s) => s !== "")

const positiveInt = parsed(
  (s) => /^[1-9]\d*$/.test(s) && Number.isSafeInteger(Number(s)),
  Number,
  "a positive integer"
)
const text = parsed(() => true, (s) => s, "text")
const bool = parsed(/^(?:true|false)$/i, (s) => s.toLowerCase() === "true", "true or false")
const boundedNumber = (max: number, integer: boolean) =>
  parsed(
    (s) => (integer ? /^\d+$/ : decimal).test(s) && Number(s) <= max,
    Number,
    `${integer ? "an integer" : "a number"} from 0 to ${max}`
  )
/** One entry of a host list: a host suffix (lower-cased), or an http(s) origin written alone (serialised). */
const hostEntry = (h: string): string | undefined =>
  /^https?:\/\/[^/?#@\\]+\/?$/i.test(h) && URL.canParse(h)
    ? new URL(h).origin
    : h.length <= 253 && hostName.test(h)
    ? h.toLowerCase()
    : undefined
const hostList = parsed(
  (s) => commaList(s).every((h) => hostEntry(h) !== undefined),
  (s): ReadonlyArray<string> => commaList(s).map((h) => hostEntry(h)!),
  "comma-separated host names and http(s) origins"
)
const domain = parsed(
  (s) => s.length <= 253 && !s.startsWith(".") && hostName.test(s),
  (s) => s.toLowerCase(),
  "a host name"
)
const locale = parsed(languageTag, (s) => s, "a language tag")
const languages = parsed(
  (s) => commaList(s).every((l) => languageTag.test(l)),
  (s): ReadonlyArray<string> => commaList(s),
  "comma-separated language tags"
)
const headerName = parsed(headerToken, (s) => s.toLowerCase(), "an HTTP header name")
const oneOf = <const L extends string>(values: ReadonlyArray<L>) =>
  parsed(
    (s) => values.some((v) => v.toLowerCase() === s.toLowerCase()),
    (s) => values.find((v) => v.toLowerCase() === s.toLowerCase()) as L,
    values.join(", ")
  )
const deviceTypes: ReadonlyArray<DeviceType> = ["Computer", "Phone", "Tablet", "Console", "VR"]
const appTypes: ReadonlyArray<AppType> = ["None", "iOS", "Android", "Amazon", "UWP", "Xbox"]

/** An absolute http(s) URL without credentials, query or fragment, normalised to have no trailing slash. */
const baseUrl = parsed(
  // no credentials (no @ before the path), no query, no fragment
  (s) => /^https?:\/\/[^/?#@\\]+(?:\/[^?#]*)?$/i.test(s) && URL.canParse(s),
  (s) => {
    const url = new URL(s)
    return url.origin + url.pathname.replace(/\/+$/, "")
  },
  "an http or https URL without query or fragment"
)

/** `apiGateway` → `data-api-gateway`: the attribute `dataset` keys as `apiGateway`. */
const attributeOf = (key: string) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`

/** The same record without its undefined values (so the defaults of `makePlatformConfig` apply). */
const compact = <T extends Record<string, unknown>>(record: T): { [K in keyof T]?: Exclude<T[K], undefined> } => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value
  return out as { [K in keyof T]?: Exclude<T[K], undefined> }
}

/**
 * Read each attribute of `fields` (keyed as `dataset` keys them: `urlLocale` is `data-url-locale`) from tag
 * `tag`; the result holds only the attributes that decoded. An absent or blank attribute is left out; a malformed
 * one is left out with a Warning naming the tag, the attribute and the expected form.
 */
const readTag = <F extends Record<string, AttributeReader<any>>>(
  tag: string,
  fields: F
): Effect.Effect<{ [K in keyof F]?: F[K] extends AttributeReader<infer A> ? A : never }, never, PageMetadata> =>
  Effect.gen(function*() {
    const data = yield* PageMetadata.use((m) => m.get(tag))
    const values: Record<string, unknown> = {}
    for (const [key, { expected, read }] of Object.entries(fields)) {
      const raw = data?.[key]?.trim()
      if (raw === undefined || raw === "") continue
      const value = read(raw)
      if (value !== undefined) values[key] = value
      else {
        yield* Effect.logWarning(
          `Page metadata <meta name="${tag}"> ${attributeOf(key)} is malformed (expected ${expected}); using the default`
        )
      }
    }
    return values as { [K in keyof F]?: F[K] extends AttributeReader<infer A> ? A : never }
  })

/**
 * Logged (Warning) when the page has no `<meta name="platform-hosts">`: without it every service is called at the
 * defaults on `example.com`, which is never what a page wants. Names the tags and the other way to configure.
 */
export const missingHostsWarning = `No platform configuration: the page has no <meta name="${configMetaTags.hosts}"> \
tag and no config was given, so every service is called at https://{service}.example.com. Render the platform's \
<meta> tags (${Object.values(configMetaTags).join(", ")}; see the README, "Configure the page"), or pass the \
configuration: browserPlatformLayer({ config: { baseUrls } }).`

/**
 * The platform configuration described by the page's `<meta>` tags (see the module documentation for the tags and
 * attributes). With no tags at all it is exactly `defaultPlatformConfig()`, and without the `platform-hosts` tag it
 * logs {@link missingHostsWarning}. Never fails.
 */
export const platformConfigFromPageMetadata: Effect.Effect<PlatformConfigShape, never, PageMetadata> = Effect.gen(
  function*() {
    if ((yield* PageMetadata.use((m) => m.get(configMetaTags.hosts))) === undefined) {
      yield* Effect.logWarning(missingHostsWarning)
    }
    const hostFields: Record<string, AttributeReader<any>> = { domain, credentiallessHosts: hostList, ownHosts: hostList }
    for (const name of serviceNames) hostFields[name] = baseUrl
    const { credentiallessHosts, domain: siteDomain, ownHosts, ...baseUrls } =
      (yield* readTag(configMetaTags.hosts, hostFields)) as
        & Partial<ServiceBaseUrls>
        & {
          readonly domain?: string
          readonly credentiallessHosts?: ReadonlyArray<string>
          readonly ownHosts?: ReadonlyArray<string>
        }

    const { userid: id, ...names } = yield* readTag(configMetaTags.user, {
      userid: positiveInt,
      name: text,
      displayName: text
    })
    const device = yield* readTag(configMetaTags.device, { deviceType: oneOf(deviceTypes), appType: oneOf(appTypes) })
    const localeInfo = yield* readTag(configMetaTags.locale, {
      urlLocale: locale,
      overrideLanguageHeader: bool,
      languages
    })
    const flags = yield* readTag(configMetaTags.siteFlags, {
      tracingAllowedHosts: hostList,
      tracingSamplingPercentage: boundedNumber(100, false),
      duplicationAllowedHosts: hostList,
      duplicationRatio: boundedNumber(1, false),
      retryAttemptHeader: bool
    })
    const { allowedHosts, tokenFormat, ...hba } = yield* readTag(configMetaTags.boundAuthToken, {
      enabled: bool,
      allowedHosts: hostList,
      sampleRatePerMillion: boundedNumber(1_000_000, true),
      eventSampleRatePerMillion: boundedNumber(1_000_000, true),
      databaseName: text,
      storeName: text,
      keyName: text,
      tokenFormat: oneOf(["4-field", "5-field"] as const)
    })
    const headerFields: Record<string, AttributeReader<string>> = {}
    for (const name of Object.keys(defaultHeaderNames)) headerFields[name] = headerName
    const headers = yield* readTag(configMetaTags.headerNames, headerFields)

    return makePlatformConfig(
      compact({
        baseUrls,
        user: { ...names, ...compact({ id }), authenticated: id !== undefined },
        device,
        locale: localeInfo,
        tracing: compact({ allowedHostSuffixes: flags.tracingAllowedHosts, samplingPercentage: flags.tracingSamplingPercentage }),
        duplication: compact({ allowedHostSuffixes: flags.duplicationAllowedHosts, ratio: flags.duplicationRatio }),
        retryAttemptHeader: flags.retryAttemptHeader,
        boundAuthToken: { ...hba, ...compact({ allowedHostSuffixes: allowedHosts, format: tokenFormat }) },
        credentiallessHostSuffixes: credentiallessHosts,
        headers,
        platformHosts: ownHosts
      }),
      siteDomain
    )
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
