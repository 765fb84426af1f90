/**
 * The flow with the real hybrid page's messages (as the real page posts them: no `challengePageLoaded`, completion
 * `{ challengeType, metadata }`, abandonment as `challengeInvalidated { abandoned: true }`), and the two ways of
 * finishing a frame challenge: the spec's (default) and the real site's (`ChallengeProtocol`).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import type { ChallengeError } from "../../../src/core/challenge/ChallengeError.ts"
import { pageMessage } from "../../../src/core/challenge/presenters/messages.ts"
import {
  ChallengeProtocol,
  realSiteChallengeProtocol,
  specChallengeProtocol
} from "../../../src/core/challenge/settings.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { ScriptedChallengeControl, type ScriptStep } from "../../../src/testing/ScriptedChallengePresenter.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import {
  appUrl,
  b64,
  captchaMetadata,
  challenged,
  challengeLayer,
  continueUrl,
  isResend,
  platform,
  waitFor
} from "./harness.ts"

const post = Effect.flatMap(PlatformHttp, (http) => http.post(appUrl, { body: { a: 1 } }))
const requests = Effect.map(StubFetch, (s) => s.requests)
const control = ScriptedChallengeControl
const mountedIs = (n: number) =>
  waitFor(
    Effect.map(
      Effect.flatMap(control, (c) => c.mounted),
      (m) => m === n
    ),
    `${n} mounted`
  )

/** The captcha completion metadata the real page builds. */
const redemption = { unifiedCaptchaId: "uc-1", captchaToken: "tok", actionType: "FollowUser" }

/** The real page's messages up to the challenge being on screen. */
const realShown: ReadonlyArray<ScriptStep> = [
  { post: pageMessage("challengeDisplayed", { displayed: true }) },
  { post: pageMessage("challengeInitialized", { initialized: true }) }
]
const realCompleted = (
  metadata: Record<string, unknown> = redemption,
  challengeType = "captcha"
): { readonly post: unknown } => ({
  post: pageMessage("challengeCompleted", { challengeType, metadata })
})

/** The app answers 403 with a challenge spelt as the real server spells it, until re-sent. */
const realServer = (onContinue?: (body: Record<string, unknown>, index: number) => Response) =>
  platform({
    app: (request) =>
      isResend(request) ? jsonResponse({ ok: true }) : challenged("c-1", "captcha", captchaMetadata()),
    ...(onContinue === undefined ? {} : { onContinue })
  })

const tileFollowUp = (id: string) =>
  jsonResponse({
    challengeId: id,
    challengeType: "rostile",
    challengeMetadata: JSON.stringify({ challengeId: id, puzzleType: "ROSTILE_PUZZLE_TYPE_VISIBLE" })
  })

const failureOf = (script: ReadonlyArray<ScriptStep>) =>
  Effect.flip(post).pipe(
    Effect.map((e) => e as ChallengeError),
    Effect.provide(challengeLayer(realServer(), () => script))
  )

