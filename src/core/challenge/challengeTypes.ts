/**
 * The challenge type vocabulary: the values of the `rblx-challenge-type` header, how they are matched, and the
 * canonical name each one is typed as.
 *
 * The real platform sends LOWER-CASE values (`captcha`, `twostepverification`, `chef`, …) and adds new ones over
 * time; the spec's own names are PascalCase. Both are accepted, matched case-insensitively:
 *
 * - **Canonical spelling.** A decoded challenge's `type` is a PascalCase name: the spec's name where the spec names
 *   the concept (`ScriptRunning` for the script-running challenge, `TilePuzzle` for the tile puzzle, the
 *   enumerations of CHAL-16 `ForceAuthenticator`, `ForceTwoStepVerification`, `BlockSession`), else the PascalCase of the real
 *   platform's value (`SecurityQuestions`, `ProofOfWork`, …). Code branches on these.
 * - **The server's spelling is kept.** The decoded challenge also carries the value exactly as the server sent it
 *   (`serverType`): the continue call and the re-sent request send THAT back, because the real server expects its
 *   own spelling.
 * - **Aliases.** The real `chef` IS the spec's script-running challenge (its metadata carries `contentInlineBase64`
 *   and `expectedSymbols`, its errors are the cook's FAILED_PREP / FAILED_MIREPOIX / FAILED_SIMMER, and its
 *   continue call is answered with follow-ups), and the real `rostile` IS the spec's tile puzzle (its puzzle types
 *   are `ROSTILE_PUZZLE_TYPE_VISIBLE` / `_INVISIBLE`): both spellings name one canonical type.
 * - **Types not known yet.** A well-formed value that names none of them (a letter, then up to 63 letters, digits,
 *   `_` or `-`: `biometric2`, `passkeycheck`) is {@link unrecognizedChallengeType}: shown in the challenge frame,
 *   whose page is the platform's own and knows it. Anything else (empty, spaces, punctuation, longer) is not a
 *   challenge type at all.
 *
 * No Schema here: the vocabulary is plain data, cheap to read.
 *
 * @module
 */

/** The real platform's value of each canonical challenge type (the value the emulator issues). */
export const realChallengeTypes = {
  Captcha: "captcha",
  TwoStepVerification: "twostepverification",
  ForceAuthenticator: "forceauthenticator",
  ForceTwoStepVerification: "forcetwostepverification",
  SecurityQuestions: "securityquestions",
  Reauthentication: "reauthentication",
  ProofOfWork: "proofofwork",
  TilePuzzle: "rostile",
  PrivateAccessToken: "privateaccesstoken",
  DeviceIntegrity: "deviceintegrity",
  ProofOfSpace: "proofofspace",
  PhoneVerification: "phoneverification",
  EmailVerification: "emailverification",
  BlockSession: "blocksession",
  ScriptRunning: "chef",
  Biometric: "biometric",
  Denied: "denied",
  CaptchaV2: "captchav2",
  Turnstile: "turnstile",
  ForcePasswordlessLogin: "forcepasswordlesslogin"
} as const

/** A canonical (PascalCase) challenge type: a key of {@link realChallengeTypes}. */
export type KnownChallengeType = keyof typeof realChallengeTypes

/** The canonical challenge types, in the order of {@link realChallengeTypes}. */
export const knownChallengeTypes = Object.keys(realChallengeTypes) as ReadonlyArray<KnownChallengeType>

/** The canonical type of a well-formed challenge type that names no known one. */
export const unrecognizedChallengeType = "Unrecognized"

/** A decoded challenge's type: a known canonical type, or {@link unrecognizedChallengeType}. */
export type DecodedChallengeType = KnownChallengeType | typeof unrecognizedChallengeType

/** The most characters a challenge type may have. */
export const maxChallengeTypeLength = 64

const wellFormed = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/

const byLowerCase = new Map<string, KnownChallengeType>()
for (const name of knownChallengeTypes) {
  byLowerCase.set(name.toLowerCase(), name)
  byLowerCase.set(realChallengeTypes[name], name)
}

/** True when `value` has the form of a challenge type (see the module doc). */
export const isWellFormedChallengeType = (value: string): boolean => wellFormed.test(value)

/**
 * The canonical type of a header value, matched case-insensitively: a known type (the real value or the canonical
 * name in any case), {@link unrecognizedChallengeType} for any other well-formed value, undefined for a value that
 * is not a challenge type.
 */
export const canonicalChallengeType = (value: string): DecodedChallengeType | undefined => {
  if (!isWellFormedChallengeType(value)) return undefined
  return byLowerCase.get(value.toLowerCase()) ?? unrecognizedChallengeType
}
