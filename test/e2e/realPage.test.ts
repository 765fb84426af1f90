/**
 * A real page in Chromium: a host-mode emulator serves the site as the platform's domain is served
 * (`https://{service}.{domain}`, the `apis` gateway, `https://www.{domain}` for pages, one certificate), and a
 * page at `https://www.{domain}/` whose `<head>` holds only the tags the real site renders runs the library with
 * no configuration (`browserPlatformLayer()`): it learns the services' base URLs from `environment-meta`, the
 * user from `user-data`, signing from `hardware-backed-authentication-data` and the anti-forgery token from
 * `csrf-token`, signs in with device attestation, then makes a signed GET and POST that the emulator answers and
 * verifies.
 *
 * The same flow with the configuration those tags mean given explicitly shows the emulator's host mode on its
 * own: TLS, Host routing, CORS with credentials across sub-domains, the session cookie of the whole domain, and
 * signatures checked against the https URLs the page called.
 */
import { afterAll, assert, beforeAll, beforeEach, describe, it } from "@effect/vitest"
import { rmSync } from "node:fs"
import type { BrowserContext, Page } from "playwright-core"
import type { LogEntry } from "../../src/emulator/platform/requestLog.ts"
import { hasChromium, openSite, type SiteSession, writeBundledPage } from "./browser.ts"
import type { CallsMade, ConfigSeen } from "./realPagePage.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("real page browser tests")

/** The page's URL. */
const pageUrl = "https://www.platform.test/"

/** The log entries of the page's calls: origin, method, path, status, the verdicts that are not about CSRF. */
const calls = (entries: ReadonlyArray<LogEntry>) =>
  entries
    .filter((e) => e.server === "api" && e.method !== "OPTIONS")
    .map((e) => [e.origin, e.method, e.url, e.status, e.verdicts.filter((v) => !v.startsWith("csrf"))])

