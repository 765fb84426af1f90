/**
 * Fault injection: rules that answer chosen requests with an error status (503, 429, …), add latency, or drop the
 * connection, for all requests or a percentage of them, optionally a limited number of times.
 *
 * Rules come from the options (`--fault` on the CLI) and from the admin endpoint at run time. Percentages are
 * decided by a generator seeded from the emulator's seed and the rule's id, so the same run gives the same
 * decisions. Admin requests are never faulted.
 *
 * @module
 */
import { Schema } from "effect"
import { deriveSeed, makeRandom, type Random } from "../world/random.ts"

const common = {
  /** Path glob (with `*` for any characters) matched against the request path without its query; default `*`. */
  path: Schema.optionalKey(Schema.String),
  /** Only this method (case-insensitive); default any. */
  method: Schema.optionalKey(Schema.String),
  /** Share of matching requests the rule hits, 0–100; default 100. */
  percent: Schema.optionalKey(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
  /** Stop after hitting this many requests; default no limit. */
  times: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)))
}

/** A fault rule as given by a user (CLI, options, admin endpoint). */
export const FaultRuleInput = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("status"),
    /** The status to answer with (400–599), with the platform's error body. */
    status: Schema.Int.check(Schema.isBetween({ minimum: 400, maximum: 599 })),
    /** For 429/503: the `Retry-After` header in seconds. */
    retryAfter: Schema.optionalKey(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
    ...common
  }),
  Schema.Struct({
    kind: Schema.Literal("latency"),
    /** Delay before the request is handled, in milliseconds. */
    ms: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 120_000 })),
    ...common
  }),
  Schema.Struct({ kind: Schema.Literal("drop"), ...common })
])

/** The type of {@link FaultRuleInput}. */
export type FaultRuleInput = typeof FaultRuleInput.Type

/** A registered rule: the input, its id, how often it hit, and how many hits it has left (null = no limit). */
export const FaultRule = Schema.Struct({
  id: Schema.String,
  rule: FaultRuleInput,
  hits: Schema.Int,
  remaining: Schema.NullOr(Schema.Int)
})

/** The type of {@link FaultRule}. */
export type FaultRule = typeof FaultRule.Type

/** What the rules decided for one request. */
export interface FaultDecision {
  /** Total latency to add before handling, in milliseconds. */
  readonly latencyMs: number
  /** Answer with an error status, drop the connection, or handle normally. */
  readonly action:
    | { readonly kind: "status"; readonly status: number; readonly retryAfter: number | undefined }
    | { readonly kind: "drop" }
    | undefined
  /** Verdicts for the request log, e.g. `fault 503 (f1)`. */
  readonly verdicts: ReadonlyArray<string>
}

/** The rule registry. */
export interface Faults {
  readonly list: () => ReadonlyArray<FaultRule>
  readonly add: (rule: FaultRuleInput) => FaultRule
  readonly remove: (id: string) => boolean
  readonly clear: () => void
  /** Back to the rules given at start-up, with fresh counters and generators. */
  readonly reset: () => void
  /** Decide for a request; counts hits. */
  readonly decide: (method: string, path: string) => FaultDecision
}

