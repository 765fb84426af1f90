import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import { TestClock } from "effect/testing"
import { ChallengeError } from "../../../src/core/challenge/ChallengeError.ts"
import { MaxFollowUpChallenges } from "../../../src/core/challenge/settings.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { setHeader } from "../../../src/core/http/request.ts"
import { RequestSigner } from "../../../src/core/signing/RequestSigner.ts"
import {
  ScriptedChallengeControl,
  ScriptedChallengePresenter
} from "../../../src/testing/ScriptedChallengePresenter.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import {
  appUrl,
  b64,
  captchaMetadata,
  challenged,
  challengeHeaders,
  challengeLayer,
  continueUrl,
  isResend,
  platform,
  waitFor
} from "./harness.ts"
import { pageMessage } from "../../../src/core/challenge/presenters/messages.ts"

const post = Effect.flatMap(PlatformHttp, (http) => http.post(appUrl, { body: { a: 1 } }))
const postTo = (url: string) => Effect.flatMap(PlatformHttp, (http) => http.post(url, { body: { a: 1 } }))

const logs = Effect.flatMap(MemoryLogger, (l) => l.entries)
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

describe("ChallengeHandler: headers", () => {
  it.effect("a failed response without challenge headers keeps its error and shows nothing", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(post)
      assert.strictEqual(error._tag, "ResponseError")
      assert.deepStrictEqual(yield* (yield* control).presentations, [])
    }).pipe(Effect.provide(challengeLayer(() => jsonResponse({}, { status: 403 }))))
  )

  it.effect(
    "partial headers: logs exactly 'Got only partial challenge headers' and hands the original error back",
    () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(post)
        assert.strictEqual(error._tag, "ResponseError")
        assert.strictEqual(error.message, `Response from ${appUrl} returned an error code 403`)
        const lines = (yield* logs).filter((l) => l.level === "Error")
        assert.deepStrictEqual(
          lines.map((l) => l.text),
          ["Got only partial challenge headers"]
        )
        assert.deepStrictEqual(yield* (yield* control).presentations, [])
        assert.strictEqual((yield* requests).length, 1)
      }).pipe(
        Effect.provide(
          challengeLayer(() =>
            jsonResponse({}, { status: 403, headers: { "rblx-challenge-id": "c-1", "rblx-challenge-type": "Captcha" } })
          )
        )
      )
  )

  it.effect("invalid metadata: ChallengeError of kind unknown, never a throw, nothing shown or re-sent", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(post)
      assert.instanceOf(error, ChallengeError)
      assert.strictEqual((error as ChallengeError).reason, "unknown")
      assert.strictEqual(error.message, "The challenge metadata is not valid base64.")
      assert.deepStrictEqual(yield* (yield* control).presentations, [])
      assert.strictEqual((yield* requests).length, 1)
    }).pipe(
      Effect.provide(
        challengeLayer(() => jsonResponse({}, { status: 403, headers: challengeHeaders("c-1", "Captcha", "%%%") }))
      )
    )
  )

  it.effect("an unknown challenge type is kind unknown", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(post)
      assert.strictEqual((error as ChallengeError).reason, "unknown")
      assert.strictEqual(error.message, "The challenge type is not known.")
    }).pipe(
      Effect.provide(
        challengeLayer(() => jsonResponse({}, { status: 403, headers: challengeHeaders("c-1", "Riddle me this", {}) }))
      )
    )
  )

  it.effect("challenge headers on a successful response are ignored", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* post, { ok: 1 })
      assert.deepStrictEqual(yield* (yield* control).presentations, [])
    }).pipe(
      Effect.provide(
        challengeLayer(() =>
          jsonResponse({ ok: 1 }, { headers: challengeHeaders("c-1", "Captcha", captchaMetadata()) })
        )
      )
    )
  )

  it.effect(
    "component missing: logs exactly 'Got challenge but challenge component not available', original error",
    () =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(post)
        assert.strictEqual(error._tag, "ResponseError")
        const lines = (yield* logs).filter((l) => l.level === "Error")
        assert.deepStrictEqual(
          lines.map((l) => l.text),
          ["Got challenge but challenge component not available"]
        )
        assert.deepStrictEqual(yield* (yield* control).presentations, [])
        assert.strictEqual((yield* requests).length, 1)
      }).pipe(Effect.provide(challengeLayer(platform(), undefined, { available: false })))
  )
})

