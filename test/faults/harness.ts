/**
 * The fault-injection harness: a fake browser (a fetch with a cookie jar that notes every secret it carries), the
 * emulator's admin API, workloads and a runner that gives every call a bound, and the checks that every scenario
 * must pass (the pages the scenarios run are in pages.ts):
 *
 * - **settled**: every call ends within {@link callBound}; one that does not is *lost*;
 * - **typed**: every outcome is a success or one of the pipeline's typed errors (ResponseError, FetchError,
 *   TimeoutError, RedirectError, ResponseDecodeError, ChallengeError, RequiredError), never a defect;
 * - **consistent**: the caller's outcome agrees with what the emulator logged for that call (a success reached the
 *   server and was answered 2xx; a ResponseError carries the status the server last answered; a FetchError is a
 *   dropped connection; a ChallengeError follows a challenged answer; a TimeoutError may or may not have reached it);
 * - **mutations**: every mutating call carries a unique `faultOp` query parameter; the emulator's request log
 *   (read through `GET /admin/requests`) says how often it arrived. The spec allows 1 send, +1 after a 403 that
 *   carried a new anti-forgery token (but not after a 403 to that re-send), +1 after each completed challenge
 *   (`challenge issued {id}` on the request, `challenge completed {id}` on a continue call). More is a
 *   *duplicated mutation*;
 * - **secrets**: no anti-forgery token the emulator issued, bound-auth token (or its signature), session cookie or
 *   challenge metadata (the header, its values, the page's answer token) appears in any captured log line
 *   (MemoryLogger, every level) or telemetry payload (the JSON bodies Telemetry.beacon delivers).
 *
 * The totals of all scenarios are kept in {@link totals}; the suite prints them as one line.
 *
 * @module
 */
import * as Cause from "effect/Cause"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import * as Layer from "effect/Layer"
import { AdminApi, adminHeaders, withAdminHeader } from "../../src/emulator/admin/AdminApi.ts"
import type { RunningEmulator } from "../../src/emulator/Emulator.ts"
import type { FaultRuleInput } from "../../src/emulator/platform/faults.ts"
import type { LogEntry } from "../../src/emulator/platform/requestLog.ts"
import { Telemetry } from "../../src/core/browser/Telemetry.ts"
import { ChallengeError } from "../../src/core/challenge/ChallengeError.ts"
import type { PlatformConfigInput } from "../../src/core/config/PlatformConfig.ts"
import {
  FetchError,
  RedirectError,
  RequiredError,
  ResponseDecodeError,
  ResponseError,
  TimeoutError
} from "../../src/core/http/errors.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { MemoryLogger } from "../../src/testing/memory/MemoryLogger.ts"

// ---------------------------------------------------------------------------------------------------------------
// Totals
// ---------------------------------------------------------------------------------------------------------------

/** What all scenarios of the run added up to. */
export const totals = { scenarios: 0, requests: 0, lost: 0, duplicated: 0 }

/** The one summary line. */
export const summaryLine = () =>
  `faults: ${totals.scenarios} scenarios, ${totals.requests} requests, ${totals.lost} lost, ${totals.duplicated} duplicated mutations`

/**
 * How long a call may take before it counts as lost. Faults add tens of milliseconds, the longest wait a scenario
 * provokes is the security frame's 1.5 s load time-out, and challenges are solved one at a time (≤ 8 × 500 ms);
 * the rest is headroom for a loaded CI machine.
 */
export const callBound = Duration.seconds(15)

// ---------------------------------------------------------------------------------------------------------------
// The fake browser on the wire
// ---------------------------------------------------------------------------------------------------------------

/** Metadata keys whose values are vocabulary (enums, ids the log shows anyway), not secrets. */
const nonSecretMetadataKeys = new Set([
  "actionType",
  "puzzleType",
  "mediaType",
  "challengeId",
  "genericChallengeId",
  "userId",
  "expectedSymbols",
  "requestFollowUp"
])

/** What one scenario's browser sent and received, as far as the checks need it. */
export interface Wire {
  /** A fetch that forwards to the emulator with this browser's cookies, noting every secret it carries. */
  readonly fetch: typeof globalThis.fetch
  /** Every secret value seen on the wire. */
  readonly secrets: Set<string>
  /** The cookie jar (127.0.0.1, every port). */
  readonly jar: Map<string, string>
  /** Every telemetry payload delivered (JSON text). */
  readonly telemetry: Array<string>
  /** Note a secret the test itself hands to the library (e.g. a challenge answer token). */
  readonly secret: (value: string | undefined | null) => void
}

