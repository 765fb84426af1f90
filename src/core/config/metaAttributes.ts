/**
 * Checked readers of `<meta>` data attributes: each attribute value is a string from the server; a reader gives
 * its typed value or says it is malformed. {@link readTag} reads a set of attributes of one tag at once.
 *
 * Rules shared by every tag the library reads: an absent attribute, or one that is empty or only spaces, is left
 * out silently (the field keeps its default); a malformed one is left out with one Warning naming the tag, the
 * attribute and the form expected, never the value (it could be a secret). Reading never fails.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { type MetaLookup, PageMetadata } from "../browser/PageMetadata.ts"

/**
 * How one attribute value is read: `read` gives its value, or undefined when it is malformed; `expected` is the form
 * it expects (used in the Warning, never the value). Plain checks and conversions: every value is a string, and
 * each reader's check already implies its type, so no Schema is needed here.
 */
export interface AttributeReader<A> {
  readonly read: (value: string) => A | undefined
  readonly expected: string
}

/** A string accepted by `accept`, turned into its value by `decode`. */
export const parsed = <A>(
  accept: RegExp | ((s: string) => boolean),
  decode: (s: string) => A,
  expected: string
): AttributeReader<A> => ({
  read: (s) => ((typeof accept === "function" ? accept(s) : accept.test(s)) ? decode(s) : undefined),
  expected
})

const hostName = /^\.?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i
const languageTag = /^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i

/** Comma-separated items, trimmed, empty ones dropped. */
export const commaList = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")

/** A positive safe integer (a user id). */
export const positiveInt = parsed(
  (s) => /^[1-9]\d*$/.test(s) && Number.isSafeInteger(Number(s)),
  Number,
  "a positive integer"
)
/** Any text, as written. */
export const text = parsed(
  () => true,
  (s) => s,
  "text"
)
/** `true` or `false` in any case: the lower-case and the Razor (`True`/`False`) styles alike. */
export const bool = parsed(/^(?:true|false)$/i, (s) => s.toLowerCase() === "true", "true or false")
/** A number from `min` to `max` (an integer when `integer`). */
export const numberIn = (min: number, max: number, integer = true) =>
  parsed(
    (s) => (integer ? /^\d+$/ : /^\d+(?:\.\d+)?$/).test(s) && Number(s) >= min && Number(s) <= max,
    Number,
    `${integer ? "an integer" : "a number"} from ${min} to ${max}`
  )
/** One entry of a host list: a host suffix (lower-cased), or an http(s) origin written alone (serialised). */
const hostEntry = (h: string): string | undefined =>
  /^https?:\/\/[^/?#@\\]+\/?$/i.test(h) && URL.canParse(h)
    ? new URL(h).origin
    : h.length <= 253 && hostName.test(h)
      ? h.toLowerCase()
      : undefined
/** Comma-separated host names (`.example.com`, `cdn.net`) and http(s) origins. */
export const hostList = parsed(
  (s) => commaList(s).every((h) => hostEntry(h) !== undefined),
  (s): ReadonlyArray<string> => commaList(s).map((h) => hostEntry(h)!),
  "comma-separated host names and http(s) origins"
)
/** A host name without a leading dot, lower-cased. */
export const domain = parsed(
  (s) => s.length <= 253 && !s.startsWith(".") && hostName.test(s),
  (s) => s.toLowerCase(),
  "a host name"
)
/** A language tag (`de`, `pt-br`, `en_us`, `ar_001`), as written. */
export const locale = parsed(languageTag, (s) => s, "a language tag")
/** Comma-separated language tags. */
export const languages = parsed(
  (s) => commaList(s).every((l) => languageTag.test(l)),
  (s): ReadonlyArray<string> => commaList(s),
  "comma-separated language tags"
)
/** One of `values`, in any case, as the value is spelled in `values`. */
export const oneOf = <const L extends string>(values: ReadonlyArray<L>) =>
  parsed(
    (s) => values.some((v) => v.toLowerCase() === s.toLowerCase()),
    (s) => values.find((v) => v.toLowerCase() === s.toLowerCase()) as L,
    values.join(", ")
  )

const timeSpanForm = /^(?:(\d{1,5})\.)?(\d{1,2}):([0-5]\d):([0-5]\d)(?:\.(\d{1,7}))?$/
/**
 * A .NET time span (`hh:mm:ss`, optionally `d.` before and `.fffffff` after, as the platform's server writes them:
 * `00:01:00`) in milliseconds, at most `maxMs`.
 */
export const timeSpanMs = (maxMs: number) =>
  parsed((s) => timeSpanForm.test(s) && spanMs(s) <= maxMs, spanMs, `a time span hh:mm:ss up to ${maxMs} ms`)
const spanMs = (s: string): number => {
  const [, d = "0", h = "0", m = "0", sec = "0", fraction = ""] = timeSpanForm.exec(s)!
  return (
    (((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(sec)) * 1000 +
    Math.round(Number(`0.${fraction}0`) * 1000)
  )
}

/** `apiGateway` → `data-api-gateway`: the attribute `dataset` keys as `apiGateway`. */
export const attributeOf = (key: string) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`

/** The Warning for a malformed attribute: the tag, the attribute and the expected form, never the value. */
export const malformedWarning = (tag: string, key: string, expected: string) =>
  `Page metadata <meta name="${tag}"> ${attributeOf(key)} is malformed (expected ${expected}); using the default`

/** The values read from a tag: one optional field per attribute reader. */
export type TagValues<F> = { [K in keyof F]?: F[K] extends AttributeReader<infer A> ? A : never }

/**
 * Read each attribute of `fields` (keyed as `dataset` keys them: `urlLocale` is `data-url-locale`) from tag `tag`
 * (in `<head>` unless `lookup` says otherwise); the result holds only the attributes that decoded. An absent or
 * blank attribute is left out; a malformed one is left out with a Warning ({@link malformedWarning}). `present`
 * says whether the tag is on the page at all. `options.others` reads the tag's other attributes: the reader it
 * gives for an attribute's key (none: the attribute is ignored); what they give is in `others` of the result.
 */
export const readTag = <F extends Record<string, AttributeReader<any>>, O = never>(
  tag: string,
  fields: F,
  options?: MetaLookup & { readonly others?: (key: string) => AttributeReader<O> | undefined }
): Effect.Effect<
  { readonly present: boolean; readonly values: TagValues<F>; readonly others: Readonly<Record<string, O>> },
  never,
  PageMetadata
> =>
  Effect.gen(function* () {
    const data = yield* PageMetadata.use((m) => m.get(tag, options))
    const values: Record<string, unknown> = {}
    const others: Record<string, O> = {}
    const more = Object.keys(data ?? {}).flatMap((key) => {
      const reader = Object.hasOwn(fields, key) ? undefined : options?.others?.(key)
      return reader === undefined ? [] : [[key, reader] as const]
    })
    for (const [key, { expected, read }] of [...Object.entries(fields), ...more]) {
      const raw = data?.[key]?.trim()
      if (raw === undefined || raw === "") continue
      const value = read(raw)
      if (value === undefined) yield* Effect.logWarning(malformedWarning(tag, key, expected))
      else if (Object.hasOwn(fields, key)) values[key] = value
      else others[key] = value
    }
    return { present: data !== undefined, values: values as TagValues<F>, others }
  })

/** The same record without its undefined values (so that defaults apply to them). */
export const compact = <T extends Record<string, unknown>>(
  record: T
): { [K in keyof T]?: Exclude<T[K], undefined> } => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value
  return out as { [K in keyof T]?: Exclude<T[K], undefined> }
}
