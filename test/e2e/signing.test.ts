/**
 * Request signing in a real Chromium against the emulator over real HTTP:
 * - a page on the www origin signs in with device attestation (the key is created non-extractable in IndexedDB and
 *   bound to the session), then sends a signed POST that the emulator verifies;
 * - a page on a second origin of the same site (the services' origin) signs its POST through the hidden security
 *   frame on the www origin, and the emulator verifies that too.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { type Browser, chromium, type Page } from "playwright-core"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { chromiumArgs, chromiumPath, hasChromium } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("signing browser tests")

describe.skipIf(!hasChromium)("request signing in Chromium", () => {
  let emulator: RunningEmulator
  let browser: Browser
  let page: Page
  const errors: Array<string> = []

  beforeAll(async () => {
    emulator = await startEmulator({ defaultUserId: null })
    // build the page scripts before the frame's 1500 ms load time-out starts counting
    await Promise.all([`${emulator.wwwOrigin}/hba/frame.js`, `${emulator.wwwOrigin}/hba/lab.js`].map((u) => fetch(u)))
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    page = await (await browser.newContext()).newPage()
    page.setDefaultTimeout(15_000)
    page.on("pageerror", (error) => errors.push(error.message))
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await emulator?.close()
  })

  const result = async () => {
    await page.waitForSelector("[data-testid=result][data-done=true]")
    return JSON.parse((await page.textContent("[data-testid=result]"))!) as Record<string, unknown>
  }

  const lookups = () =>
    emulator.state.log.since(0).entries.filter((e) => e.method === "POST" && e.url === "/users/v1/users")

  it("www page: sign in with attestation, then a signed POST verified by the emulator", async () => {
    await page.goto(`${emulator.wwwOrigin}/hba/lab`)
    await page.waitForURL(/step=signed-in/)
    assert.deepStrictEqual(await result(), { step: "signed POST", signer: "direct", users: 3 })

    const signIn = emulator.state.log.since(0).entries.filter((e) => e.url === "/hba/v1/sign-in" && e.status === 200)
    assert.deepStrictEqual(signIn.map((e) => e.verdicts.filter((v) => !v.startsWith("csrf") && v !== "signature missing")), [
      ["attestation verified, key bound", "signed in as u7"]
    ])
    const signed = lookups()
    assert.deepStrictEqual(signed.map((e) => [e.origin, e.status, e.verdicts.filter((v) => !v.startsWith("csrf"))]), [
      [emulator.wwwOrigin, 403, ["signature verified"]],
      [emulator.wwwOrigin, 200, ["signature verified"]]
    ])
    assert.deepStrictEqual(errors, [])
  })

  it("the stored private key is non-extractable", async () => {
    const stored = await page.evaluate(() =>
      new Promise<{ extractable: boolean; type: string; exported: string }>((resolve) => {
        const request = indexedDB.open("hbaDB", 1)
        request.onsuccess = () => {
          const get = request.result.transaction("hbaObjectStore").objectStore("hbaObjectStore").get("hba_keys")
          get.onsuccess = () => {
            const key = (get.result as CryptoKeyPair).privateKey
            crypto.subtle.exportKey("pkcs8", key).then(
              () => resolve({ extractable: key.extractable, type: key.type, exported: "yes" }),
              (error: Error) => resolve({ extractable: key.extractable, type: key.type, exported: error.name })
            )
          }
        }
      })
    )
    assert.deepStrictEqual(stored, { extractable: false, type: "private", exported: "InvalidAccessError" })
  })

  it("a page on a second origin signs through the security frame; the emulator verifies it", async () => {
    const before = lookups().length
    await page.goto(`${emulator.origin}/hba/lab`)
    assert.deepStrictEqual(await result(), { step: "signed POST", signer: "security frame", frameState: "Loaded", users: 3 })
    const signed = lookups().slice(before)
    // this origin had no anti-forgery token yet: the 403 re-send is signed anew through the frame
    assert.deepStrictEqual(signed.map((e) => [e.origin, e.status, e.verdicts.filter((v) => !v.startsWith("csrf"))]), [
      [emulator.origin, 403, ["signature verified"]],
      [emulator.origin, 200, ["signature verified"]]
    ])
    // the frame was served to the signed-in session on the www origin, and reported its load time
    const frame = emulator.state.log.since(0).entries.filter((e) => e.server === "www" && e.url === "/hba/iframe")
    assert.deepStrictEqual(frame.map((e) => [e.userId, e.status]), [[7, 200]])
    for (let i = 0; i < 100 && emulator.state.hba.metrics().length < 3; i++) await new Promise((r) => setTimeout(r, 50))
    const metrics = emulator.state.hba.metrics()
    assert.deepStrictEqual(metrics.map((m) => [m.name, m.labelValues]).sort(), [
      ["load_time_hba_frame", { origin_site: emulator.origin }],
      ["response_time_hba_frame", { origin_site: emulator.origin }],
      ["response_time_hba_frame", { origin_site: emulator.origin }]
    ])
    assert.deepStrictEqual(errors, [])
  })
})
