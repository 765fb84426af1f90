/**
 * Challenge metadata through PlatformHttp's flow (stub platform): metadata over the limits is a typed `unknown`
 * ChallengeError for the caller, never a defect; a page completion over the limits invalidates the challenge; a
 * type the library does not know yet is shown in the frame and sent back in the server's spelling.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { ChallengeError } from "../../../src/core/challenge/ChallengeError.ts"
import { oversizedCompletionReason, pageMessage } from "../../../src/core/challenge/presenters/messages.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import {
  ScriptedChallengeControl,
  ScriptedChallengePresenter
} from "../../../src/testing/ScriptedChallengePresenter.ts"
import { ScriptedScriptRunnerControl } from "../../../src/testing/ScriptedScriptRunner.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { appUrl, b64, challengeHeaders, challengeLayer, continueUrl, platform } from "./harness.ts"

const post = Effect.flatMap(PlatformHttp, (http) => http.post(appUrl, { body: { a: 1 } }))
const requests = Effect.map(StubFetch, (s) => s.requests)

/** A 403 challenging with `metadata` (already encoded). */
const challengedWith = (type: string, metadata: string) => () =>
  jsonResponse(
    { errors: [{ code: 0, message: "Challenge is required" }] },
    {
      status: 403,
      headers: challengeHeaders("c-1", type, metadata)
    }
  )

/** `{"a":[[…]]}`, `depth` deep. */
const deep = (depth: number) => `{"a":${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`

describe("metadata over the limits through the flow", () => {
  it.effect(
    "5,000-deep metadata: the caller gets ChallengeError unknown (nested too deeply), no defect, nothing shown",
    () =>
      Effect.gen(function* () {
        const exit = yield* Effect.exit(post)
        assert.isTrue(Exit.isFailure(exit))
        if (Exit.isSuccess(exit)) return
        assert.isFalse(Cause.hasDies(exit.cause))
        const error = Cause.findErrorOption(exit.cause)
        if (error._tag === "None" || !(error.value instanceof ChallengeError))
          return assert.fail("not a ChallengeError")
        assert.deepStrictEqual(
          [error.value.reason, error.value.message],
          ["unknown", "The challenge metadata is nested too deeply."]
        )
        assert.deepStrictEqual(yield* (yield* ScriptedChallengeControl).presentations, [])
        assert.strictEqual((yield* requests).length, 1)
      }).pipe(Effect.provide(challengeLayer(challengedWith("blocksession", btoa(deep(5_000))))))
  )

  it.effect(
    "script-running metadata without expectedSymbols: ChallengeError unknown (schema), nothing run, continued or re-sent",
    () =>
      Effect.gen(function* () {
        const error = (yield* Effect.flip(post)) as ChallengeError
        assert.deepStrictEqual(
          [error.reason, error.message, error.challengeType],
          ["unknown", "The challenge metadata does not match the schema of chef.", "ScriptRunning"]
        )
        assert.deepStrictEqual(yield* (yield* ScriptedScriptRunnerControl).requests, [])
        assert.deepStrictEqual(
          (yield* requests).map((r) => r.url),
          [appUrl]
        )
      }).pipe(
        Effect.provide(
          challengeLayer(
            challengedWith("chef", b64({ userId: "1", challengeId: "c-1", contentInlineBase64: "dmFyIGEgPSAx" }))
          )
        )
      )
  )

  it.effect("a huge metadata header: ChallengeError unknown (too large)", () =>
    Effect.gen(function* () {
      const error = (yield* Effect.flip(post)) as ChallengeError
      assert.deepStrictEqual(
        [error.reason, error.message, error.challengeType],
        ["unknown", "The challenge metadata is too large.", "Captcha"]
      )
    }).pipe(Effect.provide(challengeLayer(challengedWith("captcha", "A".repeat(1_000_000)))))
  )

  it.effect(
    "a page completing with 5,000-deep metadata invalidates the challenge; nothing is continued or re-sent",
    () =>
      Effect.gen(function* () {
        const error = (yield* Effect.flip(post)) as ChallengeError
        assert.deepStrictEqual([error.reason, error.message], ["invalidated", oversizedCompletionReason])
        assert.deepStrictEqual(
          (yield* requests).map((r) => r.url),
          [appUrl]
        )
      }).pipe(
        Effect.provide(
          challengeLayer(platform(), () => {
            let metadata: Record<string, unknown> = {}
            for (let i = 0; i < 5_000; i++) metadata = { a: metadata }
            return [
              ...ScriptedChallengePresenter.show(),
              { post: pageMessage("challengeCompleted", { challengeMetadata: metadata }) }
            ]
          })
        )
      )
  )
})

