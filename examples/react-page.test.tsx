// @vitest-environment happy-dom
/**
 * Runs the React example (examples/react-page.tsx) over the testing layer: a stub fetch answers the users and
 * friends services, the page's Provider is given the page's clients over `testPlatformLayer`, and the page is
 * rendered and clicked as a person would.
 */
import * as Layer from "effect/Layer"
import { act } from "react"
import { createRoot } from "react-dom/client"
import { assert, describe, it } from "vitest"
import { jsonResponse, testPlatformLayer } from "platform-web-client/testing"
import { FriendsPageView, page, PageClients } from "./react-page.tsx"

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const friends = ["Ada", "Bo", "Cy", "Di", "Ed"].map((displayName, i) => ({ id: i + 2, displayName }))

/** The users and friends services, with friends answered 4 at a time under a numeric cursor. */
const services = (request: { url: string }) => {
  const url = new URL(request.url)
  if (url.pathname.endsWith("/v1/users/authenticated")) return jsonResponse({ id: 1, name: "emu", displayName: "Emu" })
  const start = Number(url.searchParams.get("cursor") ?? "0")
  const count = Number(url.searchParams.get("limit"))
  const end = Math.min(start + count, friends.length)
  return jsonResponse({ data: friends.slice(start, end), nextPageCursor: end < friends.length ? String(end) : null })
}

/** Let the stub's answers, the fibers and React run until `condition` holds. */
const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
  assert.isTrue(condition())
}

describe("example: a React page with hooks", () => {
  it("greets the user (one request for two readers) and pages through friends", async () => {
    const container = document.createElement("div")
    const root = createRoot(container)
    const requests: Array<string> = []
    const layer = PageClients.pipe(
      Layer.provideMerge(
        testPlatformLayer((request) => {
          requests.push(new URL(request.url).pathname)
          return services(request)
        })
      )
    )
    act(() =>
      root.render(
        <page.Provider layer={layer}>
          <FriendsPageView />
        </page.Provider>
      )
    )
    const headings = () => [...container.querySelectorAll("h1")].map((h) => h.textContent)
    assert.deepStrictEqual(headings(), ["Loading…", "Loading…"])
    const names = () => [...container.querySelectorAll("li")].map((li) => li.textContent)
    await until(() => headings()[0] === "Hello, Emu" && names().length > 0)
    assert.deepStrictEqual(headings(), ["Hello, Emu", "Hello, Emu"])
    assert.deepStrictEqual(requests.filter((p) => p.endsWith("/authenticated")).length, 1)
    assert.deepStrictEqual(names(), ["Ada", "Bo"])
    const [previous, next] = [...container.querySelectorAll("button")]
    assert.isTrue(previous!.disabled)
    act(() => next!.click())
    await until(() => names()[0] === "Cy")
    assert.deepStrictEqual(names(), ["Cy", "Di"])
    act(() => next!.click())
    await until(() => names()[0] === "Ed")
    assert.deepStrictEqual(names(), ["Ed"])
    assert.isTrue(next!.disabled)
    act(() => root.unmount())
  })
})
