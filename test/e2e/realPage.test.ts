/**
 * The library on a real page in Chromium, with no configuration. A host-mode emulator serves the site as the
 * platform's domain is served (`https://{service}.{domain}`, the `apis` gateway, `https://www.{domain}` for pages,
 * one certificate), and its page at `https://www.{domain}/` (./realPagePage.ts) holds in its `<head>` only the tags
 * the real site renders; its script runs `browserPlatformLayer()` without a `config`, so everything it knows comes
 * from those tags. Each case opens a new browser context (its own cookies and IndexedDB) that records the messages
 * every window receives; one Chromium and one emulator serve the whole file.
 *
 * 1. The page is served over TLS with exactly the real tags (names and values as the real site writes them).
 * 2. Host mode itself: the configuration those tags mean, given explicitly; sign-in with device attestation binds
 *    the key; a signed GET and POST are verified (TLS, Host routing, CORS with credentials, the domain-wide cookie).
 * 3. `browserPlatformLayer()` reads the tags: the services' base URLs, the user, signing at the real key location.
 * 4. With no config: sign-in with attestation, then a signed GET and POST verified, the POST with the page's token.
 * 5. The anti-forgery re-send: the session's token rotated through the admin API after the page was served; the
 *    signed POST carries the page's token, gets 403 and a fresh token, and is re-sent exactly once with it: the
 *    emulator logs `csrf stale` then `csrf ok`, both `signature verified`; the next POST carries the fresh token.
 * 6. A challenged call (the emulator's default rule: the demo's Follow) completed in the real-protocol challenge
 *    page: the frame (`challenge-frame`, its permissions policy) at `https://www.{domain}/challenge/cdn/hybrid` with
 *    the real query in order (`challenge-type=generic`, …, `generic-challenge-id`, `challenge-metadata-json` in
 *    URL-safe base64 decoding to the issued metadata, `origin=www` and no `parent-origin`); the page posts to exactly
 *    `https://www.{domain}`, and its three messages reach the top page from the frame's window at that origin; the
 *    continue call goes to `https://apis.{domain}/challenge/v1/continue` with the real body; the call is re-sent
 *    once with the three challenge headers and answered 200; every call signed and verified.
 * 7. The same on `https://create.{domain}/` (the real site's case: a sub-domain tool framing www's page):
 *    `origin=create`, the page posts to exactly `https://create.{domain}`, every call signed through the frame.
 * 8. A challenge abandoned in that page (`challengeInvalidated { abandoned: true }`): the call fails with
 *    ChallengeError `abandoned`; no continue call, nothing re-sent.
 * 9. The same page on another sub-domain (`https://create.{domain}/`, signed in on www): the library creates the
 *    hidden frame `hba-frame` at `https://www.{domain}/hba/iframe` and signs its POST through it over the real
 *    protocol (the load handshake, `signSubdomainRequest` with `identifier` and `serializedSubdomainRequestData`,
 *    the `batHeader` answer under the same identifier), recorded word for word in both windows; the emulator
 *    verifies the POST, and the frame's metrics (labelled `create`) carry the page's token from the first.
 */
import { afterAll, assert, beforeAll, beforeEach, describe, it } from "@effect/vitest"
import { rmSync } from "node:fs"
import type { BrowserContext, Frame, FrameLocator, Page, Request } from "playwright-core"
import { adminHeaders } from "../../src/emulator/admin/AdminApi.ts"
import { challengeToken } from "../../src/emulator/challenge/store.ts"
import type { LogEntry } from "../../src/emulator/platform/requestLog.ts"
import { hasChromium, openSite, type SiteSession, writeBundledPage } from "./browser.ts"
import type { CallOutcome, CallsMade, ConfigSeen } from "./realPagePage.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("real page browser tests")

/** The www origin, where the page, the security frame and the challenge page live. */
const www = "https://www.platform.test"

/** The page's URL. */
const pageUrl = `${www}/`

/** The same page on another sub-domain of the site (the creator tools' host). */
const createOrigin = "https://create.platform.test"

/** The follow the emulator challenges (its default rule: the demo's follow). */
const followUrl = "https://friends.platform.test/v1/users/2/follow"

/** The real-protocol challenge page. */
const challengePageUrl = `${www}/challenge/cdn/hybrid`

/** The challenge service's continue call, at the apis gateway. */
const continueUrl = "https://apis.platform.test/challenge/v1/continue"

