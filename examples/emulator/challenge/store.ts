/**
 * The emulator's challenge state for one running instance: which requests are challenged (rules, on/off), the
 * challenges issued, their completion through `/challenge/v1/continue`, follow-ups, and script sessions.
 *
 * Completion is verified without shared state between the two servers: the hybrid page (www server) and the
 * continue endpoint (services server) both derive a challenge's answer token from the emulator's seed and the
 * challenge id ({@link challengeToken}).
 *
 * @module
 */
import { Schema } from "effect"
import { Base64 } from "effect/encoding"
import { GenericChallengeType } from "../../../src/core/challenge/metadata.ts"
import { ChallengeType } from "../../../src/core/challenge/enums.ts"

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

/** Which requests get challenged. */
export const ChallengeRuleInput = Schema.Struct({
  /** Path glob (`*` = any characters) matched against the path without its query. */
  path: Schema.String,
  /** Only this method (case-insensitive); default any mutating method (POST, PATCH, PUT, DELETE). */
  method: Schema.optionalKey(Schema.String),
  /** The challenge type issued; default `Captcha`. */
  type: Schema.optionalKey(GenericChallengeType),
  /** The protected action named in captcha metadata; default `Generic`. */
  actionType: Schema.optionalKey(ChallengeType),
  /** For `ScriptRunning`: the shared parameters put in the metadata (none by default: session mode). */
  useContinueMode: Schema.optionalKey(Schema.Boolean),
  shouldAnalyze: Schema.optionalKey(Schema.Boolean)
})
/** The type of {@link ChallengeRuleInput}. */
export type ChallengeRuleInput = typeof ChallengeRuleInput.Type

/** The rules every emulator starts with: the demo's follow and group-wall actions. */
export const defaultChallengeRules: ReadonlyArray<ChallengeRuleInput> = [
  { method: "POST", path: "/friends/v1/users/*/follow", type: "Captcha", actionType: "FollowUser" },
  { method: "POST", path: "/groups/v1/groups/*/wall/posts", type: "Captcha", actionType: "GroupWallPost" }
]

/** The admin view and settings of challenges. */
export const ChallengeSettings = Schema.Struct({
  /** The admin switch: when false, nothing is challenged. */
  enabled: Schema.Boolean,
  rules: Schema.Array(ChallengeRuleInput),
  /** When set, every completed challenge (not itself a follow-up) is answered with a follow-up of this type. */
  followUp: Schema.NullOr(GenericChallengeType)
})
/** The type of {@link ChallengeSettings}. */
export type ChallengeSettings = typeof ChallengeSettings.Type

/** A settings change from the admin endpoint; fields left out stay as they are. */
export const ChallengeSettingsInput = Schema.Struct({
  enabled: Schema.optionalKey(Schema.Boolean),
  rules: Schema.optionalKey(Schema.Array(ChallengeRuleInput)),
  followUp: Schema.optionalKey(Schema.NullOr(GenericChallengeType))
})

/** An issued challenge, as the admin endpoint lists it (no metadata, no token). */
export interface IssuedChallenge {
  readonly id: string
  readonly type: GenericChallengeType
  /** The challenge it follows up, if any. */
  readonly parent: string | null
  /** issued → completed (continue accepted) → redeemed (a re-sent request passed), or followedUp. */
  status: "issued" | "completed" | "followedUp" | "redeemed"
  /** How many re-sent requests may still pass with this id. */
  uses: number
}

/** A challenge to send: its headers' values. */
export interface ChallengeToSend {
  readonly id: string
  readonly type: GenericChallengeType
  readonly metadata: Record<string, unknown>
}

const globToRegExp = (glob: string): RegExp =>
  new RegExp(`^${glob.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`)

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
  /** Let a re-sent request through with challenge `id` (once per issued request); false when it may not pass. */
  readonly redeem: (id: string) => boolean
  /** The continue call; see routes.ts. */
  readonly continueChallenge: (
    id: string,
    type: string,
    metadata: Record<string, unknown>
  ) => { readonly ok: true; readonly followUp: ChallengeToSend | undefined } | { readonly ok: false; readonly reason: string }
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