/** A glob (`*` = any characters) as an anchored regular expression. */
export const globToRegExp = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .split("*")
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
      .join(".*")}$`
  )

interface Entry {
  readonly id: string
  readonly rule: FaultRuleInput
  readonly pattern: RegExp
  readonly random: Random
  hits: number
  remaining: number | null
}

/** A registry seeded with `seed`, holding `initial` rules. */
export const makeFaults = (seed: number, initial: ReadonlyArray<FaultRuleInput>): Faults => {
  let entries: Array<Entry> = []
  let counter = 0
  const add = (rule: FaultRuleInput): FaultRule => {
    const id = `f${++counter}`
    const entry: Entry = {
      id,
      rule,
      pattern: globToRegExp(rule.path ?? "*"),
      random: makeRandom(deriveSeed(seed, `fault:${id}`)),
      hits: 0,
      remaining: rule.times ?? null
    }
    entries.push(entry)
    return view(entry)
  }
  const view = (entry: Entry): FaultRule => ({
    id: entry.id,
    rule: entry.rule,
    hits: entry.hits,
    remaining: entry.remaining
  })
  const reset = () => {
    entries = []
    counter = 0
    for (const rule of initial) add(rule)
  }
  reset()
  return {
    list: () => entries.map(view),
    add,
    remove: (id) => {
      const before = entries.length
      entries = entries.filter((entry) => entry.id !== id)
      return entries.length < before
    },
    clear: () => {
      entries = []
    },
    reset,
    decide: (method, path) => {
      let latencyMs = 0
      let action: FaultDecision["action"] = undefined
      const verdicts: Array<string> = []
      for (const entry of entries) {
        const { rule } = entry
        if (entry.remaining === 0) continue
        if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) continue
        if (!entry.pattern.test(path)) continue
        if (rule.kind !== "latency" && action !== undefined) continue
        const percent = rule.percent ?? 100
        if (percent < 100 && !(entry.random.next() * 100 < percent)) continue
        entry.hits++
        if (entry.remaining !== null) entry.remaining--
        switch (rule.kind) {
          case "latency":
            latencyMs += rule.ms
            verdicts.push(`fault latency ${rule.ms}ms (${entry.id})`)
            break
          case "status":
            action = { kind: "status", status: rule.status, retryAfter: rule.retryAfter }
            verdicts.push(`fault ${rule.status} (${entry.id})`)
            break
          case "drop":
            action = { kind: "drop" }
            verdicts.push(`fault drop (${entry.id})`)
            break
        }
      }
      return { latencyMs, action, verdicts }
    }
  }
}

/** A fault spec that could not be read. */
export class FaultSpecError extends Schema.TaggedError<FaultSpecError>()("FaultSpecError", {
  spec: Schema.String,
  reason: Schema.String
}) {
  override get message(): string {
    return `Invalid fault "${this.spec}": ${this.reason}`
  }
}

const numericKeys = new Set(["percent", "times", "retryAfter"])

/**
 * Read a CLI fault spec: comma-separated `key=value` pairs whose first pair names the kind:
 * `status=503`, `latency=800` or `drop`; then any of `path=/games/*`, `method=POST`, `percent=25`, `times=2`,
 * `retryAfter=5`. Examples: `status=503,path=/games/*,percent=50`, `latency=800,path=/presence/*`, `drop,times=1`.
 */
export const parseFaultSpec = (spec: string): FaultRuleInput => {
  const pairs = spec
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
  const [first, ...rest] = pairs
  if (first === undefined) throw new FaultSpecError({ spec, reason: "empty" })
  const [kindKey, kindValue] = first.split("=", 2) as [string, string | undefined]
  const raw: Record<string, unknown> = {}
  if (kindKey === "status") Object.assign(raw, { kind: "status", status: Number(kindValue) })
  else if (kindKey === "latency") Object.assign(raw, { kind: "latency", ms: Number(kindValue) })
  else if (kindKey === "drop" && kindValue === undefined) raw.kind = "drop"
  else
    throw new FaultSpecError({ spec, reason: `it must start with status=<code>, latency=<ms> or drop, not "${first}"` })
  for (const pair of rest) {
    const eq = pair.indexOf("=")
    if (eq <= 0) throw new FaultSpecError({ spec, reason: `"${pair}" is not key=value` })
    const key = pair.slice(0, eq)
    const value = pair.slice(eq + 1)
    if (!["path", "method", "percent", "times", "retryAfter"].includes(key)) {
      throw new FaultSpecError({ spec, reason: `unknown key "${key}"` })
    }
    raw[key] = numericKeys.has(key) ? Number(value.replace(/%$/, "")) : value
  }
  const decoded = Schema.decodeUnknownExit(FaultRuleInput)(raw)
  if (decoded._tag === "Failure") {
    const error = decoded.cause.reasons.find((r) => r._tag === "Fail")
    const reason = error?._tag === "Fail" ? String((error.error as Error).message) : "invalid"
    throw new FaultSpecError({ spec, reason: reason.replace(/\s+/g, " ") })
  }
  return decoded.value
}
