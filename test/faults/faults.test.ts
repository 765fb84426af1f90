/**
 * Fault injection: the library against the emulator over real HTTP under bursts of 503 and
 * 429, dropped connections, latency spikes, a security frame that never loads or never answers, a challenge page
 * that never loads, is abandoned mid-flight or posts malformed messages, IndexedDB wiped between requests or never
 * answering, local storage full or disabled, the anti-forgery token rotated between every request, clock skew of
 * ±5 minutes, a continue call that never answers and callers giving up mid-challenge.
 *
 * Every scenario runs a workload of concurrent GETs and tagged mutating POSTs and checks (harness.ts): every call
 * settles within a bound with a success or a typed error, the outcome agrees with the emulator's request log, no
 * mutation reaches the server more often than the spec allows, and no secret appears in a log line or telemetry
 * payload. The last test prints the one summary line and fails unless nothing was lost or duplicated.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Clock from "effect/Clock"
import * as Schedule from "effect/Schedule"
import { challengeToken } from "../../src/emulator/challenge/store.ts"
import type { LogEntry } from "../../src/emulator/platform/requestLog.ts"
import { ChallengeComponent } from "../../src/core/challenge/presenters/ChallengeComponent.ts"
import type { ChallengePresentation } from "../../src/core/challenge/presenters/ChallengePresenter.ts"
import { DomChallengePresenter } from "../../src/core/challenge/presenters/DomChallengePresenter.ts"
import { pageMessage } from "../../src/core/challenge/presenters/messages.ts"
import { ChallengeCallTimeout, ChallengePageLoadTimeout } from "../../src/core/challenge/settings.ts"
import { KeyDatabase } from "../../src/core/browser/KeyDatabase.ts"
import { MemoryChallengeFrames } from "../../src/testing/MemoryChallengeFrames.ts"
import { MemoryFrames } from "../../src/testing/memory/MemoryFrames.ts"
import { MemoryKeyDatabase } from "../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryKeyValueStore } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryLogger } from "../../src/testing/memory/MemoryLogger.ts"
import {
  ScriptedChallengeControl,
  ScriptedChallengePresenter,
  type ScriptStep
} from "../../src/testing/ScriptedChallengePresenter.ts"
import { ScriptedScriptRunner } from "../../src/testing/ScriptedScriptRunner.ts"
import type { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { useEmulator } from "../emulator/support.ts"
import {
  addFaults,
  type Call,
  challengedMutations,
  interleave,
  makeScenario,
  mutations,
  outcomeName,
  reads,
  refusedForToken,
  type Report,
  report,
  requestLog,
  rotateCsrf,
  runConcurrently,
  settle as settleCall,
  runSequentially,
  type Scenario,
  serviceEntries,
  summaryLine,
  totals
} from "./harness.ts"
import { challengePage, directSigningPage, frameSigningPage, plainPage, signIn, skewedClock } from "./pages.ts"

/** How many scenarios the file runs: the summary must account for every one of them. */
const scenarioCount = 23

/** The checks every scenario must pass. */
const verify = <R>(r: Report<R>) => {
  const where = `[${r.name}] outcomes ${JSON.stringify(r.tally)}`
  assert.strictEqual(r.lost, 0, `${where}: ${r.lost} call(s) did not settle within the bound`)
  assert.deepStrictEqual(r.defects, [], `${where}: defects`)
  const over = r.mutations
    .filter((m) => m.sent > m.allowed)
    .map(
      (m) =>
        `${m.label} ${m.op} sent ${m.sent}× (allowed ${m.allowed}): ${m.entries.map((e) => `${e.status} ${e.verdicts.join("/")}`).join(" | ")}`
    )
  assert.deepStrictEqual(over, [], `${where}: duplicated mutations`)
  assert.strictEqual(r.duplicated, 0)
  assert.deepStrictEqual(r.inconsistencies, [], `${where}: outcome and server log disagree`)
  assert.deepStrictEqual(r.leaks, [], `${where}: secrets in logs or telemetry`)
  assert.isAbove(r.requests, 0)
}

/** The outcomes seen must be among `allowed` (names as in the tally: `ok`, `ResponseError 503`, …). */
const outcomesWithin = <R>(r: Report<R>, allowed: ReadonlyArray<string>) =>
  assert.deepStrictEqual(
    Object.keys(r.tally).filter((k) => !allowed.includes(k)),
    [],
    `[${r.name}] ${JSON.stringify(r.tally)}`
  )

/**
 * A challenged call is re-sent with the challenge's id once if the challenge was solved, never if it failed: a
 * call that succeeded was re-sent exactly once, one that failed with a ChallengeError never. (The CSRF rule may
 * re-send that re-send once more; that is its own allowance.)
 */