describe("ChallengeHandler: completion", () => {
  it.effect(
    "shows the challenge in a locked modal of type 4, posts continue, re-sends once with the three headers",
    () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* post, { ok: true })
        const [presentation, ...others] = yield* (yield* control).presentations
        assert.strictEqual(others.length, 0)
        assert.deepStrictEqual<unknown>(presentation!.challenge, {
          id: "c-1",
          type: "Captcha",
          serverType: "Captcha",
          metadata: captchaMetadata(),
          rawMetadata: captchaMetadata()
        })
        assert.deepStrictEqual(presentation!.modal, { type: 4, locked: true })
        assert.strictEqual(presentation!.customError, "Unknown error occured, please try again.")
        assert.strictEqual(yield* (yield* control).mounted, 0)

        const sent = yield* requests
        assert.deepStrictEqual(
          sent.map((r) => `${r.method} ${r.url}`),
          [`POST ${appUrl}`, `POST ${continueUrl}`, `POST ${appUrl}`]
        )
        assert.deepStrictEqual(JSON.parse(sent[1]!.body!), {
          challengeID: "c-1",
          challengeType: "Captcha",
          challengeMetadata: JSON.stringify({ captchaToken: "tok" })
        })
        assert.strictEqual(sent[1]!.credentials, "include")
        const resent = sent[2]!
        assert.strictEqual(resent.headers["rblx-challenge-id"], "c-1")
        assert.strictEqual(resent.headers["rblx-challenge-type"], "Captcha")
        assert.strictEqual(resent.headers["rblx-challenge-metadata"], b64({ captchaToken: "tok" }))
        assert.strictEqual(resent.body, JSON.stringify({ a: 1 }))
        assert.deepStrictEqual(
          (yield* logs).filter((l) => l.level === "Error"),
          []
        )
      }).pipe(
        Effect.provide(challengeLayer(platform(), () => ScriptedChallengePresenter.complete({ captchaToken: "tok" })))
      )
  )

  it.effect("the completion's new challenge id is used; without metadata the original metadata is re-encoded", () =>
    Effect.gen(function* () {
      yield* post
      const resent = (yield* requests)[2]!
      assert.strictEqual(resent.headers["rblx-challenge-id"], "c-new")
      assert.strictEqual(resent.headers["rblx-challenge-metadata"], b64(captchaMetadata()))
    }).pipe(Effect.provide(challengeLayer(platform(), () => ScriptedChallengePresenter.complete(undefined, "c-new"))))
  )

  it.effect("challengeDisplayed does nothing: the request stays held until the page reports an outcome", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(post)
      yield* mountedIs(1)
      yield* TestClock.adjust("1 minute")
      assert.isUndefined(fiber.pollUnsafe())
      const c = yield* control
      assert.strictEqual(yield* c.mounted, 1)
      yield* c.post(pageMessage("challengeDisplayed", true))
      yield* c.post({ genericChallengeResponse: { type: "challengeCompleted", data: { challengeMetadata: [1] } } })
      yield* TestClock.adjust("1 second")
      assert.isUndefined(fiber.pollUnsafe())
      yield* c.post(pageMessage("challengeCompleted", {}))
      yield* mountedIs(0)
      assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
      assert.strictEqual(yield* c.mounted, 0)
    }).pipe(Effect.provide(challengeLayer(platform(), () => ScriptedChallengePresenter.show())))
  )

  it.effect("the re-sent request passes the CSRF rule and the signer again (re-signed), and is sent once", () => {
    const signed: Array<string | undefined> = []
    const signer = Layer.succeed(RequestSigner, {
      sign: (request) =>
        Effect.sync(() => {
          signed.push(request.headers["rblx-challenge-id"])
          return setHeader(request, "x-bound-auth-token", `sig-${signed.length}`)
        })
    })
    return Effect.gen(function* () {
      assert.deepStrictEqual(yield* post, { ok: true })
      const app = (yield* requests).filter((r) => r.url === appUrl)
      assert.deepStrictEqual(
        app.map((r) => [r.headers["rblx-challenge-id"], r.headers["x-csrf-token"]]),
        [
          [undefined, undefined],
          ["c-1", undefined],
          ["c-1", "fresh"]
        ]
      )
      assert.deepStrictEqual(
        app.map((r) => r.headers["x-bound-auth-token"]),
        ["sig-1", "sig-3", "sig-4"]
      )
    }).pipe(
      Effect.provide(
        challengeLayer(
          platform({
            app: (r) =>
              !isResend(r)
                ? challenged()
                : r.headers["x-csrf-token"] === "fresh"
                  ? jsonResponse({ ok: true })
                  : jsonResponse({}, { status: 403, headers: { "x-csrf-token": "fresh" } })
          })
        ).pipe(Layer.provide(signer))
      )
    )
  })

  it.effect("a re-sent request that is challenged again gets its error: a challenge is never re-entered", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(post)
      assert.strictEqual(error._tag, "ResponseError")
      assert.strictEqual((yield* (yield* control).presentations).length, 1)
      assert.strictEqual((yield* requests).filter((r) => r.url === appUrl).length, 2)
    }).pipe(Effect.provide(challengeLayer(platform({ app: () => challenged() }))))
  )
})

