import { assert, describe, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Base64 from "effect/encoding/Base64"
import { ScriptRunError } from "../../../src/core/browser/ScriptRunner.ts"
import { ChallengeError } from "../../../src/core/challenge/ChallengeError.ts"
import { ScriptChallengeTimeLimit } from "../../../src/core/challenge/settings.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { ScriptedChallengeControl } from "../../../src/testing/ScriptedChallengePresenter.ts"
import { type ScriptRunAnswer, ScriptedScriptRunnerControl } from "../../../src/testing/ScriptedScriptRunner.ts"
import { jsonResponse, type RecordedRequest, StubFetch } from "../../../src/testing/StubFetch.ts"
import { appUrl, b64, challenged, challengeLayer, isResend } from "./harness.ts"

const source = "var answer = function () { return 42 }"
const metadata = (sharedParameters?: unknown, content = Base64.encode(source)) => ({
  userId: "7",
  challengeId: "script-1",
  contentInlineBase64: content,
  expectedSymbols: ["answer"],
  ...(sharedParameters === undefined ? {} : { sharedParameters })
})
const continueMode = { shouldAnalyze: false, useContinueMode: true, genericChallengeId: "generic-1" }

const sessionSource = "var a = 1; var b = function () { return 'x' }"
const service =
  (overrides: Partial<Record<string, (r: RecordedRequest) => Response>> = {}, meta: unknown = metadata()) =>
  (request: RecordedRequest) => {
    const path = new URL(request.url).pathname
    const override = overrides[path]
    if (override !== undefined) return override(request)
    switch (path) {
      case "/v1/things":
        return isResend(request) ? jsonResponse({ ok: true }) : challenged("hdr-1", "ScriptRunning", meta)
      case "/challenge/v1/initSession":
        return jsonResponse({ content: Base64.encode(sessionSource), expectedNumCalls: 3, expectedSymbols: ["a", "b"] })
      case "/challenge/v1/upload":
        return jsonResponse({ scriptLocation: "s3://scripts/1" })
      default:
        return jsonResponse({})
    }
  }

const post = Effect.flatMap(PlatformHttp, (http) => http.post(appUrl, { body: {} }))
const sent = Effect.map(StubFetch, (s) => s.requests.map((r) => ({ path: new URL(r.url).pathname, ...r })))
const runs = Effect.flatMap(ScriptedScriptRunnerControl, (c) => c.requests)
const bodyOf = (r: RecordedRequest) => JSON.parse(r.body!)

const values = { answer: 42 }
const payload = JSON.stringify(values)

describe("script-running challenge", () => {
  it.effect("continue mode: runs the inline script in the runner, posts continue with the payload, re-sends", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* post, { ok: true })
      assert.deepStrictEqual(yield* runs, [
        { source, expectedSymbols: ["answer"], calls: 1, timeLimit: Duration.seconds(10) }
      ])
      const requests = yield* sent
      assert.deepStrictEqual(
        requests.map((r) => r.path),
        ["/v1/things", "/challenge/v1/continue", "/v1/things"]
      )
      const expectedMeta = { userId: "7", challengeId: "script-1", payload, payloadV2: Base64.encode(payload) }
      assert.deepStrictEqual(bodyOf(requests[1]!), {
        challengeID: "generic-1",
        challengeType: "ScriptRunning",
        challengeMetadata: JSON.stringify(expectedMeta)
      })
      assert.deepStrictEqual(
        [
          requests[2]!.headers["rblx-challenge-id"],
          requests[2]!.headers["rblx-challenge-type"],
          requests[2]!.headers["rblx-challenge-metadata"]
        ],
        ["hdr-1", "ScriptRunning", b64(expectedMeta)]
      )
      assert.deepStrictEqual(yield* Effect.flatMap(ScriptedChallengeControl, (c) => c.presentations), [])
    }).pipe(
      Effect.provide(
        challengeLayer(service({}, metadata(continueMode)), undefined, { runner: () => Effect.succeed(values) })
      )
    )
  )

  it.effect("runs without the challenge component: no frame is needed", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* post, { ok: true })
    }).pipe(Effect.provide(challengeLayer(service({}, metadata(continueMode)), undefined, { available: false })))
  )

  it.effect("shouldAnalyze uploads the script first; the continue metadata carries its location", () =>
    Effect.gen(function* () {
      yield* post
      const requests = yield* sent
      assert.deepStrictEqual(
        requests.map((r) => r.path),
        ["/v1/things", "/challenge/v1/upload", "/challenge/v1/continue", "/v1/things"]
      )
      assert.deepStrictEqual(bodyOf(requests[1]!), { userId: "7", timestamp: 0, fileBase64: Base64.encode(source) })
      assert.strictEqual(JSON.parse(bodyOf(requests[2]!).challengeMetadata).scriptLocation, "s3://scripts/1")
    }).pipe(
      Effect.provide(
        challengeLayer(service({}, metadata({ ...continueMode, shouldAnalyze: true })), undefined, {
          runner: () => Effect.succeed(values)
        })
      )
    )
  )

  it.effect(
    "session mode: init, run the session's script and symbols with its number of calls, submit, redeem, continue",
    () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* post, { ok: true })
        assert.deepStrictEqual(yield* runs, [
          { source: sessionSource, expectedSymbols: ["a", "b"], calls: 3, timeLimit: Duration.seconds(10) }
        ])
        const requests = yield* sent
        assert.deepStrictEqual(
          requests.map((r) => r.path),
          [
            "/v1/things",
            "/challenge/v1/initSession",
            "/challenge/v1/submit",
            "/challenge/v1/redeemSession",
            "/challenge/v1/continue",
            "/v1/things"
          ]
        )
        assert.deepStrictEqual(bodyOf(requests[1]!), {
          challengeId: "script-1",
          userId: "7",
          timestamp: 0,
          scriptLocation: ""
        })
        const p = JSON.stringify({ a: 1, b: ["x", "x", "x"] })
        assert.deepStrictEqual(bodyOf(requests[2]!), {
          userId: "7",
          challengeId: "script-1",
          payload: p,
          payloadV2: Base64.encode(p)
        })
        assert.deepStrictEqual(bodyOf(requests[3]!), { userId: "7", challengeId: "script-1" })
        assert.deepStrictEqual(bodyOf(requests[4]!), {
          challengeID: "hdr-1",
          challengeType: "ScriptRunning",
          challengeMetadata: JSON.stringify({ userId: "7", challengeId: "script-1" })
        })
        assert.strictEqual(
          requests[5]!.headers["rblx-challenge-metadata"],
          b64({ userId: "7", challengeId: "script-1" })
        )
      }).pipe(
        Effect.provide(
          challengeLayer(service(), undefined, {
            runner: () => Effect.succeed({ a: 1, b: ["x", "x", "x"] })
          })
        )
      )
  )

  it.effect("session mode with an empty session script runs the inline script and the metadata's symbols", () =>
    Effect.gen(function* () {
      yield* post
      assert.deepStrictEqual(yield* runs, [
        { source, expectedSymbols: ["answer"], calls: 1, timeLimit: Duration.seconds(3) }
      ])
    }).pipe(
      Effect.provide(
        challengeLayer(
          service({
            "/challenge/v1/initSession": () => jsonResponse({ content: "", expectedNumCalls: 0, expectedSymbols: [] })
          })
        )
      ),
      Effect.provideService(ScriptChallengeTimeLimit, Duration.seconds(3))
    )
  )

  const failsWith = (
    code: string,
    message: string,
    paths: ReadonlyArray<string>,
    options: {
      readonly meta?: unknown
      readonly runner?: ScriptRunAnswer
      readonly overrides?: Parameters<typeof service>[0]
    }
  ) =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(post)
      assert.instanceOf(error, ChallengeError)
      const e = error as ChallengeError
      assert.strictEqual(e.reason, "invalidated")
      assert.strictEqual(e.code, code)
      assert.strictEqual(e.message, message)
      assert.strictEqual(e.challengeType, "ScriptRunning")
      assert.deepStrictEqual(
        (yield* sent).map((r) => r.path),
        paths
      )
    }).pipe(
      Effect.provide(
        challengeLayer(
          service(options.overrides ?? {}, options.meta ?? metadata()),
          undefined,
          options.runner === undefined ? {} : { runner: options.runner }
        )
      )
    )

  it.effect("a script that is not valid base64: FAILED_PREP", () =>
    failsWith("FAILED_PREP", "Could not prep the cook successfully: the script is not valid base64", ["/v1/things"], {
      meta: metadata(continueMode, "@@@")
    })
  )

  it.effect("a failed upload: FAILED_PREP", () =>
    failsWith(
      "FAILED_PREP",
      "Could not prep the cook successfully: the script could not be uploaded",
      ["/v1/things", "/challenge/v1/upload"],
      {
        meta: metadata({ ...continueMode, shouldAnalyze: true }),
        overrides: { "/challenge/v1/upload": () => jsonResponse({}, { status: 500 }) }
      }
    )
  )

  it.effect("a failed session start: FAILED_PREP", () =>
    failsWith(
      "FAILED_PREP",
      "Could not prep the cook successfully: the session could not be started",
      ["/v1/things", "/challenge/v1/initSession"],
      {
        overrides: { "/challenge/v1/initSession": () => jsonResponse({ content: 5 }) }
      }
    )
  )

  it.effect("a session script that is not valid base64: FAILED_PREP", () =>
    failsWith(
      "FAILED_PREP",
      "Could not prep the cook successfully: the session script is not valid base64",
      ["/v1/things", "/challenge/v1/initSession"],
      {
        overrides: {
          "/challenge/v1/initSession": () => jsonResponse({ content: "###", expectedNumCalls: 1, expectedSymbols: [] })
        }
      }
    )
  )

  it.effect("a worker that cannot start: FAILED_PREP", () =>
    failsWith("FAILED_PREP", "Could not prep the cook successfully: the worker could not be started", ["/v1/things"], {
      meta: metadata(continueMode),
      runner: () => Effect.fail(new ScriptRunError({ reason: "load" }))
    })
  )

  it.effect("a missing expected global symbol: FAILED_MIREPOIX", () =>
    failsWith("FAILED_MIREPOIX", "Burnt the mirepoix :/.", ["/v1/things"], {
      meta: metadata(continueMode),
      runner: () => Effect.fail(new ScriptRunError({ reason: "missingSymbol", symbol: "answer" }))
    })
  )

  for (const kind of ["run", "timeout", "badResult"] as const) {
    it.effect(`a failed run (${kind}): FAILED_SIMMER`, () =>
      failsWith("FAILED_SIMMER", "Simmer was too short!", ["/v1/things"], {
        meta: metadata(continueMode),
        runner: () => Effect.fail(new ScriptRunError({ reason: kind }))
      })
    )
  }

  it.effect("a failed submit: UNKNOWN", () =>
    failsWith("UNKNOWN", "Unknown error", ["/v1/things", "/challenge/v1/initSession", "/challenge/v1/submit"], {
      overrides: { "/challenge/v1/submit": () => jsonResponse({ errors: [{ code: 1 }] }, { status: 400 }) }
    })
  )

  it.effect("a failed redeem: UNKNOWN", () =>
    failsWith(
      "UNKNOWN",
      "Unknown error",
      ["/v1/things", "/challenge/v1/initSession", "/challenge/v1/submit", "/challenge/v1/redeemSession"],
      {
        overrides: { "/challenge/v1/redeemSession": () => jsonResponse({}, { status: 500 }) }
      }
    )
  )
})
