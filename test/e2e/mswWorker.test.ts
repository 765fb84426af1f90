/**
 * In Chromium: platform-web-client/testing/msw's handlers in msw's service worker (`setupWorker`, msw/browser), no
 * Node process behind them. The page (mswWorkerPage.ts, bundled for the browser) is served with msw's
 * `mockServiceWorker.js` at its origin's root; the library's typed clients, over the browser platform layer, call
 * the services' origin the handlers answer (`http://platform.test`, which does not exist: only the worker answers).
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { copyFileSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { type Browser, chromium, type Page } from "playwright-core"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { chromiumArgs, chromiumPath, hasChromium, writeBundledPage } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("msw worker browser tests")

describe.skipIf(!hasChromium)("the platform's msw handlers in a service worker (Chromium)", () => {
  let server: RunningEmulator
  let browser: Browser
  let page: Page
  let pageDir = ""
  const errors: Array<string> = []

  beforeAll(async () => {
    pageDir = await writeBundledPage(new URL("./mswWorkerPage.ts", import.meta.url), "page")
    copyFileSync(
      createRequire(import.meta.url).resolve("msw/mockServiceWorker.js"),
      join(pageDir, "mockServiceWorker.js")
    )
    // the emulator's www origin only serves the page's files here (its static directory); the handlers answer in the page
    server = await startEmulator({ staticDir: pageDir })
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    page = await (await browser.newContext()).newPage()
    page.setDefaultTimeout(15_000)
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(`${server.wwwOrigin}/msw-worker-test`)
    await page.waitForFunction(() => typeof window.mswWorkerCall === "function")
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await server?.close()
    if (pageDir !== "") rmSync(pageDir, { recursive: true, force: true })
  })

  it("a typed client call and a POST (with the CSRF re-send) are answered by the handlers in the worker", async () => {
    const outcome = await page.evaluate(() => window.mswWorkerCall())
    assert.deepStrictEqual(outcome.me, outcome.seeded)
    assert.strictEqual(outcome.me.id, 1)
    assert.deepStrictEqual(outcome.found, [1, 2])
    assert.deepStrictEqual(outcome.logged, [
      ["GET", "http://platform.test/users/v1/users/authenticated", 200],
      ["POST", "http://platform.test/users/v1/users", 403],
      ["POST", "http://platform.test/users/v1/users", 200]
    ])
    // the first POST carries the token the emulator rendered into the page (its own session's): stale for the handlers
    assert.deepStrictEqual(outcome.csrfVerdicts, [[], ["csrf stale"], ["csrf ok"]])
    assert.deepStrictEqual(errors, [])
  })
})
