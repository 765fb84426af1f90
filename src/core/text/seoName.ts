/**
 * SEO names: the readable last segment of entity URLs such as `/catalog/{id}/{seo-name}` and
 * `/badges/{id}/{seo-name}` (ROUTE-4, ROUTE-5).
 *
 * The rules, applied in this order (TEXT-1 to TEXT-5):
 * 1. apostrophes are removed (`'`, and the typographic `’` U+2019, so `Don’t` gives `Dont` like `Don't` does);
 * 2. every run of characters other than ASCII letters and digits becomes one hyphen (letters outside ASCII count
 *    as non-alphanumerics: a URL segment stays plain ASCII);
 * 3. leading and trailing hyphens are trimmed;
 * 4. a result that is a reserved device name is emptied: `CON`, `PRT`, `AUX`, `NUL`, `BIN`, and the numbered port
 *    names `COM0`–`COM9` and `LPT0`–`LPT9` (the spec lists `COM1` and `LPT1`; Windows reserves every digit), in
 *    any case;
 * 5. an empty result becomes `unnamed`.
 *
 * Case is kept. The function is total (any string, also `null`/`undefined` from outside, gives a name) and
 * idempotent: `seoName(seoName(x)) === seoName(x)`.
 *
 * @module
 */

/** The name used when nothing usable is left (TEXT-5). */
export const unnamedSeoName = "unnamed"

/** Reserved device names emptied by {@link seoName}, as a whole-string, case-insensitive pattern. */
export const reservedSeoNames = /^(?:COM\d|LPT\d|AUX|PRT|NUL|CON|BIN)$/i

/** The SEO form of a name; see the module documentation for the rules. */
export const seoName = (name: string | null | undefined): string => {
  if (typeof name !== "string") return unnamedSeoName
  const slug = name
    .replace(/['\u2019]/g, "")
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
  return slug === "" || reservedSeoNames.test(slug) ? unnamedSeoName : slug
}
