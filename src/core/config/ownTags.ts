/**
 * The library's own configuration tags: overrides for what the real site's tags (./siteTags.ts) do not say or say
 * otherwise. A field an own tag sets (validly) wins over the same field from a real tag; see fromPageMetadata.ts
 * for the table.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { PageMetadata } from "../browser/PageMetadata.ts"
import {
  type AttributeReader,
  bool,
  compact,
  domain,
  hostList,
  numberIn,
  oneOf,
  parsed,
  readTag,
  text
} from "./metaAttributes.ts"
import {
  type ConfigPart,
  defaultHeaderNames,
  type PlatformConfigInput,
  type ServiceBaseUrls,
  serviceNames
} from "./PlatformConfig.ts"

/** The library's own tags. */
export const ownMetaTags = {
  hosts: "platform-hosts",
  siteFlags: "site-flags",
  boundAuthToken: "hba-meta",
  headerNames: "header-names"
} as const

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
const headerName = parsed(/^[!#$%&'*+\-.^_`|~0-9a-z]+$/i, (s) => s.toLowerCase(), "an HTTP header name")

const hostsFromPage = Effect.map(
  readTag(ownMetaTags.hosts, {
    domain,
    credentiallessHosts: hostList,
    ownHosts: hostList,
    ...(Object.fromEntries(serviceNames.map((name) => [name, baseUrl])) as Record<
      keyof ServiceBaseUrls,
      typeof baseUrl
    >)
  }),
  ({ present, values: { credentiallessHosts, domain: siteDomain, ownHosts, ...baseUrls } }) => ({
    present,
    domain: siteDomain,
    input: compact({ baseUrls, credentiallessHostSuffixes: credentiallessHosts, platformHosts: ownHosts })
  })
)

const flagsFromPage = Effect.map(
  readTag(ownMetaTags.siteFlags, {
    tracingAllowedHosts: hostList,
    tracingSamplingPercentage: numberIn(0, 100, false),
    duplicationAllowedHosts: hostList,
    duplicationRatio: numberIn(0, 1, false),
    retryAttemptHeader: bool
  }),
  ({ values: v }): PlatformConfigInput => ({
    tracing: compact({ allowedHostSuffixes: v.tracingAllowedHosts, samplingPercentage: v.tracingSamplingPercentage }),
    duplication: compact({ allowedHostSuffixes: v.duplicationAllowedHosts, ratio: v.duplicationRatio }),
    ...compact({ retryAttemptHeader: v.retryAttemptHeader })
  })
)

const boundAuthTokenFromPage = Effect.map(
  readTag(ownMetaTags.boundAuthToken, {
    enabled: bool,
    allowedHosts: hostList,
    sampleRatePerMillion: numberIn(0, 1_000_000),
    eventSampleRatePerMillion: numberIn(0, 1_000_000),
    databaseName: text,
    storeName: text,
    keyName: text,
    tokenFormat: oneOf(["4-field", "5-field"] as const)
  }),
  ({ values: { allowedHosts, tokenFormat, ...settings } }): ConfigPart<"boundAuthToken"> =>
    compact({ ...settings, allowedHostSuffixes: allowedHosts, format: tokenFormat })
)

const headerReaders: Record<string, AttributeReader<string>> = Object.fromEntries(
  Object.keys(defaultHeaderNames).map((name) => [name, headerName])
)

/**
 * The configuration of the library's own tags, whether the page has a `platform-hosts` tag, and the domain it names.
 */
export const ownTagsConfig: Effect.Effect<
  { readonly hostsTag: boolean; readonly domain: string | undefined; readonly input: PlatformConfigInput },
  never,
  PageMetadata
> = Effect.gen(function* () {
  const hosts = yield* hostsFromPage
  const flags = yield* flagsFromPage
  const boundAuthToken = yield* boundAuthTokenFromPage
  const headers = (yield* readTag(ownMetaTags.headerNames, headerReaders)).values
  return {
    hostsTag: hosts.present,
    domain: hosts.domain,
    input: { ...hosts.input, ...flags, boundAuthToken, headers }
  }
})
