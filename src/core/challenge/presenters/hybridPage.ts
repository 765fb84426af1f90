/**
 * The hybrid challenge page's URL, in the query the platform's own page reads.
 *
 * The page is served from the `www` base URL of PlatformConfig at `ChallengePagePath` (default
 * `/challenge/cdn/hybrid`). Its query:
 *
 * | parameter                 | value                                                                              |
 * |---------------------------|------------------------------------------------------------------------------------|
 * | `challenge-type`          | `generic` (the page renders the challenge named by the two parameters below)       |
 * | `dark-mode`               | `true` / `false` (`HybridPageSettings.darkMode`, default `true`)                    |
 * | `barista-mode`            | `true` / `false` (`HybridPageSettings.baristaMode`, default `true`: a transparent page over ours) |
 * | `app-type`                | `HybridPageSettings.appType` (default `unknown`, the page's own default)          |
 * | `generic-challenge-type`  | the type as the server spelt it                                                    |
 * | `generic-challenge-id`    | the challenge id                                                                   |
 * | `challenge-metadata-json` | the metadata's UTF-8 JSON in URL-SAFE base64 without padding: the page deletes every character outside `A–Z a–z 0–9 - _` before decoding, so standard base64's `+` and `/` would be lost |
 * | `origin`                  | this page's sub-domain label: its host name minus the last two labels (`create` for `create.example.com`, `www` for `www.example.com`); empty for an IP address or a name of fewer than three labels |
 * | `parent-origin`           | only when the label does not name this page: this page's exact origin (see below)  |
 *
 * The page posts its messages to `https://{origin}.{its domain}` (its domain: the last two labels of the `www` host),
 * and only when `origin` is not empty. That names this page exactly only when this page is served over https, on
 * the default port, under the same domain as `www`. Anywhere else (a page on `http://127.0.0.1:5173`, on
 * `localhost`, on another port or another domain) the query also carries `parent-origin`, this page's exact origin:
 * the platform's page ignores it (it cannot post to such a page at all), and the emulator's page honours it only
 * when it names an origin the emulator serves (src/emulator/challenge/page.ts), never posting to `*`.
 *
 * @module
 */
import * as Base64Url from "effect/encoding/Base64Url"
import type * as Schema from "effect/Schema"
import type { Challenge } from "../metadata.ts"
import type { HybridPageSettings } from "../settings.ts"

/** The query parameter names of the hybrid page. */
export const hybridPageParams = {
  challengeType: "challenge-type",
  darkMode: "dark-mode",
  baristaMode: "barista-mode",
  appType: "app-type",
  genericChallengeType: "generic-challenge-type",
  genericChallengeId: "generic-challenge-id",
  metadata: "challenge-metadata-json",
  origin: "origin",
  parentOrigin: "parent-origin"
} as const

/** The `challenge-type` of a challenge named by `generic-challenge-type` and `generic-challenge-id`. */
export const genericPageChallengeType = "generic"

/** The origin of a base URL (`https://www.example.com/prefix` → `https://www.example.com`); undefined if invalid. */
export const originOf = (url: string): string | undefined => {
  try {
    const origin = new URL(url).origin
    return origin === "null" ? undefined : origin
  } catch {
    return undefined
  }
}

/** The labels of a URL's host name when it is a domain name (not an IP address); undefined otherwise. */
const domainLabels = (url: string): ReadonlyArray<string> | undefined => {
  let hostname: string
  try {
    hostname = new URL(url).hostname
  } catch {
    return undefined
  }
  // The URL parser reads a host whose last label is a number as an IPv4 address; IPv6 hosts are bracketed.
  const labels = hostname.split(".")
  if (hostname === "" || hostname.startsWith("[") || /^\d+$/.test(labels.at(-1) ?? "")) return undefined
  return labels
}

/**
 * The sub-domain label the hybrid page reads in `origin` for a page at `pageOrigin`: its host name minus the last
 * two labels (`create` for `https://create.example.com`, `a.b` for `https://a.b.example.com`); empty for an IP
 * address, a name of fewer than three labels (`localhost`, `example.com`) or a value that is not a URL.
 */
export const originLabel = (pageOrigin: string): string => {
  const labels = domainLabels(pageOrigin)
  return labels === undefined || labels.length < 3 ? "" : labels.slice(0, -2).join(".")
}

/**
 * The origin the hybrid page served from `www` posts to for the label `label`: `https://{label}.{domain}`, the
 * domain being the last two labels of the `www` host; undefined for an empty label or a `www` without a domain name.
 */
export const labelledOrigin = (label: string, www: string): string | undefined => {
  const labels = domainLabels(www)
  if (label === "" || labels === undefined || labels.length < 2) return undefined
  return `https://${label}.${labels.slice(-2).join(".")}`
}

/** Metadata as the hybrid page reads it: its UTF-8 JSON in URL-safe base64 without padding. */
export const encodePageMetadata = (metadata: Schema.JsonObject): string => Base64Url.encode(JSON.stringify(metadata))

/** The URL of the hybrid page showing `challenge` to the page at `parentOrigin` (see the module doc). */
export const hybridPageUrl = (options: {
  readonly www: string
  readonly path: string
  readonly challenge: Challenge
  readonly parentOrigin: string
  readonly settings: HybridPageSettings
}): string => {
  const { challenge, parentOrigin, settings } = options
  const label = originLabel(parentOrigin)
  const query = new URLSearchParams([
    [hybridPageParams.challengeType, genericPageChallengeType],
    [hybridPageParams.darkMode, String(settings.darkMode)],
    [hybridPageParams.baristaMode, String(settings.baristaMode)],
    [hybridPageParams.appType, settings.appType],
    [hybridPageParams.genericChallengeType, challenge.serverType],
    [hybridPageParams.genericChallengeId, challenge.id],
    [hybridPageParams.metadata, encodePageMetadata(challenge.rawMetadata)],
    [hybridPageParams.origin, label]
  ])
  if (labelledOrigin(label, options.www) !== parentOrigin) query.append(hybridPageParams.parentOrigin, parentOrigin)
  const base = options.www.replace(/\/+$/, "")
  const path = options.path.startsWith("/") ? options.path : `/${options.path}`
  return `${base}${path}?${query.toString()}`
}
