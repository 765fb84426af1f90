/**
 * Generated URLs for the properties of the URL rule (src/core/text/redactUrl.ts): each carries one to three values
 * that must never be written, framed by two markers no name, host or placeholder contains, so a leak of one in any
 * encoding shows a marker. Shared by test/security/redactUrl.property.test.ts.
 *
 * - The hidden values' names: the platform's own secret names (two-step and recovery codes, PINs, cookie names,
 *   signed URLs' policies and signatures, challenge and share-link values, and names that only look harmless),
 *   generated names of any spelling, and allow-listed names whose value is not plain (a URL, escapes, quotes,
 *   controls, non-ASCII, too long).
 * - Between ordinary pairs whose names are on the allow-list and whose values are plain (shown), separated by `&`
 *   or `;`, in a URL of any shape (absolute http(s), ws(s), a custom scheme, a relative path), optionally nested
 *   1–2 levels deep in another URL's value, written as the value itself, in free text or in JSON, percent-encoded
 *   0–3 times.
 */
import * as fc from "fast-check"
import { maxShownValueLength, shownParameterNames } from "../../../src/core/text/shownParameters.ts"

export const openMarker = "Zq9"
export const closeMarker = "Wv7"

/** Whether `text` shows a hidden value, or a part of one (either marker). */
export const leaks = (text: string): boolean => text.includes(openMarker) || text.includes(closeMarker)

/** Secret names the platform and its CDNs use (the site's code and published documents), by what they carry. */
export const platformSecretNames = {
  twoStep: ["code", "verificationCode", "twoStepVerificationCode", "verificationToken", "rememberDevice"],
  recovery: ["recoveryCode", "recoveryCodes", "recovery-session-id", "client-supports-2sv-recovery"],
  pin: ["pin", "accountPin", "unlockPin"],
  cookies: [
    ".ROBLOSECURITY",
    "RBXEventTrackerV2",
    "RBXSessionTracker",
    "rbx-ip2",
    "GuestData",
    "RBXPaymentsFlowContext",
    "__RequestVerificationToken"
  ],
  signedUrls: [
    "Policy",
    "Signature",
    "Key-Pair-Id",
    "Expires",
    "X-Amz-Credential",
    "X-Amz-Signature",
    "X-Amz-Security-Token",
    "X-Amz-Date",
    "X-Amz-SignedHeaders",
    "X-Goog-Signature",
    "X-Goog-Credential",
    "GoogleAccessId",
    "sig",
    "se",
    "sp",
    "sv",
    "sr"
  ],
  challenges: [
    "challengeId",
    "challengeMetadata",
    "challenge-metadata-json",
    "generic-challenge-id",
    "data-exchange-blob",
    "captcha-id",
    "captchaToken",
    "unifiedCaptchaId",
    "redemptionToken",
    "otpSession",
    "session-id",
    "request-hash",
    "proof-of-space-artifacts",
    "btid",
    "browserTrackerId"
  ],
  links: [
    "privateServerLinkCode",
    "linkCode",
    "accessCode",
    "deep_link_value",
    "experienceInviteLinkId",
    "launchData",
    "authTicket",
    "ticket",
    "referralUrl",
    "returnUrl"
  ],
  harmlessLooking: [
    "sessionId",
    "imageToken",
    "model.sortToken",
    "PaginationKey",
    "exclusiveStartKey",
    "model.keyword",
    "state",
    "nonce",
    "t",
    "x"
  ]
} as const

/** Every name of {@link platformSecretNames}. */
export const allPlatformSecretNames: ReadonlyArray<string> = Object.values(platformSecretNames).flat()

const allowListed = new Set(shownParameterNames.map((name) => name.toLowerCase()))

/** A generated name: characters names are written with, and any other (percent-encoded in the URL). */
const generatedName = fc
  .oneof(
    fc.string({
      unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-[]"),
      minLength: 1,
      maxLength: 24
    }),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 })
  )
  .filter((name) => !allowListed.has(name.toLowerCase()) && !leaks(name))

/** Where a hidden value's name comes from: the platform's list, generated, or the allow-list with an unsafe value. */
export type NameKind = "platform" | "generated" | "allow-listed, unsafe value"

/** A hidden value's name, as decoded, with its kind. */
const hiddenName = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(...allPlatformSecretNames).map((name) => ({ name, kind: "platform" as NameKind }))
  },
  { weight: 2, arbitrary: generatedName.map((name) => ({ name, kind: "generated" as NameKind })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...shownParameterNames)
      .map((name) => ({ name, kind: "allow-listed, unsafe value" as NameKind }))
  }
)

/** Characters of a value: letters, digits, and what needs encoding, controls, separators and bidi controls included. */
const valueUnit = fc.constantFrom(
  ..."aZ09-._~!*()+&=;#%/?:@[]{}<>|^`\\ é\"'\n\t\u0000\u0085\u2028\u2029\u202E\u2066\u200F\u061C😀"
)

/** A character that is never plain (./shownParameters.ts): an allow-listed value holding one is hidden. */
const unsafeUnit = fc.constantFrom(..."?#&;%@\"'<>{}|^`\\!()é\n\t\u0000\u0085\u2028\u202E😀")

