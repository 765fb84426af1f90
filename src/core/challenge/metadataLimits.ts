/**
 * Limits on challenge metadata, checked before anything parses, walks or re-encodes it, so that no metadata (from a
 * header, a continue answer or the challenge page) can make the flow throw: 5,000-deep nesting once made the caller
 * get `RangeError: Maximum call stack size exceeded` when the metadata was re-encoded.
 *
 * - {@link maxChallengeMetadataLength}: 16,384 characters of the value as received (the base64 header value, or the
 *   JSON text of a continue answer), and of a page's completion metadata as JSON. Real metadata is a few hundred
 *   bytes to a few KB; the re-sent request carries it back as a header, and servers commonly cap a request's
 *   header block at 16 to 32 KB, so more could not be sent back anyway.
 * - {@link maxChallengeMetadataDepth}: 16 levels of nested objects and arrays (the metadata object itself is level
 *   1). Real metadata is at most 3 deep (`sharedParameters`, proof-of-space `artifacts`).
 *
 * Both checks are iterative (no recursion), linear in the input, and stop at the first excess.
 *
 * @module
 */

/** The most characters of challenge metadata (see the module doc). */
export const maxChallengeMetadataLength = 16_384

/** The deepest nesting of objects and arrays in challenge metadata, the metadata object itself being level 1. */
export const maxChallengeMetadataDepth = 16

/** Why metadata is over a limit. */
export type MetadataExcess = "tooLarge" | "tooDeep"

/**
 * The excess of a JSON text, if any: longer than {@link maxChallengeMetadataLength}, or with objects and arrays
 * nested deeper than {@link maxChallengeMetadataDepth} (brackets inside strings do not count). The text need not be
 * valid JSON; parsing comes after.
 */
export const jsonTextExcess = (text: string): MetadataExcess | undefined => {
  if (text.length > maxChallengeMetadataLength) return "tooLarge"
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // a backslash escapes the next character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) {
      inString = true
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > maxChallengeMetadataDepth) return "tooDeep"
    } else if (c === 0x7d || c === 0x5d) {
      depth--
    }
  }
  return undefined
}

/**
 * The excess of a value (a page's completion metadata, as posted), if any: objects and arrays nested deeper than
 * {@link maxChallengeMetadataDepth}, or more than {@link maxChallengeMetadataLength} characters of keys and strings
 * (a lower bound of its JSON length; every value counts at least one). A cycle is too deep.
 */
export const valueExcess = (value: unknown): MetadataExcess | undefined => {
  const pending: Array<readonly [unknown, number]> = [[value, 0]]
  let size = 0
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!
    if (typeof item === "string") size += item.length
    if (++size > maxChallengeMetadataLength) return "tooLarge"
    if (typeof item !== "object" || item === null) continue
    if (depth + 1 > maxChallengeMetadataDepth) return "tooDeep"
    if (Array.isArray(item) && item.length > maxChallengeMetadataLength) return "tooLarge"
    for (const [key, child] of Object.entries(item)) {
      size += key.length
      pending.push([child, depth + 1])
    }
  }
  return undefined
}
