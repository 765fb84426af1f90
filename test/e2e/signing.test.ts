/**
 * Request signing in a real Chromium against the emulator over real HTTP:
 * - a page on the www origin signs in with device attestation (the key is created non-extractable in IndexedDB and
 *   bound to the session), then sends a signed POST that the emulator verifies;
 * - a page on a second origin of the same site (the services' origin) signs its POST through the hidden security
 *   frame on the www origin, over the real site's postMessage protocol (the messages are recorded in both windows),
 *   and the emulator verifies that too;
 * - a parent side written in this file from the real site's protocol alone (./realParent.ts, none of the library's
 *   code) gets tokens from the library's frame program that the emulator verifies, and `isError` for a foreign host.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { type Browser, chromium, type Page } from "playwright-core"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { chromiumArgs, chromiumPath, hasChromium } from "./browser.ts"
import { realParent, type RealParentResult } from "./realParent.ts"
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
    // in every document of the page (the top page and the security frame): record the messages it receives
    await page.addInitScript(() => {
      const seen: Array<{ origin: string; data: unknown }> = []
      ;(window as unknown as { __messages: typeof seen }).__messages = seen
      window.addEventListener("message", (event) => seen.push({ origin: event.origin, data: event.data }))
    })
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
    assert.deepStrictEqual(
      signIn.map((e) => e.verdicts.filter((v) => !v.startsWith("csrf") && v !== "signature missing")),
      [["attestation verified, key bound", "signed in as u7"]]
    )
    const signed = lookups()
    assert.deepStrictEqual(
      signed.map((e) => [e.origin, e.status, e.verdicts.filter((v) => !v.startsWith("csrf"))]),
      [
        [emulator.wwwOrigin, 403, ["signature verified"]],
        [emulator.wwwOrigin, 200, ["signature verified"]]
      ]
    )
    assert.deepStrictEqual(errors, [])
  })

  it("the stored private key is non-extractable", async () => {
    const stored = await page.evaluate(
      () =>
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
    assert.deepStrictEqual(await result(), {
      step: "signed POST",
      signer: "security frame",
      frameState: "Loaded",
      users: 3
    })
    const signed = lookups().slice(before)
    // this origin had no anti-forgery token yet: the 403 re-send is signed anew through the frame
    assert.deepStrictEqual(
      signed.map((e) => [e.origin, e.status, e.verdicts.filter((v) => !v.startsWith("csrf"))]),
      [
        [emulator.origin, 403, ["signature verified"]],
        [emulator.origin, 200, ["signature verified"]]
      ]
    )
    // the frame was served to the signed-in session on the www origin, and reported its load time
    const frame = emulator.state.log.since(0).entries.filter((e) => e.server === "www" && e.url === "/hba/iframe")
    assert.deepStrictEqual(
      frame.map((e) => [e.userId, e.status]),
      [[7, 200]]
    )
    for (let i = 0; i < 100 && emulator.state.hba.metrics().length < 3; i++) await new Promise((r) => setTimeout(r, 50))
    const metrics = emulator.state.hba.metrics()
    assert.deepStrictEqual(metrics.map((m) => [m.name, m.labelValues]).sort(), [
      ["load_time_hba_frame", { origin_site: emulator.origin }],
      ["response_time_hba_frame", { origin_site: emulator.origin }],
      ["response_time_hba_frame", { origin_site: emulator.origin }]
    ])
    await provesTheRealProtocol()
    assert.deepStrictEqual(errors, [])
  })

  type Received = ReadonlyArray<{ readonly origin: string; readonly data: any }>

  /** The messages each window of the lab page received are the real site's, word for word. */
  const provesTheRealProtocol = async () => {
    const frameWindow = page.frames().find((f) => f.url() === `${emulator.wwwOrigin}/hba/iframe`)!
    const iframe = await page.evaluate(() => {
      const element = document.getElementById("hba-frame") as HTMLIFrameElement
      const style = getComputedStyle(element)
      return [element.src, style.position, style.width, style.height, style.zIndex]
    })
    assert.deepStrictEqual(iframe, [`${emulator.wwwOrigin}/hba/iframe`, "fixed", "0px", "0px", "-1"])
    const toFrame = (await frameWindow.evaluate(
      () => (window as unknown as { __messages: unknown }).__messages
    )) as Received
    const toPage = (await page.evaluate(() => (window as unknown as { __messages: unknown }).__messages)) as Received
    assert.deepStrictEqual(
      toFrame.map((m) => m.origin),
      [emulator.origin, emulator.origin, emulator.origin]
    )
    assert.deepStrictEqual(toFrame[0]!.data, { msg: "checkLoadedRequest" })
    const identifiers = toFrame.slice(1).map((m) => m.data.identifier as string)
    for (const [i, message] of toFrame.slice(1).entries()) {
      assert.match(identifiers[i]!, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      assert.deepStrictEqual(message.data, {
        msg: "signSubdomainRequest",
        identifier: identifiers[i],
        serializedSubdomainRequestData: JSON.stringify({
          url: `${emulator.origin}/users/v1/users`,
          requestInit: { method: "POST", body: '{"userIds":[1,2,3]}' }
        })
      })
    }
    assert.notStrictEqual(identifiers[0], identifiers[1])
    const answers = toPage.filter((m) => m.origin === emulator.wwwOrigin)
    assert.deepStrictEqual(answers[0]!.data, { msg: "dataFromHbaFrame", data: { type: "loaded" } })
    assert.deepStrictEqual(
      answers
        .slice(1)
        .map((m) => [m.data.msg, Object.keys(m.data.data), m.data.data.identifier, Object.keys(m.data.data.batHeader)]),
      identifiers.map((id) => ["dataFromHbaFrame", ["type", "identifier", "batHeader"], id, ["x-bound-auth-token"]])
    )
  }

  it("a parent side written from the real protocol alone gets tokens from our frame program that the emulator verifies", async () => {
    const before = lookups().length
    // a page on the services' origin (an allowed parent of the emulator's frame) whose only script is the test's:
    // a document the emulator served there, emptied (into a document the test fulfils itself, Chromium loads the
    // loopback frame as an error page)
    await page.goto(`${emulator.origin}/admin/config`)
    await page.setContent("<!doctype html><title>real parent</title><body></body>")
    const result: RealParentResult = await page.evaluate(realParent, {
      www: emulator.wwwOrigin,
      url: `${emulator.origin}/users/v1/users`,
      body: JSON.stringify({ userIds: [4, 5] })
    })
    assert.strictEqual(result.loaded, true)
    // the CSRF exchange: the first POST is answered 403 with a token, the re-send (signed anew) 200
    assert.deepStrictEqual(
      result.posts.map((p) => p.status),
      [403, 200]
    )
    for (const post of result.posts) {
      assert.deepStrictEqual(Object.keys(post.answer), ["type", "identifier", "batHeader"])
      assert.strictEqual(post.answer.identifier, post.identifier)
      assert.match(
        post.answer.batHeader["x-bound-auth-token"]!,
        /^v1\|[A-Za-z0-9+/]{43}=\|\d+\|[A-Za-z0-9+/]{86}==\|[A-Za-z0-9+/]{86}==$/
      )
    }
    const signed = lookups().slice(before)
    assert.deepStrictEqual(
      signed.map((e) => [e.origin, e.status, e.verdicts.filter((v) => !v.startsWith("csrf"))]),
      [
        [emulator.origin, 403, ["signature verified"]],
        [emulator.origin, 200, ["signature verified"]]
      ]
    )
    // a foreign host: refused, isError with an empty batHeader, under the same identifier
    assert.deepStrictEqual(result.foreign.answer, {
      type: "batHeader",
      identifier: result.foreign.identifier,
      isError: true,
      batHeader: {}
    })
    console.log(
      `real parent: round trips to the security frame ${result.roundTripsMs.map((ms) => ms.toFixed(1)).join(" / ")} ms`
    )
    assert.deepStrictEqual(errors, [])
  })
})