describe("ChallengeHandler: the real page's messages", () => {
  it.effect(
    "displayed, initialized, then a minute later completed: the flow completes; no challengePageLoaded needed",
    () =>
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(post)
        yield* mountedIs(1)
        yield* TestClock.adjust("1 minute")
        assert.isUndefined(fiber.pollUnsafe())
        yield* (yield* control).post(realCompleted().post)
        assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
        const sent = yield* requests
        assert.deepStrictEqual(
          sent.map((r) => r.url),
          [appUrl, continueUrl, appUrl]
        )
        assert.deepStrictEqual(JSON.parse(sent[1]!.body!), {
          challengeID: "c-1",
          challengeType: "captcha",
          challengeMetadata: JSON.stringify(redemption)
        })
        assert.deepStrictEqual(
          ["rblx-challenge-id", "rblx-challenge-type", "rblx-challenge-metadata"].map((h) => sent[2]!.headers[h]),
          ["c-1", "captcha", b64(redemption)]
        )
      }).pipe(Effect.provide(challengeLayer(realServer(), () => realShown)))
  )

  it.effect("a page that posts nothing is still loadfailed after 30 seconds", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.flip(post))
      yield* mountedIs(1)
      yield* TestClock.adjust("30 seconds")
      const error = (yield* Fiber.join(fiber)) as ChallengeError
      assert.deepStrictEqual([error.reason, error.message], ["loadfailed", "The challenge page did not load in time."])
    }).pipe(Effect.provide(challengeLayer(realServer(), () => [])))
  )

  it.effect(
    "challengeInvalidated { abandoned: true } is the real page's abandonment: kind abandoned, nothing sent",
    () =>
      Effect.gen(function* () {
        const error = (yield* Effect.flip(post)) as ChallengeError
        assert.deepStrictEqual(
          [error.reason, error.message, error.challengeType],
          ["abandoned", "The challenge was abandoned.", "Captcha"]
        )
        assert.deepStrictEqual(
          (yield* requests).map((r) => r.url),
          [appUrl]
        )
      }).pipe(
        Effect.provide(
          challengeLayer(realServer(), () => [
            ...realShown,
            { post: pageMessage("challengeInvalidated", { abandoned: true }) }
          ])
        )
      )
  )

  it.effect(
    "challengeInvalidated { challengeType, errorCode, errorMessage }: kind invalidated, its message, a numeric code dropped",
    () =>
      Effect.gen(function* () {
        const error = yield* failureOf([
          ...realShown,
          {
            post: pageMessage("challengeInvalidated", {
              challengeType: "captcha",
              errorCode: 0,
              errorMessage: "Too many attempts."
            })
          }
        ])
        assert.deepStrictEqual(
          [error.reason, error.message, error.code],
          ["invalidated", "Too many attempts.", undefined]
        )
        const empty = yield* failureOf([
          ...realShown,
          { post: pageMessage("challengeInvalidated", { challengeType: "captcha", errorCode: 0, errorMessage: "" }) }
        ])
        assert.deepStrictEqual([empty.reason, empty.message], ["invalidated", "The challenge was invalidated."])
      })
  )

  it.effect("challengeInitialized { initialized: false } is kind unknown", () =>
    Effect.gen(function* () {
      const error = yield* failureOf([{ post: pageMessage("challengeInitialized", { initialized: false }) }])
      assert.deepStrictEqual(
        [error.reason, error.message],
        ["unknown", "The challenge page could not initialise the challenge."]
      )
    })
  )

  it.effect("the spec's progress messages with the real page's data keys: pageLoaded, parsed", () =>
    Effect.gen(function* () {
      const loadFailed = yield* failureOf([{ post: pageMessage("challengePageLoaded", { pageLoaded: false }) }])
      assert.strictEqual(loadFailed.reason, "loadfailed")
      const parseFailed = yield* failureOf([{ post: pageMessage("challengeParsed", { parsed: false }) }])
      assert.deepStrictEqual(
        [parseFailed.reason, parseFailed.message],
        ["unknown", "The challenge page could not parse the challenge."]
      )
    })
  )
})

describe("ChallengeProtocol: the re-sent request's id and type", () => {
  const chain = (protocol: typeof specChallengeProtocol) =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* post, { ok: true })
      const sent = yield* requests
      assert.deepStrictEqual(
        sent.map((r) => r.url),
        [appUrl, continueUrl, continueUrl, appUrl]
      )
      return ["rblx-challenge-id", "rblx-challenge-type", "rblx-challenge-metadata"].map((h) => sent[3]!.headers[h])
    }).pipe(
      Effect.provide(
        challengeLayer(
          realServer((_, n) => (n === 0 ? tileFollowUp("f-1") : jsonResponse({ challengeType: "" }))),
          (_, n) => [...realShown, n === 0 ? realCompleted() : realCompleted({ redemptionToken: "r" }, "rostile")]
        )
      ),
      Effect.provideService(ChallengeProtocol, protocol)
    )

  it.effect("the spec's (default): the id and type of the challenge that completed last (the follow-up)", () =>
    Effect.map(chain(specChallengeProtocol), (headers) =>
      assert.deepStrictEqual(headers, ["f-1", "rostile", b64({ redemptionToken: "r" })])
    )
  )

  it.effect(
    "the real site's (`original`): the challenged response's id and type exactly as received, the last metadata",
    () =>
      Effect.map(chain({ ...specChallengeProtocol, resendIdentity: "original" }), (headers) =>
        assert.deepStrictEqual(headers, ["c-1", "captcha", b64({ redemptionToken: "r" })])
      )
  )

  it.effect("`original` ignores an id the page reports: the re-send names the id the server issued", () =>
    Effect.gen(function* () {
      yield* post
      assert.strictEqual((yield* requests).at(-1)!.headers["rblx-challenge-id"], "c-1")
    }).pipe(
      Effect.provide(
        challengeLayer(realServer(), () => [
          ...realShown,
          { post: pageMessage("challengeCompleted", { challengeId: "c-new" }) }
        ])
      ),
      Effect.provideService(ChallengeProtocol, { ...specChallengeProtocol, resendIdentity: "original" })
    )
  )
})