describe("real spellings through the flow", () => {
  it.effect(
    "a type not known yet is shown in the frame; continue and re-send carry the server's spelling and the generic id",
    () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* post, { ok: true })
        const [presentation] = yield* (yield* ScriptedChallengeControl).presentations
        assert.deepStrictEqual(
          [presentation!.challenge.type, presentation!.challenge.serverType],
          ["Unrecognized", "passkeycheck"]
        )
        const sent = yield* requests
        assert.deepStrictEqual(
          sent.map((r) => r.url),
          [appUrl, continueUrl, appUrl]
        )
        assert.deepStrictEqual(JSON.parse(sent[1]!.body!), {
          challengeID: "generic-9",
          challengeType: "passkeycheck",
          challengeMetadata: JSON.stringify({ passkeyAssertion: "signed" })
        })
        assert.deepStrictEqual(
          [
            sent[2]!.headers["rblx-challenge-id"],
            sent[2]!.headers["rblx-challenge-type"],
            sent[2]!.headers["rblx-challenge-metadata"]
          ],
          ["c-1", "passkeycheck", b64({ passkeyAssertion: "signed" })]
        )
      }).pipe(
        Effect.provide(
          challengeLayer(
            platform({
              app: (request) =>
                request.headers["rblx-challenge-id"] === undefined
                  ? challengedWith(
                      "passkeycheck",
                      b64({ options: "…", sharedParameters: { genericChallengeId: "generic-9" } })
                    )()
                  : jsonResponse({ ok: true })
            }),
            () => ScriptedChallengePresenter.complete({ passkeyAssertion: "signed" })
          )
        )
      )
  )

  it.effect("a follow-up named in real spelling by the continue answer is solved and re-sent in that spelling", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* post, { ok: true })
      const types = (yield* (yield* ScriptedChallengeControl).presentations).map((p) => [
        p.challenge.type,
        p.challenge.serverType
      ])
      assert.deepStrictEqual(types, [
        ["Captcha", "captcha"],
        ["TwoStepVerification", "twostepverification"]
      ])
      const sent = yield* requests
      const continues = sent.filter((r) => r.url === continueUrl).map((r) => JSON.parse(r.body!))
      assert.deepStrictEqual(
        continues.map((c) => [c.challengeID, c.challengeType]),
        [
          ["c-1", "captcha"],
          ["2sv-generic", "twostepverification"]
        ]
      )
      assert.deepStrictEqual(
        [sent.at(-1)!.headers["rblx-challenge-id"], sent.at(-1)!.headers["rblx-challenge-type"]],
        ["f-1", "twostepverification"]
      )
    }).pipe(
      Effect.provide(
        challengeLayer(
          platform({
            app: (request) =>
              request.headers["rblx-challenge-id"] === undefined
                ? challengedWith("captcha", b64({ unifiedCaptchaId: "u", dataExchangeBlob: "", actionType: "Login" }))()
                : jsonResponse({ ok: true }),
            onContinue: (_, index) =>
              jsonResponse(
                index === 0
                  ? {
                      challengeId: "f-1",
                      challengeType: "twostepverification",
                      challengeMetadata: JSON.stringify({
                        userId: "1",
                        challengeId: "2sv-1",
                        actionType: "RobuxSpend",
                        shouldShowRememberDeviceCheckbox: false,
                        sharedParameters: { genericChallengeId: "2sv-generic" }
                      })
                    }
                  : {}
              )
          }),
          () => ScriptedChallengePresenter.complete({ verificationToken: "v" })
        )
      )
    )
  )
})
