/**
 * The background-features page of the demo (`examples/demo/payments.html`) in a real Chromium against the
 * emulator: the purchase flow's events reach the emulator's collector (a reload sends BrowserPageChanged, Checkout
 * Success ends the flow and clears its cookie), the heartbeat pulses from a real Web Worker and sends numbered
 * heartbeats after user activity, and a performance measurement batch is posted. Skipped without Chromium, like
 * test/e2e.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser, chromium, type Page } from "playwright-core"
import { build } from "vite"
import { type RunningEmulator, startEmulator } from "../../../src/emulator/Emulator.ts"
import { chromiumArgs, chromiumPath, hasChromium } from "../../e2e/browser.ts"

const demo = (file: string) => fileURLToPath(new URL(`../../../examples/demo/${file}`, import.meta.url))

interface RecordedEntry {
  readonly kind: string
  readonly name?: string
  readonly sequence?: number
  readonly count?: number
  readonly properties?: Record<string, unknown>
}

describe.skipIf(!hasChromium)("demo background-features page in Chromium", () => {
  let outDir: string
  let emulator: RunningEmulator
  let browser: Browser
  let page: Page
  const errors: Array<string> = []

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), "payments-e2e-"))
    const nodeEnv = process.env.NODE_ENV
    process.env.NODE_ENV = "production"
    try {
      await build({
        configFile: demo("vite.config.ts"),
        mode: "production",
        build: {
          outDir,
          emptyOutDir: true,
          rollupOptions: { input: { index: demo("index.html"), payments: demo("payments.html") } }
        },
        logLevel: "error"
      })
    } finally {
      process.env.NODE_ENV = nodeEnv
    }
    emulator = await startEmulator({ staticDir: outDir })
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
    page.setDefaultTimeout(15_000)
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(`${emulator.wwwOrigin}/payments.html`)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await emulator?.close()
    if (outDir !== undefined) rmSync(outDir, { recursive: true, force: true })
  })

  const recorded = async (): Promise<ReadonlyArray<RecordedEntry>> =>
    (await (await fetch(`${emulator.origin}/apis/analytics/v1/recorded`)).json()).entries
  const statuses = async () =>
    (await recorded())
      .filter((e) => e.kind === "event")
      .map((e) => String(e.properties?.status || e.properties?.purchase_event_type))
  const waitFor = async (check: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 150; i++) {
      if (await check()) return
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    assert.fail(`timed out waiting for ${what}`)
  }

  it("walks a purchase flow: events reach the collector, a reload sends BrowserPageChanged, Checkout Success ends it", async () => {
    await page.waitForSelector("[data-testid=purchase-flow]")
    for (const step of ["Start the flow", "Show the purchase view", "Press Buy"]) {
      await page.click(`[data-testid="step-${step}"]`)
      await page.waitForTimeout(200)
    }
    await waitFor(async () => (await statuses()).length === 3, "three flow events")
    assert.deepStrictEqual(await statuses(), ["PaymentFlowStarted", "ViewShown", "UserInput"])
    assert.match((await page.textContent("[data-testid=flow-state]")) ?? "", /^WebRobuxPurchase · [0-9a-f]{8}…$/)
    const [cookie] = (await page.context().cookies()).filter((c) => c.name === "paymentFlowContext")
    assert.isDefined(cookie)
    assert.approximately(cookie!.expires - Date.now() / 1000, 600, 5)

    await page.reload()
    await page.waitForSelector("[data-testid=purchase-flow]")
    await waitFor(async () => (await statuses()).includes("BrowserPageChanged"), "BrowserPageChanged")
    await page.click(`[data-testid="step-Checkout Success"]`)
    await waitFor(async () => (await statuses()).includes("PaymentFlowEnded"), "PaymentFlowEnded")
    assert.deepStrictEqual(await statuses(), [
      "PaymentFlowStarted",
      "ViewShown",
      "UserInput",
      "BrowserPageChanged",
      "ViewShown",
      "PaymentFlowEnded"
    ])
    const events = (await recorded()).filter((e) => e.kind === "event")
    assert.strictEqual(new Set(events.map((e) => e.properties?.purchase_flow_uuid)).size, 1)
    assert.strictEqual((await page.context().cookies()).filter((c) => c.name === "paymentFlowContext").length, 0)
    await page.waitForFunction(
      () => document.querySelector("[data-testid=flow-state]")?.textContent === "no active flow"
    )
  })

  it("pulses from a real worker and sends numbered heartbeats after user activity", async () => {
    await page.mouse.move(200, 200)
    await page.mouse.move(320, 260)
    await waitFor(async () => (await recorded()).some((e) => e.kind === "heartbeat"), "a heartbeat")
    assert.match((await page.textContent("[data-testid=heartbeat-status]")) ?? "", /^running · worker$/)
    const beats = (await recorded()).filter((e) => e.kind === "heartbeat").map((e) => e.sequence)
    assert.strictEqual(beats[0], 1)
    assert.isTrue(
      emulator.state.log.since(0).entries.some((e) => e.verdicts.includes("worker script PageHeartbeatWorker v1"))
    )
  })

  it("posts a performance-measurement batch after its 10 s window", async () => {
    await waitFor(async () => (await recorded()).some((e) => e.kind === "measurements"), "a measurement batch")
    const post = emulator.state.log
      .since(0)
      .entries.find((e) => e.url === "/metrics/v1/performance/measurements" && e.status === 200)
    assert.isDefined(post)
    assert.deepStrictEqual(errors, [])
  })
})
