/**
 * The script-running challenge's sandbox in a real Chromium (src/core/browser/scriptSandbox.ts): the emulator
 * sends a script-running challenge (`chef`) whose script, besides computing its answer, tries everything a script
 * with the page's origin could do: open the page's IndexedDB and sign with the non-extractable key stored there,
 * read the page's caches, reach the page through a BroadcastChannel, and send requests with credentials to the
 * page's own origin and to the services (a mutating one included). The page is signed in with an HttpOnly session
 * cookie.
 *
 * The script reports what it found in a request of its own; the emulator's request log tells which requests
 * carried the session cookie. The challenge must still complete and the original request be re-sent exactly once.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import type { Page } from "playwright-core"
import { adminHeaders } from "../../src/emulator/admin/AdminApi.ts"
import type { RunningEmulator } from "../../src/emulator/Emulator.ts"
import type { LogEntry } from "../../src/emulator/platform/requestLog.ts"
import { sessionCookie } from "../../src/emulator/platform/session.ts"
import { type AppSession, hasChromium, startApp } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("script sandbox browser tests")

/** Where the page keeps its signing key (the library's defaults). */
const keyLocation = { database: "hbaDB", store: "hbaObjectStore", key: "hbaCryptoKeys" }

/** The signed-in user of the page's session cookie. */
const signedInUser = 42

/**
 * The challenge script: probes everything, reports it to `{api}/sandbox-probe/report?r=…`, then answers 42.
 * Each probe records what happened, in words, so the report reads as a list of what the script could reach.
 */
const probeScript = (www: string, api: string) => `
var probes = {};
function settle(promise) {
  return promise.then(function (v) { return v; }, function (e) { return "threw " + (e && e.name); });
}
function probeIndexedDb() {
  return new Promise(function (resolve) {
    try {
      var open = indexedDB.open(${JSON.stringify(keyLocation.database)});
      open.onerror = function () { resolve("open failed: " + (open.error && open.error.name)); };
      open.onsuccess = function () {
        try {
          var get = open.result.transaction(${JSON.stringify(keyLocation.store)}).objectStore(${JSON.stringify(keyLocation.store)})
            .get(${JSON.stringify(keyLocation.key)});
          get.onerror = function () { resolve("opened, read failed"); };
          get.onsuccess = function () {
            var pair = get.result;
            if (!pair) return resolve("opened, no key");
            crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, new Uint8Array([1, 2, 3])).then(
              function () { resolve("SIGNED WITH THE PAGE'S KEY"); },
              function (e) { resolve("key read, signing failed: " + e.name); });
          };
        } catch (e) { resolve("opened, " + e.name); }
      };
    } catch (e) { resolve("threw " + e.name); }
  });
}
function request(url, init) {
  return settle(fetch(url, Object.assign({ credentials: "include" }, init)).then(function (r) { return "answered " + r.status; }));
}
var challengeAnswer = async function () {
  probes.origin = String(self.origin);
  probes.indexedDB = await probeIndexedDb();
  probes.caches = typeof caches === "undefined" ? "no caches" : await settle(caches.keys().then(function (k) { return "listed " + k.length; }));
  probes.window = typeof window + "/" + typeof document + "/" + typeof parent + "/" + typeof localStorage;
  try { new BroadcastChannel("page-channel").postMessage("from the sandbox"); probes.broadcast = "posted"; }
  catch (e) { probes.broadcast = "threw " + e.name; }
  probes.pageRequest = await request(${JSON.stringify(`${www}/hba/iframe?sandboxProbe=1`)});
  probes.serviceRequest = await request(${JSON.stringify(`${api}/sandbox-probe/api`)});
  probes.mutation = await request(${JSON.stringify(`${api}/friends/v1/users/3/follow?sandboxProbe=1`)}, { method: "POST", body: "x" });
  await settle(fetch(${JSON.stringify(`${api}/sandbox-probe/report?r=`)} + encodeURIComponent(JSON.stringify(probes))));
  return 6 * 7;
};
`