describe("ChallengeHandler: failures", () => {
  const failing = (script: Parameters<typeof challengeLayer>[1], check: (e: ChallengeError) => void) =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(post)
      assert.instanceOf(error, ChallengeError)
      check(error as ChallengeError)
      const sent = yield* requests
      assert.deepStrictEqual(
        sent.map((r) => r.url),
        [appUrl]
      )
      assert.strictEqual(yield* (yield* control).mounted, 0)
    }).pipe(Effect.provide(challengeLayer(platform(), script)))

  it.effect("abandoning the modal challenge rejects the request (kind abandoned)", () =>
    failing(
      () => ScriptedChallengePresenter.abandon(),
      (e) => {
        assert.strictEqual(e.reason, "abandoned")
        assert.strictEqual(e.message, "The challenge was abandoned.")
        assert.strictEqual(e.customError, "Unknown error occured, please try again.")
        assert.strictEqual(e.challengeType, "Captcha")
      }
    )
  )

  it.effect("the page invalidates: kind invalidated with the page's reason and code", () =>
    failing(
      () => ScriptedChallengePresenter.invalidate("Burnt the mirepoix :/.", "FAILED_MIREPOIX"),
      (e) => {
        assert.strictEqual(e.reason, "invalidated")
        assert.strictEqual(e.message, "Burnt the mirepoix :/.")
        assert.strictEqual(e.code, "FAILED_MIREPOIX")
      }
    )
  )

  it.effect("the page invalidates without a reason: the default reason", () =>
    failing(
      () => ScriptedChallengePresenter.invalidate(),
      (e) => {
        assert.strictEqual(e.reason, "invalidated")
        assert.strictEqual(e.message, "The challenge was invalidated.")
        assert.isUndefined(e.code)
      }
    )
  )

  it.effect("challengePageLoaded false is kind loadfailed", () =>
    failing(
      () => ScriptedChallengePresenter.failLoad(),
      (e) => {
        assert.strictEqual(e.reason, "loadfailed")
        assert.strictEqual(e.message, "The challenge page failed to load.")
      }
    )
  )

  it.effect("challengeParsed false is kind unknown", () =>
    failing(
      () => [{ post: pageMessage("challengePageLoaded", true) }, { post: pageMessage("challengeParsed", false) }],
      (e) => {
        assert.strictEqual(e.reason, "unknown")
        assert.strictEqual(e.message, "The challenge page could not parse the challenge.")
      }
    )
  )

  it.effect("challengeInitialized false is kind unknown", () =>
    failing(
      () => [{ post: pageMessage("challengePageLoaded", true) }, { post: pageMessage("challengeInitialized", false) }],
      (e) => {
        assert.strictEqual(e.reason, "unknown")
        assert.strictEqual(e.message, "The challenge page could not initialise the challenge.")
      }
    )
  )

  it.effect("a frame that goes away without an outcome is kind abandoned", () =>
    failing(
      () => [{ post: pageMessage("challengePageLoaded", true) }, { close: true }],
      (e) => {
        assert.strictEqual(e.reason, "abandoned")
        assert.strictEqual(e.message, "The challenge frame was closed before the challenge ended.")
      }
    )
  )

  it.effect("no challengePageLoaded within 30 seconds (TestClock) is kind loadfailed", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Effect.flip(post))
      yield* mountedIs(1)
      yield* TestClock.adjust("29999 millis")
      assert.isUndefined(fiber.pollUnsafe())
      assert.strictEqual(yield* (yield* control).mounted, 1)
      yield* TestClock.adjust("1 millis")
      const error = (yield* Fiber.join(fiber)) as ChallengeError
      assert.strictEqual(error.reason, "loadfailed")
      assert.strictEqual(error.message, "The challenge page did not load in time.")
      assert.strictEqual(yield* (yield* control).mounted, 0)
    }).pipe(Effect.provide(challengeLayer(platform(), () => [])))
  )

  it.effect(
    "a page that loaded is not timed out while the person takes their time (10 minutes, within the 15-minute solve limit)",
    () =>
      Effect.gen(function* () {
        const fiber = yield* Effect.forkChild(post)
        yield* mountedIs(1)
        yield* TestClock.adjust("10 minutes")
        assert.deepStrictEqual(yield* Fiber.join(fiber), { ok: true })
      }).pipe(
        Effect.provide(
          challengeLayer(platform(), () => [
            ...ScriptedChallengePresenter.show(),
            { wait: "9 minutes" },
            { post: pageMessage("challengeCompleted", {}) }
          ])
        )
      )
  )

  it.effect("a failed continue call invalidates with 'Unknown error'", () =>
    Effect.gen(function* () {
      const error = (yield* Effect.flip(post)) as ChallengeError
      assert.strictEqual(error.reason, "invalidated")
      assert.strictEqual(error.message, "Unknown error")
      assert.deepStrictEqual(
        (yield* requests).map((r) => r.url),
        [appUrl, continueUrl]
      )
    }).pipe(Effect.provide(challengeLayer(platform({ onContinue: () => jsonResponse({}, { status: 500 }) }))))
  )
})

