/**
 * Follow and unfollow against the emulator over real HTTP, through the typed friends client: a follow changes the
 * signed-in user's followings and the target's followers (and nothing else), an unfollow takes it back, a reset
 * restores the world's graph; guests, the user itself and unknown users are refused with the published codes.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { ResponseError } from "../../src/core/http/errors.ts"
import { FriendsClient } from "../../src/platform/clients/PlatformClients.ts"
import { emulatorClients } from "./platformSupport.ts"
import { adminHeaders, call, useEmulator } from "./support.ts"

describe("follow and unfollow against the emulator", () => {
  const emulator = useEmulator()

  /** Challenges off: these tests are about the friends service behind the challenge gate. */
  const noChallenges = Effect.promise(() =>
    call(`${emulator().adminUrl}/challenges`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...adminHeaders },
      body: JSON.stringify({ enabled: false })
    })
  )

  const ids = (page: { readonly data: ReadonlyArray<{ readonly id: number }> }) => page.data.map((u) => u.id)

  /** A user that user 1 does not follow yet. */
  const stranger = () => {
    const followed = new Set(emulator().state.world.followings.get(1))
    return [...emulator().state.world.users.keys()].find((id) => id !== 1 && !followed.has(id))!
  }

  it.live(
    "a follow adds the target to the followings (last) and the user to its followers; unfollow takes it back",
    () =>
      Effect.gen(function* () {
        yield* noChallenges
        const friends = (yield* FriendsClient).friends
        const target = stranger()
        const followings = () => friends.getFollowings({ params: { targetUserId: 1 }, query: { limit: 100 } })
        const followers = () => friends.getFollowers({ params: { targetUserId: target }, query: { limit: 100 } })
        const before = ids(yield* followings())
        const followersBefore = ids(yield* followers())

        assert.deepStrictEqual(yield* friends.followUser({ params: { targetUserId: target } }), {
          success: true,
          isCaptchaRequired: false
        })
        assert.deepStrictEqual(ids(yield* followings()), [...before, target])
        assert.deepStrictEqual(ids(yield* followers()), [...followersBefore, 1])
        // following again changes nothing
        yield* friends.followUser({ params: { targetUserId: target } })
        assert.deepStrictEqual(ids(yield* followings()), [...before, target])

        assert.deepStrictEqual(yield* friends.unfollowUser({ params: { targetUserId: target } }), {})
        assert.deepStrictEqual(ids(yield* followings()), before)
        assert.deepStrictEqual(ids(yield* followers()), followersBefore)

        yield* friends.followUser({ params: { targetUserId: target } })
        emulator().state.reset()
        assert.deepStrictEqual(ids(yield* followings()), before, "a reset restores the world's graph")
      }).pipe(Effect.provide(emulatorClients(emulator())))
  )

  it.live("refuses the user itself (400 code 8) and an unknown user (400 code 1)", () =>
    Effect.gen(function* () {
      yield* noChallenges
      const friends = (yield* FriendsClient).friends
      const refused = (targetUserId: number) =>
        Effect.flip(friends.followUser({ params: { targetUserId } })).pipe(
          Effect.map((error) =>
            error instanceof ResponseError ? [error.status, error.code, error.serverMessage] : error
          )
        )
      assert.deepStrictEqual(yield* refused(1), [400, 8, "The user cannot follow itself."])
      assert.deepStrictEqual(yield* refused(999_999), [400, 1, "The target user is invalid or does not exist."])
    }).pipe(Effect.provide(emulatorClients(emulator())))
  )

  it.live("refuses a guest (401) and changes nothing", () =>
    Effect.gen(function* () {
      yield* noChallenges
      const friends = (yield* FriendsClient).friends
      const target = stranger()
      const error = yield* Effect.flip(friends.unfollowUser({ params: { targetUserId: target } }))
      const followed = yield* Effect.flip(friends.followUser({ params: { targetUserId: target } }))
      assert.deepStrictEqual(
        [error, followed].map((e) => (e instanceof ResponseError ? e.status : e)),
        [401, 401]
      )
      assert.notInclude(emulator().state.follows.followingsOf(1), target)
    }).pipe(Effect.provide(emulatorClients(emulator(), {}, { guest: true })))
  )
})
