/**
 * The challenge flow always releases its single slot (TestClock): a continue call that never answers, a page that
 * loaded but never reports an outcome, a script challenge whose service never answers, and callers that all give
 * up each end the solve, and the NEXT request's challenge is then shown and completes. A caller that gives up
 * while others still wait does not cancel the solve for them.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import { TestClock } from "effect/testing"
import type { ChallengeError } from "../../../src/core/challenge/ChallengeError.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import {
  ScriptedChallengeControl,
  ScriptedChallengePresenter
} from "../../../src/testing/ScriptedChallengePresenter.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, type RecordedRequest, StubFetch } from "../../../src/testing/StubFetch.ts"
import { appUrl, challenged, challengeLayer, continueUrl, isResend, platform, waitFor } from "./harness.ts"

const postTo = (path: string) =>
  Effect.flatMap(PlatformHttp, (http) => http.post(`${appUrl}/${path}`, { body: { path } }))

const requests = Effect.map(StubFetch, (s) => s.requests)
const control = ScriptedChallengeControl
const shown = Effect.flatMap(control, (c) => c.presentations)
const mounted = Effect.flatMap(control, (c) => c.mounted)
const mountedIs = (n: number) =>
  waitFor(
    Effect.map(mounted, (m) => m === n),
    `${n} mounted`
  )

/** Each app path is challenged with its own id (`id-{path}`) until re-sent with it. */
const challengedPerPath = (r: RecordedRequest) =>
  isResend(r) ? jsonResponse({ ok: true }) : challenged(`id-${r.url.split("/").at(-1)}`)

/** A response that never comes (the stub fetch's promise never settles). */
const never = () => new Promise<Response>(() => undefined)

const continues = Effect.map(requests, (sent) => sent.filter((r) => r.url === continueUrl).length)