/** A fresh browser. */
export const makeWire = (): Wire => {
  const secrets = new Set<string>()
  const jar = new Map<string, string>()
  const telemetry: Array<string> = []
  const secret = (value: string | undefined | null) => {
    if (value !== undefined && value !== null && value.length >= 6) secrets.add(value)
  }
  const leaves = (value: unknown, key?: string): void => {
    if (typeof value === "string") {
      if (key === undefined || !nonSecretMetadataKeys.has(key)) secret(value)
    } else if (Array.isArray(value)) {
      for (const item of value) leaves(item, key)
    } else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) leaves(v, k)
    }
  }
  const metadata = (value: string | null) => {
    if (value === null || value === "") return
    secret(value)
    try {
      leaves(JSON.parse(Buffer.from(value, "base64").toString("utf8")))
    } catch {
      // not base64 JSON: the raw value is noted
    }
  }
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers)
    if (jar.size > 0) headers.set("cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "))
    secret(headers.get("x-csrf-token"))
    secret(headers.get("x-platform-token"))
    secret(headers.get("x-platform-proxy"))
    secret(headers.get("rblx-challenge-meta"))
    const bat = headers.get("x-bound-auth-token")
    if (bat !== null) {
      secret(bat)
      for (const signature of bat.split("|").slice(3)) secret(signature) // sig1, and sig2 in the 5-field form
    }
    metadata(headers.get("rblx-challenge-metadata"))
    const response = await globalThis.fetch(input, { ...init, headers })
    secret(response.headers.get("x-csrf-token"))
    metadata(response.headers.get("rblx-challenge-metadata"))
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";")
      const eq = pair!.indexOf("=")
      const name = pair!.slice(0, eq).trim()
      const value = pair!.slice(eq + 1).trim()
      jar.set(name, value)
      secrets.add(`${name}=${value}`)
      secret(value)
    }
    return response
  }) as typeof globalThis.fetch
  return { fetch, secrets, jar, telemetry, secret }
}

/** Telemetry.beacon delivering to the wire's payload list (what a browser would post). */
export const wireTelemetry = (wire: Wire): Layer.Layer<Telemetry> =>
  Telemetry.beacon("https://telemetry.faults.test/v1", () => ({
    sendBeacon: (_url, body) => {
      wire.telemetry.push(body)
      return true
    }
  }))

// ---------------------------------------------------------------------------------------------------------------
// A scenario's shared parts
// ---------------------------------------------------------------------------------------------------------------

/** One scenario: its name, its browser, and the capabilities every page of it shares (logger, telemetry, fetch). */
export interface Scenario {
  readonly name: string
  readonly emulator: RunningEmulator
  readonly wire: Wire
  /**
   * MemoryLogger (every level), wire telemetry and the wire's fetch (the `FetchHttpClient.Fetch` reference):
   * provide it under every page of the scenario.
   */
  readonly shared: Layer.Layer<MemoryLogger | Telemetry>
  /** A fresh `faultOp` tag for a mutating call. */
  readonly op: () => string
}

/** Start a scenario: reset the emulator's challenges, build the shared capabilities. */
export const makeScenario = (name: string, emulator: RunningEmulator) =>
  Effect.gen(function* () {
    const wire = makeWire()
    const reset = yield* Effect.promise(() =>
      fetch(`${emulator.adminUrl}/challenges`, { method: "DELETE", headers: adminHeaders })
    )
    if (reset.status !== 204)
      return yield* Effect.die(new Error(`the emulator refused to reset its challenges: ${reset.status}`))
    const context = yield* Layer.build(
      Layer.mergeAll(MemoryLogger.layer(), wireTelemetry(wire), Layer.succeed(FetchHttpClient.Fetch, wire.fetch))
    )
    let n = 0
    const slug = name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()
    const scenario: Scenario = {
      name,
      emulator,
      wire,
      shared: Layer.succeedContext(context),
      op: () => `${slug}-${++n}`
    }
    return scenario
  })

/** The configuration of a page of the emulator's user 1 (or `user`), with the retry-attempt header on. */
export const pageConfig = (emulator: RunningEmulator, extra: PlatformConfigInput = {}): PlatformConfigInput => ({
  baseUrls: emulator.baseUrls,
  user: { id: 1, name: "EmuPlayer", displayName: "Emu", authenticated: true },
  retryAttemptHeader: true,
  ...extra
})

