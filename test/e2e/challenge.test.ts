/**
 * The challenge flow in a real Chromium against the emulator over real HTTP, through the challenge playground
 * (test/e2e/playground): a challenged POST opens the hybrid page in the ChallengeHost's frame,
 * the person completes it and the original request succeeds; abandoning surfaces the typed error; a
 * script-running challenge runs its script in a real dedicated Worker (inside the opaque-origin sandbox: what that
 * script can reach is tested in ./scriptSandbox.test.ts).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import type { Page } from "playwright-core"
import type { RunningEmulator } from "../../src/emulator/Emulator.ts"
import { type AppSession, hasChromium, startApp } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("challenge browser tests")

describe.skipIf(!hasChromium)("challenges in Chromium", () => {
  let app: AppSession
  let emulator: RunningEmulator
  let page: Page
  let errors: ReadonlyArray<string>

  beforeAll(async () => {
    app = await startApp("test/e2e/playground/vite.config.ts")
    ;({ emulator, errors, page } = app)
    await page.goto(emulator.wwwOrigin)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  const admin = (body: unknown) =>
    fetch(`${emulator.adminUrl}/challenges`, {
      method: body === null ? "DELETE" : "PUT",
      headers: { "content-type": "application/json" },
      ...(body === null ? {} : { body: JSON.stringify(body) })
    })

  const frame = () => page.frameLocator("iframe[data-challenge-frame]")
  const outcome = async (state: string) => {
    await page.waitForSelector(`[data-testid=outcome][data-state=${state}]`)
    return page.textContent("[data-testid=outcome]")
  }
  const log = (fragment: string) =>
    emulator.state.log.since(0).entries
      .filter((e) => e.method !== "OPTIONS" && e.url.includes(fragment))
      .map((e) => [e.status, e.verdicts.filter((v) => v.startsWith("challenge"))] as const)

  it("a challenged POST: the person completes the challenge in the frame and the original request succeeds", async () => {
    await admin(null)
    emulator.state.log.clear()
    await page.click("[data-testid=follow]")
    await page.waitForSelector("[role=dialog][data-modal-type='4']:not([hidden]) iframe[data-challenge-frame]")
    assert.strictEqual(await frame().locator("[data-testid=challenge-type]").textContent(), "captcha")
    assert.strictEqual(await frame().locator("[data-testid=challenge-action]").textContent(), "FollowUser")
    await frame().locator("[data-testid=challenge-complete]").click()
    assert.strictEqual(await outcome("done"), "Follow user 2: done")
    await page.waitForSelector("[role=dialog]", { state: "hidden" })
    assert.strictEqual(await page.locator("iframe[data-challenge-frame]").count(), 0)
    const follows = log("/follow")
    assert.deepStrictEqual(follows.map(([status]) => status), [403, 403, 200])
    assert.deepStrictEqual(follows[0]![1], [])
    assert.match(follows[1]![1].join(), /^challenge issued ch-\d+-\d+ \(captcha\)$/)
    assert.match(follows[2]![1].join(), /^challenge redeemed ch-/)
    assert.deepStrictEqual(log("/challenge/v1/continue").map(([status]) => status), [200])
    assert.deepStrictEqual(errors, [])
  })

  it("abandoning the challenge surfaces the typed error and sends nothing more", async () => {
    await admin(null)
    emulator.state.log.clear()
    await page.click("[data-testid=wall-post]")
    await frame().locator("[data-testid=challenge-abandon]").click()
    assert.strictEqual(
      await outcome("failed"),
      "ChallengeError abandoned: The challenge was abandoned. (Unknown error occured, please try again.)"
    )
    await page.waitForSelector("[role=dialog]", { state: "hidden" })
    assert.deepStrictEqual(log("/wall/posts").map(([status]) => status).at(-1), 403)
    assert.deepStrictEqual(log("/challenge/v1/continue"), [])
  })

  it("a follow-up asked for in the page is shown in turn, then the request succeeds", async () => {
    await admin(null)
    emulator.state.log.clear()
    await page.click("[data-testid=follow]")
    await frame().locator("[data-testid=challenge-follow-up]").check()
    await frame().locator("[data-testid=challenge-complete]").click()
    await page.waitForFunction(() => {
      const f = document.querySelector("iframe[data-challenge-frame]") as HTMLIFrameElement | null
      return f?.contentDocument?.querySelector("[data-testid=challenge-type]")?.textContent === "rostile"
    })
    await frame().locator("[data-testid=challenge-complete]").click()
    assert.strictEqual(await outcome("done"), "Follow user 2: done")
    assert.deepStrictEqual(log("/challenge/v1/continue").map(([status]) => status), [200, 200])
  })

  it("a script-running challenge runs its script in a dedicated Worker, with no challenge frame", async () => {
    await admin({ rules: [{ method: "POST", path: "/friends/v1/users/*/follow", type: "ScriptRunning" }] })
    emulator.state.log.clear()
    await page.click("[data-testid=follow]")
    assert.strictEqual(await outcome("done"), "Follow user 2: done")
    const paths = emulator.state.log.since(0).entries.filter((e) => e.server === "api" && e.method !== "OPTIONS").map((e) => `${e.status} ${e.url}`)
    assert.includeMembers(paths, [
      "200 /challenge/v1/initSession",
      "200 /challenge/v1/submit",
      "200 /challenge/v1/redeemSession",
      "200 /challenge/v1/continue",
      "200 /friends/v1/users/2/follow"
    ])
    await admin(null)
  })
})