describe.skipIf(!hasChromium)("the script sandbox in Chromium", () => {
  let app: AppSession
  let emulator: RunningEmulator
  let page: Page
  const workers: Array<string> = []

  beforeAll(async () => {
    // without the cookie a request is a guest: the log tells cookie-carrying requests apart by their user
    app = await startApp("test/e2e/playground/vite.config.ts", { defaultUserId: null })
    ;({ emulator, page } = app)
    await app.context.addCookies([
      {
        name: sessionCookie,
        value: `u${signedInUser}`,
        domain: "127.0.0.1",
        path: "/",
        httpOnly: true,
        sameSite: "Lax"
      }
    ])
    page.setDefaultTimeout(15_000)
    page.on("worker", (worker) => workers.push(worker.url()))
    await page.goto(emulator.wwwOrigin)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  const entries = (): ReadonlyArray<LogEntry> =>
    emulator.state.log.since(0).entries.filter((e) => e.method !== "OPTIONS")

  it("the script cannot open the page's IndexedDB, use its key, or send the session cookie; the challenge completes", async () => {
    // the page's own signing key, non-extractable, where the library keeps it; and a channel the page listens on
    await page.evaluate(async (location) => {
      const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"])
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(location.database, 1)
        open.onupgradeneeded = () => open.result.createObjectStore(location.store)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const tx = open.result.transaction(location.store, "readwrite")
          tx.objectStore(location.store).put(pair, location.key)
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
        }
      })
      const heard: Array<unknown> = []
      new BroadcastChannel("page-channel").onmessage = (event) => heard.push(event.data)
      ;(globalThis as unknown as { heard: Array<unknown> }).heard = heard
    }, keyLocation)

    await fetch(`${emulator.adminUrl}/challenges`, {
      method: "PUT",
      headers: { "content-type": "application/json", ...adminHeaders },
      body: JSON.stringify({
        rules: [
          {
            method: "POST",
            path: "/friends/v1/users/2/follow",
            type: "chef",
            useContinueMode: true,
            script: probeScript(emulator.wwwOrigin, emulator.origin)
          }
        ]
      })
    })
    emulator.state.log.clear()

    await page.click("[data-testid=follow]")
    await page.waitForSelector("[data-testid=outcome][data-state=done]")
    assert.strictEqual(await page.textContent("[data-testid=outcome]"), "Follow user 2: done")

    // the original request (with the page's anti-forgery token): challenged once, re-sent exactly once, every time
    // with the page's session
    const follows = entries().filter((e) => e.url.startsWith("/friends/v1/users/2/follow"))
    const verdict = (e: LogEntry) =>
      (e.verdicts.find((v) => v.startsWith("challenge")) ?? e.verdicts.find((v) => v.startsWith("csrf")))?.replace(
        / ch-\S+/,
        ""
      )
    assert.deepStrictEqual(
      follows.map((e) => [e.status, e.userId, e.requestHeaders["rblx-challenge-id"] !== undefined, verdict(e)]),
      [
        [403, signedInUser, false, "challenge issued (chef)"],
        [200, signedInUser, true, "challenge redeemed"]
      ]
    )
    assert.deepStrictEqual(
      entries()
        .filter((e) => e.url === "/challenge/v1/continue")
        .map((e) => [e.status, e.userId]),
      [[200, signedInUser]]
    )

    // what the script found
    const report = entries().find((e) => e.url.startsWith("/sandbox-probe/report?"))
    assert.isDefined(report, "the script reported")
    const probes = JSON.parse(new URL(report!.url, emulator.origin).searchParams.get("r")!) as Record<string, string>
    console.log(`script sandbox: what the challenge script could reach: ${JSON.stringify(probes)}`)
    assert.deepStrictEqual(probes, {
      origin: "null",
      indexedDB: "threw SecurityError",
      caches: "no caches",
      window: "undefined/undefined/undefined/undefined",
      broadcast: "posted",
      pageRequest: "threw TypeError",
      serviceRequest: "threw TypeError",
      mutation: "threw TypeError"
    })

    // every request the script made: from the opaque origin, without the session cookie (a guest)
    const fromScript = entries().filter((e) => e.url.startsWith("/sandbox-probe/") || e.url.includes("sandboxProbe=1"))
    assert.deepStrictEqual(
      fromScript.map((e) => [e.server, e.url.split("?")[0], e.origin, e.userId, e.requestHeaders["cookie"]]),
      [
        ["www", "/hba/iframe", "null", null, undefined],
        ["api", "/sandbox-probe/api", "null", null, undefined],
        ["api", "/friends/v1/users/3/follow", "null", null, undefined],
        ["api", "/sandbox-probe/report", "null", null, undefined]
      ]
    )

    // the page heard nothing on its channel; the script ran in a worker of an opaque origin
    assert.deepStrictEqual(await page.evaluate(() => (globalThis as unknown as { heard: Array<unknown> }).heard), [])
    assert.isAbove(workers.length, 0)
    for (const url of workers) assert.match(url, /^blob:null\//)
    // the sandbox frame is gone; the page itself still opens its database and signs with its key
    assert.strictEqual(await page.locator("iframe[data-script-sandbox]").count(), 0)
    assert.strictEqual(
      await page.evaluate(
        (location) =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open(location.database, 1)
            open.onsuccess = () => {
              const get = open.result.transaction(location.store).objectStore(location.store).get(location.key)
              get.onsuccess = () =>
                crypto.subtle
                  .sign(
                    { name: "ECDSA", hash: "SHA-256" },
                    (get.result as CryptoKeyPair).privateKey,
                    new Uint8Array([1])
                  )
                  .then(
                    () => resolve("signed"),
                    (e: Error) => resolve(e.name)
                  )
            }
          }),
        keyLocation
      ),
      "signed"
    )
    assert.deepStrictEqual(app.errors, [])
  })
})