const oneResendPerSolvedChallenge = <R>(r: Report<R>) => {
  for (const { call, outcome } of r.settled) {
    const m = r.mutations.find((x) => x.op === call.op)
    if (m === undefined || !m.entries.some((e) => e.verdicts.some((v) => v.startsWith("challenge issued")))) continue
    const resends = m.entries.filter(
      (e, i) => e.requestHeaders["rblx-challenge-id"] !== undefined && !refusedForToken(m.entries[i - 1])
    ).length
    const where = `[${r.name}] ${m.op} ${outcomeName(outcome)}: ${m.entries.map((e) => `${e.status} ${e.verdicts.join("/")}`).join(" | ")}`
    if (outcome._tag === "ok") assert.strictEqual(resends, 1, where)
    else if (outcome._tag === "typed" && outcome.name === "ChallengeError") assert.strictEqual(resends, 0, where)
    else assert.isAtMost(resends, 1, where)
  }
}

/** The log lines captured so far in the scenario (text only). */
const logTexts = Effect.map(
  Effect.flatMap(MemoryLogger, (l) => l.entries),
  (lines) => lines.map((l) => l.text)
)

/** The first verdict of each entry that matches `pattern` (signature verdicts, CSRF verdicts, …). */
const verdictsStarting = (entries: ReadonlyArray<LogEntry>, pattern: RegExp) =>
  entries.map((e) => e.verdicts.find((v) => pattern.test(v)) ?? `(none: ${e.verdicts.join("; ")})`)