// ---------------------------------------------------------------------------------------------------------------
// The admin API (typed client) and the challenge switch
// ---------------------------------------------------------------------------------------------------------------

const adminClient = (emulator: RunningEmulator) =>
  HttpApiClient.make(AdminApi, { baseUrl: emulator.origin, transformClient: withAdminHeader })

/** The emulator's admin API over the plain global fetch (admin requests are never logged or faulted). */
export const admin = <A, E>(
  emulator: RunningEmulator,
  f: (client: Effect.Success<ReturnType<typeof adminClient>>) => Effect.Effect<A, E>
) =>
  Effect.flatMap(adminClient(emulator), f).pipe(
    Effect.provide(FetchHttpClient.layer),
    // never through a scenario's browser: the plain fetch, whatever the caller's context holds
    Effect.provideService(FetchHttpClient.Fetch, (input, init) => globalThis.fetch(input, init)),
    Effect.orDie
  )

/** Add fault rules through `POST /admin/faults`. */
export const addFaults = (emulator: RunningEmulator, rules: ReadonlyArray<FaultRuleInput>) =>
  Effect.forEach(rules, (rule) => admin(emulator, (c) => c.admin.addFault({ payload: rule })))

/** Remove every fault rule. */
export const clearFaults = (emulator: RunningEmulator) => admin(emulator, (c) => c.admin.clearFaults())

/** Expire every session's anti-forgery token (`POST /admin/csrf/rotate`). */
export const rotateCsrf = (emulator: RunningEmulator) => admin(emulator, (c) => c.admin.rotateCsrf())

/** The whole request log, paged through `GET /admin/requests`. */
export const requestLog = (emulator: RunningEmulator) =>
  Effect.gen(function* () {
    const all: Array<LogEntry> = []
    let since = 0
    while (true) {
      const page = yield* admin(emulator, (c) => c.admin.requests({ query: { since, limit: 500 } }))
      all.push(...page.entries)
      if (page.entries.length < 500) return all
      since = page.lastId
    }
  })

/** Change the emulator's challenge settings (`PUT /admin/challenges`). */
export const challengeSettings = (emulator: RunningEmulator, body: unknown) =>
  Effect.promise(() =>
    fetch(`${emulator.adminUrl}/challenges`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...adminHeaders },
      body: JSON.stringify(body)
    })
  )

// ---------------------------------------------------------------------------------------------------------------
// Workloads
// ---------------------------------------------------------------------------------------------------------------

/** One call of a workload. `op` is set for mutating calls (the `faultOp` query parameter they carry). */
export interface Call<R> {
  readonly label: string
  readonly op?: string
  readonly effect: Effect.Effect<unknown, unknown, R>
}

/** The typed errors a caller of PlatformHttp may get. */
const typedErrors = [
  ResponseError,
  FetchError,
  TimeoutError,
  RedirectError,
  ResponseDecodeError,
  ChallengeError,
  RequiredError
] as const

/** How a call ended (`interrupted`: the workload itself gave up on it, as a caller may). */
export type Outcome =
  | { readonly _tag: "ok" }
  | {
      readonly _tag: "typed"
      readonly error: unknown
      readonly name: string
      readonly status?: number
      readonly reason?: string
    }
  | { readonly _tag: "defect"; readonly detail: string }
  | { readonly _tag: "interrupted" }
  | { readonly _tag: "lost" }

/** A call and its outcome. */
export interface Settled<R> {
  readonly call: Call<R>
  readonly outcome: Outcome
}

const classify = (exit: Exit.Exit<unknown, unknown>): Outcome => {
  if (Exit.isSuccess(exit)) return { _tag: "ok" }
  if (Cause.hasInterruptsOnly(exit.cause)) return { _tag: "interrupted" }
  const fail = exit.cause.reasons.find((r) => r._tag === "Fail")
  if (fail !== undefined && fail._tag === "Fail") {
    const error = fail.error
    if (typedErrors.some((type) => error instanceof type)) {
      const typed = error as { readonly _tag: string; readonly status?: number; readonly reason?: string }
      return {
        _tag: "typed",
        error,
        name: typed._tag,
        ...(error instanceof ResponseError ? { status: error.status } : {}),
        ...(error instanceof ChallengeError ? { reason: error.reason } : {})
      }
    }
    return { _tag: "defect", detail: `untyped failure: ${String(error)}` }
  }
  return {
    _tag: "defect",
    detail: exit.cause.reasons.map((r) => (r._tag === "Die" ? String(r.defect) : r._tag)).join("; ")
  }
}