/** Fresh challenge state for an emulator with `seed`. */
export const makeChallengeStore = (seed: number): ChallengeStore => {
  let settings: ChallengeSettings = { enabled: true, rules: defaultChallengeRules, followUp: null }
  let issued = new Map<string, IssuedChallenge>()
  let sessions = new Map<string, { answered: boolean; redeemed: boolean }>()
  let counter = 0
  let uploads = 0

  const metadataFor = (id: string, type: GenericChallengeType, rule: Partial<ChallengeRuleInput>): Record<string, unknown> => {
    switch (type) {
      case "Captcha":
        return { unifiedCaptchaId: `uc-${id}`, dataExchangeBlob: Base64.encode(`blob-${id}`), actionType: rule.actionType ?? "Generic" }
      case "TwoStepVerification":
        return { userId: "1", challengeId: id, actionType: "Generic", mediaType: "Authenticator" }
      case "ProofOfSpace":
        return { sessionId: `pos-${id}`, puzzleType: "noninteractive" }
      case "TilePuzzle":
        return { challengeId: id, puzzleType: "visible" }
      case "ScriptRunning":
        return {
          userId: "1",
          challengeId: id,
          contentInlineBase64: Base64.encode(emulatorScript.source),
          expectedSymbols: emulatorScript.symbols,
          ...(rule.useContinueMode === undefined && rule.shouldAnalyze === undefined ? {} : {
            sharedParameters: {
              shouldAnalyze: rule.shouldAnalyze ?? false,
              useContinueMode: rule.useContinueMode ?? false,
              genericChallengeId: id
            }
          })
        }
      default:
        return { reason: "emulator" }
    }
  }

  const issue = (rule: Partial<ChallengeRuleInput>, parent: IssuedChallenge | undefined): ChallengeToSend => {
    const id = `ch-${seed}-${++counter}`
    const type = rule.type ?? "Captcha"
    issued.set(id, { id, type, parent: parent?.id ?? null, status: "issued", uses: parent?.uses ?? 1 })
    return { id, type, metadata: metadataFor(id, type, rule) }
  }

  return {
    settings: () => settings,
    update: (change) => {
      settings = {
        enabled: change.enabled ?? settings.enabled,
        rules: change.rules ?? settings.rules,
        followUp: change.followUp === undefined ? settings.followUp : change.followUp
      }
      return settings
    },
    reset: () => {
      settings = { enabled: true, rules: defaultChallengeRules, followUp: null }
      issued = new Map()
      sessions = new Map()
    },
    issued: () => [...issued.values()].map((c) => ({ ...c })),
    ruleFor: (method, path) => {
      if (!settings.enabled) return undefined
      const m = method.toUpperCase()
      return settings.rules.find((rule) =>
        (rule.method === undefined ? mutating.has(m) : rule.method.toUpperCase() === m) && globToRegExp(rule.path).test(path)
      )
    },
    issue: (rule) => issue(rule, undefined),
    redeem: (id) => {
      const challenge = issued.get(id)
      if (challenge === undefined || (challenge.status !== "completed" && challenge.status !== "redeemed") || challenge.uses <= 0) {
        return false
      }
      challenge.uses--
      challenge.status = "redeemed"
      return true
    },
    continueChallenge: (id, type, metadata) => {
      const challenge = issued.get(id)
      if (challenge === undefined) return { ok: false, reason: "Challenge not found" }
      if (challenge.type !== type) return { ok: false, reason: "Challenge type does not match" }
      if (challenge.status !== "issued") return { ok: false, reason: "Challenge already answered" }
      if (type === "ScriptRunning") {
        const session = sessions.get(id)
        const inContinueMode = metadata["payload"] !== undefined
        const passed = inContinueMode ? answerOf(metadata["payload"]) === emulatorScript.answer : session?.redeemed === true
        if (!passed) return { ok: false, reason: "ANSWER_INVALID" }
      } else if (metadata["challengeToken"] !== challengeToken(seed, id)) {
        return { ok: false, reason: "ANSWER_INVALID" }
      }
      const wantsFollowUp = challenge.parent === null && (metadata["requestFollowUp"] === true || settings.followUp !== null)
      if (wantsFollowUp) {
        challenge.status = "followedUp"
        return { ok: true, followUp: issue({ type: settings.followUp ?? "TilePuzzle" }, challenge) }
      }
      challenge.status = "completed"
      return { ok: true, followUp: undefined }
    },
    scriptSession: {
      init: (challengeId) => {
        if (issued.get(challengeId)?.type !== "ScriptRunning") return false
        sessions.set(challengeId, { answered: false, redeemed: false })
        return true
      },
      submit: (challengeId, payload) => {
        const session = sessions.get(challengeId)
        if (session === undefined) return "SESSION_INVALID"
        if (answerOf(payload) !== emulatorScript.answer) return "ANSWER_INVALID"
        session.answered = true
        return "ok"
      },
      redeem: (challengeId) => {
        const session = sessions.get(challengeId)
        if (session === undefined || !session.answered) return "SESSION_INVALID"
        session.redeemed = true
        return "ok"
      }
    },
    upload: () => `emulator://scripts/${++uploads}`
  }
}
