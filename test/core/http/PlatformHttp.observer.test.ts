import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import * as BatchProcessor from "../../../src/core/batch/BatchProcessor.ts"
import { type PipelineEvent, PipelineObserver } from "../../../src/core/http/observer.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { setHeader } from "../../../src/core/http/request.ts"
import { noChallengeFlowLog } from "../../../src/core/http/rules/challenge.ts"
import { RequestSigner } from "../../../src/core/signing/RequestSigner.ts"
import { SigningFailure } from "../../../src/core/signing/SigningFailure.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { ScriptedChallengePresenter } from "../../../src/testing/ScriptedChallengePresenter.ts"
import { jsonResponse, opaqueRedirectResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { appUrl, challenged, challengeLayer, continueUrl, platform } from "../challenge/harness.ts"
import { platformHttpLayer } from "./harness.ts"

const url = "https://apis.example.com/v1/things"

/** An observer recording into `events`. */
const observing = (events: Array<PipelineEvent>) => PipelineObserver.layer((event) => events.push(event))

/** A signer that signs every request, recording the call number it saw. */
const signingRecorder = (calls: Array<number | undefined>) =>
  Layer.succeed(RequestSigner, {
    sign: (request) =>
      Effect.sync(() => {
        calls.push(request.call)
        return setHeader(request, "x-bound-auth-token", "sig")
      })
  })

/** PlatformHttp over `handler` with the observer and, when given, a signer in its context. */
const observed = (
  events: Array<PipelineEvent>,
  handler: Parameters<typeof platformHttpLayer>[0],
  signer: Layer.Layer<RequestSigner> = Layer.empty as unknown as Layer.Layer<RequestSigner>
) =>
  PlatformHttp.layerNoDeps.pipe(
    Layer.provideMerge(platformHttpLayer(handler)),
    Layer.provide(Layer.merge(observing(events), signer)),
    Layer.provideMerge(MemoryLogger.layer())
  )

describe("PipelineObserver", () => {
  it.effect("a plain GET: sent, then received with its status and duration (Effect's clock)", () => {
    const events: Array<PipelineEvent> = []
    return Effect.gen(function* () {
      yield* (yield* PlatformHttp).get(url)
      yield* (yield* PlatformHttp).get("https://cdn.example.net/a.json")
      assert.deepStrictEqual(events, [
        { _tag: "RequestSent", call: 1, method: "GET", url, platform: true },
        { _tag: "ResponseReceived", call: 1, status: 200, durationMs: 0 },
        { _tag: "RequestSent", call: 2, method: "GET", url: "https://cdn.example.net/a.json", platform: false },
        { _tag: "ResponseReceived", call: 2, status: 200, durationMs: 0 }
      ])
    }).pipe(Effect.provide(observed(events, () => jsonResponse({ ok: 1 }))))
  })

  it.effect("a CSRF re-send: signed, sent, 403, CsrfResent, signed anew, sent, 200; no secret in any event", () => {
    const events: Array<PipelineEvent> = []
    const signed: Array<number | undefined> = []
    return Effect.gen(function* () {
      yield* (yield* PlatformHttp).post(url, { body: { a: 1 } })
      assert.deepStrictEqual(events, [
        { _tag: "Signed", call: 1 },
        { _tag: "RequestSent", call: 1, method: "POST", url, platform: true },
        { _tag: "ResponseReceived", call: 1, status: 403, durationMs: 0 },
        { _tag: "CsrfResent", call: 1 },
        { _tag: "Signed", call: 1 },
        { _tag: "RequestSent", call: 1, method: "POST", url, platform: true },
        { _tag: "ResponseReceived", call: 1, status: 200, durationMs: 0 }
      ])
      assert.deepStrictEqual(signed, [1, 1])
      const text = JSON.stringify(events)
      for (const secret of ["fresh-token-1234", "sig", '"a"']) assert.notInclude(text, secret)
    }).pipe(
      Effect.provide(
        observed(
          events,
          (r) =>
            r.headers["x-csrf-token"] === "fresh-token-1234"
              ? jsonResponse({})
              : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "fresh-token-1234" } }),
          signingRecorder(signed)
        )
      )
    )
  })

  it.effect(
    "a challenged POST (ScriptedChallengePresenter completes it): held, the continue call, continued, re-sent",
    () => {
      const events: Array<PipelineEvent> = []
      return Effect.gen(function* () {
        const http = yield* PlatformHttp
        assert.deepStrictEqual(yield* http.post(appUrl), { ok: true })
        assert.deepStrictEqual(events, [
          { _tag: "RequestSent", call: 1, method: "POST", url: appUrl, platform: true },
          { _tag: "ResponseReceived", call: 1, status: 403, durationMs: 0 },
          { _tag: "ChallengeHeld", call: 1, challengeType: "Captcha" },
          // the challenge service's own call, through its own pipeline, numbered by the same observer
          { _tag: "RequestSent", call: 2, method: "POST", url: continueUrl, platform: true },
          { _tag: "ResponseReceived", call: 2, status: 200, durationMs: 0 },
          { _tag: "ChallengeContinued", call: 1 },
          { _tag: "RequestSent", call: 1, method: "POST", url: appUrl, platform: true },
          { _tag: "ResponseReceived", call: 1, status: 200, durationMs: 0 }
        ])
      }).pipe(Effect.provide(challengeLayer(platform()).pipe(Layer.provide(observing(events)))))
    }
  )

  it.effect("an abandoned challenge: held, then failed with the ChallengeError's reason", () => {
    const events: Array<PipelineEvent> = []
    return Effect.gen(function* () {
      const error = yield* Effect.flip((yield* PlatformHttp).post(appUrl))
      assert.strictEqual(error._tag === "ChallengeError" && error.reason, "abandoned")
      assert.deepStrictEqual(events.slice(2), [
        { _tag: "ChallengeHeld", call: 1, challengeType: "Captcha" },
        { _tag: "ChallengeFailed", call: 1, reason: "abandoned" }
      ])
    }).pipe(
      Effect.provide(
        challengeLayer(platform(), () => ScriptedChallengePresenter.abandon()).pipe(Layer.provide(observing(events)))
      )
    )
  })

  it.effect(
    "no challenge flow installed: the challenged failure is unhandled, and the log says how to enable the flow",
    () => {
      const events: Array<PipelineEvent> = []
      return Effect.gen(function* () {
        const error = yield* Effect.flip((yield* PlatformHttp).post(url))
        assert.strictEqual(error._tag === "ResponseError" && error.status, 403)
        assert.deepStrictEqual(
          events.map((e) => e._tag),
          ["RequestSent", "ResponseReceived", "ChallengeUnhandled"]
        )
        const warnings = (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Warn").map((l) => l.text)
        assert.deepStrictEqual(warnings, [noChallengeFlowLog])
        assert.include(noChallengeFlowLog, "browserPlatformLayer({ challenges: Challenges.browser })")
        assert.include(noChallengeFlowLog, "<ChallengeHost/>")
      }).pipe(Effect.provide(observed(events, () => challenged())))
    }
  )

  it.effect("why a request went unsigned: the signer's reason, or NotPlatformHost", () => {
    const events: Array<PipelineEvent> = []
    const exempt = Layer.succeed(RequestSigner, {
      sign: () => Effect.fail(new SigningFailure({ reason: "RequestExempt", detail: "user is not authenticated" }))
    })
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.post(url)
      yield* http.post("https://evil.net/x")
      assert.deepStrictEqual(
        events.filter((e) => e._tag === "NotSigned"),
        [
          { _tag: "NotSigned", call: 1, reason: "RequestExempt" },
          { _tag: "NotSigned", call: 2, reason: "NotPlatformHost" }
        ]
      )
      assert.isUndefined((yield* StubFetch).requests[0]!.headers["x-bound-auth-token"])
    }).pipe(Effect.provide(observed(events, () => jsonResponse({}), exempt)))
  })

  it.effect("a time-out, a refused redirect and a failed fetch each have their event", () => {
    const events: Array<PipelineEvent> = []
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      const hanging = yield* Effect.forkChild(Effect.flip(http.get(`${url}/hang`)))
      yield* Effect.yieldNow
      yield* TestClock.adjust("30 seconds")
      assert.strictEqual((yield* Fiber.join(hanging))._tag, "TimeoutError")
      // a request carrying a secret (here the anti-forgery header) never follows a redirect
      const redirected = yield* Effect.flip(http.post(`${url}/redirect`, { headers: { "x-csrf-token": "t-1" } }))
      assert.strictEqual(redirected._tag, "RedirectError")
      assert.strictEqual((yield* Effect.flip(http.get(`${url}/down`)))._tag, "FetchError")
      assert.deepStrictEqual(
        events.filter((e) => e._tag !== "RequestSent" && e._tag !== "ResponseReceived"),
        [
          { _tag: "TimedOut", call: 1, timeoutMs: 30_000 },
          { _tag: "RedirectRefused", call: 2, status: 0 },
          { _tag: "FetchFailed", call: 3 }
        ]
      )
    }).pipe(
      Effect.provide(
        observed(events, (r) =>
          r.url.endsWith("/hang")
            ? new Promise<Response>(() => {})
            : r.url.endsWith("/redirect")
              ? opaqueRedirectResponse()
              : Promise.reject(new TypeError("Failed to fetch"))
        )
      )
    )
  })

  it.effect(
    "a request made by a BatchProcessor's process function carries the batch's number of ids; others none",
    () => {
      const events: Array<PipelineEvent> = []
      return Effect.gen(function* () {
        const http = yield* PlatformHttp
        const users = yield* BatchProcessor.make({
          batchSize: 3,
          process: (ids: ReadonlyArray<number>) =>
            Effect.orDie(http.post<undefined>(`${url}/users`, { body: { userIds: ids } })).pipe(
              Effect.as(ids.map((id) => `user ${id}`))
            )
        })
        const all = yield* Effect.forkChild(users.getAll([1, 2, 3, 4, 5]))
        yield* TestClock.adjust("1 second")
        assert.deepStrictEqual(yield* Fiber.join(all), ["user 1", "user 2", "user 3", "user 4", "user 5"])
        yield* http.get(url)
        assert.deepStrictEqual(
          events.filter((e) => e._tag === "RequestSent"),
          [
            {
              _tag: "RequestSent",
              call: 1,
              method: "POST",
              url: `${url}/users`,
              platform: true,
              batchSize: 3,
              batchAttempt: 1
            },
            {
              _tag: "RequestSent",
              call: 2,
              method: "POST",
              url: `${url}/users`,
              platform: true,
              batchSize: 2,
              batchAttempt: 1
            },
            { _tag: "RequestSent", call: 3, method: "GET", url, platform: true }
          ]
        )
      }).pipe(Effect.scoped, Effect.provide(observed(events, () => jsonResponse({}))))
    }
  )

  it.effect("an observer that throws never affects a request", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* (yield* PlatformHttp).get(url), { ok: 1 })
    }).pipe(
      Effect.provide(
        PlatformHttp.layerNoDeps.pipe(
          Layer.provideMerge(platformHttpLayer(() => jsonResponse({ ok: 1 }))),
          Layer.provide(
            PipelineObserver.layer(() => {
              throw new Error("observer bug")
            })
          )
        )
      )
    )
  )

  it.effect("without an observer, calls are not numbered (nothing is added to a request)", () => {
    const calls: Array<number | undefined> = []
    return Effect.gen(function* () {
      yield* (yield* PlatformHttp).post(url)
      assert.deepStrictEqual(calls, [undefined])
    }).pipe(
      Effect.provide(
        PlatformHttp.layerNoDeps.pipe(
          Layer.provideMerge(platformHttpLayer(() => jsonResponse({}))),
          Layer.provide(signingRecorder(calls))
        )
      )
    )
  })
})