/** Run one call with a bound; a call still running at the bound is interrupted and counted lost. */
export const settle = <R>(call: Call<R>, bound: Duration.Duration = callBound): Effect.Effect<Settled<R>, never, R> =>
  call.effect.pipe(
    Effect.timeoutOption(bound),
    Effect.exit,
    Effect.map((exit): Settled<R> => ({
      call,
      outcome:
        Exit.isSuccess(exit) && exit.value._tag === "None"
          ? { _tag: "lost" }
          : classify(Exit.map(exit, () => undefined))
    }))
  )

/** Run the calls concurrently (at most `concurrency` at once). */
export const runConcurrently = <R>(
  calls: ReadonlyArray<Call<R>>,
  concurrency: number | "unbounded" = "unbounded",
  bound: Duration.Duration = callBound
) => Effect.forEach(calls, (call) => settle(call, bound), { concurrency })

/** Run the calls one after the other, running `between` between each two. */
export const runSequentially = <R, R2>(calls: ReadonlyArray<Call<R>>, between: Effect.Effect<void, never, R2>) =>
  Effect.forEach(calls, (call, i) => (i === 0 ? settle(call) : Effect.andThen(between, settle(call))))

// The calls: GETs of three services and two mutating lookups, through PlatformHttp.

const withHttp = <A, E, R>(f: (http: PlatformHttp["Service"]) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(PlatformHttp, f)

/** GET calls that read, with no side effect. */
export const reads = (n: number): Array<Call<PlatformHttp>> =>
  Array.from({ length: n }, (_, i) => {
    switch (i % 3) {
      case 0:
        return {
          label: "GET games list",
          effect: withHttp((http) =>
            http.get(
              { service: "games", path: "/v1/games/list" },
              { params: { "model.maxRows": 6, "model.startRows": i } }
            )
          )
        }
      case 1:
        return {
          label: "GET authenticated user",
          effect: withHttp((http) => http.get({ service: "users", path: "/v1/users/authenticated" }))
        }
      default:
        return {
          label: "GET followers",
          effect: withHttp((http) =>
            http.get({ service: "friends", path: "/v1/users/1/followers" }, { params: { limit: 10 } })
          )
        }
    }
  })

/** Mutating calls (POST lookups of users and presence), each tagged with a fresh `faultOp`. */
export const mutations = (scenario: Scenario, n: number): Array<Call<PlatformHttp>> =>
  Array.from({ length: n }, (_, i) => {
    const op = scenario.op()
    return i % 2 === 0
      ? {
          label: "POST users lookup",
          op,
          effect: withHttp((http) =>
            http.post(
              { service: "users", path: "/v1/users" },
              { params: { faultOp: op }, body: { userIds: [1, 2, 3 + i] } }
            )
          )
        }
      : {
          label: "POST presence lookup",
          op,
          effect: withHttp((http) =>
            http.post(
              { service: "presence", path: "/v1/presence/users" },
              { params: { faultOp: op }, body: { userIds: [2, 4 + i] } }
            )
          )
        }
  })

/** Challenged mutating calls: follow a user, or post on a group wall (the emulator's default challenge rules). */
export const challengedMutations = (scenario: Scenario, n: number): Array<Call<PlatformHttp>> =>
  Array.from({ length: n }, (_, i) => {
    const op = scenario.op()
    return i % 2 === 0
      ? {
          label: "POST follow",
          op,
          effect: withHttp((http) =>
            http.post({ service: "friends", path: `/v1/users/${2 + i}/follow` }, { params: { faultOp: op } })
          )
        }
      : {
          label: "POST wall post",
          op,
          effect: withHttp((http) =>
            http.post(`${scenario.emulator.origin}/groups/v1/groups/7/wall/posts`, {
              params: { faultOp: op },
              body: { body: `hello ${op}` }
            })
          )
        }
  })

/** Interleave lists (a, b, a, b, …) so reads and writes overlap. */
export const interleave = <A>(...lists: ReadonlyArray<ReadonlyArray<A>>): Array<A> => {
  const out: Array<A> = []
  const longest = Math.max(...lists.map((l) => l.length))
  for (let i = 0; i < longest; i++) for (const list of lists) if (i < list.length) out.push(list[i]!)
  return out
}

// ---------------------------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------------------------

const isMutating = (method: string) =>
  method === "POST" || method === "PATCH" || method === "PUT" || method === "DELETE"

const opOf = (entry: LogEntry): string | undefined => {
  const q = entry.url.indexOf("?")
  return q === -1 ? undefined : (new URLSearchParams(entry.url.slice(q + 1)).get("faultOp") ?? undefined)
}

/** Whether the server refused a send for its anti-forgery token (a 403 carrying a fresh `x-csrf-token`). */
export const refusedForToken = (entry: LogEntry | undefined): boolean =>
  entry?.status === 403 && entry.responseHeaders["x-csrf-token"] !== undefined

/** How often one mutating call reached the server, and how often the spec allows. */
export interface MutationCount {
  readonly op: string
  readonly label: string
  readonly sent: number
  readonly allowed: number
  readonly entries: ReadonlyArray<LogEntry>
}

/** Count every tagged mutation's arrivals against what the spec allows. */
export const countMutations = <R>(
  settled: ReadonlyArray<Settled<R>>,
  log: ReadonlyArray<LogEntry>
): Array<MutationCount> => {
  const completed = new Set(
    log.flatMap((e) => e.verdicts.flatMap((v) => /^challenge completed (\S+)$/.exec(v)?.[1] ?? []))
  )
  const byOp = new Map<string, Array<LogEntry>>()
  for (const entry of log) {
    const op = opOf(entry)
    if (op === undefined || !isMutating(entry.method)) continue
    byOp.set(op, [...(byOp.get(op) ?? []), entry])
  }
  return settled.flatMap(({ call }) => {
    if (call.op === undefined) return []
    const entries = byOp.get(call.op) ?? []
    // A 403 that carries a token earns one re-send, unless that 403 answered the re-send of an earlier one (the
    // send right before it got a token too): the CSRF rule never sends a third time. Told apart by the sequence,
    // not by the retry-attempt header, so the count does not depend on which re-sends carry that header.
    const csrfRefreshes = entries.filter((e, i) => refusedForToken(e) && !refusedForToken(entries[i - 1])).length
    const challengesCompleted = entries
      .flatMap((e) => e.verdicts.flatMap((v) => /^challenge issued (\S+) /.exec(v)?.[1] ?? []))
      .filter((id) => completed.has(id)).length
    return [
      {
        op: call.op,
        label: call.label,
        sent: entries.length,
        allowed: 1 + csrfRefreshes + challengesCompleted,
        entries
      }
    ]
  })
}

/** Does the caller's outcome agree with what the server logged for that mutation? A description when it does not. */
const inconsistency = (outcome: Outcome, count: MutationCount): string | undefined => {
  const last = count.entries.at(-1)
  const where = `${count.label} ${count.op}`
  if (outcome._tag === "ok") {
    return count.entries.some((e) => e.status !== null && e.status >= 200 && e.status < 300)
      ? undefined
      : `${where}: the caller got a success the server never answered (${count.entries.map((e) => e.status).join(", ")})`
  }
  if (outcome._tag !== "typed") return undefined
  // a time-out may abort a request before it was written (a connection still busy): it never reached the server
  if (last === undefined) {
    return outcome.name === "TimeoutError"
      ? undefined
      : `${where}: failed with ${outcome.name} but never reached the server`
  }
  if (outcome.name === "ResponseError" && last.status !== outcome.status) {
    return `${where}: ResponseError ${outcome.status} but the server last answered ${last.status}`
  }
  if (outcome.name === "FetchError" && last.status !== null) {
    return `${where}: FetchError but the server last answered ${last.status}`
  }
  if (outcome.name === "ChallengeError" && !last.verdicts.some((v) => v.startsWith("challenge issued"))) {
    return `${where}: ChallengeError but the last answer was not a challenge (${last.verdicts.join("; ")})`
  }
  return undefined
}

/** Every string inside a value (keys, values, error messages), for the secret scan. */
const stringsOf = (value: unknown, out: Array<string>, seen = new Set<unknown>(), depth = 0): Array<string> => {
  if (typeof value === "string") out.push(value)
  else if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") out.push(String(value))
  else if (typeof value === "object" && value !== null && depth <= 10 && !seen.has(value)) {
    seen.add(value)
    if (value instanceof Error) out.push(value.message)
    if (value instanceof Map) for (const [k, v] of value) stringsOf([k, v], out, seen, depth + 1)
    else if (value instanceof Set) for (const v of value) stringsOf(v, out, seen, depth + 1)
    for (const key of Object.keys(value)) {
      out.push(key)
      stringsOf((value as Record<string, unknown>)[key], out, seen, depth + 1)
    }
  }
  return out
}

/** The report of one scenario. */
export interface Report<R> {
  readonly name: string
  readonly settled: ReadonlyArray<Settled<R>>
  readonly log: ReadonlyArray<LogEntry>
  readonly mutations: ReadonlyArray<MutationCount>
  readonly requests: number
  readonly lost: number
  readonly duplicated: number
  readonly defects: ReadonlyArray<string>
  readonly inconsistencies: ReadonlyArray<string>
  /** Secrets found in logs or telemetry: `where: secret (first characters)`. */
  readonly leaks: ReadonlyArray<string>
  /** How many log lines and telemetry payloads were scanned. */
  readonly scanned: { readonly logLines: number; readonly telemetry: number }
  /** How many calls ended each way, e.g. `ok`, `ResponseError 503`, `ChallengeError abandoned`. */
  readonly tally: Readonly<Record<string, number>>
}

/** The name of an outcome for the tally. */
export const outcomeName = (outcome: Outcome): string =>
  outcome._tag === "typed"
    ? [outcome.name, outcome.status ?? outcome.reason].filter((x) => x !== undefined).join(" ")
    : outcome._tag

/**
 * Check a scenario: read the emulator's log, count mutations, scan logs and telemetry for secrets, and add the
 * scenario to the totals (before any assertion, so a failing scenario still shows in the summary).
 */
export const report = <R>(scenario: Scenario, settled: ReadonlyArray<Settled<R>>) =>
  Effect.gen(function* () {
    // a dropped connection is logged right after the socket is destroyed: let the emulator finish writing
    yield* Effect.sleep("30 millis")
    const log = yield* requestLog(scenario.emulator)
    const counts = countMutations(settled, log)
    const byOp = new Map(counts.map((c) => [c.op, c]))
    const defects = settled.flatMap(({ call, outcome }) =>
      outcome._tag === "defect" ? [`${call.label}${call.op ? ` ${call.op}` : ""}: ${outcome.detail}`] : []
    )
    const inconsistencies = settled.flatMap(({ call, outcome }) => {
      const count = call.op === undefined ? undefined : byOp.get(call.op)
      const found = count === undefined ? undefined : inconsistency(outcome, count)
      return found === undefined ? [] : [found]
    })
    const lines = yield* Effect.flatMap(MemoryLogger, (logger) => logger.entries)
    const texts: Array<readonly [string, string]> = [
      ...lines.map(
        (line, i) =>
          [
            `log line ${i} (${line.level})`,
            stringsOf([line.text, line.message, line.annotations], []).join("\n")
          ] as const
      ),
      ...scenario.wire.telemetry.map((payload, i) => [`telemetry payload ${i}`, payload] as const)
    ]
    const leaks: Array<string> = []
    for (const secret of scenario.wire.secrets) {
      for (const [where, text] of texts) {
        if (text.includes(secret))
          leaks.push(`${where}: ${secret.slice(0, 4)}… in ${JSON.stringify(text.slice(0, 200))}`)
      }
    }
    const tally: Record<string, number> = {}
    for (const { outcome } of settled) tally[outcomeName(outcome)] = (tally[outcomeName(outcome)] ?? 0) + 1
    const result: Report<R> = {
      name: scenario.name,
      settled,
      log,
      mutations: counts,
      requests: settled.length,
      lost: settled.filter((s) => s.outcome._tag === "lost").length,
      duplicated: counts.reduce((sum, c) => sum + Math.max(0, c.sent - c.allowed), 0),
      defects,
      inconsistencies,
      leaks,
      scanned: { logLines: lines.length, telemetry: scenario.wire.telemetry.length },
      tally
    }
    totals.scenarios += 1
    totals.requests += result.requests
    totals.lost += result.lost
    totals.duplicated += result.duplicated
    return result
  }).pipe(Effect.provide(scenario.shared))

/** The log entries of the calls' paths (not the challenge service, admin or frames), for scenario-specific checks. */
export const serviceEntries = (log: ReadonlyArray<LogEntry>) =>
  log.filter((e) => e.service !== null && e.service !== "challenge" && e.service !== "apis" && e.service !== "hba")
