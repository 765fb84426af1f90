/**
 * Runs the example programs (examples/compose-layers.ts, examples/typed-errors.ts) against a fresh emulator and
 * checks what they print, so the examples keep working as the library changes.
 */
import { afterAll, assert, beforeAll, describe, it } from "vitest"
import { run as composeLayers } from "./compose-layers.ts"
import { adminHeaders, type RunningEmulator, startEmulator } from "platform-web-client/emulator"
import { run as typedErrors } from "./typed-errors.ts"

let emulator: RunningEmulator
beforeAll(async () => {
  emulator = await startEmulator()
})
afterAll(() => emulator.close())

describe("example programs", () => {
  it("compose-layers prints the signed-in user's first three friends", async () => {
    const lines = await composeLayers(emulator.baseUrls)
    assert.strictEqual(lines.length, 3)
    for (const line of lines) assert.match(line, /^\S.* \(@\w+\)$/)
  })

  it("typed-errors turns each failure into the sentence chosen by its type", async () => {
    const failUsers = async () => {
      const answer = await fetch(`${emulator.adminUrl}/faults`, {
        method: "POST",
        headers: { "content-type": "application/json", ...adminHeaders },
        body: JSON.stringify({ kind: "status", status: 503, path: "/users/*" })
      })
      assert.strictEqual(answer.ok, true)
    }
    assert.deepStrictEqual(await typedErrors(emulator.baseUrls, failUsers), [
      "two ids: found 2 users",
      "101 ids: refused (400, error code 1)",
      "no ids: not sent, Required parameter userIds was null or undefined when calling lookUpUsers.",
      "during an outage: service answered 503"
    ])
  })
})
