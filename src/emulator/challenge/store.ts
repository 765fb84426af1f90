/**
 * The emulator's challenge state for one running instance: which requests are challenged (rules, on/off), the
 * challenges issued, their completion through `/challenge/v1/continue`, follow-ups, and script sessions.
 *
 * Challenges are issued in the real platform's vocabulary: the lower-case type (`captcha`, `twostepverification`,
 * `chef`, `rostile`, …; a rule may name a type in any spelling, the spec's PascalCase names included, or a new word
 * the library does not know, issued as written) and the real metadata shapes ({@link metadataFor}). Like the real
 * service, the emulator expects its own spelling back: the continue call and the re-sent request must carry the
 * type exactly as issued. Unless a rule says `genericChallengeId: false`, the metadata carries
 * `sharedParameters.genericChallengeId` (`g-{id}`), and the continue call must then name THAT id. After a
 * follow-up chain the re-sent request may name the last follow-up (the spec's re-send) or the first challenge with
 * its original type (the real site's): the chain lets one re-sent request through either way.
 *
 * Completion is verified without shared state between the two servers: the hybrid page (www server) and the
 * continue endpoint (services server) both derive a challenge's answer token from the emulator's seed and the
 * challenge id ({@link challengeToken}).
 *
 * @module
 */
import { Schema } from "effect"
import { Base64 } from "effect/encoding"
import {
  canonicalChallengeType,
  type DecodedChallengeType,
  isWellFormedChallengeType,
  realChallengeTypes
} from "../../core/challenge/challengeTypes.ts"
import { ChallengeType } from "../../core/challenge/enums.ts"

/** The answer token of challenge `id` under `seed` (FNV-1a, hex): what the page hands over on completion. */
export const challengeToken = (seed: number, id: string): string => {
  let hash = 0x811c9dc5
  for (const char of `${seed}|challenge|${id}`) {
    hash ^= char.codePointAt(0)!
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, "0")
}

/** The script of the emulator's script-running challenges and the value its symbol must give. */
export const emulatorScript = {
  source: "var challengeAnswer = function () { return 6 * 7 }",
  symbols: ["challengeAnswer"] as ReadonlyArray<string>,
  answer: 42
}

/** A challenge type as a rule names it: any spelling of a known type, or a new well-formed word. */
export const RuleChallengeType = Schema.String.check(
  Schema.makeFilter(isWellFormedChallengeType, {
    expected: "a challenge type (a letter, then up to 63 letters, digits, _ or -)"
  })
)

/** Which requests get challenged. */
export const ChallengeRuleInput = Schema.Struct({
  /** Path glob (`*` = any characters) matched against the path without its query. */
  path: Schema.String,
  /** Only this method (case-insensitive); default any mutating method (POST, PATCH, PUT, DELETE). */
  method: Schema.optionalKey(Schema.String),
  /** The challenge type issued (issued in the real spelling when it is a known type); default `captcha`. */
  type: Schema.optionalKey(RuleChallengeType),
  /** The protected action named in captcha metadata; default `Generic`. */
  actionType: Schema.optionalKey(ChallengeType),
  /** For `chef`: the script's shared parameters (both off by default: session mode). */
  useContinueMode: Schema.optionalKey(Schema.Boolean),
  shouldAnalyze: Schema.optionalKey(Schema.Boolean),
  /** Put `sharedParameters.genericChallengeId` in the metadata (default true). */
  genericChallengeId: Schema.optionalKey(Schema.Boolean),
  /**
   * For `chef`: the inline script (`contentInlineBase64`) instead of the emulator's; its `challengeAnswer` must
   * still give 42. It is what runs in continue mode (session mode runs the session's script).
   */
  script: Schema.optionalKey(Schema.String)
})
/** The type of {@link ChallengeRuleInput}. */
export type ChallengeRuleInput = typeof ChallengeRuleInput.Type

/** The rules every emulator starts with: the demo's follow and group-wall actions. */
export const defaultChallengeRules: ReadonlyArray<ChallengeRuleInput> = [
  { method: "POST", path: "/friends/v1/users/*/follow", type: "captcha", actionType: "FollowUser" },
  { method: "POST", path: "/groups/v1/groups/*/wall/posts", type: "captcha", actionType: "GroupWallPost" }
]

/** The admin view and settings of challenges. */
export const ChallengeSettings = Schema.Struct({
  /** The admin switch: when false, nothing is challenged. */
  enabled: Schema.Boolean,
  rules: Schema.Array(ChallengeRuleInput),
  /** When set, every completed challenge (not itself a follow-up) is answered with a follow-up of this type. */
  followUp: Schema.NullOr(RuleChallengeType)
})
/** The type of {@link ChallengeSettings}. */
export type ChallengeSettings = typeof ChallengeSettings.Type