describe.skipIf(!hasChromium)("a real page in Chromium, on a host-mode emulator", () => {
  let site: SiteSession
  let pageDir: string

  beforeAll(async () => {
    pageDir = await writeBundledPage(new URL("./realPagePage.ts", import.meta.url), "real-page")
    site = await openSite({ staticDir: pageDir })
  }, 120_000)

  afterAll(async () => {
    await site?.close()
    if (pageDir !== undefined) rmSync(pageDir, { recursive: true, force: true })
  })

  beforeEach(() => site.emulator.state.reset())

  /** A new browser context (its own cookies and IndexedDB) with the page opened. */
  const openPage = async (): Promise<{ readonly context: BrowserContext; readonly page: Page; readonly errors: Array<string> }> => {
    const context = await site.browser.newContext()
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(pageUrl)
    return { context, page, errors }
  }

  it("the page is served over TLS at https://www.{domain}/ with the real tags only", async () => {
    const { context, errors, page } = await openPage()
    const names = await page.evaluate(() => [...document.querySelectorAll("meta[name]")].map((m) => m.getAttribute("name")))
    assert.deepStrictEqual(names, [
      "user-data",
      "environment-meta",
      "hardware-backed-authentication-data",
      "locale-data",
      "device-meta",
      "page-meta",
      "page-retry-header-enabled",
      "thumbnail-meta-data",
      "performance",
      "csrf-token"
    ])
    const data = await page.evaluate(() => ({
      user: { ...(document.querySelector<HTMLMetaElement>(`meta[name="user-data"]`)!.dataset) },
      environment: { ...(document.querySelector<HTMLMetaElement>(`meta[name="environment-meta"]`)!.dataset) },
      whitelist: JSON.parse(document.querySelector<HTMLMetaElement>(`meta[name="hardware-backed-authentication-data"]`)!.dataset["boundAuthTokenWhitelist"]!),
      token: document.querySelector<HTMLMetaElement>(`body > meta[name="csrf-token"]`)?.dataset["token"]
    }))
    assert.deepStrictEqual(data.user, {
      userid: "1",
      name: "EmuPlayer",
      displayname: "Emu",
      isunder13: "false",
      created: data.user["created"],
      ispremiumuser: "false",
      hasverifiedbadge: "false"
    })
    assert.match(data.user["created"]!, /^\d{1,2}\/\d{1,2}\/\d{4} \d{2}:\d{2}:\d{2}$/)
    assert.deepStrictEqual(data.environment, { domain: "platform.test", isTestingSite: "false" })
    assert.deepStrictEqual(data.whitelist.Whitelist.at(-1), { apiSite: "jQuery", sampleRate: "1000000" })
    assert.match(data.token ?? "", /^\w{12}$/)
    assert.deepStrictEqual(errors, [])
    await context.close()
  })

  /** The page's steps (see realPagePage.ts), each run in the page; `explicit`: given the configuration. */
  const steps = (page: Page, explicit: boolean) => ({
    config: (): Promise<ConfigSeen> => page.evaluate((e) => window.realPage.config(e), explicit),
    signIn: () => page.evaluate((e) => window.realPage.signIn(e), explicit),
    calls: (): Promise<CallsMade> => page.evaluate((e) => window.realPage.calls(e), explicit)
  })

  /**
   * Sign in (attestation, then the emulator's sign-in), reload (the page now carries the signed-in session's tags),
   * then the page's GET and POST. Gives what the page did, and the emulator's log of it.
   */
  const signInAndCall = async (explicit: boolean) => {
    const { context, errors, page } = await openPage()
    const signIn = await steps(page, explicit).signIn()
    await page.reload()
    const made = await steps(page, explicit).calls()
    const cookies = await context.cookies()
    await context.close()
    return { signIn, made, errors, cookies, log: site.emulator.state.log.since(0).entries }
  }

  it("host mode itself: the configuration the tags mean, given explicitly; a signed GET and POST verified", async () => {
    const { cookies, errors, log, made, signIn } = await signInAndCall(true)
    assert.deepStrictEqual(signIn, { attested: true, answer: { userId: 1, keyBound: true } })
    assert.deepStrictEqual(made, { me: 1, users: 3 })
    assert.deepStrictEqual(
      cookies.map((c) => [c.name, c.value, c.domain, c.secure, c.sameSite]),
      [["emu_session", "u1", ".platform.test", true, "Lax"]]
    )
    const www = "https://www.platform.test"
    const signedIn = calls(log).filter((entry) => entry[2] !== "/hba/hba-service/v1/getServerNonce" && entry[2] !== "/hba/v1/sign-in")
    assert.deepStrictEqual(signedIn.filter((entry) => entry[3] === 200), [
      [www, "GET", "/users/v1/users/authenticated", 200, ["signature verified"]],
      [www, "POST", "/users/v1/users", 200, ["signature verified"]]
    ])
    const signInEntry = log.find((e) => e.url === "/hba/v1/sign-in" && e.status === 200)!
    assert.deepStrictEqual(signInEntry.verdicts.filter((v) => !v.startsWith("csrf") && v !== "signature missing"), [
      "attestation verified, key bound",
      "signed in as u1"
    ])
    assert.deepStrictEqual(errors, [])
  })

  it("browserPlatformLayer() reads the real tags: the services' base URLs, the user, signing at the real key location", async () => {
    const { context, page } = await openPage()
    const config = await steps(page, false).config()
    await context.close()
    assert.deepStrictEqual(config, {
      user: { id: 1, name: "EmuPlayer", displayName: "Emu", authenticated: true },
      baseUrls: {
        www: "https://www.platform.test",
        users: "https://users.platform.test",
        hba: "https://apis.platform.test",
        challenge: "https://apis.platform.test/challenge"
      },
      signing: { enabled: true, databaseName: "hbaDB", storeName: "hbaObjectStore", keyName: "hba_keys" }
    })
  })

  it("browserPlatformLayer() with no config: signs in, then a signed GET and POST the emulator verifies", async () => {
    const { errors, log, made, signIn } = await signInAndCall(false)
    assert.deepStrictEqual(signIn, { attested: true, answer: { userId: 1, keyBound: true } })
    assert.deepStrictEqual(made, { me: 1, users: 3 })
    const www = "https://www.platform.test"
    // the POST carries the page's csrf-token (the signed-in session's, rendered after the reload): no 403 first
    assert.deepStrictEqual(calls(log).slice(-2), [
      [www, "GET", "/users/v1/users/authenticated", 200, ["signature verified"]],
      [www, "POST", "/users/v1/users", 200, ["signature verified"]]
    ])
    assert.deepStrictEqual(log.filter((e) => e.method === "POST" && e.url === "/users/v1/users").map((e) => e.verdicts.filter((v) => v.startsWith("csrf"))), [
      ["csrf ok"]
    ])
    assert.deepStrictEqual(errors, [])
  })
})