/** Where the security frame's metrics are posted, as the emulator logs it. */
const metricsPath = "/apis/account-security-service/v1/metrics/record"

/** The emulator's own sub-domain (its admin API). */
const adminUrl = "https://emulator.platform.test/admin"

/** The services' calls among log entries (no preflights): origin, method, path, status, the verdicts `keep` keeps. */
const calls = (entries: ReadonlyArray<LogEntry>, keep: (verdict: string) => boolean = () => true) =>
  entries
    .filter((e) => e.server === "api" && e.method !== "OPTIONS")
    .map((e) => [e.origin, e.method, e.url, e.status, e.verdicts.filter(keep)])

/** The verdicts that are not about the anti-forgery token. */
const notCsrf = (verdict: string) => !verdict.startsWith("csrf")

/** The messages a window received: their origin, which window sent them, their data. */
type Received = ReadonlyArray<{ readonly origin: string; readonly source: string | null; readonly data: any }>

/**
 * The init script of every document (top page and frames): record each message this window receives, with its
 * origin and which window sent it (the id of the iframe of this document whose window it is, `parent`, or null).
 * It only listens: wrapping `postMessage` to see target origins would make this window the messages' sender.
 */
const recordMessages = () => {
  const received: Array<unknown> = []
  ;(window as unknown as { __received: typeof received }).__received = received
  const sourceOf = (source: MessageEventSource | null): string | null => {
    for (const frame of document.querySelectorAll("iframe")) if (frame.contentWindow === source) return frame.id
    return source !== null && source === window.parent && window.parent !== window ? "parent" : null
  }
  window.addEventListener("message", (event) =>
    received.push({ origin: event.origin, source: sourceOf(event.source), data: event.data })
  )
}

/** The messages `frame` (a page or a frame of it) received. */
const received = (frame: Page | Frame): Promise<Received> =>
  frame.evaluate(() => (window as unknown as { __received: Received }).__received)

/** A browser context with its page opened. */
interface Opened {
  readonly context: BrowserContext
  readonly page: Page
  /** The messages of every exception the page threw. */
  readonly errors: Array<string>
  /** Every request the context's documents made, in order. */
  readonly requests: Array<Request>
}

