// @vitest-environment happy-dom
/** The default focus signal: the document becoming visible again, followed only while subscribed. */
import { afterEach, assert, describe, it } from "vitest"
import { windowFocus } from "../../../src/core/query/windowFocus.ts"

const becomes = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => state })
  document.dispatchEvent(new Event("visibilitychange"))
}

describe("windowFocus", () => {
  afterEach(() => becomes("visible"))

  it("counts each time the page becomes visible, not when it is hidden", () => {
    const focus = windowFocus()
    const seen: Array<number> = []
    const unsubscribe = focus.subscribe((n) => seen.push(n))
    becomes("hidden")
    becomes("visible")
    becomes("hidden")
    becomes("visible")
    assert.deepStrictEqual(seen, [1, 2])
    assert.strictEqual(focus.get(), 2)
    unsubscribe()
    becomes("visible")
    assert.deepStrictEqual(seen, [1, 2])
  })
})
