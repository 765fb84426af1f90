// @vitest-environment happy-dom
/** The default reconnect signal: the window's `online` event, followed only while subscribed. */
import { assert, describe, it } from "vitest"
import { windowOnline } from "../../../src/core/query/windowOnline.ts"

describe("windowOnline", () => {
  it("counts each `online` event (not `offline`) while subscribed", () => {
    const online = windowOnline()
    const seen: Array<number> = []
    const unsubscribe = online.subscribe((n) => seen.push(n))
    window.dispatchEvent(new Event("offline"))
    window.dispatchEvent(new Event("online"))
    window.dispatchEvent(new Event("online"))
    assert.deepStrictEqual([seen, online.get()], [[1, 2], 2])
    unsubscribe()
    window.dispatchEvent(new Event("online"))
    assert.deepStrictEqual(seen, [1, 2])
  })
})
