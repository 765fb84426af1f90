/**
 * In Chromium, against the emulator: the React data layer over the real pipeline. Four components (under
 * StrictMode, React's development build) read one friends list: the emulator receives ONE request for it. A
 * mutation that invalidates the list makes exactly one more.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { build } from "esbuild"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser, chromium, type Page } from "playwright-core"
import { adminHeaders } from "../../src/emulator/admin/AdminApi.ts"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { chromiumArgs, chromiumPath, hasChromium } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("React query browser tests")

describe.skipIf(!hasChromium)("React queries in Chromium against the emulator", () => {
  let emulator: RunningEmulator
  let browser: Browser
  let page: Page
  let pageDir = ""
  const errors: Array<string> = []

  beforeAll(async () => {
    pageDir = mkdtempSync(join(tmpdir(), "query-e2e-"))
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL("./queryPage.tsx", import.meta.url))],
      bundle: true,
      format: "esm",
      platform: "browser",
      target: "es2022",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": JSON.stringify("development") },
      write: false,
      logLevel: "silent"
    })
    writeFileSync(join(pageDir, "query.js"), bundle.outputFiles[0]!.text)
    writeFileSync(
      join(pageDir, "index.html"),
      `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/query.js"></script></head><body><div id="root"></div></body></html>`
    )
    emulator = await startEmulator({ staticDir: pageDir })
    // the follow action is challenged by default; this test is about the cache, not challenges
    const off = await fetch(`${emulator.origin}/admin/challenges`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...adminHeaders },
      body: JSON.stringify({ enabled: false })
    })
    assert.strictEqual(off.status, 200)
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    page = await (await browser.newContext()).newPage()
    page.setDefaultTimeout(15_000)
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(`${emulator.wwwOrigin}/query-test`)
    await page.waitForFunction(() => typeof window.mountQueryPage === "function")
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await emulator?.close()
    if (pageDir !== "") rmSync(pageDir, { recursive: true, force: true })
  })

  const requests = (method: string, path: string) =>
    emulator.state.log
      .since(0)
      .entries.filter((e) => e.method === method && e.url.includes(path))
      .map((e) => e.status)

  it("four components under StrictMode reading one key: one request; a mutation refetches it exactly once", async () => {
    await page.evaluate((baseUrls) => window.mountQueryPage({ baseUrls }), emulator.baseUrls)
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".friends")].every((li) => li.getAttribute("data-state") === "Success")
    )
    const counts = await page.$$eval(".friends", (items) => items.map((li) => li.textContent))
    assert.strictEqual(counts.length, 4)
    assert.isTrue(counts.every((c) => c === counts[0] && Number(c) > 0))
    assert.deepStrictEqual(requests("GET", "/v1/users/1/friends"), [200])

    await page.click("#follow")
    await page.waitForSelector("#follow[data-state=Success]")
    await page.waitForFunction(() =>
      [...document.querySelectorAll(".friends")].every((li) => li.getAttribute("data-waiting") === "false")
    )
    assert.deepStrictEqual(requests("GET", "/v1/users/1/friends"), [200, 200])
    // the write was sent once, with the CSRF token the page was served with (<meta name="csrf-token">)
    assert.deepStrictEqual(requests("POST", "/v1/users/2/follow"), [200])
    assert.deepStrictEqual(errors, [])
  })
})
