// @vitest-environment happy-dom
/**
 * Runs the React example (examples/react-page.tsx) over the testing layer: a stub fetch answers the users and
 * friends services, and the page is rendered and clicked as a person would.
 */
import { act } from "react"
import { createRoot } from "react-dom/client"
import { assert, describe, it } from "vitest"
import { PlatformProvider } from "../src/react/index.ts"
import { jsonResponse, testPlatformLayer } from "../src/testing/index.ts"
import { FriendsPageView } from "./react-page.tsx"

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const friends = ["Ada", "Bo", "Cy", "Di", "Ed"].map((displayName, i) => ({ id: i + 2, displayName }))

/** The users and friends services, with friends answered 4 at a time under a numeric cursor. */
const services = (request: { url: string }) => {
  const url = new URL(request.url)
  if (url.pathname.endsWith("/v1/users/authenticated")) return jsonResponse({ id: 1, displayName: "Emu" })
  const start = Number(url.searchParams.get("cursor") ?? "0")
  const count = Number(url.searchParams.get("limit"))
  const end = Math.min(start + count, friends.length)
  return jsonResponse({ data: friends.slice(start, end), nextPageCursor: end < friends.length ? String(end) : null })
}

const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)))

describe("example: a React page with hooks", () => {
  it("greets the user and pages through friends", async () => {
    const container = document.createElement("div")
    const root = createRoot(container)
    act(() => root.render(<PlatformProvider layer={testPlatformLayer(services)}><FriendsPageView /></PlatformProvider>))
    assert.strictEqual(container.querySelector("h1")!.textContent, "Loading…")
    await settle()
    const names = () => [...container.querySelectorAll("li")].map((li) => li.textContent)
    assert.strictEqual(container.querySelector("h1")!.textContent, "Hello, Emu")
    assert.deepStrictEqual(names(), ["Ada", "Bo"])
    const [previous, next] = [...container.querySelectorAll("button")]
    assert.isTrue(previous!.disabled)
    act(() => next!.click())
    await settle()
    assert.deepStrictEqual(names(), ["Cy", "Di"])
    act(() => next!.click())
    await settle()
    assert.deepStrictEqual(names(), ["Ed"])
    assert.isTrue(next!.disabled)
    act(() => root.unmount())
  })
})