describe.skipIf(!hasChromium)("a real page in Chromium, on a host-mode emulator", () => {
  let site: SiteSession
  let pageDir: string

  beforeAll(async () => {
    pageDir = await writeBundledPage(new URL("./realPagePage.ts", import.meta.url), "real-page")
    site = await openSite({ staticDir: pageDir })
    // build the security frame's script before the frame's 1500 ms load time-out can start counting
    assert.strictEqual((await site.call(`${www}/hba/frame.js`)).status, 200)
  }, 120_000)

  afterAll(async () => {
    await site?.close()
    if (pageDir !== undefined) rmSync(pageDir, { recursive: true, force: true })
  })

  beforeEach(() => site.emulator.state.reset())

  /** A new browser context (its own cookies and IndexedDB) recording every window's messages, with the page opened. */
  const openPage = async (): Promise<Opened> => {
    const context = await site.browser.newContext()
    await context.addInitScript(recordMessages)
    const requests: Array<Request> = []
    context.on("request", (request) => requests.push(request))
    const page = await context.newPage()
    page.setDefaultTimeout(15_000)
    const errors: Array<string> = []
    page.on("pageerror", (error) => errors.push(error.message))
    await page.goto(pageUrl)
    return { context, page, errors, requests }
  }

  it("the page is served over TLS at https://www.{domain}/ with the real tags only", async () => {
    const { context, errors, page } = await openPage()
    const names = await page.evaluate(() =>
      [...document.querySelectorAll("meta[name]")].map((m) => m.getAttribute("name"))
    )
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
      user: { ...document.querySelector<HTMLMetaElement>(`meta[name="user-data"]`)!.dataset },
      environment: { ...document.querySelector<HTMLMetaElement>(`meta[name="environment-meta"]`)!.dataset },
      whitelist: JSON.parse(
        document.querySelector<HTMLMetaElement>(`meta[name="hardware-backed-authentication-data"]`)!.dataset[
          "boundAuthTokenWhitelist"
        ]!
      ),
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
    const signedIn = calls(log, notCsrf).filter(
      (entry) => entry[2] !== "/hba/hba-service/v1/getServerNonce" && entry[2] !== "/hba/v1/sign-in"
    )
    assert.deepStrictEqual(
      signedIn.filter((entry) => entry[3] === 200),
      [
        [www, "GET", "/users/v1/users/authenticated", 200, ["signature verified"]],
        [www, "POST", "/users/v1/users", 200, ["signature verified"]]
      ]
    )
    const signInEntry = log.find((e) => e.url === "/hba/v1/sign-in" && e.status === 200)!
    assert.deepStrictEqual(
      signInEntry.verdicts.filter((v) => !v.startsWith("csrf") && v !== "signature missing"),
      ["attestation verified, key bound", "signed in as u1"]
    )
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
    // the POST carries the page's csrf-token (the signed-in session's, rendered after the reload): no 403 first
    assert.deepStrictEqual(calls(log, notCsrf).slice(-2), [
      [www, "GET", "/users/v1/users/authenticated", 200, ["signature verified"]],
      [www, "POST", "/users/v1/users", 200, ["signature verified"]]
    ])
    assert.deepStrictEqual(
      log
        .filter((e) => e.method === "POST" && e.url === "/users/v1/users")
        .map((e) => e.verdicts.filter((v) => v.startsWith("csrf"))),
      [["csrf ok"]]
    )
    assert.deepStrictEqual(errors, [])
  })

  /** A new context signed in on www with device attestation (no configuration), the page reloaded with its tags. */
  const signedInPage = async (): Promise<Opened> => {
    const opened = await openPage()
    assert.deepStrictEqual(await steps(opened.page, false).signIn(), {
      attested: true,
      answer: { userId: 1, keyBound: true }
    })
    await opened.page.reload()
    return opened
  }

  /** The emulator's log from now on: `take()` gives the entries since this call. */
  const logFromNow = () => {
    const mark = site.emulator.state.log.since(0).lastId
    return { take: () => site.emulator.state.log.since(mark).entries }
  }

  /** The POSTs among `requests`, as `POST url`. */
  const posts = (requests: ReadonlyArray<Request>) =>
    requests.filter((r) => r.method() === "POST").map((r) => `POST ${r.url()}`)

  /** Wait (up to 5 s) until `done` holds, e.g. for what the page sends after the answers the test waited for. */
  const eventually = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 50))
  }

  it("a token rotated after the page was served: the signed POST gets 403 and a new token, is re-sent once, verified", async () => {
    const { context, errors, page, requests } = await signedInPage()
    const servedToken = await page.evaluate(
      () => document.querySelector<HTMLMetaElement>(`meta[name="csrf-token"]`)!.dataset["token"]!
    )
    const log = logFromNow()
    const rotation = await site.call(`${adminUrl}/csrf/rotate`, { method: "POST", headers: adminHeaders })
    // every session's token: the context's before its sign-in (no cookie yet) and after
    assert.deepStrictEqual([rotation.status, JSON.parse(rotation.body)], [200, { rotated: 2 }])
    assert.strictEqual(await page.evaluate(() => window.realPage.lookup()), 3)
    const users = "https://users.platform.test/v1/users"
    assert.deepStrictEqual(posts(requests), [
      "POST https://apis.platform.test/v1/sign-in",
      `POST ${users}`,
      `POST ${users}`
    ])
    assert.deepStrictEqual(calls(log.take()), [
      [www, "POST", "/users/v1/users", 403, ["signature verified", "csrf stale"]],
      [www, "POST", "/users/v1/users", 200, ["signature verified", "csrf ok"]]
    ])
    // the first carries the token the page was served with; the re-send the one the 403 gave
    const [stale, resent] = requests.filter((r) => r.method() === "POST" && r.url() === users)
    const fresh = (await (await stale!.response())!.allHeaders())["x-csrf-token"]!
    assert.match(fresh, /^\w{12}$/)
    assert.notStrictEqual(fresh, servedToken)
    assert.deepStrictEqual(
      [(await stale!.allHeaders())["x-csrf-token"], (await resent!.allHeaders())["x-csrf-token"]],
      [servedToken, fresh]
    )
    // and keeps it: the next POST goes out with it at once
    assert.strictEqual(await page.evaluate(() => window.realPage.lookup()), 3)
    assert.deepStrictEqual(calls(log.take()).slice(2), [
      [www, "POST", "/users/v1/users", 200, ["signature verified", "csrf ok"]]
    ])
    assert.deepStrictEqual(errors, [])
    await context.close()
  })

  /** The challenge page as the follow's challenge opened it in the page's challenge frame. */
  interface ShownChallenge {
    /** The page's URL (the frame's `src`). */
    readonly src: URL
    /** The frame element's id, permissions policy and visibility. */
    readonly element: ReadonlyArray<string | null>
    /** The origin the challenge page's script posts its messages to. */
    readonly targetOrigin: string
    /** The challenge page's document. */
    readonly frame: FrameLocator
  }

  /** Start the page's follow of user 2 (challenged by the emulator); wait until the challenge page shows it. */
  const followChallenged = async (
    page: Page
  ): Promise<{ readonly outcome: Promise<CallOutcome>; readonly shown: ShownChallenge }> => {
    const outcome = page.evaluate(() => window.realPage.follow(2))
    const frame = page.frameLocator("#challenge-frame")
    await frame.locator("[data-testid=challenge-complete]").waitFor({ state: "visible" })
    const element = page.locator("#challenge-frame")
    const challengePage = page.frames().find((f) => f.url().startsWith(`${challengePageUrl}?`))!
    return {
      outcome,
      shown: {
        src: new URL((await element.getAttribute("src"))!),
        element: [
          await element.getAttribute("id"),
          await element.getAttribute("allow"),
          await element.evaluate((f) => f.style.visibility)
        ],
        targetOrigin: await challengePage.evaluate(
          () => JSON.parse(document.getElementById("challenge-config")!.textContent!).targetOrigin
        ),
        frame
      }
    }
  }

  /** The challenge's id and metadata (JSON) from the headers of the follow's 403, as the browser received them. */
  const issuedChallenge = async (requests: ReadonlyArray<Request>) => {
    const challenged = requests.find((r) => r.method() === "POST" && r.url() === followUrl)!
    const headers = (await challenged.response())!.headers()
    return {
      id: headers["rblx-challenge-id"]!,
      type: headers["rblx-challenge-type"]!,
      metadata: JSON.parse(Buffer.from(headers["rblx-challenge-metadata"]!, "base64").toString("utf8"))
    }
  }

  /** The challenge page's messages the top page received (anything carrying `genericChallengeResponse`). */
  const challengeMessages = async (page: Page) =>
    (await received(page)).filter((m) => m.data?.genericChallengeResponse !== undefined)

  /** The challenge page's messages as the top page must receive them: from the challenge frame's window, at www. */
  const fromChallengePage = (...messages: ReadonlyArray<readonly [string, unknown]>) =>
    messages.map(([type, data]) => ({
      origin: www,
      source: "challenge-frame",
      data: { genericChallengeResponse: { type, data } }
    }))

  for (const [origin, label] of [
    [www, "www"],
    [createOrigin, "create"]
  ] as const) {
    it(`a challenged call on ${label}.{domain}: the real challenge page completes it, continue at the apis gateway, the call re-sent once and answered`, async () => {
      const { context, errors, page, requests } = await signedInPage()
      if (origin !== www) await page.goto(`${origin}/`)
      const log = logFromNow()
      const { outcome, shown } = await followChallenged(page)
      const issued = await issuedChallenge(requests)
      assert.match(issued.id, /^ch-\d+-\d+$/)
      assert.strictEqual(issued.type, "captcha")
      assert.deepStrictEqual(issued.metadata, {
        unifiedCaptchaId: `uc-${issued.id}`,
        dataExchangeBlob: Buffer.from(`blob-${issued.id}`).toString("base64"),
        actionType: "FollowUser",
        sharedParameters: { genericChallengeId: `g-${issued.id}` }
      })
      // the frame as the real site's pages make it, at the real page, with the real page's query
      assert.deepStrictEqual(shown.element, [
        "challenge-frame",
        "publickey-credentials-get; publickey-credentials-create",
        "visible"
      ])
      assert.strictEqual(`${shown.src.origin}${shown.src.pathname}`, challengePageUrl)
      const metadataParam = shown.src.searchParams.get("challenge-metadata-json")!
      assert.deepStrictEqual(
        [...shown.src.searchParams],
        [
          ["challenge-type", "generic"],
          ["dark-mode", "true"],
          ["barista-mode", "true"],
          ["app-type", "unknown"],
          ["generic-challenge-type", "captcha"],
          ["generic-challenge-id", issued.id],
          ["challenge-metadata-json", metadataParam],
          // the page's sub-domain label: the challenge page posts to https://{label}.{domain}, this page, so no parent-origin
          ["origin", label]
        ]
      )
      assert.match(metadataParam, /^[A-Za-z0-9_-]+$/)
      assert.deepStrictEqual(JSON.parse(Buffer.from(metadataParam, "base64url").toString("utf8")), issued.metadata)
      assert.strictEqual(shown.targetOrigin, origin)

      await shown.frame.locator("[data-testid=challenge-complete]").click()
      assert.deepStrictEqual(await outcome, { outcome: "done", answer: { success: true, isCaptchaRequired: false } })
      const answer = {
        challengeToken: challengeToken(site.emulator.state.options.seed, issued.id),
        requestFollowUp: false
      }
      assert.deepStrictEqual(
        await challengeMessages(page),
        fromChallengePage(
          ["challengeDisplayed", { displayed: true }],
          ["challengeInitialized", { initialized: true }],
          ["challengeCompleted", { challengeType: "captcha", metadata: answer }]
        )
      )
      assert.strictEqual(await page.locator("#challenge-frame").count(), 0)

      // the browser's side: the follow, the page, continue at the gateway, the follow once more with the challenge's headers
      const flow = requests.filter((r) =>
        [followUrl, continueUrl, challengePageUrl].includes(r.url().replace(/\?.*$/, ""))
      )
      assert.deepStrictEqual(
        flow.map((r) => `${r.method()} ${r.url().replace(/\?.*$/, "")}`),
        [`POST ${followUrl}`, `GET ${challengePageUrl}`, `POST ${continueUrl}`, `POST ${followUrl}`]
      )
      assert.deepStrictEqual(JSON.parse(flow[2]!.postData()!), {
        challengeID: `g-${issued.id}`,
        challengeType: "captcha",
        challengeMetadata: JSON.stringify(answer)
      })
      const resent = await flow[3]!.allHeaders()
      assert.deepStrictEqual(
        [
          resent["rblx-challenge-id"],
          resent["rblx-challenge-type"],
          JSON.parse(Buffer.from(resent["rblx-challenge-metadata"]!, "base64").toString("utf8"))
        ],
        [issued.id, "captcha", answer]
      )
      // the emulator's side: each call signed (on create, through the security frame) and verified, with the page's token
      assert.deepStrictEqual(
        calls(log.take()).filter((c) => c[2] !== metricsPath),
        [
          [
            origin,
            "POST",
            "/friends/v1/users/2/follow",
            403,
            ["signature verified", "csrf ok", `challenge issued ${issued.id} (captcha)`]
          ],
          [
            origin,
            "POST",
            "/challenge/v1/continue",
            200,
            ["signature verified", "csrf ok", `challenge completed ${issued.id}`]
          ],
          [
            origin,
            "POST",
            "/friends/v1/users/2/follow",
            200,
            ["signature verified", "csrf ok", `challenge redeemed ${issued.id}`]
          ]
        ]
      )
      assert.deepStrictEqual(errors, [])
      await context.close()
    })
  }

  it("a challenge abandoned in the real challenge page: ChallengeError abandoned, nothing re-sent, no continue", async () => {
    const { context, errors, page, requests } = await signedInPage()
    const log = logFromNow()
    const { outcome, shown } = await followChallenged(page)
    const issued = await issuedChallenge(requests)
    await shown.frame.locator("[data-testid=challenge-abandon]").click()
    assert.deepStrictEqual(await outcome, {
      outcome: "failed",
      error: { tag: "ChallengeError", reason: "abandoned", detail: "The challenge was abandoned." }
    })
    assert.deepStrictEqual(
      await challengeMessages(page),
      fromChallengePage(
        ["challengeDisplayed", { displayed: true }],
        ["challengeInitialized", { initialized: true }],
        ["challengeInvalidated", { abandoned: true }]
      )
    )
    assert.strictEqual(await page.locator("#challenge-frame").count(), 0)
    assert.deepStrictEqual(posts(requests), ["POST https://apis.platform.test/v1/sign-in", `POST ${followUrl}`])
    assert.deepStrictEqual(calls(log.take()), [
      [
        www,
        "POST",
        "/friends/v1/users/2/follow",
        403,
        ["signature verified", "csrf ok", `challenge issued ${issued.id} (captcha)`]
      ]
    ])
    assert.deepStrictEqual(errors, [])
    await context.close()
  })

  it("a page on another sub-domain signs through the real security frame on www; the emulator verifies it", async () => {
    const { context, errors, page, requests } = await signedInPage()
    const log = logFromNow()
    // the same page, served at https://create.{domain}/ to the same session (the cookie is the whole domain's)
    await page.goto(`${createOrigin}/`)
    assert.strictEqual(await page.evaluate(() => window.realPage.lookup()), 3)

    // the hidden frame as the real site's sub-domain pages make it
    const iframe = await page.evaluate(() => {
      const element = document.getElementById("hba-frame") as HTMLIFrameElement
      const style = getComputedStyle(element)
      return [element.src, style.position, style.width, style.height, style.zIndex]
    })
    assert.deepStrictEqual(iframe, [`${www}/hba/iframe`, "fixed", "0px", "0px", "-1"])
    // the real protocol, both ways: load handshake, then one signing request and its answer under the same identifier
    const frame = page.frames().find((f) => f.url() === `${www}/hba/iframe`)!
    const toFrame = await received(frame)
    const identifier = toFrame[1]?.data.identifier as string
    assert.match(identifier, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    assert.deepStrictEqual(toFrame, [
      { origin: createOrigin, source: "parent", data: { msg: "checkLoadedRequest" } },
      {
        origin: createOrigin,
        source: "parent",
        data: {
          msg: "signSubdomainRequest",
          identifier,
          serializedSubdomainRequestData: JSON.stringify({
            url: "https://users.platform.test/v1/users",
            requestInit: { method: "POST", body: JSON.stringify({ userIds: [1, 2, 3] }) }
          })
        }
      }
    ])
    const toPage = await received(page)
    const token = toPage[1]?.data.data.batHeader["x-bound-auth-token"] as string
    assert.match(token, /^v1\|[A-Za-z0-9+/]{43}=\|\d+\|[A-Za-z0-9+/]{86}==\|[A-Za-z0-9+/]{86}==$/)
    assert.deepStrictEqual(toPage, [
      { origin: www, source: "hba-frame", data: { msg: "dataFromHbaFrame", data: { type: "loaded" } } },
      {
        origin: www,
        source: "hba-frame",
        data: {
          msg: "dataFromHbaFrame",
          data: { type: "batHeader", identifier, batHeader: { "x-bound-auth-token": token } }
        }
      }
    ])
    // the POST carries the frame's token and the page's anti-forgery token
    const post = requests.find(
      (r) =>
        r.method() === "POST" && r.url() === "https://users.platform.test/v1/users" && r.frame() === page.mainFrame()
    )
    assert.strictEqual((await post!.allHeaders())["x-bound-auth-token"], token)

    // the emulator: the frame served on www to the signed-in session; the POST verified; the frame's metrics, with the
    // page's token from the first (labelled with the page's sub-domain)
    await eventually(() => log.take().filter((e) => e.url === metricsPath).length >= 2)
    const entries = log.take()
    assert.deepStrictEqual(
      entries.filter((e) => e.server === "www" && e.url === "/hba/iframe").map((e) => [e.userId, e.status]),
      [[1, 200]]
    )
    const served = calls(entries)
    assert.deepStrictEqual(
      served.filter((c) => c[2] === "/users/v1/users"),
      [[createOrigin, "POST", "/users/v1/users", 200, ["signature verified", "csrf ok"]]]
    )
    assert.deepStrictEqual(served.filter((c) => c[2] !== "/users/v1/users").sort(), [
      [createOrigin, "POST", metricsPath, 200, ["signature missing", "csrf ok", "metric load_time_hba_frame"]],
      [createOrigin, "POST", metricsPath, 200, ["signature missing", "csrf ok", "metric response_time_hba_frame"]]
    ])
    assert.deepStrictEqual(
      site.emulator.state.hba
        .metrics()
        .map((m) => [m.name, m.labelValues])
        .sort(),
      [
        ["load_time_hba_frame", { origin_site: "create" }],
        ["response_time_hba_frame", { origin_site: "create" }]
      ]
    )
    assert.deepStrictEqual(errors, [])
    await context.close()
  })
})
