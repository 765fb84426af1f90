/**
 * The bound-auth-token lists of the real site's `<meta name="hardware-backed-authentication-data">`:
 * `data-bound-auth-token-whitelist` (`{"Whitelist":[{"apiSite":"auth.example.com","sampleRate":"100"}, …]}`) and
 * `data-bound-auth-token-exemptlist` (`{"Exemptlist":[…]}`).
 *
 * What they mean on the real site: its own code never uses either list to decide which requests are signed (it
 * signs every request to its hosts once signing is on). The one entry it uses is the pseudo entry with `apiSite`
 * `jQuery`: its `sampleRate` is the per-million rollout of the signing of the site's legacy jQuery calls
 * (`userId mod 1,000,000 < rate`). `PlatformConfig` takes nothing from them (its signed hosts come from the
 * site's domain, its sample from nobody: every user, as the site's main HTTP layers do); they are decoded here
 * for a page that gates its own legacy calls on the same rollout, and for diagnostics.
 *
 * Read tolerantly, as the server renders them: JSON whose quotes may still be HTML-escaped (`&quot;`), a
 * `sampleRate` written as a string or a number, entries separated by `, ` and line breaks (a line break inside an
 * entry's text counts as a space; names are trimmed), the list key in any case, extra keys ignored. An entry that
 * is not an object with a non-empty `apiSite` is skipped; a `sampleRate` that is not an integer from 0 to
 * 1,000,000 leaves the entry's rate undefined. An attribute that is not JSON of that shape gives no entries and one
 * Warning naming the tag and the attribute, never the value. Never fails.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { PageMetadata } from "../browser/PageMetadata.ts"
import { type AttributeReader, parsed, readTag } from "./metaAttributes.ts"
import { siteMetaTags } from "./siteTags.ts"

/** One entry of a list: the API host (or pseudo entry) and its sample rate, when it has a valid one. */
export interface BoundAuthTokenListEntry {
  readonly apiSite: string
  readonly sampleRate: number | undefined
}

/** The decoded lists, and the rollout of the `jQuery` pseudo entry (0 when there is none). */
export interface BoundAuthTokenLists {
  readonly whitelist: ReadonlyArray<BoundAuthTokenListEntry>
  readonly exemptlist: ReadonlyArray<BoundAuthTokenListEntry>
  /** The `jQuery` entry's `sampleRate`: the per-million rollout of the site's legacy jQuery signing. */
  readonly jQueryRolloutPerMillion: number
}

const unescapeHtml = (s: string) =>
  s.replace(
    /&(quot|#34|#39|apos|lt|gt|amp);/g,
    (_, e: string) => ({ quot: '"', "#34": '"', "#39": "'", apos: "'", lt: "<", gt: ">", amp: "&" })[e]!
  )

const parseJson = (s: string): unknown => {
  const flat = s.replace(/[\r\n\t]+/g, " ")
  for (const candidate of [flat, unescapeHtml(flat)]) {
    try {
      return JSON.parse(candidate)
    } catch {
      // try the next spelling
    }
  }
  return undefined
}

const rateOf = (value: unknown): number | undefined => {
  const n = typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n <= 1_000_000 ? n : undefined
}

/** The entries of `{ "<key>": [ … ] }` (key in any case), or undefined when the JSON is not that shape. */
const entriesOf =
  (key: string) =>
  (s: string): ReadonlyArray<BoundAuthTokenListEntry> | undefined => {
    const json = parseJson(s)
    if (typeof json !== "object" || json === null) return undefined
    const list = Object.entries(json).find(([k]) => k.toLowerCase() === key)?.[1]
    if (!Array.isArray(list)) return undefined
    const entries: Array<BoundAuthTokenListEntry> = []
    for (const item of list) {
      const site = typeof item === "object" && item !== null ? (item as Record<string, unknown>).apiSite : undefined
      if (typeof site === "string" && site.trim() !== "") {
        entries.push({ apiSite: site.trim(), sampleRate: rateOf((item as Record<string, unknown>).sampleRate) })
      }
    }
    return entries
  }

const listReader = (key: string): AttributeReader<ReadonlyArray<BoundAuthTokenListEntry>> =>
  parsed(
    (s) => entriesOf(key)(s) !== undefined,
    (s) => entriesOf(key)(s)!,
    `JSON {"${key}":[{"apiSite":…,"sampleRate":…}]}`
  )

/** The lists of the page's hardware-backed-authentication tag (see the module doc); empty when absent or malformed. */
export const boundAuthTokenListsFromPage: Effect.Effect<BoundAuthTokenLists, never, PageMetadata> = Effect.map(
  readTag(siteMetaTags.boundAuthToken, {
    boundAuthTokenWhitelist: listReader("whitelist"),
    boundAuthTokenExemptlist: listReader("exemptlist")
  }),
  ({ values }) => {
    const whitelist = values.boundAuthTokenWhitelist ?? []
    return {
      whitelist,
      exemptlist: values.boundAuthTokenExemptlist ?? [],
      jQueryRolloutPerMillion: whitelist.find((e) => e.apiSite.toLowerCase() === "jquery")?.sampleRate ?? 0
    }
  }
)
