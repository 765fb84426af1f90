/**
 * A message flood in a real Chromium against the emulator: the page on the services' origin signs through the
 * hidden security frame on the www origin (the emulator's hba lab page), while embedded frames post junk to it,
 * 100 messages every 20 ms each: one frame of another site, and one on the www origin itself (the security frame's
 * own origin, from another window). The security frame must still load within its 1500 ms time-out, because the
 * page's listener drops other windows' messages on arrival (src/core/browser/Frames.ts).
 *
 * The frame's load time (`load_time_hba_frame`, the metric the page posts to the emulator) is measured over
 * several page loads with and without the flood; the medians are printed. A www-origin window forging the frame's
 * "loaded" answer while the real frame is kept from answering must not make the frame count as loaded.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { type Browser, type BrowserContext, chromium } from "playwright-core"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { chromiumArgs, chromiumPath, hasChromium } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("message flood browser tests")

/** Page loads per measurement. */
const runs = 5

/** The frame of another site that floods the page. */
const foreignFlooder = "http://flood.test/flood"

/** A page flooding its parent: 100 messages every 20 ms, junk and forged frame answers (`forged` added). */
const flooderHtml = (forged: ReadonlyArray<unknown> = []) =>
  `<!doctype html><script>
var junk = ${JSON.stringify([
    "junk",
    { msg: "dataFromHbaFrame" },
    { msg: "dataFromHbaFrame", data: { type: "batHeader", identifier: "forged", isError: true, batHeader: {} } },
    { genericChallengeResponse: { type: "challengeAbandoned", data: {} } },
    ...forged
  ])};
var n = 0;
setInterval(function () { for (var i = 0; i < 100; i++) parent.postMessage(junk[n++ % junk.length], "*"); }, 20);
</script>`

/** In the top page only: embed the flooders as soon as there is a document, and count what they post. */
const embedFlooders = (urls: ReadonlyArray<string>) => `
if (window.top === window) {
  window.__flood = 0;
  window.addEventListener("message", function (event) { if (event.source !== null && event.data !== undefined) window.__flood++; });
  (function embed() {
    if (document.documentElement === null) return setTimeout(embed, 0);
    ${JSON.stringify(urls)}.forEach(function (url) {
      var frame = document.createElement("iframe");
      frame.src = url;
      frame.style.display = "none";
      document.documentElement.appendChild(frame);
    });
  })();
}
`

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

describe.skipIf(!hasChromium)("a message flood in Chromium", () => {
  let emulator: RunningEmulator
  let browser: Browser

  beforeAll(async () => {
    emulator = await startEmulator({ defaultUserId: null })
    // build the page scripts before the frame's 1500 ms load time-out starts counting
    await Promise.all([`${emulator.wwwOrigin}/hba/frame.js`, `${emulator.wwwOrigin}/hba/lab.js`].map((u) => fetch(u)))
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await emulator?.close()
  })

  const wwwFlooder = () => `${emulator.wwwOrigin}/flood-window`

  /** A browser context whose pages embed flooders (none for the quiet one). */
  const contextWith = async (flooders: ReadonlyArray<string>, wwwForged: ReadonlyArray<unknown> = []) => {
    const context = await browser.newContext()
    await context.route(foreignFlooder, (route) => route.fulfill({ contentType: "text/html", body: flooderHtml() }))
    await context.route(wwwFlooder(), (route) =>
      route.fulfill({ contentType: "text/html", body: flooderHtml(wwwForged) })
    )
    if (flooders.length > 0) await context.addInitScript(embedFlooders(flooders))
    return context
  }

  const loadTimes = () =>
    emulator.state.hba
      .metrics()
      .filter((m) => m.name === "load_time_hba_frame")
      .map((m) => m.value)

  /** Open the lab page on the services' origin; its frame state, the frame's load time, and the flood it got. */
  const openLab = async (context: BrowserContext) => {
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    const before = loadTimes().length
    await page.goto(`${emulator.origin}/hba/lab`)
    await page.waitForSelector("[data-testid=result][data-done=true]")
    const result = JSON.parse((await page.textContent("[data-testid=result]"))!) as { frameState?: string }
    const flood = await page.evaluate(() => (window as unknown as { __flood?: number }).__flood ?? 0)
    let loadTime: number | undefined
    if (result.frameState === "Loaded") {
      for (let i = 0; i < 100 && loadTimes().length === before; i++) await new Promise((r) => setTimeout(r, 50))
      loadTime = loadTimes()[before]
    }
    await page.close()
    assert.deepStrictEqual(errors, [])
    return { state: result.frameState, loadTime, flood }
  }

  it("the security frame loads within its time-out while two frames flood the page (100 messages / 20 ms each)", async () => {
    const quiet = await contextWith([])
    const flooded = await contextWith([foreignFlooder, wwwFlooder()])
    const measured = { quiet: [] as Array<number>, flooded: [] as Array<number> }
    const floodSeen: Array<number> = []
    for (let run = 0; run < runs; run++) {
      const calm = await openLab(quiet)
      assert.strictEqual(calm.state, "Loaded")
      assert.strictEqual(calm.flood, 0)
      measured.quiet.push(calm.loadTime!)
      const stormy = await openLab(flooded)
      assert.strictEqual(stormy.state, "Loaded", `run ${run}: the frame failed under the flood`)
      measured.flooded.push(stormy.loadTime!)
      floodSeen.push(stormy.flood)
    }
    await quiet.close()
    await flooded.close()
    console.log(
      `message flood: security frame load time, median of ${runs}: ${median(measured.quiet)} ms without, ` +
        `${median(measured.flooded)} ms with the flood (runs: ${measured.quiet.join("/")} ms and ${measured.flooded.join("/")} ms; ` +
        `flood messages the page received by the time it signed: ${floodSeen.join("/")})`
    )
    // the flood really ran: both flooders posted hundreds of messages while the frame loaded
    for (const seen of floodSeen) assert.isAbove(seen, 200)
  }, 120_000)

  it("a www-origin window forging the frame's 'loaded' answer cannot make a silent frame count as loaded", async () => {
    const forging = await contextWith([wwwFlooder()], [{ msg: "dataFromHbaFrame", data: { type: "loaded" } }])
    // the real frame page loads but never runs the frame program
    await forging.route(`${emulator.wwwOrigin}/hba/iframe`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><p>silent" })
    )
    const lab = await openLab(forging)
    await forging.close()
    assert.strictEqual(lab.state, "Failed")
    assert.isAbove(lab.flood, 200)
  }, 60_000)
})
