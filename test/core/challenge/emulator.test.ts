/**
 * The challenge flow against the emulator over real HTTP: the gate answers the demo's actions with a challenge,
 * the scripted presenter plays the person (completing with the page's token), the continue endpoint checks it,
 * and the re-sent request passes; follow-ups on request, the admin switch, script challenges, and the page.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { challengeToken } from "../../../src/emulator/challenge/store.ts"
import { ChallengeError } from "../../../src/core/challenge/ChallengeError.ts"
import { pageMessage } from "../../../src/core/challenge/presenters/messages.ts"
import { ChallengeProtocol, specChallengeProtocol } from "../../../src/core/challenge/settings.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import type { ScriptStep } from "../../../src/testing/ScriptedChallengePresenter.ts"
import type { ScriptRunAnswer } from "../../../src/testing/ScriptedScriptRunner.ts"
import { ScriptedChallengePresenter } from "../../../src/testing/ScriptedChallengePresenter.ts"
import { adminHeaders, call, useEmulator } from "../../emulator/support.ts"
import { challengeLayer, forwardToNetwork } from "./harness.ts"

describe("challenges on the emulator", () => {
  const emulator = useEmulator()
  const seed = () => emulator().state.options.seed

  /**
   * The person completes each challenge with the page's token (optionally asking for a follow-up); the page posts
   * as the emulator's page (and the platform's) does.
   */
  const person =
    (options: { readonly token?: (id: string) => string; readonly followUp?: boolean } = {}) =>
    (presentation: {
      readonly challenge: { readonly id: string; readonly serverType: string }
    }): ReadonlyArray<ScriptStep> => [
      { post: pageMessage("challengeDisplayed", { displayed: true }) },
      { post: pageMessage("challengeInitialized", { initialized: true }) },
      {
        post: pageMessage("challengeCompleted", {
          challengeType: presentation.challenge.serverType,
          metadata: {
            challengeToken: (options.token ?? ((id) => challengeToken(seed(), id)))(presentation.challenge.id),
            requestFollowUp: options.followUp ?? false
          }
        })
      }
    ]

  const layer = (script: Parameters<typeof challengeLayer>[1], runner?: ScriptRunAnswer) =>
    challengeLayer(forwardToNetwork, script, {
      config: { baseUrls: emulator().baseUrls },
      ...(runner === undefined ? {} : { runner })
    })

  const admin = (body: unknown) =>
    Effect.promise(() =>
      call(`${emulator().adminUrl}/challenges`, {
        method: body === null ? "DELETE" : "PUT",
        headers: { "content-type": "application/json", ...adminHeaders },
        ...(body === null ? {} : { body: JSON.stringify(body) })
      })
    )

  const verdicts = () =>
    emulator()
      .state.log.since(0)
      .entries.flatMap((e) => e.verdicts.filter((v) => v.startsWith("challenge")))

  const follow = Effect.flatMap(PlatformHttp, (http) => http.post({ service: "friends", path: "/v1/users/2/follow" }))

  it.live("following a user is challenged; completing it in the page lets the re-sent request through", () =>
    Effect.gen(function* () {
      yield* admin(null)
      assert.deepStrictEqual(yield* follow, { success: true, isCaptchaRequired: false })
      const v = verdicts()
      assert.strictEqual(v.length, 3)
      assert.match(v[0]!, /^challenge issued ch-\d+-\d+ \(captcha\)$/)
      assert.match(v[1]!, /^challenge completed ch-/)
      assert.match(v[2]!, /^challenge redeemed ch-/)
      const log = emulator()
        .state.log.since(0)
        .entries.filter((e) => e.url.includes("/follow"))
      assert.deepStrictEqual(
        log.map((e) => e.status),
        [403, 403, 200]
      )
      assert.deepStrictEqual(
        log.map((e) => e.verdicts.find((x) => x.startsWith("csrf"))),
        ["csrf missing", "csrf ok", "csrf ok"]
      )
    }).pipe(Effect.provide(layer(person())))
  )

  it.live("a wrong answer is rejected by continue: the request fails with kind invalidated", () =>
    Effect.gen(function* () {
      yield* admin(null)
      const error = (yield* Effect.flip(follow)) as ChallengeError
      assert.instanceOf(error, ChallengeError)
      assert.strictEqual(error.reason, "invalidated")
      assert.strictEqual(error.message, "Unknown error")
    }).pipe(Effect.provide(layer(person({ token: () => "wrong" }))))
  )

  it.live("the person asks for a follow-up: continue answers with a tile puzzle, solved in turn", () =>
    Effect.gen(function* () {
      yield* admin(null)
      const http = yield* PlatformHttp
      const posted = yield* http.post(`${emulator().origin}/groups/v1/groups/7/wall/posts`, { body: { body: "hi" } })
      assert.deepStrictEqual((posted as { body: string }).body, "hi")
      const v = verdicts()
      assert.isTrue(
        v.some((x) => /^challenge follow-up ch-\d+-\d+ \(rostile\)$/.test(x)),
        v.join("; ")
      )
      assert.isTrue(
        v.some((x) => x.startsWith("challenge redeemed")),
        v.join("; ")
      )
    }).pipe(Effect.provide(layer((p, n) => person({ followUp: n === 0 })(p))))
  )

  it.live(
    "the real site's protocol: after a follow-up the re-send names the first challenge's id and type, and passes once",
    () =>
      Effect.gen(function* () {
        yield* admin(null)
        const http = yield* PlatformHttp
        const posted = yield* http.post(`${emulator().origin}/groups/v1/groups/7/wall/posts`, { body: { body: "hi" } })
        assert.deepStrictEqual((posted as { body: string }).body, "hi")
        const issued = emulator()
          .state.log.since(0)
          .entries.flatMap((e) => e.verdicts)
          .filter((v) => v.startsWith("challenge issued"))
        const first = /^challenge issued (ch-\S+) \(captcha\)$/.exec(issued[0] ?? "")?.[1]
        const resent = emulator()
          .state.log.since(0)
          .entries.filter((e) => e.url.includes("/wall/posts"))
          .at(-1)!
        assert.deepStrictEqual(
          [resent.status, resent.requestHeaders["rblx-challenge-id"], resent.requestHeaders["rblx-challenge-type"]],
          [200, first, "captcha"]
        )
        assert.include(resent.verdicts, `challenge redeemed ${first}`)
      }).pipe(
        Effect.provide(layer((p, n) => person({ followUp: n === 0 })(p))),
        Effect.provideService(ChallengeProtocol, { ...specChallengeProtocol, resendIdentity: "original" })
      )
  )

  it.live("a chain passes once: a second re-send with the other id of the same chain is challenged again", () =>
    Effect.gen(function* () {
      yield* admin(null)
      const http = yield* PlatformHttp
      yield* http.post(`${emulator().origin}/groups/v1/groups/7/wall/posts`, { body: { body: "hi" } })
      const listed = (yield* Effect.promise(() => call(`${emulator().adminUrl}/challenges`))).body as {
        issued: ReadonlyArray<{ id: string; type: string; parent: string | null }>
      }
      const [first, followUp] = listed.issued
      assert.strictEqual(followUp!.parent, first!.id)
      // the spec's re-send used the follow-up's id; the first challenge's id no longer passes
      const again = yield* Effect.promise(() =>
        call(`${emulator().origin}/groups/v1/groups/7/wall/posts`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "rblx-challenge-id": first!.id,
            "rblx-challenge-type": first!.type
          },
          body: JSON.stringify({ body: "again" })
        })
      )
      assert.strictEqual(again.status, 403)
    }).pipe(Effect.provide(layer((p, n) => person({ followUp: n === 0 })(p))))
  )

  it.live(
    "the admin switch challenges other endpoints (CSRF first, then the challenge); a script challenge in session mode passes",
    () =>
      Effect.gen(function* () {
        yield* admin({ rules: [{ method: "POST", path: "/presence/*", type: "ScriptRunning" }] })
        const http = yield* PlatformHttp
        const answer = yield* http.post({ service: "presence", path: "/v1/presence/users" }, { body: { userIds: [2] } })
        assert.deepStrictEqual(Object.keys(answer as object), ["userPresences"])
        const paths = emulator()
          .state.log.since(0)
          .entries.map((e) => `${e.status} ${e.url}`)
        assert.deepStrictEqual(paths, [
          "403 /presence/v1/presence/users",
          "403 /presence/v1/presence/users",
          "200 /challenge/v1/initSession",
          "200 /challenge/v1/submit",
          "200 /challenge/v1/redeemSession",
          "200 /challenge/v1/continue",
          "200 /presence/v1/presence/users"
        ])
      }).pipe(Effect.provide(layer(undefined, () => Effect.succeed({ challengeAnswer: 42 }))))
  )

  it.live("a script-running challenge in continue mode (with analysis upload) passes with the script's answer", () =>
    Effect.gen(function* () {
      yield* admin({
        rules: [
          { method: "POST", path: "/presence/*", type: "ScriptRunning", useContinueMode: true, shouldAnalyze: true }
        ]
      })
      const http = yield* PlatformHttp
      const presence = http.post({ service: "presence", path: "/v1/presence/users" }, { body: { userIds: [2] } })
      yield* presence
      assert.isTrue(
        emulator()
          .state.log.since(0)
          .entries.some((e) => e.url === "/challenge/v1/upload" && e.status === 200)
      )
    }).pipe(Effect.provide(layer(undefined, () => Effect.succeed({ challengeAnswer: 42 }))))
  )

  it.live("the admin switch off: nothing is challenged", () =>
    Effect.gen(function* () {
      yield* admin({ enabled: false })
      assert.deepStrictEqual(yield* follow, { success: true, isCaptchaRequired: false })
      assert.deepStrictEqual(verdicts(), [])
      yield* admin(null)
    }).pipe(Effect.provide(layer(() => ScriptedChallengePresenter.abandon())))
  )

  it.live("the page is served on the www origin and only talks to an exact origin the emulator serves", () =>
    Effect.gen(function* () {
      const www = emulator().wwwOrigin
      const page = (extra: string) =>
        Effect.promise(() =>
          call(
            `${www}/challenge/cdn/hybrid?challenge-type=generic&generic-challenge-type=captcha&generic-challenge-id=ch-1&challenge-metadata-json=e30&origin=${extra}`
          )
        )
      const ok = yield* page(`&parent-origin=${encodeURIComponent(www)}`)
      assert.strictEqual(ok.status, 200)
      assert.strictEqual(ok.headers["cache-control"], "no-store")
      assert.include(ok.body, `{"token":"${challengeToken(seed(), "ch-1")}","targetOrigin":"${www}"}`)
      // a parent-origin the emulator does not serve, or not an exact origin; and a label with no domain to put
      // it under (this page was asked for on an IP address): the page posts nothing
      for (const bad of ["https://evil.test", "*", `${www}/`, "", "null"]) {
        const refused = yield* page(`www&parent-origin=${encodeURIComponent(bad)}`)
        assert.include(refused.body, '"targetOrigin":null', bad)
      }
    })
  )
})