/** A value that must be hidden under `kind`: between the markers; for an allow-listed name, unsafe or too long. */
const hiddenValue = (kind: NameKind): fc.Arbitrary<string> =>
  kind !== "allow-listed, unsafe value"
    ? fc
        .string({ unit: valueUnit, minLength: 0, maxLength: 12 })
        .map((middle) => `${openMarker}${middle}${closeMarker}`)
    : fc.oneof(
        fc
          .tuple(fc.string({ unit: valueUnit, maxLength: 6 }), unsafeUnit, fc.string({ unit: valueUnit, maxLength: 6 }))
          .map(([a, unsafe, b]) => `${openMarker}${a}${unsafe}${b}${closeMarker}`),
        fc
          .integer({ min: 0, max: 40 })
          .map((extra) => `${openMarker}${"1,".repeat((maxShownValueLength + extra) / 2)}${closeMarker}`)
      )

/** One hidden pair: its name and value as decoded, its kind, and the pair as written in a query. */
export interface HiddenPair {
  readonly name: string
  readonly value: string
  readonly kind: NameKind
  readonly written: string
}

const hiddenPair: fc.Arbitrary<HiddenPair> = hiddenName.chain(({ kind, name }) =>
  hiddenValue(kind).map((value) => ({
    name,
    value,
    kind,
    written: `${encodeURIComponent(name)}=${encodeURIComponent(value)}`
  }))
)

/** An ordinary pair: an allow-listed name (any case) and a plain value; shown as written. */
const ordinaryPair = fc
  .record({
    name: fc.constantFrom(
      "limit",
      "cursor",
      "sortOrder",
      "userIds",
      "placeId",
      "size",
      "format",
      "isCircular",
      "LIMIT",
      "UniverseIds"
    ),
    value: fc.stringMatching(/^[a-z0-9,]{0,6}$/)
  })
  .map(({ name, value }) => `${name}=${value}`)

const separator = fc.constantFrom("&", ";")

/** A URL with `pairs` among ordinary pairs; its fragment, when any, holds no marker. */
const urlWith = (pairs: ReadonlyArray<string>) =>
  fc
    .record({
      base: fc.constantFrom(
        "https://www.example.com/games/1",
        "/games/1",
        "http://x.example.net/a/b",
        "https://user:pw@apis.example.com/v1",
        "wss://rt.example.com/socket",
        "myapp://cb",
        "games/1"
      ),
      before: fc.array(fc.tuple(ordinaryPair, separator), { maxLength: 3 }),
      separators: fc.array(separator, { minLength: pairs.length, maxLength: pairs.length }),
      after: fc.array(fc.tuple(separator, ordinaryPair), { maxLength: 3 }),
      fragment: fc.constantFrom("", "#section", "#access_token=abc")
    })
    .map(
      ({ after, base, before, fragment, separators }) =>
        `${base}?${before.map(([p, s]) => p + s).join("")}${pairs.map((p, i) => (i === 0 ? "" : separators[i]!) + p).join("")}` +
        `${after.map(([s, p]) => s + p).join("")}${fragment}`
    )

/** How a level of nesting writes its inner URL: the wrapper, the parameter, the shape and the times it is encoded. */
const nestingLevel = fc.record({
  wrapper: fc.constantFrom("https://www.example.com/login", "/login", "https://auth.example.net/authorize"),
  parameter: fc.constantFrom("returnUrl", "ReturnUrl", "next", "redirect_uri", "r", "cursor"),
  shape: fc.constantFrom("value", "value", "text", "json"),
  encodings: fc.integer({ min: 0, max: 3 }),
  separator
})

const shaped = (url: string, shape: "value" | "text" | "json") =>
  shape === "text" ? `go to ${url} now` : shape === "json" ? JSON.stringify({ returnTo: url }) : url

const encodedTimes = (text: string, times: number) =>
  Array.from({ length: times }).reduce<string>((t) => encodeURIComponent(t), text)

/**
 * A generated case: the URL, its hidden pairs, and whether a text echoing their values must have them blanked
 * (`echoesBlanked`: values the rule reads as values: not nested, or nested with at most 3 encodings in all, never in
 * JSON, and never in free text written raw, where a value runs into the words after it: `go to …?code=X now`).
 */
export interface UrlCase {
  readonly url: string
  readonly pairs: ReadonlyArray<HiddenPair>
  readonly nesting: number
  readonly echoesBlanked: boolean
}

export const urlCase: fc.Arbitrary<UrlCase> = fc
  .record({
    pairs: fc.array(hiddenPair, { minLength: 1, maxLength: 3 }),
    levels: fc.array(nestingLevel, { maxLength: 2 })
  })
  .chain(({ levels, pairs }) =>
    urlWith(pairs.map((pair) => pair.written)).map((innermost) => {
      let url = innermost
      for (const level of levels) {
        url = `${level.wrapper}?limit=1${level.separator}${level.parameter}=${encodedTimes(shaped(url, level.shape), level.encodings)}`
      }
      const encodings = levels.reduce((sum, level) => sum + level.encodings, 0)
      const echoesBlanked =
        encodings <= 3 &&
        levels.every((level) => level.shape === "value" || (level.shape === "text" && level.encodings > 0))
      return { url, pairs, nesting: levels.length, echoesBlanked }
    })
  )

/** A URL whose only marked value is under an allow-listed name and plain: the rule shows it (the control). */
export const shownCase: fc.Arbitrary<string> = fc
  .record({
    name: fc.constantFrom(...shownParameterNames),
    middle: fc.stringMatching(/^[A-Za-z0-9,._~:-]{0,12}$/)
  })
  .map(({ middle, name }) => `https://www.example.com/a?${name}=${openMarker}${middle}${closeMarker}&limit=2`)
