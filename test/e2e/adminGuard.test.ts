/**
 * In Chromium: a page the developer visits tries the emulator's admin API, from another loopback port
 * (`http://127.0.0.1:{port}`: same site, another origin) and from another site (`http://evil.test:{port}`, mapped to
 * 127.0.0.1 by the resolver): form POSTs (text/plain, with the JSON-in-a-field trick, and form-encoded) into frames,
 * `no-cors` fetches, a beacon, an image, fetches that need a preflight (the admin header, a JSON body, DELETE, PUT),
 * a read of the request log, and a POST to the emulator's port under the page's own name (DNS rebinding). Every
 * request the browser sends is answered 403 (Chromium's network events show it), every preflighted one fails in the
 * page, the log is not readable, and the emulator's state (the session's token, the fault rules, the request log,
 * the challenge settings) is exactly as before. The control: a page on the emulator's own www origin makes the same
 * change with the admin header, and it happens.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { type Browser, chromium, type Page } from "playwright-core"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { chromiumArgs, chromiumPath, hasChromium } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("admin API guard browser tests")

/** The attacking site's name: the resolver maps it to 127.0.0.1 (so it reaches loopback servers as another site). */
const attackerSite = "evil.test"

/** The attacking page: forms and a script trying the admin API at `admin` (and `rebound`: the emulator's port under the page's own name). */
const attackPage = (admin: string, rebound: string) => `<!doctype html><html><head><meta charset="utf-8"></head><body>
<iframe name="f-rotate"></iframe><iframe name="f-faults"></iframe><iframe name="f-reset"></iframe>
<form id="rotate" method="POST" enctype="text/plain" action="${admin}/csrf/rotate" target="f-rotate"><input name="a" value="b"></form>
<form id="faults" method="POST" enctype="text/plain" action="${admin}/faults" target="f-faults"><input name='{"kind":"status","status":503,"path":"/games/*","x":"' value='"}'></form>
<form id="reset" method="POST" action="${admin}/reset" target="f-reset"><input name="a" value="b"></form>
<script>
const admin = ${JSON.stringify(admin)}
const settle = (promise) => promise.then((r) => "answered " + r.type + " " + r.status, (e) => "failed " + e.name)
// a frame whose form was answered without a page (a 204) never loads: that is an answer too, after 5 s
const loaded = (name) => new Promise((resolve) => {
  document.querySelector('iframe[name="' + name + '"]').addEventListener("load", () => resolve("loaded"), { once: true })
  setTimeout(() => resolve("no page"), 5000)
})
const fault = JSON.stringify({ kind: "status", status: 503, path: "/games/*" })
window.attack = async () => {
  const frames = ["f-rotate", "f-faults", "f-reset"].map(loaded)
  for (const id of ["rotate", "faults", "reset"]) document.getElementById(id).submit()
  return {
    forms: await Promise.all(frames),
    noCorsRotate: await settle(fetch(admin + "/csrf/rotate", { method: "POST", mode: "no-cors", body: "x" })),
    noCorsReset: await settle(fetch(admin + "/reset", { method: "POST", mode: "no-cors" })),
    noCorsFault: await settle(fetch(admin + "/faults", { method: "POST", mode: "no-cors", body: fault })),
    beacon: navigator.sendBeacon(admin + "/requests", "x") ? "queued" : "not queued",
    image: await new Promise((resolve) => {
      const image = new Image()
      image.onload = () => resolve("loaded")
      image.onerror = () => resolve("error")
      image.src = admin + "/page-tags"
    }),
    withHeader: await settle(fetch(admin + "/csrf/rotate", { method: "POST", headers: { "x-emulator-admin": "1" } })),
    json: await settle(fetch(admin + "/faults", { method: "POST", headers: { "content-type": "application/json", "x-emulator-admin": "1" }, body: fault })),
    deleteLog: await settle(fetch(admin + "/requests", { method: "DELETE", headers: { "x-emulator-admin": "1" } })),
    putChallenges: await settle(fetch(admin + "/challenges", { method: "PUT", body: '{"enabled":false}' })),
    readLog: await fetch(admin + "/requests").then((r) => r.text()).then((text) => "read " + text.length, (e) => "failed " + e.name),
    rebound: await settle(fetch(${JSON.stringify(rebound)} + "/reset", { method: "POST", mode: "no-cors" }))
  }
}
</script></body></html>`

/** What every attempt of the page comes to (see the page's script). */
const expectedInPage = {
  forms: ["loaded", "loaded", "loaded"],
  noCorsRotate: "answered opaque 0",
  noCorsReset: "answered opaque 0",
  noCorsFault: "answered opaque 0",
  beacon: "queued",
  image: "error",
  withHeader: "failed TypeError",
  json: "failed TypeError",
  deleteLog: "failed TypeError",
  putChallenges: "failed TypeError",
  readLog: "failed TypeError",
  rebound: "answered opaque 0"
}

