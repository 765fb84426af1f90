/**
 * The catalog upsell cookie's value (UPS-1): 11 comma-separated fields, in this order —
 * upsell uuid, target item URL, user id, expected currency, expected price, expected seller id, user asset id,
 * product id, collectible item id, collectible item instance id, collectible product id — and its validity rules
 * (UPS-2 to UPS-6): the cookie is valid only when
 *
 * 1. it has at least 11 fields (more are ignored),
 * 2. its uuid equals the page's upsell query parameter,
 * 3. its user id is the current user's, and
 * 4. its target URL is a safe item target on the www origin (links/safeTarget.ts): an absolute `https:`/`http:` URL
 *    on exactly the www origin, without credentials, hidden characters, query or fragment, that ends in a numeric
 *    id (its last path segment is a positive id in digits: `https://www.example.com/catalog/1234`). The URL is what
 *    the item page sends the buyer back to, so a `javascript:`, `data:` or foreign URL that merely ends in digits is
 *    no target: the spec's "ends in a numeric id" holds on top of the host rule;
 *
 * otherwise it is expired. Only these four rules make a cookie invalid; the other fields are read leniently (an
 * empty or non-numeric number field is `undefined`, an empty text field is `undefined`). A valid cookie's
 * `targetItemUrl` is the URL as the URL parser writes it: what was checked is what is used.
 *
 * Each field is percent-encoded on its own when written ({@link encodeUpsellCookie}) and decoded when read, so a
 * field may hold a comma; a field with a malformed `%` sequence is read raw. Parsing and validation are pure and
 * never throw.
 *
 * @module
 */
import * as Result from "effect/Result"
import { safeItemTarget, type UnsafeTargetReason } from "../links/safeTarget.ts"

/** The 11 fields, in cookie order. */
export const upsellCookieFields = [
  "upsellUuid",
  "targetItemUrl",
  "userId",
  "expectedCurrency",
  "expectedPrice",
  "expectedSellerId",
  "userAssetId",
  "productId",
  "collectibleItemId",
  "collectibleItemInstanceId",
  "collectibleProductId"
] as const

/** How many fields a valid cookie has at least (UPS-2). */
export const upsellCookieFieldCount = upsellCookieFields.length

/** The decoded upsell cookie. */
export interface UpsellData {
  readonly upsellUuid: string
  /** The item page to come back to after buying Robux: a page of the www origin that ends in the item's id. */
  readonly targetItemUrl: string
  readonly userId: number | undefined
  readonly expectedCurrency: number | undefined
  readonly expectedPrice: number | undefined
  readonly expectedSellerId: number | undefined
  readonly userAssetId: number | undefined
  readonly productId: number | undefined
  readonly collectibleItemId: string | undefined
  readonly collectibleItemInstanceId: string | undefined
  readonly collectibleProductId: string | undefined
}

/** A valid cookie: its data and the item id its target URL ends in. */
export interface ValidUpsell {
  readonly data: UpsellData
  readonly itemId: number
}

/**
 * Why a cookie is expired, checked in the module doc's order: `tooFewFields`, `uuidMismatch`, `userMismatch`, or
 * `targetUrl` followed by the target rule the URL broke (`targetUrlScheme`, `targetUrlHostNotAllowed`,
 * `targetUrlNotItem`, …: links/safeTarget.ts).
 */
export type UpsellInvalidReason = "tooFewFields" | "uuidMismatch" | "userMismatch" | `targetUrl${UnsafeTargetReason}`

/** What the cookie is checked against: the page's upsell query parameter, the signed-in user and the www site. */
export interface UpsellCheck {
  readonly queryUuid: string | undefined
  readonly currentUserId: number | undefined
  /** The www base URL (`PlatformConfig.baseUrls.www`): the target must be on its origin. */
  readonly www: string
}

const decodeField = (raw: string): string => {
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

const text = (value: string | undefined): string | undefined =>
  value === undefined || value === "" ? undefined : value

const number = (value: string | undefined): number | undefined => {
  if (value === undefined || value.trim() === "") return undefined
  const n = Number(value)
  return Number.isFinite(n) ? n : undefined
}

/** Split a cookie value into its fields (percent-decoded each); no check on their number. */
export const splitUpsellCookie = (value: string): ReadonlyArray<string> => value.split(",").map(decodeField)

/** The data of a cookie value with at least 11 fields, or `tooFewFields`. */
export const parseUpsellCookie = (value: string): Result.Result<UpsellData, "tooFewFields"> => {
  const f = splitUpsellCookie(value)
  if (f.length < upsellCookieFieldCount) return Result.fail("tooFewFields")
  return Result.succeed({
    upsellUuid: f[0]!,
    targetItemUrl: f[1]!,
    userId: number(f[2]),
    expectedCurrency: number(f[3]),
    expectedPrice: number(f[4]),
    expectedSellerId: number(f[5]),
    userAssetId: number(f[6]),
    productId: number(f[7]),
    collectibleItemId: text(f[8]),
    collectibleItemInstanceId: text(f[9]),
    collectibleProductId: text(f[10])
  })
}

/** Apply the four validity rules to a cookie value; never throws. */
export const validateUpsellCookie = (
  value: string,
  check: UpsellCheck
): Result.Result<ValidUpsell, UpsellInvalidReason> => {
  const parsed = parseUpsellCookie(value)
  if (Result.isFailure(parsed)) return Result.fail(parsed.failure)
  const data = parsed.success
  if (check.queryUuid === undefined || data.upsellUuid === "" || data.upsellUuid !== check.queryUuid) {
    return Result.fail("uuidMismatch")
  }
  if (check.currentUserId === undefined || data.userId !== check.currentUserId) return Result.fail("userMismatch")
  const target = safeItemTarget(data.targetItemUrl, check.www)
  if (Result.isFailure(target)) return Result.fail(`targetUrl${target.failure.reason}` as const)
  return Result.succeed({ data: { ...data, targetItemUrl: target.success.href }, itemId: target.success.itemId })
}

/** The cookie value of `data`: the 11 fields in order, each percent-encoded, joined with `,`. */
export const encodeUpsellCookie = (data: UpsellData): string =>
  upsellCookieFields
    .map((field) => {
      const value = data[field]
      return value === undefined ? "" : encodeURIComponent(String(value))
    })
    .join(",")