/** A settings change from the admin endpoint; fields left out stay as they are. */
export const ChallengeSettingsInput = Schema.Struct({
  enabled: Schema.optionalKey(Schema.Boolean),
  rules: Schema.optionalKey(Schema.Array(ChallengeRuleInput)),
  followUp: Schema.optionalKey(Schema.NullOr(RuleChallengeType))
})

/** An issued challenge, as the admin endpoint lists it (no metadata, no token). */
export interface IssuedChallenge {
  readonly id: string
  /** The type exactly as issued (the real spelling of a known type). */
  readonly type: string
  /** The id its continue call must name: its `genericChallengeId`, else its id. */
  readonly continueId: string
  /** The challenge it follows up, if any. */
  readonly parent: string | null
  /** issued → completed (continue accepted) → redeemed (a re-sent request passed), or followedUp. */
  status: "issued" | "completed" | "followedUp" | "redeemed"
  /** How many re-sent requests may still pass with this challenge's chain (counted on the chain's first challenge). */
  uses: number
}

/** A challenge to send: its headers' values. */
export interface ChallengeToSend {
  readonly id: string
  /** The type as issued. */
  readonly type: string
  readonly metadata: Record<string, unknown>
}

/** The type the emulator issues for a rule's type: the real spelling of a known type, else the word as written. */
export const issuedType = (type: string): string => {
  const canonical = canonicalChallengeType(type)
  return canonical === undefined || canonical === "Unrecognized" ? type : realChallengeTypes[canonical]
}

/** The script challenge's shared parameters a rule asks for. */
const scriptFlags = (rule: Partial<ChallengeRuleInput>) => ({
  ...(rule.shouldAnalyze === undefined ? {} : { shouldAnalyze: rule.shouldAnalyze }),
  ...(rule.useContinueMode === undefined ? {} : { useContinueMode: rule.useContinueMode })
})

/**
 * The metadata of a challenge of `type` (canonical) with `id`, in the real platform's shape for that type (see
 * docs/challenges.md), without its shared parameters.
 */
export const metadataFor = (
  id: string,
  type: DecodedChallengeType,
  rule: Partial<ChallengeRuleInput>
): Record<string, unknown> => {
  switch (type) {
    case "Captcha":
      return {
        unifiedCaptchaId: `uc-${id}`,
        dataExchangeBlob: Base64.encode(`blob-${id}`),
        actionType: rule.actionType ?? "Generic"
      }
    case "TwoStepVerification":
      return { userId: "1", challengeId: `2sv-${id}`, shouldShowRememberDeviceCheckbox: true, actionType: "Generic" }
    case "SecurityQuestions":
      return { userId: "1", sessionId: `sq-${id}` }
    case "Reauthentication":
      return { defaultType: "Password", availableTypes: ["Password"], defaultTypeMetadata: null }
    case "ProofOfWork":
      return { sessionId: `pow-${id}` }
    case "TilePuzzle":
      return { challengeId: `rt-${id}`, puzzleType: "ROSTILE_PUZZLE_TYPE_VISIBLE" }
    case "PrivateAccessToken":
      return { challengeId: `pat-${id}` }
    case "DeviceIntegrity":
      return { integrityType: "emulator", requestHash: Base64.encode(`request-${id}`) }
    case "ProofOfSpace":
      return {
        challengeId: `pos-${id}`,
        artifacts: {
          puzzleType: "PROOF_OF_SPACE_PUZZLE_TYPE_NONINTERACTIVE",
          seed: Base64.encode(`seed-${id}`),
          rounds: "8",
          layers: "4"
        }
      }
    case "PhoneVerification":
      return { frictionContext: "Generic" }
    case "EmailVerification":
      return { otpSession: `otp-${id}` }
    case "BlockSession":
      return { reason: "emulator" }
    case "ScriptRunning":
      return {
        userId: "1",
        challengeId: id,
        contentInlineBase64: Base64.encode(rule.script ?? emulatorScript.source),
        expectedSymbols: emulatorScript.symbols,
        scriptIdentifiers: [`script-${id}`]
      }
    case "ForceAuthenticator":
    case "ForceTwoStepVerification":
      return {}
    default:
      return { challengeId: id }
  }
}

