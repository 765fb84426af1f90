/**
 * Example: test YOUR code that uses the library, deterministically, with TestClock and the testing layers.
 *
 * The code under test is a small feature of an app: a presence poller that asks the presence service every 30 s
 * for a list of users and keeps the latest status of each. The test drives time with TestClock (no real waiting),
 * answers the service with a stub fetch and asserts the exact requests sent.
 *
 * A second feature, a Follow button, is challenged by the platform: `testPlatformLayer(…, { challenges })` runs the
 * challenge flow as a page does, with a scripted person completing or abandoning the challenge.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Ref from "effect/Ref"
import * as Schedule from "effect/Schedule"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import { ChallengeError, PlatformHttp } from "platform-web-client"
import {
  jsonResponse,
  ScriptedChallengePresenter,
  StubFetch,
  type StubHandler,
  testPlatformLayer
} from "platform-web-client/testing"

// --- the app's code -------------------------------------------------------------------------------------------

const Presences = Schema.Struct({
  userPresences: Schema.Array(Schema.Struct({ userId: Schema.Number, userPresenceType: Schema.Number }))
})

/** Poll presence every 30 s; `latest` holds the newest status of each user. */
const pollPresence = (userIds: ReadonlyArray<number>, latest: Ref.Ref<ReadonlyMap<number, number>>) =>
  Effect.gen(function* () {
    const http = yield* PlatformHttp
    const once = http
      .post({ service: "presence", path: "/v1/presence/users" }, { body: { userIds }, schema: Presences })
      .pipe(
        Effect.flatMap((answer) =>
          Ref.set(latest, new Map(answer.userPresences.map((p) => [p.userId, p.userPresenceType])))
        ),
        Effect.catchTag("ResponseError", () => Effect.void) // keep the last known statuses through an outage
      )
    yield* Effect.repeat(once, Schedule.spaced("30 seconds"))
  })

/** Follow a user; the outcome as the button shows it. */
const follow = (userId: number) =>
  Effect.flatMap(PlatformHttp, (http) => http.post({ service: "friends", path: `/v1/users/${userId}/follow` })).pipe(
    Effect.as("following"),
    Effect.catchIf(
      (error) => error instanceof ChallengeError,
      (error) => Effect.succeed(`not followed (${(error as ChallengeError).reason})`)
    )
  )

// --- the tests ------------------------------------------------------------------------------------------------

/** A presence service whose answer changes each time: user 2 comes online at the second call. */
const presenceService = (_: unknown, index: number) =>
  index === 2
    ? jsonResponse({ errors: [{ code: 0, message: "down" }] }, { status: 503 })
    : jsonResponse({ userPresences: [{ userId: 2, userPresenceType: index === 0 ? 0 : 1 }] })

describe("example: testing your code with TestClock and the testing layers", () => {
  it.effect("polls every 30 s, updates statuses and keeps them through a 503", () =>
    Effect.gen(function* () {
      const latest = yield* Ref.make<ReadonlyMap<number, number>>(new Map())
      const poller = yield* Effect.forkChild(pollPresence([2], latest))
      const stub = yield* StubFetch
      const settle = Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 5)))

      yield* settle
      assert.strictEqual(stub.requests.length, 1)
      assert.strictEqual((yield* Ref.get(latest)).get(2), 0)

      yield* TestClock.adjust("29 seconds")
      yield* settle
      assert.strictEqual(stub.requests.length, 1) // nothing before the 30 s mark

      yield* TestClock.adjust("1 second")
      yield* settle
      assert.strictEqual(stub.requests.length, 2)
      assert.strictEqual((yield* Ref.get(latest)).get(2), 1)

      yield* TestClock.adjust("30 seconds")
      yield* settle
      assert.strictEqual(stub.requests.length, 3) // the 503: statuses kept
      assert.strictEqual((yield* Ref.get(latest)).get(2), 1)

      assert.deepStrictEqual(
        stub.requests.map((r) => [r.method, new URL(r.url).pathname, r.body]),
        [
          ["POST", "/v1/presence/users", `{"userIds":[2]}`],
          ["POST", "/v1/presence/users", `{"userIds":[2]}`],
          ["POST", "/v1/presence/users", `{"userIds":[2]}`]
        ]
      )
      yield* Fiber.interrupt(poller)
    }).pipe(Effect.provide(testPlatformLayer(presenceService, { user: { id: 1, authenticated: true } })))
  )
})

/** The friends service challenges a follow until it is re-sent with a challenge id; the continue call accepts. */
const challengingService: StubHandler = (request) =>
  request.url.endsWith("/v1/continue") || request.headers["rblx-challenge-id"] !== undefined
    ? jsonResponse({})
    : jsonResponse(
        {},
        {
          status: 403,
          headers: {
            "rblx-challenge-id": "c-1",
            "rblx-challenge-type": "captcha",
            "rblx-challenge-metadata": btoa(
              JSON.stringify({ unifiedCaptchaId: "u", dataExchangeBlob: "b", actionType: "FollowUser" })
            )
          }
        }
      )

describe("example: a challenged call, with the scripted challenge presenter", () => {
  it.effect("the person completes the challenge: the follow is re-sent once and succeeds", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* follow(2), "following")
      assert.deepStrictEqual(
        (yield* StubFetch).requests.map((r) => r.url),
        [
          "https://friends.example.com/v1/users/2/follow",
          "https://apis.example.com/challenge/v1/continue",
          "https://friends.example.com/v1/users/2/follow"
        ]
      )
    }).pipe(Effect.provide(testPlatformLayer(challengingService, {}, { challenges: true })))
  )

  it.effect("the person abandons it: a typed ChallengeError, nothing re-sent", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* follow(2), "not followed (abandoned)")
      assert.strictEqual((yield* StubFetch).requests.length, 1)
    }).pipe(
      Effect.provide(
        testPlatformLayer(
          challengingService,
          {},
          {
            challenges: { script: () => ScriptedChallengePresenter.abandon() }
          }
        )
      )
    )
  )
})
