/**
 * The admin API's guard in the msw handlers (`platform-web-client/testing/msw`): the same web handler as the Node
 * emulator, so the same rules. A test or a page calling the admin API through msw sends `adminHeaders` for changes.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { setupServer } from "msw/node"
import { adminHeaders, platformHandlers } from "platform-web-client/testing/msw"

const platform = platformHandlers({ seed: 7 })
const server = setupServer(...platform.handlers)

beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterAll(async () => {
  server.close()
  await platform.dispose()
})

describe("the admin API through msw", () => {
  it("refuses a change without the admin header or from a foreign origin, and makes it with the header", async () => {
    const token = platform.state.csrf.current("default", 0)
    const rotate = (headers: Record<string, string>) =>
      fetch("http://platform.test/admin/csrf/rotate", { method: "POST", headers }).then((answer) => answer.status)
    assert.strictEqual(await rotate({ "content-type": "text/plain" }), 403)
    assert.strictEqual(await rotate({ origin: "https://evil.example", ...adminHeaders }), 403)
    assert.strictEqual(platform.state.csrf.current("default", 0), token)
    assert.strictEqual(await rotate(adminHeaders), 200)
    assert.notStrictEqual(platform.state.csrf.current("default", 0), token)
  })
})
