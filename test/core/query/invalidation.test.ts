/** Invalidation by reactivity keys: the keys effect's Reactivity resolves, each handler called once. */
import * as Data from "effect/Data"
import * as Effect from "effect/Effect"
import * as Reactivity from "effect/reactivity/Reactivity"
import { assert, describe, it } from "vitest"
import * as Invalidation from "../../../src/core/query/invalidation.ts"

class UserKey extends Data.Class<{ readonly id: number }> {}

const recorder = () => {
  const calls: Array<string> = []
  return { calls, handler: (name: string) => () => void calls.push(name) }
}

describe("query invalidation", () => {
  it("a record of ids stands for its name and each name:id, as effect's Reactivity resolves it", () => {
    assert.deepStrictEqual(Invalidation.resolveKeys({ friends: [1, "me"], games: [] }), [
      "friends",
      "friends:1",
      "friends:me",
      "games"
    ])
    assert.deepStrictEqual(Invalidation.resolveKeys(["friends", 2, true]), ["friends", "2", "true"])
  })

  it("invalidating a record reaches every registration sharing its name; a list only its own keys", () => {
    const registry = Invalidation.make()
    const { calls, handler } = recorder()
    registry.register({ friends: [1] }, handler("friends of 1"))
    registry.register({ friends: [2] }, handler("friends of 2"))
    registry.register(["games"], handler("games"))
    registry.invalidate({ friends: [2] })
    assert.deepStrictEqual(calls, ["friends of 1", "friends of 2"])
    registry.invalidate(["games"])
    registry.invalidate(["friends:1"])
    assert.deepStrictEqual(calls, ["friends of 1", "friends of 2", "games", "friends of 1"])
  })

  it("a handler registered under several matching keys runs once; ids that are data compare by value", () => {
    const registry = Invalidation.make()
    const { calls, handler } = recorder()
    registry.register({ user: [new UserKey({ id: 7 })] }, handler("user 7"))
    registry.invalidate({ user: [new UserKey({ id: 7 })] })
    assert.deepStrictEqual(calls, ["user 7"])
    registry.invalidate([new UserKey({ id: 8 })])
    assert.deepStrictEqual(calls, ["user 7"])
  })

  it("after unregistering, nothing is called", () => {
    const registry = Invalidation.make()
    const { calls, handler } = recorder()
    const unregister = registry.register({ friends: [1] }, handler("friends of 1"))
    unregister()
    registry.invalidate({ friends: [1] })
    assert.deepStrictEqual(calls, [])
  })

  it("calls what effect's Reactivity calls for the same registrations and invalidations", () => {
    const inputs: ReadonlyArray<Reactivity.KeysInput> = [
      { friends: [1] },
      { friends: [2, "me"] },
      ["friends"],
      ["friends:1", 3],
      { games: [new UserKey({ id: 1 })] },
      [new UserKey({ id: 1 })],
      { games: [] }
    ]
    const ours = Invalidation.make()
    const theirs = Effect.runSync(Reactivity.make)
    const oursCalls = recorder()
    const theirCalls = recorder()
    inputs.forEach((keys, i) => {
      ours.register(keys, oursCalls.handler(`#${i}`))
      theirs.registerUnsafe(keys, theirCalls.handler(`#${i}`))
    })
    for (const keys of inputs) {
      ours.invalidate(keys)
      theirs.invalidateUnsafe(keys)
      assert.deepStrictEqual(oursCalls.calls, theirCalls.calls)
    }
    assert.isAbove(oursCalls.calls.length, inputs.length)
  })
})