describe("ChallengeHandler: follow-up challenges", () => {
  const followUp = (id: string) =>
    jsonResponse({
      challengeId: id,
      challengeType: "TilePuzzle",
      challengeMetadata: JSON.stringify({ challengeId: id, puzzleType: "visible" })
    })

  it.effect("a continue answer with a challenge type is rendered in turn; no type completes the flow", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* post, { ok: true })
      const shown = yield* (yield* control).presentations
      assert.deepStrictEqual(
        shown.map((p) => [p.challenge.id, p.challenge.type]),
        [
          ["c-1", "Captcha"],
          ["f-1", "TilePuzzle"]
        ]
      )
      assert.strictEqual(yield* (yield* control).maxMounted, 1)
      const sent = yield* requests
      assert.deepStrictEqual(
        sent.map((r) => r.url),
        [appUrl, continueUrl, continueUrl, appUrl]
      )
      assert.deepStrictEqual(JSON.parse(sent[2]!.body!), {
        challengeID: "f-1",
        challengeType: "TilePuzzle",
        challengeMetadata: JSON.stringify({ tileToken: "t" })
      })
      assert.strictEqual(sent[3]!.headers["rblx-challenge-id"], "f-1")
      assert.strictEqual(sent[3]!.headers["rblx-challenge-type"], "TilePuzzle")
      assert.strictEqual(sent[3]!.headers["rblx-challenge-metadata"], b64({ tileToken: "t" }))
    }).pipe(
      Effect.provide(
        challengeLayer(
          platform({ onContinue: (_, n) => (n === 0 ? followUp("f-1") : jsonResponse({ challengeType: "" })) }),
          (_, n) => ScriptedChallengePresenter.complete(n === 0 ? { captchaToken: "c" } : { tileToken: "t" })
        )
      )
    )
  )

  it.effect("a failed follow-up invalidates with 'Subsequent challenges failed!'", () =>
    Effect.gen(function* () {
      const error = (yield* Effect.flip(post)) as ChallengeError
      assert.strictEqual(error.reason, "invalidated")
      assert.strictEqual(error.message, "Subsequent challenges failed!")
      assert.deepStrictEqual(
        (yield* requests).map((r) => r.url),
        [appUrl, continueUrl]
      )
    }).pipe(
      Effect.provide(
        challengeLayer(platform({ onContinue: () => followUp("f-1") }), (_, n) =>
          n === 0 ? ScriptedChallengePresenter.complete() : ScriptedChallengePresenter.failLoad()
        )
      )
    )
  )

  it.effect("an abandoned follow-up stays abandoned", () =>
    Effect.gen(function* () {
      const error = (yield* Effect.flip(post)) as ChallengeError
      assert.strictEqual(error.reason, "abandoned")
    }).pipe(
      Effect.provide(
        challengeLayer(platform({ onContinue: () => followUp("f-1") }), (_, n) =>
          n === 0 ? ScriptedChallengePresenter.complete() : ScriptedChallengePresenter.abandon()
        )
      )
    )
  )

  it.effect("an invalid follow-up challenge invalidates with 'Subsequent challenges failed!'", () =>
    Effect.gen(function* () {
      const error = (yield* Effect.flip(post)) as ChallengeError
      assert.strictEqual(error.message, "Subsequent challenges failed!")
      assert.strictEqual((yield* (yield* control).presentations).length, 1)
    }).pipe(
      Effect.provide(
        challengeLayer(
          platform({
            onContinue: () => jsonResponse({ challengeId: "f", challengeType: "TilePuzzle", challengeMetadata: "{" })
          })
        )
      )
    )
  )

  it.effect("a failed continue after a follow-up invalidates with 'Subsequent challenges failed!'", () =>
    Effect.gen(function* () {
      const error = (yield* Effect.flip(post)) as ChallengeError
      assert.strictEqual(error.message, "Subsequent challenges failed!")
    }).pipe(
      Effect.provide(
        challengeLayer(
          platform({ onContinue: (_, n) => (n === 0 ? followUp("f-1") : jsonResponse({}, { status: 500 })) })
        )
      )
    )
  )

  it.effect("follow-ups are bounded by MaxFollowUpChallenges: a server that never stops cannot loop", () =>
    Effect.gen(function* () {
      const error = (yield* Effect.flip(post)) as ChallengeError
      assert.strictEqual(error.message, "Subsequent challenges failed!")
      assert.strictEqual((yield* (yield* control).presentations).length, 3)
      assert.strictEqual((yield* requests).filter((r) => r.url === continueUrl).length, 3)
    }).pipe(
      Effect.provide(challengeLayer(platform({ onContinue: (_, n) => followUp(`f-${n}`) }))),
      Effect.provideService(MaxFollowUpChallenges, 2)
    )
  )
})