describe("ChallengeHandler: every wait is bounded, the slot always released", () => {
  it.effect(
    "a continue call that never answers fails after 30 s (Unknown error); the next challenge is shown and completes",
    () =>
      Effect.gen(function* () {
        const first = yield* Effect.forkChild(Effect.flip(postTo("a")))
        yield* waitFor(
          Effect.map(continues, (n) => n === 1),
          "the first continue call"
        )
        const second = yield* Effect.forkChild(postTo("b"))
        yield* waitFor(
          Effect.map(requests, (sent) => sent.length === 3),
          "the second request"
        )
        // the hung continue call holds the slot: the second challenge waits, not shown
        yield* TestClock.adjust("29999 millis")
        assert.isUndefined(first.pollUnsafe())
        assert.strictEqual((yield* shown).length, 1)
        yield* TestClock.adjust("1 millis")
        const error = (yield* Fiber.join(first)) as ChallengeError
        assert.deepStrictEqual([error.reason, error.message], ["invalidated", "Unknown error"])
        // the slot is free: the second challenge is shown, completed, its request re-sent once
        assert.deepStrictEqual(yield* Fiber.join(second), { ok: true })
        assert.deepStrictEqual(
          (yield* shown).map((p) => p.challenge.id),
          ["id-a", "id-b"]
        )
        const sent = yield* requests
        assert.deepStrictEqual(
          sent.filter((r) => r.url === `${appUrl}/a`).map((r) => r.headers["rblx-challenge-id"]),
          [undefined]
        )
        assert.deepStrictEqual(
          sent.filter((r) => r.url === `${appUrl}/b`).map((r) => r.headers["rblx-challenge-id"]),
          [undefined, "id-b"]
        )
        const warnings = (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Warn").map((l) => l.text)
        assert.deepStrictEqual(warnings, ["Challenge service call POST /v1/continue timed out after 30000 ms"])
      }).pipe(
        Effect.provide(
          challengeLayer(
            platform({
              app: challengedPerPath,
              onContinue: (body) => (body["challengeID"] === "id-a" ? never() : jsonResponse({})) as never
            }),
            undefined,
            // the exchange's own time-out (30 s by default) would end the call at the same moment: off, so the challenge
            // flow's bound is the one shown
            { config: { requestTimeoutMs: 0 } }
          )
        )
      )
  )

  it.effect(
    "a page that loaded but never reports an outcome: abandoned after 15 minutes; the next challenge completes",
    () =>
      Effect.gen(function* () {
        const first = yield* Effect.forkChild(Effect.flip(postTo("a")))
        yield* mountedIs(1)
        const second = yield* Effect.forkChild(postTo("b"))
        yield* waitFor(
          Effect.map(requests, (sent) => sent.length === 2),
          "the second request"
        )
        yield* TestClock.adjust("14 minutes")
        yield* TestClock.adjust("59999 millis")
        assert.isUndefined(first.pollUnsafe())
        assert.strictEqual((yield* shown).length, 1)
        yield* TestClock.adjust("1 millis")
        const error = (yield* Fiber.join(first)) as ChallengeError
        assert.deepStrictEqual(
          [error.reason, error.message, error.customError],
          ["abandoned", "The challenge was not completed in time.", "Unknown error occured, please try again."]
        )
        assert.deepStrictEqual(yield* Fiber.join(second), { ok: true })
        assert.deepStrictEqual(
          (yield* shown).map((p) => p.challenge.id),
          ["id-a", "id-b"]
        )
        assert.strictEqual(yield* mounted, 0)
        assert.strictEqual(yield* (yield* control).maxMounted, 1)
        assert.strictEqual(yield* continues, 1)
      }).pipe(
        Effect.provide(
          challengeLayer(platform({ app: challengedPerPath }), (_, index) =>
            index === 0 ? ScriptedChallengePresenter.show() : ScriptedChallengePresenter.complete()
          )
        )
      )
  )

  it.effect(
    "the only caller gives up mid-challenge: the frame goes, the slot is free; the next challenge completes",
    () =>
      Effect.gen(function* () {
        const first = yield* Effect.forkChild(postTo("a"))
        yield* mountedIs(1)
        yield* Fiber.interrupt(first)
        assert.strictEqual(yield* mounted, 0)
        assert.strictEqual(yield* continues, 0)
        // the next request's challenge is shown at once and completes; the given-up one was never re-sent
        assert.deepStrictEqual(yield* postTo("b"), { ok: true })
        assert.deepStrictEqual(
          (yield* shown).map((p) => p.challenge.id),
          ["id-a", "id-b"]
        )
        // a request challenged again with the given-up id starts a new solve (nothing stale is shared)
        assert.deepStrictEqual(yield* postTo("a"), { ok: true })
        assert.deepStrictEqual(
          (yield* shown).map((p) => p.challenge.id),
          ["id-a", "id-b", "id-a"]
        )
        const sent = yield* requests
        assert.deepStrictEqual(
          sent.filter((r) => r.url === `${appUrl}/a`).map((r) => r.headers["rblx-challenge-id"]),
          [undefined, undefined, "id-a"]
        )
      }).pipe(
        Effect.provide(
          challengeLayer(platform({ app: challengedPerPath }), (_, index) =>
            index === 0 ? ScriptedChallengePresenter.show() : ScriptedChallengePresenter.complete()
          )
        )
      )
  )

  it.effect(
    "one of three callers sharing a challenge gives up: the solve goes on for the others, each re-sent once",
    () =>
      Effect.gen(function* () {
        const callers = yield* Effect.forEach(["x", "y", "z"], (path) => Effect.forkChild(postTo(path)))
        yield* waitFor(
          Effect.map(requests, (sent) => sent.length === 3),
          "three requests"
        )
        yield* mountedIs(1)
        yield* Fiber.interrupt(callers[1]!)
        assert.strictEqual(yield* mounted, 1)
        yield* (yield* control).post({ genericChallengeResponse: { type: "challengeCompleted", data: {} } })
        assert.deepStrictEqual(yield* Fiber.join(callers[0]!), { ok: true })
        assert.deepStrictEqual(yield* Fiber.join(callers[2]!), { ok: true })
        assert.strictEqual((yield* shown).length, 1)
        assert.strictEqual(yield* continues, 1)
        const sent = yield* requests
        for (const [path, ids] of [
          ["x", [undefined, "c-1"]],
          ["y", [undefined]],
          ["z", [undefined, "c-1"]]
        ] as const) {
          assert.deepStrictEqual(
            sent.filter((r) => r.url === `${appUrl}/${path}`).map((r) => r.headers["rblx-challenge-id"]),
            [...ids]
          )
        }
      }).pipe(Effect.provide(challengeLayer(platform(), () => ScriptedChallengePresenter.show())))
  )

  it.effect("every caller of a shared challenge gives up: the solve stops; the next challenge completes", () =>
    Effect.gen(function* () {
      const callers = yield* Effect.forEach(["x", "y"], (path) => Effect.forkChild(postTo(path)))
      yield* mountedIs(1)
      yield* Fiber.interrupt(callers[0]!)
      assert.strictEqual(yield* mounted, 1)
      yield* Fiber.interrupt(callers[1]!)
      assert.strictEqual(yield* mounted, 0)
      assert.deepStrictEqual(yield* postTo("next"), { ok: true })
      assert.deepStrictEqual(
        (yield* shown).map((p) => p.challenge.id),
        ["c-1", "id-next"]
      )
    }).pipe(
      Effect.provide(
        challengeLayer(
          platform({
            app: (r) =>
              r.url.endsWith("/next") ? challengedPerPath(r) : isResend(r) ? jsonResponse({ ok: true }) : challenged()
          }),
          (_, index) => (index === 0 ? ScriptedChallengePresenter.show() : ScriptedChallengePresenter.complete())
        )
      )
    )
  )

  it.effect(
    "a script challenge whose session never starts fails after 30 s (FAILED_PREP); the next challenge completes",
    () => {
      const script = {
        userId: "1",
        challengeId: "s-1",
        contentInlineBase64: Buffer.from("var answer = 1").toString("base64"),
        expectedSymbols: ["answer"]
      }
      return Effect.gen(function* () {
        const first = yield* Effect.forkChild(Effect.flip(postTo("a")))
        yield* waitFor(
          Effect.map(requests, (sent) => sent.some((r) => r.url.endsWith("/v1/initSession"))),
          "initSession"
        )
        yield* TestClock.adjust("29999 millis")
        assert.isUndefined(first.pollUnsafe())
        yield* TestClock.adjust("1 millis")
        const error = (yield* Fiber.join(first)) as ChallengeError
        assert.deepStrictEqual(
          [error.reason, error.code, error.message],
          ["invalidated", "FAILED_PREP", "Could not prep the cook successfully: the session could not be started"]
        )
        assert.deepStrictEqual(yield* postTo("b"), { ok: true })
        assert.deepStrictEqual(
          (yield* shown).map((p) => p.challenge.id),
          ["id-b"]
        )
      }).pipe(
        Effect.provide(
          challengeLayer(
            platform({
              app: (r) =>
                r.url.endsWith("/v1/initSession")
                  ? (never() as never)
                  : r.url.endsWith("/a") && !isResend(r)
                    ? challenged("s-1", "ScriptRunning", script)
                    : challengedPerPath(r)
            })
          )
        )
      )
    }
  )
})
