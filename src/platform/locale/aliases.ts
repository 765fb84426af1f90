/**
 * Locale aliases (LOC-2): Chinese variants map to `zh-cn` (simplified) or `zh-tw` (traditional), `en` to `en-us`,
 * `nb` (Norwegian Bokmål) to `no`. Codes are compared without case and with `_` or `-` as separator; the result is
 * lower-case with `-` (`en_US` → `en-us`).
 *
 * @module
 */

const traditional = new Set(["zh-tw", "zh-hk", "zh-mo", "zh-hant"])

/** The code in lower case with `-` as separator. */
export const normalizeLocale = (code: string): string => code.trim().toLowerCase().replace(/_/g, "-")

/**
 * The platform's code for a locale: zh variants → `zh-cn` or `zh-tw`, `en` → `en-us`, `nb`/`nb-no` → `no`; any other
 * code normalised ({@link normalizeLocale}).
 *
 * @example
 * aliasLocale("zh-Hant-HK") // "zh-tw"
 * aliasLocale("zh_SG")      // "zh-cn"
 * aliasLocale("en")         // "en-us"
 * aliasLocale("nb_NO")      // "no"
 */
export const aliasLocale = (code: string): string => {
  const normalized = normalizeLocale(code)
  const [language, ...rest] = normalized.split("-")
  switch (language) {
    case "zh": {
      const region = rest.join("-")
      const isTraditional =
        traditional.has(normalized) ||
        rest.includes("hant") ||
        (["tw", "hk", "mo"].includes(rest[rest.length - 1] ?? "") && !rest.includes("hans"))
      return region === "" || !isTraditional ? "zh-cn" : "zh-tw"
    }
    case "en":
      return rest.length === 0 ? "en-us" : normalized
    case "nb":
      return "no"
    default:
      return normalized
  }
}