describe("ChallengeHandler: concurrency", () => {
  it.effect("5 concurrent requests challenged with the same id mount one frame and are each re-sent exactly once", () =>
    Effect.gen(function* () {
      const urls = [1, 2, 3, 4, 5].map((n) => `${appUrl}/${n}`)
      const fiber = yield* Effect.forkChild(Effect.forEach(urls, postTo, { concurrency: "unbounded" }))
      yield* waitFor(
        Effect.map(requests, (sent) => sent.length === 5),
        "5 requests"
      )
      yield* mountedIs(1)
      yield* TestClock.adjust("1 second")
      assert.deepStrictEqual(
        yield* Fiber.join(fiber),
        urls.map(() => ({ ok: true }))
      )
      const c = yield* control
      assert.strictEqual((yield* c.presentations).length, 1)
      assert.strictEqual(yield* c.maxMounted, 1)
      const sent = yield* requests
      for (const url of urls) {
        assert.deepStrictEqual(
          sent.filter((r) => r.url === url).map((r) => r.headers["rblx-challenge-id"]),
          [undefined, "c-1"]
        )
      }
      assert.strictEqual(sent.filter((r) => r.url === continueUrl).length, 1)
      assert.strictEqual(sent.length, 11)
    }).pipe(
      Effect.provide(challengeLayer(platform(), () => [{ wait: "1 second" }, ...ScriptedChallengePresenter.complete()]))
    )
  )

  it.effect("different challenges are shown one at a time, never two frames at once", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(
        Effect.forEach(["a", "b", "c"], (id) => postTo(`${appUrl}/${id}`), { concurrency: "unbounded" })
      )
      const shown = Effect.flatMap(control, (c) => c.presentations)
      for (const n of [1, 2, 3]) {
        yield* waitFor(
          Effect.map(shown, (p) => p.length === n),
          `presentation ${n}`
        )
        yield* mountedIs(1)
        assert.strictEqual((yield* shown).length, n)
        yield* TestClock.adjust("1 second")
      }
      const results = yield* Fiber.join(fiber)
      assert.strictEqual(results.length, 3)
      const c = yield* control
      assert.deepStrictEqual((yield* c.presentations).map((p) => p.challenge.id).sort(), ["id-a", "id-b", "id-c"])
      assert.strictEqual(yield* c.maxMounted, 1)
    }).pipe(
      Effect.provide(
        challengeLayer(
          platform({ app: (r) => (isResend(r) ? jsonResponse({ ok: true }) : challenged(`id-${r.url.slice(-1)}`)) }),
          () => [{ wait: "1 second" }, ...ScriptedChallengePresenter.complete()]
        )
      )
    )
  )
})