describe.skipIf(!hasChromium)("the admin API in Chromium: a page on another origin changes nothing", () => {
  let emulator: RunningEmulator
  let attacker: Server
  let attackerPort = 0
  let browser: Browser

  beforeAll(async () => {
    emulator = await startEmulator()
    attacker = createServer((_request, response) => {
      const admin = `${emulator.origin}/admin`
      const rebound = `http://${attackerSite}:${emulator.port}/admin`
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(attackPage(admin, rebound))
    })
    await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve))
    attackerPort = (attacker.address() as AddressInfo).port
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...chromiumArgs, `--host-resolver-rules=MAP ${attackerSite} 127.0.0.1`]
    })
  }, 60_000)

  afterAll(async () => {
    await browser?.close()
    await emulator?.close()
    await new Promise((resolve) => attacker?.close(resolve))
  })

  /** What an attack could change. */
  const snapshot = async () => ({
    token: emulator.state.csrf.current("default", Date.now()),
    faults: emulator.state.faults.list(),
    log: emulator.state.log.since(0),
    challenges: await fetch(`${emulator.adminUrl}/challenges`).then((answer) => answer.json())
  })

  /** A new page that records the status of every answer from the emulator's port (the frames' included). */
  const recordingPage = async () => {
    const page: Page = await (await browser.newContext()).newPage()
    page.setDefaultTimeout(15_000)
    const answers: Array<string> = []
    page.on("response", (response) => {
      const url = new URL(response.url())
      if (url.port === String(emulator.port)) {
        answers.push(`${response.request().method()} ${url.hostname} ${url.pathname} ${response.status()}`)
      }
    })
    page.on("requestfailed", (request) => {
      const url = new URL(request.url())
      // a frame or a no-cors fetch whose answer was dropped after it came (a 403 already recorded) says ERR_ABORTED
      if (url.port === String(emulator.port) && request.failure()?.errorText !== "net::ERR_ABORTED") {
        answers.push(`${request.method()} ${url.hostname} ${url.pathname} failed ${request.failure()?.errorText}`)
      }
    })
    return { page, answers }
  }

  /** What Chromium's network events say of the page's attempts. */
  const expectedAnswers = [
    // sent and refused: the three forms, the three no-cors fetches, the beacon, the rebinding name (the Host check)
    "POST 127.0.0.1 /admin/csrf/rotate 403",
    "POST 127.0.0.1 /admin/faults 403",
    "POST 127.0.0.1 /admin/reset 403",
    "POST 127.0.0.1 /admin/csrf/rotate 403",
    "POST 127.0.0.1 /admin/reset 403",
    "POST 127.0.0.1 /admin/faults 403",
    "POST 127.0.0.1 /admin/requests 403",
    `POST ${attackerSite} /admin/reset 403`,
    // sent and refused, the answer (JSON) kept from the image by Chromium's Opaque Response Blocking
    "GET 127.0.0.1 /admin/page-tags failed net::ERR_BLOCKED_BY_ORB",
    // CORS failures: the preflight refused (never sent), or the answer unreadable (the log's GET)
    "POST 127.0.0.1 /admin/csrf/rotate failed net::ERR_FAILED",
    "POST 127.0.0.1 /admin/faults failed net::ERR_FAILED",
    "DELETE 127.0.0.1 /admin/requests failed net::ERR_FAILED",
    "PUT 127.0.0.1 /admin/challenges failed net::ERR_FAILED",
    "GET 127.0.0.1 /admin/requests failed net::ERR_FAILED"
  ].sort()

  for (const host of ["127.0.0.1", attackerSite]) {
    it(`a page at http://${host}:{port} tries forms, fetches, a beacon and an image: all refused, state unchanged`, async () => {
      await fetch(`${emulator.baseUrls.games}/v1/games/list`)
      const before = await snapshot()
      const { answers, page } = await recordingPage()
      await page.goto(`http://${host}:${attackerPort}/`)
      const results = await page.evaluate(() => (window as unknown as { attack: () => Promise<unknown> }).attack())
      assert.deepStrictEqual(results, expectedInPage)
      // the beacon is sent after the page's script goes on: wait for every answer
      for (let waited = 0; answers.length < expectedAnswers.length && waited < 50; waited++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      assert.deepStrictEqual([...answers].sort(), expectedAnswers)
      assert.deepStrictEqual(await snapshot(), before)
      await page.context().close()
    }, 60_000)
  }

  it("control: a page on the emulator's own www origin makes the change with the admin header, not without", async () => {
    const before = await snapshot()
    const { page } = await recordingPage()
    await page.goto(emulator.wwwOrigin)
    const rotate = (headers: Record<string, string>) =>
      page.evaluate(
        ([url, h]) =>
          fetch(url, { method: "POST", headers: h }).then(
            async (r) => `${r.status} ${(await r.json()).errors?.[0]?.message ?? "ok"}`
          ),
        [`${emulator.adminUrl}/csrf/rotate`, headers] as const
      )
    assert.match(await rotate({}), /^403 Admin request refused: POST needs the header x-emulator-admin: 1/)
    assert.strictEqual(emulator.state.csrf.current("default", Date.now()), before.token)
    assert.strictEqual(await rotate({ "x-emulator-admin": "1" }), "200 ok")
    assert.notStrictEqual(emulator.state.csrf.current("default", Date.now()), before.token)
    const log = await page.evaluate((url) => fetch(url).then((r) => r.json()), `${emulator.adminUrl}/requests`)
    assert.deepStrictEqual(Object.keys(log as object).sort(), ["entries", "lastId"])
    await page.context().close()
  }, 60_000)
})
