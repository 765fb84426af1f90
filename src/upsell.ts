/**
 * platform-web-client/upsell: the upsell cookie (`UpsellCookie`): what a purchase prompt stores for the page
 * it leads to, its encoding, and its checks.
 *
 * @module
 */
export {
  defaultUpsellSettings,
  UpsellCookie,
  UpsellCookieSettings,
  type UpsellCookieShape,
  type UpsellSettings
} from "./platform/upsell/UpsellCookie.ts"
export {
  encodeUpsellCookie,
  parseUpsellCookie,
  type UpsellCheck,
  type UpsellData,
  type UpsellInvalidReason,
  validateUpsellCookie,
  type ValidUpsell
} from "./platform/upsell/UpsellCookieData.ts"