const globToRegExp = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`
  )

const mutating = new Set(["POST", "PATCH", "PUT", "DELETE"])

/** The challenge state of one emulator instance. */
export interface ChallengeStore {
  readonly settings: () => ChallengeSettings
  readonly update: (change: typeof ChallengeSettingsInput.Type) => ChallengeSettings
  readonly reset: () => void
  readonly issued: () => ReadonlyArray<IssuedChallenge>
  /** The rule challenging `method path`, if the switch is on and one matches. */
  readonly ruleFor: (method: string, path: string) => ChallengeRuleInput | undefined
  /** Issue a new challenge for a rule. */
  readonly issue: (rule: ChallengeRuleInput) => ChallengeToSend
  /**
   * Let a re-sent request through with challenge `id` and `type` (once per issued request): `ok`, `typeMismatch`
   * when the type is not exactly the one issued for `id`, else `refused`. After follow-ups, either the last
   * follow-up's id and type (the spec's re-send) or the first challenge's (the real site's, which re-sends the
   * original headers) passes, once for the chain, when its last challenge was completed.
   */
  readonly redeem: (id: string, type: string | undefined) => "ok" | "typeMismatch" | "refused"
  /** The continue call (its `challengeID` is the challenge's continue id); see routes.ts. */
  readonly continueChallenge: (
    continueId: string,
    type: string,
    metadata: Record<string, unknown>
  ) =>
    | { readonly ok: true; readonly id: string; readonly followUp: ChallengeToSend | undefined }
    | { readonly ok: false; readonly reason: string }
  /** Script sessions: init (returns the script), submit (checks the answer), redeem. */
  readonly scriptSession: {
    readonly init: (challengeId: string) => boolean
    readonly submit: (challengeId: string, payload: string) => "ok" | "SESSION_INVALID" | "ANSWER_INVALID"
    readonly redeem: (challengeId: string) => "ok" | "SESSION_INVALID"
  }
  /** The next upload's location. */
  readonly upload: () => string
}

const answerOf = (payload: unknown): unknown => {
  if (typeof payload !== "string") return undefined
  try {
    return (JSON.parse(payload) as Record<string, unknown>)[emulatorScript.symbols[0]!]
  } catch {
    return undefined
  }
}

/** The mutable challenge state of one emulator instance. */
interface ChallengeMemory {
  readonly seed: number
  settings: ChallengeSettings
  issued: Map<string, IssuedChallenge>
  sessions: Map<string, { answered: boolean; redeemed: boolean }>
  /** How many challenges were issued (their ids count on from it, across resets). */
  counter: number
  uploads: number
}

/** The settings an emulator starts with and returns to on reset. */
const initialSettings = (): ChallengeSettings => ({ enabled: true, rules: defaultChallengeRules, followUp: null })

/** Issue a challenge for `rule`, a follow-up of `parent` when given. */
const issueChallenge = (
  m: ChallengeMemory,
  rule: Partial<ChallengeRuleInput>,
  parent: IssuedChallenge | undefined
): ChallengeToSend => {
  const id = `ch-${m.seed}-${++m.counter}`
  const type = issuedType(rule.type ?? "captcha")
  const generic = rule.genericChallengeId !== false
  const shared = { ...(generic ? { genericChallengeId: `g-${id}` } : {}), ...scriptFlags(rule) }
  const metadata = {
    ...metadataFor(id, canonicalChallengeType(type) ?? "Unrecognized", rule),
    ...(Object.keys(shared).length === 0 ? {} : { sharedParameters: shared })
  }
  const continueId = generic ? `g-${id}` : id
  m.issued.set(id, { id, type, continueId, parent: parent?.id ?? null, status: "issued", uses: 1 })
  return { id, type, metadata }
}

/** The challenge a follow-up chain started with. */
const rootOf = (m: ChallengeMemory, challenge: IssuedChallenge): IssuedChallenge => {
  const parent = challenge.parent === null ? undefined : m.issued.get(challenge.parent)
  return parent === undefined ? challenge : rootOf(m, parent)
}

/** True when `challenge` was completed, or followed up by a chain whose last challenge was. */
const chainCompleted = (m: ChallengeMemory, challenge: IssuedChallenge): boolean => {
  if (challenge.status === "completed" || challenge.status === "redeemed") return true
  if (challenge.status !== "followedUp") return false
  const next = [...m.issued.values()].find((c) => c.parent === challenge.id)
  return next !== undefined && chainCompleted(m, next)
}

/** Whether a challenge runs a script. */
const isScript = (challenge: IssuedChallenge | undefined): boolean =>
  canonicalChallengeType(challenge?.type ?? "") === "ScriptRunning"

/** Let a re-sent request through with its chain (see {@link ChallengeStore.redeem}). */
const redeemChallenge = (
  m: ChallengeMemory,
  id: string,
  type: string | undefined
): "ok" | "typeMismatch" | "refused" => {
  const challenge = m.issued.get(id)
  const root = challenge === undefined ? undefined : rootOf(m, challenge)
  if (challenge === undefined || root === undefined || !chainCompleted(m, challenge) || root.uses <= 0) return "refused"
  if (challenge.type !== type) return "typeMismatch"
  root.uses--
  challenge.status = "redeemed"
  return "ok"
}

/**
 * Whether a continue call's metadata answers `challenge`: a script's answer (in continue mode its payload, else its
 * redeemed session), any other challenge's answer token.
 */
const answered = (m: ChallengeMemory, challenge: IssuedChallenge, metadata: Record<string, unknown>): boolean => {
  if (!isScript(challenge)) return metadata["challengeToken"] === challengeToken(m.seed, challenge.id)
  return metadata["payload"] !== undefined
    ? answerOf(metadata["payload"]) === emulatorScript.answer
    : m.sessions.get(challenge.id)?.redeemed === true
}

/** The continue call: the challenge completed, or followed up when asked or set to. */
const continueChallenge = (
  m: ChallengeMemory,
  continueId: string,
  type: string,
  metadata: Record<string, unknown>
): ReturnType<ChallengeStore["continueChallenge"]> => {
  const challenge = [...m.issued.values()].find((c) => c.continueId === continueId)
  if (challenge === undefined) return { ok: false, reason: "Challenge not found" }
  const id = challenge.id
  if (challenge.type !== type) return { ok: false, reason: "Challenge type does not match" }
  if (challenge.status !== "issued") return { ok: false, reason: "Challenge already answered" }
  if (!answered(m, challenge, metadata)) return { ok: false, reason: "ANSWER_INVALID" }
  const wantsFollowUp =
    challenge.parent === null && (metadata["requestFollowUp"] === true || m.settings.followUp !== null)
  if (wantsFollowUp) {
    challenge.status = "followedUp"
    return { ok: true, id, followUp: issueChallenge(m, { type: m.settings.followUp ?? "rostile" }, challenge) }
  }
  challenge.status = "completed"
  return { ok: true, id, followUp: undefined }
}

/** The script sessions of {@link ChallengeStore.scriptSession}. */
const scriptSessions = (m: ChallengeMemory): ChallengeStore["scriptSession"] => ({
  init: (challengeId) => {
    if (!isScript(m.issued.get(challengeId))) return false
    m.sessions.set(challengeId, { answered: false, redeemed: false })
    return true
  },
  submit: (challengeId, payload) => {
    const session = m.sessions.get(challengeId)
    if (session === undefined) return "SESSION_INVALID"
    if (answerOf(payload) !== emulatorScript.answer) return "ANSWER_INVALID"
    session.answered = true
    return "ok"
  },
  redeem: (challengeId) => {
    const session = m.sessions.get(challengeId)
    if (session === undefined || !session.answered) return "SESSION_INVALID"
    session.redeemed = true
    return "ok"
  }
})

/** The rule challenging `method path`, if the switch is on and one matches. */
const ruleFor = (settings: ChallengeSettings, method: string, path: string): ChallengeRuleInput | undefined => {
  if (!settings.enabled) return undefined
  const upper = method.toUpperCase()
  return settings.rules.find(
    (rule) =>
      (rule.method === undefined ? mutating.has(upper) : rule.method.toUpperCase() === upper) &&
      globToRegExp(rule.path).test(path)
  )
}

/** Fresh challenge state for an emulator with `seed`. */
export const makeChallengeStore = (seed: number): ChallengeStore => {
  const m: ChallengeMemory = {
    seed,
    settings: initialSettings(),
    issued: new Map(),
    sessions: new Map(),
    counter: 0,
    uploads: 0
  }
  return {
    settings: () => m.settings,
    update: (change) => {
      m.settings = {
        enabled: change.enabled ?? m.settings.enabled,
        rules: change.rules ?? m.settings.rules,
        followUp: change.followUp === undefined ? m.settings.followUp : change.followUp
      }
      return m.settings
    },
    reset: () => {
      m.settings = initialSettings()
      m.issued = new Map()
      m.sessions = new Map()
    },
    issued: () => [...m.issued.values()].map((c) => ({ ...c })),
    ruleFor: (method, path) => ruleFor(m.settings, method, path),
    issue: (rule) => issueChallenge(m, rule, undefined),
    redeem: (id, type) => redeemChallenge(m, id, type),
    continueChallenge: (continueId, type, metadata) => continueChallenge(m, continueId, type, metadata),
    scriptSession: scriptSessions(m),
    upload: () => `emulator://scripts/${++m.uploads}`
  }
}
