/**
 * platform-web-client/text: formatting helpers: abbreviated numbers, display dates, durations, HTML escaping,
 * SEO names, key handling.
 *
 * @module
 */
export {
  abbreviateNumber,
  type AbbreviateOptions,
  abbreviationSuffixes,
  defaultAbbreviationThreshold
} from "./core/text/abbreviateNumber.ts"
export {
  defaultDisplayLocale,
  displayDateOptions,
  type DisplayDateOptions,
  formatDisplayDate
} from "./core/text/displayDate.ts"
export { formatDuration } from "./core/text/duration.ts"
export { htmlEscape } from "./core/text/htmlEscape.ts"
export { defaultHandledKey, isHandledKey, type KeyEventLike, keyHandler } from "./core/text/keyHandler.ts"
export { reservedSeoNames, seoName, unnamedSeoName } from "./core/text/seoName.ts"