describe("ChallengeProtocol: who posts the continue call of a frame challenge", () => {
  it.effect(
    "`page` (the real page continues itself): no continue call here; one re-send with the page's metadata",
    () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* post, { ok: true })
        const sent = yield* requests
        assert.deepStrictEqual(
          sent.map((r) => r.url),
          [appUrl, appUrl]
        )
        assert.deepStrictEqual(
          ["rblx-challenge-id", "rblx-challenge-type", "rblx-challenge-metadata"].map((h) => sent[1]!.headers[h]),
          ["c-1", "captcha", b64(redemption)]
        )
        assert.strictEqual((yield* (yield* control).presentations).length, 1)
      }).pipe(
        Effect.provide(challengeLayer(realServer(), () => [...realShown, realCompleted()])),
        Effect.provideService(ChallengeProtocol, realSiteChallengeProtocol)
      )
  )

  it.effect(
    "given as a layer next to the pipeline (as a page's runtime would have it), the real site's flow is used",
    () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* post, { ok: true })
        assert.deepStrictEqual(
          (yield* requests).map((r) => r.url),
          [appUrl, appUrl]
        )
      }).pipe(
        Effect.provide(
          Layer.merge(
            challengeLayer(realServer(), () => [...realShown, realCompleted()]),
            Layer.succeed(ChallengeProtocol, realSiteChallengeProtocol)
          )
        )
      )
  )

  it.effect(
    "`page` still posts the continue call of a script challenge (it runs in this page), then its frame follow-up is the page's",
    () => {
      const script = {
        userId: "7",
        challengeId: "s-1",
        contentInlineBase64: "dmFyIGEgPSAx",
        expectedSymbols: ["a"],
        sharedParameters: { useContinueMode: true }
      }
      return Effect.gen(function* () {
        assert.deepStrictEqual(yield* post, { ok: true })
        const sent = yield* requests
        assert.deepStrictEqual(
          sent.map((r) => r.url),
          [appUrl, continueUrl, appUrl]
        )
        const shown = yield* (yield* control).presentations
        assert.deepStrictEqual(
          shown.map((p) => p.challenge.serverType),
          ["rostile"]
        )
        assert.deepStrictEqual(
          ["rblx-challenge-id", "rblx-challenge-type"].map((h) => sent[2]!.headers[h]),
          ["s-1-header", "chef"]
        )
        assert.strictEqual(sent[2]!.headers["rblx-challenge-metadata"], b64({ redemptionToken: "r" }))
      }).pipe(
        Effect.provide(
          challengeLayer(
            platform({
              app: (request) =>
                isResend(request) ? jsonResponse({ ok: true }) : challenged("s-1-header", "chef", script),
              onContinue: () => tileFollowUp("f-1")
            }),
            () => [...realShown, realCompleted({ redemptionToken: "r" }, "rostile")],
            { runner: () => Effect.succeed({ a: 1 }) }
          )
        ),
        Effect.provideService(ChallengeProtocol, realSiteChallengeProtocol)
      )
    }
  )

  it("the real site's preset is both real behaviours; the default is the spec's", () => {
    assert.deepStrictEqual(realSiteChallengeProtocol, { resendIdentity: "original", frameContinue: "page" })
    assert.deepStrictEqual(specChallengeProtocol, { resendIdentity: "completed", frameContinue: "client" })
  })

  it.effect("without a protocol given, the spec's flow is used", () =>
    Effect.map(ChallengeProtocol, (protocol) => assert.deepStrictEqual(protocol, specChallengeProtocol))
  )
})
