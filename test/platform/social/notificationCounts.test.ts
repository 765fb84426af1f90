import { assert, describe, it } from "@effect/vitest"
import {
  maxFriendRequestCount,
  maxMessageCount,
  notificationCountCaps,
  notificationCountLabel
} from "../../../src/platform/social/notificationCounts.ts"

describe("notification counts (SOC-10)", () => {
  it("caps friend requests and messages at 500", () => {
    assert.strictEqual(maxFriendRequestCount, 500)
    assert.strictEqual(maxMessageCount, 500)
    assert.deepStrictEqual(notificationCountCaps, { friendRequests: 500, messages: 500 })
  })

  it("shows the count up to the cap, the cap with a plus above it", () => {
    for (const kind of ["friendRequests", "messages"] as const) {
      assert.deepStrictEqual(
        [0, 1, 42, 499, 500, 501, 1_000_000, Infinity].map((n) => notificationCountLabel(kind, n)),
        ["0", "1", "42", "499", "500", "500+", "500+", "500+"]
      )
    }
  })

  it("shows nonsense as 0 and fractions rounded down", () => {
    assert.deepStrictEqual(
      [-1, Number.NaN, -Infinity, 3.9].map((n) => notificationCountLabel("messages", n)),
      ["0", "0", "0", "3"]
    )
  })
})
