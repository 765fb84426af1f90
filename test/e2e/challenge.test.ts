/**
 * The challenge flow in a real Chromium against the emulator over real HTTP, through the challenge playground
 * (test/e2e/playground): a challenged POST opens the hybrid page (with the query the platform's page reads) in the
 * ChallengeHost's frame, the person completes it and the original request succeeds; abandoning and failing surface
 * the typed error; a script-running challenge runs its script in a real dedicated Worker (inside the opaque-origin
 * sandbox: what that script can reach is tested in ./scriptSandbox.test.ts). An independent parent page, written
 * here from the platform's protocol, receives the emulator's page's messages at its exact origin.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { chromium, type Page } from "playwright-core"
import { adminHeaders } from "../../src/emulator/admin/AdminApi.ts"
import { challengeToken } from "../../src/emulator/challenge/store.ts"
import type { RunningEmulator } from "../../src/emulator/Emulator.ts"
import { type AppSession, chromiumArgs, chromiumPath, hasChromium, startApp } from "./browser.ts"
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
      headers: { "content-type": "application/json", ...adminHeaders },
      ...(body === null ? {} : { body: JSON.stringify(body) })
    })

  const frame = () => page.frameLocator("iframe[data-challenge-frame]")
  const outcome = async (state: string) => {
    await page.waitForSelector(`[data-testid=outcome][data-state=${state}]`)
    return page.textContent("[data-testid=outcome]")
  }
  const log = (fragment: string) =>
    emulator.state.log
      .since(0)
      .entries.filter((e) => e.method !== "OPTIONS" && e.url.includes(fragment))
      .map((e) => [e.status, e.verdicts.filter((v) => v.startsWith("challenge"))] as const)

  it("a challenged POST: the person completes the challenge in the frame and the original request succeeds", async () => {
    await admin(null)
    emulator.state.log.clear()
    await page.click("[data-testid=follow]")
    await page.waitForSelector("[role=dialog][data-modal-type='4']:not([hidden]) iframe[data-challenge-frame]")
    assert.strictEqual(await frame().locator("[data-testid=challenge-type]").textContent(), "captcha")
    assert.strictEqual(await frame().locator("[data-testid=challenge-action]").textContent(), "FollowUser")
    // the frame as the platform's pages make it, loading the page with the query the platform's page reads
    const element = page.locator("iframe[data-challenge-frame]")
    assert.deepStrictEqual(
      [
        await element.getAttribute("id"),
        await element.getAttribute("allow"),
        await element.evaluate((f) => f.style.visibility)
      ],
      ["challenge-frame", "publickey-credentials-get; publickey-credentials-create", "visible"]
    )
    const src = new URL((await element.getAttribute("src"))!)
    assert.strictEqual(`${src.origin}${src.pathname}`, `${emulator.wwwOrigin}/challenge/cdn/hybrid`)
    assert.deepStrictEqual(
      [
        "challenge-type",
        "dark-mode",
        "barista-mode",
        "app-type",
        "generic-challenge-type",
        "origin",
        "parent-origin"
      ].map((key) => src.searchParams.get(key)),
      ["generic", "true", "true", "unknown", "captcha", "", emulator.wwwOrigin]
    )
    const metadata = JSON.parse(
      Buffer.from(src.searchParams.get("challenge-metadata-json")!, "base64url").toString("utf8")
    )
    assert.strictEqual(metadata.actionType, "FollowUser")
    assert.match(src.searchParams.get("challenge-metadata-json")!, /^[A-Za-z0-9_-]+$/)
    await frame().locator("[data-testid=challenge-complete]").click()
    assert.strictEqual(await outcome("done"), "Follow user 2: done")
    await page.waitForSelector("[role=dialog]", { state: "hidden" })
    assert.strictEqual(await page.locator("iframe[data-challenge-frame]").count(), 0)
    const follows = log("/follow")
    // the POST carries the page's CSRF token (<meta name="csrf-token">): challenged at once, then redeemed
    assert.deepStrictEqual(
      follows.map(([status]) => status),
      [403, 200]
    )
    assert.match(follows[0]![1].join(), /^challenge issued ch-\d+-\d+ \(captcha\)$/)
    assert.match(follows[1]![1].join(), /^challenge redeemed ch-/)
    assert.deepStrictEqual(
      log("/challenge/v1/continue").map(([status]) => status),
      [200]
    )
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
    assert.deepStrictEqual(
      log("/wall/posts")
        .map(([status]) => status)
        .at(-1),
      403
    )
    assert.deepStrictEqual(log("/challenge/v1/continue"), [])
  })

  it("failing the challenge in the page surfaces kind invalidated with the page's message", async () => {
    await admin(null)
    emulator.state.log.clear()
    await page.click("[data-testid=wall-post]")
    await frame().locator("[data-testid=challenge-fail]").click()
    assert.strictEqual(
      await outcome("failed"),
      "ChallengeError invalidated: The person failed the challenge. (Unknown error occured, please try again.)"
    )
    await page.waitForSelector("[role=dialog]", { state: "hidden" })
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
    assert.deepStrictEqual(
      log("/challenge/v1/continue").map(([status]) => status),
      [200, 200]
    )
  })

  it("a script-running challenge runs its script in a dedicated Worker, with no challenge frame", async () => {
    await admin({ rules: [{ method: "POST", path: "/friends/v1/users/*/follow", type: "ScriptRunning" }] })
    emulator.state.log.clear()
    await page.click("[data-testid=follow]")
    assert.strictEqual(await outcome("done"), "Follow user 2: done")
    const paths = emulator.state.log
      .since(0)
      .entries.filter((e) => e.server === "api" && e.method !== "OPTIONS")
      .map((e) => `${e.status} ${e.url}`)
    assert.includeMembers(paths, [
      "200 /challenge/v1/initSession",
      "200 /challenge/v1/submit",
      "200 /challenge/v1/redeemSession",
      "200 /challenge/v1/continue",
      "200 /friends/v1/users/2/follow"
    ])
    await admin(null)
  })

  /**
   * A minimal parent page written here from the platform's protocol (not with this library), served by its own
   * small HTTP server: it frames the emulator's page with the platform page's query and records every message it
   * receives.
   */
  describe("an independent parent", () => {
    const metadata = { unifiedCaptchaId: "uc-?>?>", dataExchangeBlob: "~~~>>>", actionType: "FollowUser" }
    let server: Server
    let parentOrigin: string

    const parentHtml = (src: string) =>
      `<!doctype html><html><body><script>
window.received = [];
window.addEventListener("message", function (event) {
  var frame = document.getElementById("challenge-frame");
  window.received.push({ origin: event.origin, fromFrame: event.source === frame.contentWindow, data: event.data });
});
</script><iframe id="challenge-frame" src="${src.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}" style="width:800px;height:600px"></iframe></body></html>`

    beforeAll(async () => {
      server = createServer((request, response) => {
        const src = new URL(request.url ?? "/", "http://parent").searchParams.get("src") ?? ""
        response.writeHead(200, { "content-type": "text/html" }).end(parentHtml(src))
      })
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
      parentOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    })

    afterAll(async () => {
      await new Promise((resolve) => server?.close(resolve))
    })

    /** The page's URL as the platform's parent builds it, for a parent at `origin`. */
    const pageSrc = (id: string, origin: string, challengeType = "generic") =>
      `${emulator.wwwOrigin}/challenge/cdn/hybrid?${new URLSearchParams([
        ["challenge-type", challengeType],
        ["dark-mode", "true"],
        ["barista-mode", "true"],
        ["app-type", "unknown"],
        ["generic-challenge-type", "captcha"],
        ["generic-challenge-id", id],
        // URL-safe base64; the padding and the space are characters the page deletes before decoding
        ["challenge-metadata-json", `${Buffer.from(JSON.stringify(metadata)).toString("base64url")}== `],
        ["origin", ""],
        ["parent-origin", origin]
      ]).toString()}`

    const openParent = async (id: string, options: { readonly challengeType?: string } = {}) => {
      const parent = await app.context.newPage()
      parent.setDefaultTimeout(10_000)
      await parent.goto(
        `${parentOrigin}/parent?src=${encodeURIComponent(pageSrc(id, parentOrigin, options.challengeType))}`
      )
      const challengeFrame = parent.frameLocator("#challenge-frame")
      await challengeFrame.locator("[data-testid=challenge-status]").waitFor({ state: "attached" })
      return { parent, challengeFrame }
    }

    const received = (parent: Page) =>
      parent.evaluate(() => (window as unknown as { received: Array<unknown> }).received)
    const frameSearch = (parent: Page) =>
      parent
        .frames()
        .find((f) => f.url().startsWith(emulator.wwwOrigin))!
        .evaluate(() => location.search)
    /** The messages of a page showing its challenge, as the parent receives them. */
    const shown = () => [
      {
        origin: emulator.wwwOrigin,
        fromFrame: true,
        data: { genericChallengeResponse: { type: "challengeDisplayed", data: { displayed: true } } }
      },
      {
        origin: emulator.wwwOrigin,
        fromFrame: true,
        data: { genericChallengeResponse: { type: "challengeInitialized", data: { initialized: true } } }
      }
    ]

    it("completing: displayed, initialized, completed { challengeType, metadata } at its exact origin; the page's query is gone", async () => {
      const { challengeFrame, parent } = await openParent("ch-parent-1", { challengeType: "gen-eric" })
      assert.strictEqual(await challengeFrame.locator("[data-testid=challenge-action]").textContent(), "FollowUser")
      await challengeFrame.locator("[data-testid=challenge-complete]").click()
      await parent.waitForFunction(() => (window as unknown as { received: Array<unknown> }).received.length >= 3)
      assert.deepStrictEqual(await received(parent), [
        ...shown(),
        {
          origin: emulator.wwwOrigin,
          fromFrame: true,
          data: {
            genericChallengeResponse: {
              type: "challengeCompleted",
              data: {
                challengeType: "captcha",
                metadata: {
                  challengeToken: challengeToken(emulator.state.options.seed, "ch-parent-1"),
                  requestFollowUp: false
                }
              }
            }
          }
        }
      ])
      assert.strictEqual(await frameSearch(parent), "")
      await parent.close()
    })

    it("abandoning is challengeInvalidated { abandoned: true }; failing carries challengeType, errorCode, errorMessage", async () => {
      const outcomes: Array<unknown> = []
      for (const button of ["challenge-abandon", "challenge-fail"]) {
        const { challengeFrame, parent } = await openParent(`ch-${button}`)
        await challengeFrame.locator(`[data-testid=${button}]`).click()
        await parent.waitForFunction(() => (window as unknown as { received: Array<unknown> }).received.length >= 3)
        const messages = (await received(parent)) as Array<{ origin: string; fromFrame: boolean; data: unknown }>
        assert.deepStrictEqual(messages.slice(0, 2), shown())
        assert.deepStrictEqual(
          [messages.length, messages[2]!.origin, messages[2]!.fromFrame],
          [3, emulator.wwwOrigin, true]
        )
        outcomes.push(messages[2]!.data)
        assert.strictEqual(await frameSearch(parent), "")
        await parent.close()
      }
      assert.deepStrictEqual(outcomes, [
        { genericChallengeResponse: { type: "challengeInvalidated", data: { abandoned: true } } },
        {
          genericChallengeResponse: {
            type: "challengeInvalidated",
            data: { challengeType: "captcha", errorCode: 0, errorMessage: "The person failed the challenge." }
          }
        }
      ])
    })

    it("a parent on an origin the emulator does not serve gets nothing, though parent-origin names it exactly", async () => {
      // a host name that is not loopback, resolved to this machine by this browser only
      const foreignBrowser = await chromium.launch({
        executablePath: chromiumPath,
        args: [...chromiumArgs, "--host-resolver-rules=MAP parent.example.test 127.0.0.1"]
      })
      try {
        const parent = await foreignBrowser.newPage()
        parent.setDefaultTimeout(10_000)
        const foreign = `http://parent.example.test:${new URL(parentOrigin).port}`
        await parent.goto(`${foreign}/parent?src=${encodeURIComponent(pageSrc("ch-foreign", foreign))}`)
        const challengeFrame = parent.frameLocator("#challenge-frame")
        assert.strictEqual(
          await challengeFrame.locator("[data-testid=challenge-status]").textContent(),
          "Refusing to talk to this parent: its origin is not one this platform serves."
        )
        assert.isTrue(await challengeFrame.locator("#challenge").isHidden())
        assert.deepStrictEqual(await received(parent), [])
      } finally {
        await foreignBrowser.close()
      }
    })
  })
})
