/**
 * In Chromium: a platform endpoint (the emulator's `/probe/redirect`) answers a request with a real 307 to a second
 * local origin (a sink on another port of 127.0.0.1, which records everything it receives).
 *
 * - control: a page's own fetch follows the 307 and hands the sink the anti-forgery token (the leak this
 *   guards against: fetch re-sends custom headers to the new origin);
 * - the library: the POST carrying the token is stopped at the redirect with a RedirectError, and the sink
 *   receives NOTHING (no request, not even a preflight); a guest's GET, which carries no secret, still follows.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { rmSync } from "node:fs"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { type Browser, chromium, type Page } from "playwright-core"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { redirectProbePath } from "../../src/emulator/probes/redirect.ts"
import { chromiumArgs, chromiumPath, hasChromium, writeBundledPage } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"
import type { ProbeInput, ProbeOutcome } from "./redirectPage.ts"

requireChromium("redirect browser tests")

interface Received {
  readonly method: string
  readonly path: string
  readonly headers: IncomingHttpHeaders
}

describe.skipIf(!hasChromium)("redirects of secret-carrying requests in Chromium", () => {
  let emulator: RunningEmulator
  let browser: Browser
  let page: Page
  let sink: Server
  let sinkOrigin = ""
  let pageDir = ""
  const received: Array<Received> = []
  const errors: Array<string> = []

  beforeAll(async () => {
    // the sink: another origin that accepts anything (as an attacker's server would), and records it
    sink = createServer((req, res) => {
      received.push({ method: req.method!, path: req.url!, headers: req.headers })
      res
        .writeHead(req.method === "OPTIONS" ? 204 : 200, {
          "access-control-allow-origin": req.headers.origin ?? "*",
          "access-control-allow-credentials": "true",
          "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE",
          "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
          "content-type": "application/json"
        })
        .end(req.method === "OPTIONS" ? undefined : "{}")
    })
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve))
    sinkOrigin = `http://127.0.0.1:${(sink.address() as AddressInfo).port}`

    pageDir = await writeBundledPage(new URL("./redirectPage.ts", import.meta.url), "redirect")
    emulator = await startEmulator({ staticDir: pageDir })
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
    page = await (await browser.newContext()).newPage()
    page.setDefaultTimeout(15_000)
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(`${emulator.wwwOrigin}/redirect-test`)
    await page.waitForFunction(() => typeof window.redirectProbe === "function")
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await emulator?.close()
    await new Promise((resolve) => sink?.close(resolve))
    if (pageDir !== "") rmSync(pageDir, { recursive: true, force: true })
  })

  const probeUrl = (name: string) =>
    `${emulator.origin}${redirectProbePath}?to=${encodeURIComponent(`${sinkOrigin}/${name}`)}`

  const probe = (input: ProbeInput) => page.evaluate((i) => window.redirectProbe(i), input) as Promise<ProbeOutcome>

  const logged = (name: string) =>
    emulator.state.log
      .since(0)
      .entries.filter(
        (e) =>
          e.method !== "OPTIONS" &&
          e.url.startsWith(redirectProbePath) &&
          e.url.includes(encodeURIComponent(`/${name}`))
      )
      .map((e) => [e.method, e.status, e.requestHeaders["x-csrf-token"] !== undefined])

  it("control: the page's own fetch follows the 307 and hands the sink the anti-forgery token", async () => {
    received.length = 0
    const token = await page.evaluate(async (url) => {
      const first = await fetch(url, { method: "POST", credentials: "include", headers: { "x-csrf-token": "none" } })
      const fresh = first.headers.get("x-csrf-token")!
      await fetch(url, { method: "POST", credentials: "include", headers: { "x-csrf-token": fresh }, body: "{}" })
      return fresh
    }, probeUrl("control"))
    const posts = received.filter((r) => r.method === "POST")
    assert.deepStrictEqual(
      posts.map((r) => [r.path, r.headers["x-csrf-token"]]),
      [["/control", token]]
    )
  })

  it("the library: the POST carrying the token stops at the redirect (RedirectError); the sink receives nothing", async () => {
    received.length = 0
    const outcome = await probe({ config: { baseUrls: emulator.baseUrls }, method: "POST", url: probeUrl("library") })
    assert.deepStrictEqual(received, [])
    const url = probeUrl("library")
    assert.deepStrictEqual(outcome, {
      ok: false,
      tag: "RedirectError",
      status: 0,
      // the message names the URL by the redaction rule (`to` is not a harmless parameter)
      message:
        `Request to ${url.replace(/\?to=.*$/, "?to=[redacted]")} was answered with a redirect, which a request ` +
        "carrying the platform's secrets never follows"
    })
    // the platform got the POST once, with the token the page was served with (the 307)
    assert.deepStrictEqual(logged("library"), [["POST", 307, true]])
    assert.deepStrictEqual(errors, [])
  })

  it("a guest's GET carries no secret and still follows the redirect (nothing secret reaches the sink)", async () => {
    received.length = 0
    const outcome = await probe({ config: { baseUrls: emulator.baseUrls }, method: "GET", url: probeUrl("guest-get") })
    assert.deepStrictEqual(outcome, { ok: true })
    assert.deepStrictEqual(
      received.map((r) => [r.method, r.path]),
      [["GET", "/guest-get"]]
    )
    const names = Object.keys(received[0]!.headers)
    for (const secret of [
      "x-csrf-token",
      "x-platform-token",
      "x-platform-proxy",
      "x-bound-auth-token",
      "rblx-challenge-meta"
    ]) {
      assert.notInclude(names, secret)
    }
  })
})
