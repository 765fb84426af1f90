/**
 * One challenge of EACH real type through the whole flow, against the emulator over real HTTP: the emulator issues
 * it in the real vocabulary (lower case, real metadata shapes, `sharedParameters.genericChallengeId`), the library
 * decodes it to its canonical type, solves it (the scripted person in the frame, or the script runner for `chef`),
 * posts the continue call with the generic id and the server's spelling, and re-sends the request with the server's
 * spelling, which the emulator checks exactly. A type the library does not know yet goes the same way through the
 * frame.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Base64 from "effect/encoding/Base64"
import { challengeToken, type IssuedChallenge } from "../../../src/emulator/challenge/store.ts"
import { realChallengeTypes } from "../../../src/core/challenge/challengeTypes.ts"
import { pageMessage } from "../../../src/core/challenge/presenters/messages.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import {
  ScriptedChallengeControl,
  ScriptedChallengePresenter,
  type ScriptStep
} from "../../../src/testing/ScriptedChallengePresenter.ts"
import { StubFetch } from "../../../src/testing/StubFetch.ts"
import { adminHeaders, call, useEmulator } from "../../emulator/support.ts"
import { challengeLayer, forwardToNetwork } from "./harness.ts"

describe("every real challenge type against the emulator", () => {
  const emulator = useEmulator()
  const seed = () => emulator().state.options.seed

  /** The person completes every challenge in the page with the page's token. */
  const person = (presentation: { readonly challenge: { readonly id: string } }): ReadonlyArray<ScriptStep> => [
    ...ScriptedChallengePresenter.show(),
    {
      post: pageMessage("challengeCompleted", {
        challengeId: presentation.challenge.id,
        challengeMetadata: { challengeToken: challengeToken(seed(), presentation.challenge.id) }
      })
    }
  ]

  const layer = () =>
    challengeLayer(forwardToNetwork, person, {
      config: { baseUrls: emulator().baseUrls },
      runner: () => Effect.succeed({ challengeAnswer: 42 })
    })

  /** Back to the default challenge settings (nothing issued), then `body`. */
  const admin = (body: unknown) =>
    Effect.promise(async () => {
      await call(`${emulator().adminUrl}/challenges`, { method: "DELETE", headers: adminHeaders })
      return call(`${emulator().adminUrl}/challenges`, {
        method: "PUT",
        headers: { "content-type": "application/json", ...adminHeaders },
        body: JSON.stringify(body)
      })
    })

  const issued = Effect.map(
    Effect.promise(() => call(`${emulator().adminUrl}/challenges`)),
    (answer) => (answer.body as { readonly issued: ReadonlyArray<IssuedChallenge> }).issued
  )

  const presence = Effect.flatMap(PlatformHttp, (http) =>
    http.post({ service: "presence", path: "/v1/presence/users" }, { body: { userIds: [2] } })
  )

  const sent = Effect.map(StubFetch, (stub) => stub.requests)
  const b64 = (value: unknown) => Base64.encode(JSON.stringify(value))

  const types: ReadonlyArray<readonly [string, string]> = [
    ...Object.entries(realChallengeTypes),
    ["Unrecognized", "passkeycheck"]
  ]

  for (const [canonical, serverType] of types) {
    it.live(
      `${serverType} (${canonical}): issued as sent, continued with the generic id, re-sent with the server's spelling`,
      () =>
        Effect.gen(function* () {
          yield* admin({ rules: [{ method: "POST", path: "/presence/*", type: serverType }] })
          assert.deepStrictEqual(Object.keys((yield* presence) as object), ["userPresences"])

          const [challenge, ...more] = yield* issued
          assert.strictEqual(more.length, 0)
          assert.strictEqual(challenge!.type, serverType)
          assert.strictEqual(challenge!.status, "redeemed")
          const id = challenge!.id

          const requests = yield* sent
          const app = requests.filter((r) => r.url.endsWith("/presence/v1/presence/users"))
          assert.strictEqual(app.length, 3) // CSRF 403, challenged 403, re-sent
          const continues = requests.filter((r) => r.url.endsWith("/challenge/v1/continue"))
          assert.strictEqual(continues.length, 1)
          const body = JSON.parse(continues[0]!.body!)
          assert.strictEqual(body.challengeID, `g-${id}`)
          assert.strictEqual(body.challengeType, serverType)

          const completion =
            canonical === "ScriptRunning"
              ? { userId: "1", challengeId: id }
              : { challengeToken: challengeToken(seed(), id) }
          assert.deepStrictEqual(JSON.parse(body.challengeMetadata), completion)
          const resent = app[2]!
          assert.strictEqual(resent.headers["rblx-challenge-id"], id)
          assert.strictEqual(resent.headers["rblx-challenge-type"], serverType)
          assert.strictEqual(resent.headers["rblx-challenge-metadata"], b64(completion))

          const presentations = yield* (yield* ScriptedChallengeControl).presentations
          if (canonical === "ScriptRunning") {
            assert.deepStrictEqual(presentations, [])
            assert.deepStrictEqual(
              requests.filter((r) => r.url.includes("/challenge/v1/")).map((r) => r.url.replace(/^.*\/challenge/, "")),
              ["/v1/initSession", "/v1/submit", "/v1/redeemSession", "/v1/continue"]
            )
          } else {
            assert.strictEqual(presentations.length, 1)
            const shown = presentations[0]!.challenge
            assert.deepStrictEqual([shown.id, shown.type, shown.serverType], [id, canonical, serverType])
            assert.deepStrictEqual(shown.sharedParameters, { genericChallengeId: `g-${id}` })
          }
        }).pipe(Effect.provide(layer()))
    )
  }

  it.live("without a genericChallengeId the continue call names the challenge id", () =>
    Effect.gen(function* () {
      yield* admin({
        rules: [{ method: "POST", path: "/presence/*", type: "twostepverification", genericChallengeId: false }]
      })
      yield* presence
      const [challenge] = yield* issued
      const continued = (yield* sent).find((r) => r.url.endsWith("/challenge/v1/continue"))!
      assert.deepStrictEqual(JSON.parse(continued.body!).challengeID, challenge!.id)
      assert.strictEqual(challenge!.status, "redeemed")
    }).pipe(Effect.provide(layer()))
  )

  it.live("a payment-style chain: chef first, then twostepverification from the continue answer, re-sent once", () =>
    Effect.gen(function* () {
      yield* admin({ rules: [{ method: "POST", path: "/presence/*", type: "chef" }], followUp: "twostepverification" })
      assert.deepStrictEqual(Object.keys((yield* presence) as object), ["userPresences"])
      const [chef, twoStep, ...more] = yield* issued
      assert.strictEqual(more.length, 0)
      assert.deepStrictEqual(
        [chef!.type, chef!.status, twoStep!.type, twoStep!.parent],
        ["chef", "followedUp", "twostepverification", chef!.id]
      )
      const requests = yield* sent
      const continues = requests.filter((r) => r.url.endsWith("/challenge/v1/continue")).map((r) => JSON.parse(r.body!))
      assert.deepStrictEqual(
        continues.map((c) => [c.challengeID, c.challengeType]),
        [
          [`g-${chef!.id}`, "chef"],
          [`g-${twoStep!.id}`, "twostepverification"]
        ]
      )
      const resent = requests.filter((r) => r.url.endsWith("/presence/v1/presence/users")).at(-1)!
      assert.deepStrictEqual(
        [resent.headers["rblx-challenge-id"], resent.headers["rblx-challenge-type"]],
        [twoStep!.id, "twostepverification"]
      )
    }).pipe(Effect.provide(layer()))
  )

  it.live(
    "the emulator holds the server to its spelling: a continue call or a re-send with another spelling is refused",
    () =>
      Effect.gen(function* () {
        yield* admin({ rules: [{ method: "POST", path: "/presence/*", type: "captcha" }] })
        const origin = emulator().origin
        const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
          Effect.promise(() =>
            call(url, {
              method: "POST",
              headers: { "content-type": "application/json", ...headers },
              body: JSON.stringify(body)
            })
          )
        const users = { userIds: [2] }
        const csrf = (yield* post(`${origin}/presence/v1/presence/users`, users)).headers["x-csrf-token"]!
        const challenged = yield* post(`${origin}/presence/v1/presence/users`, users, { "x-csrf-token": csrf })
        assert.strictEqual(challenged.headers["rblx-challenge-type"], "captcha")
        const id = challenged.headers["rblx-challenge-id"]!
        const token = { challengeToken: challengeToken(seed(), id) }
        const cont = (challengeType: string) =>
          post(
            `${origin}/challenge/v1/continue`,
            { challengeID: `g-${id}`, challengeType, challengeMetadata: JSON.stringify(token) },
            { "x-csrf-token": csrf }
          )
        assert.strictEqual((yield* cont("Captcha")).status, 400)
        assert.strictEqual((yield* cont("captcha")).status, 200)
        const resend = (type: string) =>
          post(`${origin}/presence/v1/presence/users`, users, {
            "x-csrf-token": csrf,
            "rblx-challenge-id": id,
            "rblx-challenge-type": type,
            "rblx-challenge-metadata": b64(token)
          })
        assert.strictEqual((yield* resend("CAPTCHA")).status, 403)
        assert.strictEqual((yield* resend("captcha")).status, 200)
        const verdicts = emulator()
          .state.log.since(0)
          .entries.flatMap((e) => e.verdicts.filter((v) => v.startsWith("challenge")))
        assert.deepStrictEqual(
          verdicts.map((v) => v.replace(/ch-\d+-\d+/g, "ID")),
          [
            "challenge issued ID (captcha)",
            "challenge rejected g-ID: Challenge type does not match",
            "challenge completed ID",
            "challenge rejected ID: Challenge type does not match",
            "challenge issued ID (captcha)",
            "challenge redeemed ID"
          ]
        )
      })
  )
})