describe("fault injection against the emulator", () => {
  const emulator = useEmulator()

  /** A scenario as a test: a fresh browser and the emulator reset (useEmulator resets it before each test). */
  const scenario = (name: string, body: (s: Scenario) => Effect.Effect<void, never, Scope.Scope>) =>
    it.live(name, () => Effect.flatMap(makeScenario(name, emulator()), body))

  // ---------------------------------------------------------------------------------------------------------
  // Network faults: emulator rules added through POST /admin/faults
  // ---------------------------------------------------------------------------------------------------------

  /** A burst of an error status: 12 in a row, then 30 % of the rest; no call re-sends what the server refused. */
  const statusBurst = (status: 503 | 429) =>
    scenario(`bursts of ${status}`, (s) =>
      Effect.gen(function* () {
        const extra = status === 429 ? { retryAfter: 1 } : {}
        yield* addFaults(s.emulator, [
          { kind: "status", status, times: 12, ...extra },
          { kind: "status", status, percent: 30 }
        ])
        const settled = yield* runConcurrently(interleave(reads(15), mutations(s, 15)), 6)
        const r = yield* report(s, settled)
        verify(r)
        outcomesWithin(r, ["ok", `ResponseError ${status}`])
        assert.isAtLeast(r.tally[`ResponseError ${status}`] ?? 0, 12)
        // the status ends the call: nothing re-sends a mutation the server refused with it
        for (const m of r.mutations) assert.isAtMost(m.entries.filter((e) => e.status === status).length, 1, m.op)
      }).pipe(Effect.provide(plainPage(s)))
    )

  statusBurst(503)
  statusBurst(429)

  scenario("dropped connections", (s) =>
    Effect.gen(function* () {
      yield* addFaults(s.emulator, [
        { kind: "drop", times: 5 },
        { kind: "drop", percent: 30 }
      ])
      const settled = yield* runConcurrently(interleave(reads(15), mutations(s, 15)), 6)
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok", "FetchError"])
      assert.isAtLeast(r.tally["FetchError"] ?? 0, 5)
      // a dropped mutation may have been processed: it is never sent again
      for (const m of r.mutations) assert.isAtMost(m.entries.filter((e) => e.status === null).length, 1, m.op)
    }).pipe(Effect.provide(plainPage(s)))
  )

  scenario("latency spikes", (s) =>
    Effect.gen(function* () {
      yield* addFaults(s.emulator, [
        { kind: "latency", ms: 10 },
        { kind: "latency", ms: 60, percent: 30 },
        { kind: "latency", ms: 90, path: "/presence/*", percent: 50 }
      ])
      const settled = yield* runConcurrently(interleave(reads(15), mutations(s, 15)))
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok"])
      assert.isTrue(r.log.some((e) => e.verdicts.some((v) => v.startsWith("fault latency 60ms"))))
    }).pipe(Effect.provide(plainPage(s)))
  )

  scenario("503, 429, drops and latency at once", (s) =>
    Effect.gen(function* () {
      yield* addFaults(s.emulator, [
        { kind: "latency", ms: 30, percent: 40 },
        { kind: "status", status: 503, percent: 15 },
        { kind: "status", status: 429, percent: 10 },
        { kind: "drop", percent: 10 }
      ])
      const settled = yield* runConcurrently(interleave(reads(20), mutations(s, 20)), 8)
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok", "ResponseError 503", "ResponseError 429", "FetchError"])
      assert.isAbove(r.tally["ok"] ?? 0, 0)
    }).pipe(Effect.provide(plainPage(s)))
  )

  /**
   * A server that does not answer: every presence lookup and a share of the rest are held by the emulator for
   * 3 s before it handles them, far past the time-out of an HTTP exchange (here 1 s, to keep the test short). The
   * held calls end with a TimeoutError (their fetch aborted) instead of waiting, and nothing re-sends a mutation that
   * timed out (the server may still handle it: it has it). The emulator notices no aborted connection, so the test
   * waits until its log stops growing before reading it. (On a loaded machine a call that was not held may time out
   * too; that is allowed: only "held ⇒ TimeoutError, never re-sent" is checked.)
   */
  scenario("server hang", (s) =>
    Effect.gen(function* () {
      const holdMs = 3_000
      yield* addFaults(s.emulator, [
        { kind: "latency", ms: holdMs, path: "/presence/*" },
        { kind: "latency", ms: holdMs, percent: 20 }
      ])
      const settled = yield* runConcurrently(interleave(reads(12), mutations(s, 12)), 8)
      // the held requests are logged when the emulator handles them: wait until its log stops growing (bounded)
      yield* Effect.sleep(holdMs)
      let logged = -1
      yield* Effect.repeat(
        Effect.map(requestLog(s.emulator), (log) => {
          const stable = log.length === logged
          logged = log.length
          return stable
        }),
        { until: (stable) => stable, schedule: Schedule.spaced("250 millis"), times: 40 }
      )
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok", "TimeoutError"])
      const presence = settled.filter(({ call }) => call.label === "POST presence lookup")
      assert.deepStrictEqual(
        presence.map(({ outcome }) => outcomeName(outcome)),
        Array(6).fill("TimeoutError")
      )
      assert.isAbove(r.tally["ok"] ?? 0, 0)
      for (const { call, outcome } of settled) {
        const m = r.mutations.find((x) => x.op === call.op)
        const held = m?.entries.findIndex((e) => e.durationMs >= holdMs) ?? -1
        if (m === undefined || held === -1) continue
        // a held mutation timed out, and that held send was its last: never sent again
        assert.strictEqual(outcomeName(outcome), "TimeoutError", m.op)
        assert.strictEqual(held, m.entries.length - 1, m.op)
      }
    }).pipe(Effect.provide(plainPage(s, { config: { requestTimeoutMs: 1_000 } })))
  )

  // ---------------------------------------------------------------------------------------------------------
  // Anti-forgery tokens
  // ---------------------------------------------------------------------------------------------------------

  scenario("CSRF token rotated between every request", (s) =>
    Effect.gen(function* () {
      const settled = yield* runSequentially(interleave(reads(10), mutations(s, 20)), rotateCsrf(s.emulator))
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok"])
      // every mutation: refused with a fresh token (missing the first time, stale afterwards), re-sent once, accepted
      for (const m of r.mutations) {
        assert.deepStrictEqual(
          m.entries.map((e) => e.status),
          [403, 200],
          m.op
        )
        assert.strictEqual(m.entries[1]!.requestHeaders["x-retry-attempt"], "1", m.op)
      }
      const csrf = verdictsStarting(
        r.mutations.map((m) => m.entries[0]!),
        /^csrf /
      )
      assert.deepStrictEqual([...new Set(csrf)].sort(), ["csrf missing", "csrf stale"])
    }).pipe(Effect.provide(plainPage(s)))
  )

  scenario("CSRF token rotated during concurrent requests", (s) =>
    Effect.gen(function* () {
      const rotator = yield* Effect.forkChild(
        Effect.forever(Effect.andThen(rotateCsrf(s.emulator), Effect.sleep("3 millis")))
      )
      const settled = yield* runConcurrently(interleave(reads(10), mutations(s, 20)), 8)
      yield* Fiber.interrupt(rotator)
      const r = yield* report(s, settled)
      verify(r)
      // a re-send that meets yet another rotation keeps its 403: never a third send
      outcomesWithin(r, ["ok", "ResponseError 403"])
      for (const m of r.mutations) assert.isAtMost(m.sent, 2, m.op)
    }).pipe(Effect.provide(plainPage(s)))
  )

  // ---------------------------------------------------------------------------------------------------------
  // Local storage (the CSRF token is written through to it)
  // ---------------------------------------------------------------------------------------------------------

  /** 15 + 15 calls around a CSRF rotation (so the new token is written), all of which must succeed. */
  const workAcrossRotation = (s: Scenario) =>
    Effect.gen(function* () {
      const first = yield* runConcurrently(interleave(reads(8), mutations(s, 8)), 6)
      yield* rotateCsrf(s.emulator)
      const second = yield* runConcurrently(interleave(reads(7), mutations(s, 7)), 6)
      const r = yield* report(s, [...first, ...second])
      verify(r)
      outcomesWithin(r, ["ok"])
    })

  scenario("local storage full", (s) =>
    Effect.gen(function* () {
      yield* workAcrossRotation(s)
      assert.include(yield* logTexts, "CSRF token kept in memory only: storage QuotaExceeded")
      assert.strictEqual((yield* Effect.flatMap(MemoryKeyValueStore, (k) => k.entries)).size, 0)
    }).pipe(Effect.provide(plainPage(s, { storage: "full" })))
  )

  scenario("local storage disabled", (s) =>
    Effect.gen(function* () {
      yield* workAcrossRotation(s)
      const texts = yield* logTexts
      assert.include(texts, "CSRF token could not be read from storage (Unavailable); starting without one")
      assert.include(texts, "CSRF token kept in memory only: storage Unavailable")
    }).pipe(Effect.provide(plainPage(s, { storage: "disabled" })))
  )

  // ---------------------------------------------------------------------------------------------------------
  // Request signing: the security frame, the key database, the clock
  // ---------------------------------------------------------------------------------------------------------

  scenario("security frame never loads", (s) =>
    Effect.gen(function* () {
      // the hidden frame is created but its load event never fires: requests wait for the load time-out (1.5 s)
      const settled = yield* runConcurrently(interleave(reads(10), mutations(s, 10)))
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok"])
      const calls = serviceEntries(r.log)
      assert.deepStrictEqual(
        [...new Set(verdictsStarting(calls, /^signature|^bad signature|^stale/))],
        ["signature missing"]
      )
      assert.include(yield* logTexts, "Security frame did not load within 1500 ms; requests go on unsigned")
      assert.isTrue(
        s.wire.telemetry.some((p) => p.includes("boundAuthTokenMissing")),
        "missing-signature events"
      )
    }).pipe(Effect.provide(frameSigningPage(s)))
  )

  scenario("security frame never answers", (s) =>
    Effect.gen(function* () {
      const frames = yield* MemoryFrames
      yield* frames.onPost((post) => {
        const message = post.message as { msg?: string; identifier?: string }
        if (message.msg === "checkLoadedRequest") post.respond({ msg: "dataFromHbaFrame", data: { type: "loaded" } })
        // signing requests: never a real answer, only noise (an unknown identifier, a foreign origin)
        if (message.msg === "signSubdomainRequest") {
          const batHeader = { "x-bound-auth-token": "v1|x|1|y" }
          post.respond({ msg: "dataFromHbaFrame", data: { type: "batHeader", identifier: "not-waiting", batHeader } })
          post.respond(
            { msg: "dataFromHbaFrame", data: { type: "batHeader", identifier: message.identifier, batHeader } },
            "https://evil.test"
          )
        }
      })
      yield* frames.load
      const settled = yield* runConcurrently(interleave(reads(10), mutations(s, 10)))
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok"])
      const calls = serviceEntries(r.log)
      assert.deepStrictEqual(
        [...new Set(verdictsStarting(calls, /^signature|^bad signature|^stale/))],
        ["signature missing"]
      )
      assert.include(
        yield* logTexts,
        "Request sent without a bound-auth token (Unknown): security frame response timed out"
      )
    }).pipe(Effect.provide(frameSigningPage(s)))
  )

  scenario("IndexedDB wiped between requests", (s) =>
    Effect.gen(function* () {
      const database = Layer.succeedContext(yield* Layer.build(MemoryKeyDatabase.layer()))
      const control = yield* Effect.provide(
        Effect.gen(function* () {
          return yield* MemoryKeyDatabase
        }),
        database
      )
      yield* signIn(s, database)
      const logSize = Effect.map(requestLog(s.emulator), (log) => log.length)

      // one page: the database is wiped before every request; the page keeps its key in memory
      const before = yield* logSize
      const samePage = yield* runSequentially(interleave(reads(5), mutations(s, 5)), control.evict).pipe(
        Effect.provide(directSigningPage(s, database))
      )
      const afterSame = yield* logSize
      // three reloads after a wipe: each page generates (and stores) a new key the server has not bound
      const reloaded = []
      for (let page = 0; page < 3; page++) {
        yield* control.evict
        reloaded.push(
          ...(yield* runConcurrently(interleave(reads(2), mutations(s, 2))).pipe(
            Effect.provide(directSigningPage(s, database))
          ))
        )
      }
      const afterReloads = yield* logSize
      // wiped, and full: the new key cannot be stored, so requests go out unsigned
      yield* control.evict
      yield* control.failing(["put"])
      const full = yield* runConcurrently(interleave(reads(3), mutations(s, 3))).pipe(
        Effect.provide(directSigningPage(s, database))
      )
      // the database cannot even be read: requests go out unsigned
      yield* control.failing(["get"])
      const broken = yield* runConcurrently(interleave(reads(3), mutations(s, 3))).pipe(
        Effect.provide(directSigningPage(s, database))
      )

      const r = yield* report(s, [...samePage, ...reloaded, ...full, ...broken])
      verify(r)
      outcomesWithin(r, ["ok"])
      const signatures = (from: number, to?: number) => [
        ...new Set(
          verdictsStarting(serviceEntries(r.log.slice(from, to)), /^signature|^bad signature|^stale|^replayed/)
        )
      ]
      assert.deepStrictEqual(signatures(before, afterSame), ["signature verified"])
      // signed with a key the session does not know: the gateway's check (sig2) is the first to refuse it
      assert.deepStrictEqual(signatures(afterSame, afterReloads), ["bad signature (path signature)"])
      assert.deepStrictEqual(signatures(afterReloads), ["signature missing"])
      // one generation per reloaded page however many requests it made at once, one at sign-in, one refused
      assert.strictEqual(yield* control.writes, 5)
      const texts = yield* logTexts
      assert.include(
        texts,
        "Request sent without a bound-auth token (UpdateKeyPairFailed): new key pair could not be stored"
      )
      assert.include(texts, "Request sent without a bound-auth token (GetKeyPairFailed): key pair could not be read")
    }).pipe(Effect.provide(s.shared))
  )

  scenario("IndexedDB hang", (s) =>
    Effect.gen(function* () {
      // an IndexedDB whose open never settles (no success, error or blocked event, ever): the key store's read
      // gives up after the key database's 2 s bound, and every request goes out unsigned, reported
      const stuck = { open: () => ({}) } as unknown as IDBFactory
      const settled = yield* runConcurrently(interleave(reads(10), mutations(s, 10))).pipe(
        Effect.provide(
          directSigningPage(
            s,
            KeyDatabase.fromFactory(() => stuck)
          )
        )
      )
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok"])
      assert.deepStrictEqual(
        [...new Set(verdictsStarting(serviceEntries(r.log), /^signature|^bad signature|^stale/))],
        ["signature missing"]
      )
      assert.include(
        yield* logTexts,
        "Request sent without a bound-auth token (GetKeyPairFailed): reading the key pair timed out"
      )
      assert.isTrue(
        s.wire.telemetry.some((p) => p.includes("boundAuthTokenMissing")),
        "missing-signature events"
      )
    }).pipe(Effect.provide(s.shared))
  )

  const skewScenario = (name: string, skewMs: number, verdict: RegExp) =>
    scenario(name, (s) =>
      Effect.gen(function* () {
        const database = Layer.succeedContext(yield* Layer.build(MemoryKeyDatabase.layer()))
        yield* signIn(s, database)
        const clock = yield* skewedClock(skewMs)
        const settled = yield* runConcurrently(interleave(reads(10), mutations(s, 10)), 6).pipe(
          Effect.provideService(Clock.Clock, clock),
          Effect.provide(directSigningPage(s, database))
        )
        const r = yield* report(s, settled)
        verify(r)
        outcomesWithin(r, ["ok"])
        const calls = serviceEntries(r.log)
        assert.isAtLeast(calls.length, 20) // 10 GETs, 10 POSTs (and the CSRF re-sends of the first ones)
        for (const v of verdictsStarting(calls, /^signature|^bad signature|^stale|^replayed/)) assert.match(v, verdict)
      })
    )

  skewScenario("clock skew +5 minutes", 5 * 60_000, /^stale timestamp \(-(299|300) s\)$/)
  skewScenario("clock skew -5 minutes", -5 * 60_000, /^stale timestamp \(\+(300|301) s\)$/)

  // ---------------------------------------------------------------------------------------------------------
  // Challenges (the emulator challenges follow and wall-post requests)
  // ---------------------------------------------------------------------------------------------------------

  /**
   * The page-load time limit where pages are meant not to load (30 s by default: far too long for a test). Where
   * every page loads, the default stays: a slow machine must not turn a loaded page into a time-out.
   */
  const pageLoadTimeout = Duration.millis(500)

  /** The person completes the challenge on the page with the answer token the emulator expects. */
  const complete = (s: Scenario, presentation: ChallengePresentation): ReadonlyArray<ScriptStep> => {
    const token = challengeToken(s.emulator.state.options.seed, presentation.challenge.id)
    s.wire.secret(token)
    return ScriptedChallengePresenter.complete({ challengeToken: token }, presentation.challenge.id)
  }

  /** Challenged POSTs, plain POSTs and GETs, interleaved. */
  const challengeWorkload = (s: Scenario, challenged: number) =>
    interleave(challengedMutations(s, challenged), mutations(s, 6), reads(6))

  /** The continue call's bound where continue calls are meant to hang (30 s by default: far too long for a test). */
  const continueBound = Duration.millis(300)

  /**
   * A browser in which the answer of every other continue call is lost: the call reaches the emulator, which
   * answers, but the answer never arrives (the caller only gets an abort, when it gives up).
   */
  const answersOfEveryOtherContinueLost = (fetch: typeof globalThis.fetch): typeof globalThis.fetch => {
    let continues = 0
    return (input, init) => {
      const url = input instanceof Request ? input.url : String(input)
      if (!url.endsWith("/challenge/v1/continue") || continues++ % 2 === 1) return fetch(input, init)
      return fetch(input, init).then((response) => {
        void response.body?.cancel()
        return new Promise<Response>((_, reject) => {
          const signal = init?.signal
          signal?.addEventListener("abort", () => reject(signal.reason), { once: true })
        })
      })
    }
  }

  /** Yield until `condition` holds (at most 10 s of real time, then the test fails). */
  const waitUntil = <R>(condition: Effect.Effect<boolean, never, R>) =>
    Effect.gen(function* () {
      for (let i = 0; i < 2000; i++) {
        if (yield* condition) return
        yield* Effect.sleep("5 millis")
      }
      return yield* Effect.die(new Error("condition never held"))
    })

  scenario("challenge page never loads", (s) =>
    Effect.gen(function* () {
      const settled = yield* runConcurrently(challengeWorkload(s, 8)).pipe(
        Effect.provideService(ChallengePageLoadTimeout, pageLoadTimeout)
      )
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok", "ChallengeError loadfailed"])
      assert.strictEqual(r.tally["ChallengeError loadfailed"], 8)
      const control = yield* ScriptedChallengeControl
      assert.strictEqual((yield* control.presentations).length, 8)
      assert.strictEqual(yield* control.maxMounted, 1)
      oneResendPerSolvedChallenge(r)
    }).pipe(
      Effect.provide(
        challengePage(
          s,
          Layer.merge(
            // half the pages never say anything, half report that they failed to load
            ScriptedChallengePresenter.layer((_, index) =>
              index % 2 === 0 ? [] : ScriptedChallengePresenter.failLoad()
            ),
            ScriptedScriptRunner.layer()
          )
        )
      )
    )
  )

  scenario("challenge abandoned mid-flight", (s) =>
    Effect.gen(function* () {
      const settled = yield* runConcurrently(challengeWorkload(s, 12))
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok", "ChallengeError abandoned"])
      assert.strictEqual(r.tally["ChallengeError abandoned"], 8)
      oneResendPerSolvedChallenge(r)
    }).pipe(
      Effect.provide(
        challengePage(
          s,
          Layer.merge(
            ScriptedChallengePresenter.layer((presentation, index) =>
              index % 3 === 0
                ? [
                    ...ScriptedChallengePresenter.show(),
                    { wait: "15 millis" },
                    { post: pageMessage("challengeAbandoned") }
                  ]
                : index % 3 === 1
                  ? [...ScriptedChallengePresenter.show(), { wait: "15 millis" }, { close: true }]
                  : complete(s, presentation)
            ),
            ScriptedScriptRunner.layer()
          )
        )
      )
    )
  )

  scenario("challenge service failing after the person completed the challenge", (s) =>
    Effect.gen(function* () {
      // the continue call that follows every completed challenge gets 503s and dropped connections
      yield* addFaults(s.emulator, [
        { kind: "status", status: 503, path: "/challenge/v1/continue", percent: 40 },
        { kind: "drop", path: "/challenge/v1/continue", percent: 40 }
      ])
      const settled = yield* runConcurrently(challengeWorkload(s, 8))
      const r = yield* report(s, settled)
      verify(r)
      // a failed continue call fails the challenge ("Unknown error"); the held request is not re-sent
      outcomesWithin(r, ["ok", "ChallengeError invalidated"])
      assert.isAbove(r.tally["ChallengeError invalidated"] ?? 0, 0)
      oneResendPerSolvedChallenge(r)
    }).pipe(
      Effect.provide(
        challengePage(
          s,
          Layer.merge(
            ScriptedChallengePresenter.layer((presentation) => complete(s, presentation)),
            ScriptedScriptRunner.layer()
          )
        )
      )
    )
  )

  scenario("challenges while the CSRF token rotates and the network fails", (s) =>
    Effect.gen(function* () {
      yield* addFaults(s.emulator, [
        { kind: "status", status: 503, path: "/friends/*", percent: 20 },
        { kind: "drop", path: "/groups/*", percent: 20 },
        { kind: "latency", ms: 20, percent: 50 }
      ])
      const rotator = yield* Effect.forkChild(
        Effect.forever(Effect.andThen(rotateCsrf(s.emulator), Effect.sleep("4 millis")))
      )
      const settled = yield* runConcurrently(challengeWorkload(s, 12))
      yield* Fiber.interrupt(rotator)
      const r = yield* report(s, settled)
      verify(r)
      // a continue call refused for its token twice fails the challenge ("Unknown error"): invalidated
      outcomesWithin(r, ["ok", "ResponseError 403", "ResponseError 503", "FetchError", "ChallengeError invalidated"])
      oneResendPerSolvedChallenge(r)
    }).pipe(
      Effect.provide(
        challengePage(
          s,
          Layer.merge(
            ScriptedChallengePresenter.layer((presentation) => complete(s, presentation)),
            ScriptedScriptRunner.layer()
          )
        )
      )
    )
  )

  scenario("challenge page sends malformed messages", (s) =>
    Effect.gen(function* () {
      const www = s.emulator.wwwOrigin
      yield* Effect.flatMap(ChallengeComponent, (c) => c.attach({ element: "faults-challenge-host" }))
      const frames = yield* MemoryChallengeFrames
      let played = 0
      let completedFrames = 0
      const play = (index: number) =>
        Effect.gen(function* () {
          const frame = (yield* frames.frames)[index]!
          const id = new URL(frame.url).searchParams.get("generic-challenge-id") ?? ""
          const forged = [
            pageMessage("challengeAbandoned"),
            pageMessage("challengePageLoaded", false),
            pageMessage("challengeInvalidated", { reason: "forged" }),
            pageMessage("challengeCompleted", { challengeId: id, challengeMetadata: { challengeToken: "forged" } })
          ]
          const malformed: Array<unknown> = [
            null,
            42,
            "challengeCompleted",
            JSON.stringify(pageMessage("challengeAbandoned")),
            { genericChallengeResponse: null },
            { genericChallengeResponse: { type: "challengeCompleted", data: { challengeMetadata: "not an object" } } },
            { genericChallengeResponse: { type: "challengeCompleted", data: 7 } },
            { genericChallengeResponse: { type: "challengePageLoaded", data: "false" } },
            { genericChallengeResponse: { type: "challengeExploded", data: {} } },
            { genericChallengeResponse: { type: "ChallengeAbandoned" } }
          ]
          // forged page messages from other origins and other windows, malformed ones from the frame itself
          for (let i = 0; i < 60; i++) {
            const data = forged[i % forged.length]!
            yield* i % 3 === 0
              ? frames.dispatch({
                  origin: ["https://evil.test", `${www}/`, "null", "*"][i % 4]!,
                  source: frame.source,
                  data
                })
              : i % 3 === 1
                ? frames.dispatch({ origin: www, source: { frame: "another window" }, data })
                : frames.dispatch({ origin: www, source: frame.source, data: malformed[i % malformed.length] })
          }
          if (index % 2 === 1) return // this page never says anything valid: the load time-out ends it
          const token = challengeToken(s.emulator.state.options.seed, id)
          s.wire.secret(token)
          for (const type of ["challengePageLoaded", "challengeParsed", "challengeInitialized"] as const) {
            yield* frames.postAsFrame(pageMessage(type, true), www)
          }
          yield* frames.postAsFrame(pageMessage("challengeDisplayed"), www)
          for (const data of malformed) yield* frames.postAsFrame(data, www)
          yield* frames.postAsFrame(
            pageMessage("challengeCompleted", { challengeId: id, challengeMetadata: { challengeToken: token } }),
            www
          )
          completedFrames++
        })
      const driver = yield* Effect.forkChild(
        Effect.forever(
          Effect.gen(function* () {
            const all = yield* frames.frames
            while (played < all.length) {
              if (!all[played]!.removed) yield* play(played)
              played++
            }
            yield* Effect.sleep("5 millis")
          })
        )
      )
      const settled = yield* runConcurrently(challengeWorkload(s, 8)).pipe(
        Effect.provideService(ChallengePageLoadTimeout, pageLoadTimeout)
      )
      yield* Fiber.interrupt(driver)
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok", "ChallengeError loadfailed"])
      assert.strictEqual(played, 8)
      assert.strictEqual(r.tally["ChallengeError loadfailed"], 8 - completedFrames)
      assert.strictEqual(r.tally["ok"], 12 + completedFrames)
      oneResendPerSolvedChallenge(r)
    }).pipe(
      Effect.provide(
        challengePage(
          s,
          DomChallengePresenter.layer.pipe(
            Layer.provideMerge(
              Layer.mergeAll(
                ChallengeComponent.layer,
                MemoryChallengeFrames.layer({ origin: s.emulator.origin }),
                ScriptedScriptRunner.layer()
              )
            )
          )
        )
      )
    )
  )

  scenario("continue hang", (s) =>
    Effect.gen(function* () {
      // every other continue call reaches the emulator (which completes the challenge) but its answer never
      // arrives: the flow gives up after the call bound, fails that challenge, and the next one is shown
      const settled = yield* runConcurrently(challengeWorkload(s, 8)).pipe(
        Effect.provideService(ChallengeCallTimeout, continueBound)
      )
      const r = yield* report(s, settled)
      verify(r)
      outcomesWithin(r, ["ok", "ChallengeError invalidated"])
      assert.strictEqual(r.tally["ChallengeError invalidated"], 4)
      const control = yield* ScriptedChallengeControl
      assert.strictEqual((yield* control.presentations).length, 8)
      assert.strictEqual(yield* control.maxMounted, 1)
      assert.strictEqual(
        (yield* logTexts).filter(
          (t) => t === `Challenge service call POST /v1/continue timed out after ${Duration.toMillis(continueBound)} ms`
        ).length,
        4
      )
      oneResendPerSolvedChallenge(r)
    }).pipe(
      Effect.provide(
        challengePage(
          {
            ...s,
            shared: Layer.merge(
              s.shared,
              Layer.succeed(FetchHttpClient.Fetch, answersOfEveryOtherContinueLost(s.wire.fetch))
            )
          },
          Layer.merge(
            ScriptedChallengePresenter.layer((presentation) => complete(s, presentation)),
            ScriptedScriptRunner.layer()
          )
        )
      )
    )
  )

  scenario("caller interrupted mid-challenge", (s) =>
    Effect.gen(function* () {
      const control = yield* ScriptedChallengeControl
      // the challenged calls one after the other: every other caller gives up while its challenge is showing
      // (the person never finishes it); the next challenge must be shown at once and complete
      const givesUp = (call: Call<PlatformHttp>, index: number): Call<PlatformHttp> => ({
        ...call,
        effect: Effect.gen(function* () {
          const fiber = yield* Effect.forkChild(call.effect)
          yield* waitUntil(Effect.map(control.presentations, (p) => p.length === index + 1))
          yield* waitUntil(Effect.map(control.mounted, (m) => m === 1))
          yield* Fiber.interrupt(fiber)
          assert.strictEqual(yield* control.mounted, 0, "the given-up challenge's frame is gone at once")
          return yield* Fiber.join(fiber)
        })
      })
      const challengedCalls = challengedMutations(s, 8).map((call, i) => (i % 2 === 0 ? givesUp(call, i) : call))
      const [sequential, concurrent] = yield* Effect.all(
        [
          Effect.forEach(challengedCalls, (call) => settleCall(call)),
          runConcurrently(interleave(mutations(s, 6), reads(6)))
        ],
        { concurrency: 2 }
      )
      const r = yield* report(s, [...sequential, ...concurrent])
      verify(r)
      outcomesWithin(r, ["ok", "interrupted"])
      assert.deepStrictEqual([r.tally["interrupted"], r.tally["ok"]], [4, 4 + 12])
      assert.strictEqual((yield* control.presentations).length, 8)
      assert.strictEqual(yield* control.maxMounted, 1)
      // a caller that gave up is never re-sent; one whose challenge completed is re-sent exactly once
      for (const { call, outcome } of sequential) {
        const m = r.mutations.find((x) => x.op === call.op)!
        const resends = m.entries.filter((e) => e.requestHeaders["rblx-challenge-id"] !== undefined).length
        assert.strictEqual(resends, outcome._tag === "ok" ? 1 : 0, `${call.op} ${outcome._tag}`)
      }
    }).pipe(
      Effect.provide(
        challengePage(
          s,
          Layer.merge(
            ScriptedChallengePresenter.layer((presentation, index) =>
              index % 2 === 0 ? ScriptedChallengePresenter.show() : complete(s, presentation)
            ),
            ScriptedScriptRunner.layer()
          )
        )
      )
    )
  )

  // ---------------------------------------------------------------------------------------------------------
  // A case the scenarios above can miss, checked on its own; not part of the summary.
  // ---------------------------------------------------------------------------------------------------------

  it("a request re-sent after a completed challenge carries the x-retry-attempt header", () =>
    Effect.runPromise(
      Effect.scoped(
        Effect.gen(function* () {
          const s = yield* makeScenario("retry-attempt after a challenge", emulator())
          yield* Effect.gen(function* () {
            const [follow] = challengedMutations(s, 1)
            const settled = yield* runConcurrently([follow!])
            assert.strictEqual(settled[0]!.outcome._tag, "ok")
            const log = yield* requestLog(s.emulator)
            const resend = log.find((e) => e.requestHeaders["rblx-challenge-id"] !== undefined)!
            assert.isDefined(resend, "the challenge re-send reached the emulator")
            // retryAttemptHeader is on (pageConfig): the challenge re-send is re-send number 1
            assert.strictEqual(resend.requestHeaders["x-retry-attempt"], "1")
          }).pipe(
            Effect.provide(
              challengePage(
                s,
                Layer.merge(
                  ScriptedChallengePresenter.layer((presentation) => complete(s, presentation)),
                  ScriptedScriptRunner.layer()
                )
              )
            )
          )
        })
      )
    ))

  // ---------------------------------------------------------------------------------------------------------
  // The summary: one line, and the suite fails unless nothing was lost or duplicated
  // ---------------------------------------------------------------------------------------------------------

  it("summary", () => {
    console.log(summaryLine())
    assert.strictEqual(totals.scenarios, scenarioCount, "every scenario ran and was counted")
    assert.strictEqual(totals.lost, 0, summaryLine())
    assert.strictEqual(totals.duplicated, 0, summaryLine())
  })
})
