/**
 * The demo's signed requests and its challenged action in a real Chromium, against the emulator over real HTTP:
 * - on start the demo signs in with device attestation, and every later request carries a signature the emulator
 *   verified (in the inspector and in the emulator's request log);
 * - Follow on a friend is challenged: the held 403, the challenge frame (loading the page with the platform page's
 *   query), completing it, the continue call and the one re-sent request, all visible in the inspector; the follow
 *   mutation then refetches the friends list exactly once (one list page, one names lookup, one presence call)
 *   while the cards stay on screen;
 * - abandoning the challenge shows the typed error under the friend, and nothing is refetched;
 * - without attestation (no nonce) the header says why, and the demo keeps going unsigned.
 *
 * One browser and one emulator for the file (test/e2e/browser.ts). With UPDATE_DOCS_SCREENSHOTS=1 the challenge
 * test also writes docs/demo.png.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { fileURLToPath } from "node:url"
import type { LogEntry } from "../../src/emulator/platform/requestLog.ts"
import { type DemoSession, hasChromium, openDemo } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("demo challenge browser tests")

const docsScreenshot = fileURLToPath(new URL("../../docs/demo.png", import.meta.url))

describe.skipIf(!hasChromium)("demo: signed requests and a challenged action in Chromium", () => {
  let session: DemoSession
  beforeAll(async () => {
    session = await openDemo()
  }, 120_000)
  afterAll(async () => {
    await session?.close()
  })

  /** The emulator's log of the services (no preflights), after `since`. */
  const apiLog = (since = 0): ReadonlyArray<LogEntry> =>
    session.emulator.state.log.since(since, 5000).entries.filter((e) => e.server === "api" && e.method !== "OPTIONS")

  const signatureVerdicts = (e: LogEntry) =>
    e.verdicts.filter((v) => /signature|stale timestamp|replayed token/.test(v))

  /** The friends list's requests after `since`: the page, its names, its presence (the query's one refetch). */
  const friendsListRequests = (since: number) =>
    apiLog(since)
      .filter((e) =>
        ["/friends/v1/users/1/friends/find", "/users/v1/users", "/presence/v1/presence/users"].includes(
          e.url.split("?")[0]!
        )
      )
      .map((e) => [e.method, e.url.split("?")[0], e.status, e.ids])

  /** Wait (bounded) until the emulator has logged `count` entries matching `match` after `since`. */
  const logged = async (since: number, match: (e: LogEntry) => boolean, count: number) => {
    for (let i = 0; i < 250 && apiLog(since).filter(match).length < count; i++)
      await new Promise((r) => setTimeout(r, 20))
    assert.strictEqual(apiLog(since).filter(match).length, count)
  }

  const frame = () => session.page.frameLocator("iframe[data-challenge-frame]")
  const modal = "[role=dialog][data-modal-type='4']"

  /** The inspector's rows for a path, with their chips. */
  const rows = (url: string) =>
    session.page.$$eval(`[data-testid=request][data-url='${url}']`, (elements) =>
      elements.map((row) => ({
        status: row.getAttribute("data-status"),
        retry: row.getAttribute("data-retry"),
        challenge: row.getAttribute("data-challenge"),
        chips: [...row.querySelectorAll(".chip")].map((chip) => chip.textContent ?? "")
      }))
    )

  it("signs in with attestation before its first call; the emulator verifies every later request's signature", async () => {
    const { page } = session
    await page.waitForSelector("[data-testid=sign-in-state][data-state=signed]")
    assert.strictEqual(await page.textContent("[data-testid=sign-in-state]"), "key bound · signed requests")
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=presence]").length === 42)

    const log = apiLog()
    const nonce = log.findIndex((e) => e.url === "/hba/hba-service/v1/getServerNonce")
    const signIns = log.filter((e) => e.url === "/hba/v1/sign-in")
    assert.isAtLeast(nonce, 0)
    assert.deepStrictEqual(log[nonce]!.verdicts, ["signature missing", "nonce issued"])
    // the sign-in carries the CSRF token the page was served with (<meta name="csrf-token"> in <body>): accepted at
    // once, it binds the attested key
    assert.deepStrictEqual(
      signIns.map((e) => [e.status, e.verdicts]),
      [[200, ["signature missing", "csrf ok", "attestation verified, key bound", "signed in as u1"]]]
    )
    assert.isTrue(
      log.slice(0, nonce).every((e) => e.url.startsWith("/hba/")),
      "nothing is called before the sign-in"
    )
    // every call after the sign-in is signed with the bound key and verified (no replay, no stale timestamp)
    const signedIn = log.indexOf(signIns.at(-1)!)
    const after = log.slice(signedIn + 1)
    assert.isAtLeast(after.length, 6)
    assert.deepStrictEqual(
      after.filter((e) => signatureVerdicts(e).join() !== "signature verified").map((e) => `${e.url} ${e.verdicts}`),
      []
    )
    assert.isTrue(
      after.every((e) => /^v1\|.…$/.test(e.requestHeaders["x-bound-auth-token"] ?? "")),
      "redacted tokens"
    )
    assert.includeMembers(
      after.map((e) => e.url.split("?")[0]),
      [
        "/users/v1/users/authenticated",
        "/friends/v1/users/1/friends/find",
        "/users/v1/users",
        "/presence/v1/presence/users",
        "/thumbnails/v1/batch",
        "/games/v1/games/list"
      ]
    )

    // the inspector shows the verdicts and the redacted token on the first POST, refused for its CSRF token, and
    // on its re-send
    const firstPost = after.find((e) => e.method === "POST")!
    await page.waitForFunction(
      (u) => document.querySelectorAll(`[data-testid=request][data-url='${u}'][data-status='200']`).length >= 1,
      firstPost.url
    )
    const posted = (await rows(firstPost.url)).filter((r) => r.status === "403" || r.retry === "1")
    // one refused call and its re-send (or a few batched calls sent side by side before the first answer)
    const refusedRows = posted.filter((r) => r.status === "403").length
    assert.isAtLeast(refusedRows, 1)
    assert.deepStrictEqual(
      posted.filter((r) => r.retry === "1").map((r) => r.status),
      Array(refusedRows).fill("200")
    )
    for (const row of posted) {
      assert.include(row.chips, "signature verified")
      assert.isTrue(row.chips.some((chip) => /^x-bound-auth-token: v1\|.…$/.test(chip)))
    }
    const signInRows = await rows("/hba/v1/sign-in")
    assert.includeMembers(signInRows.at(-1)!.chips, ["attestation verified, key bound", "signed in as u1"])
    await session.shot("challenge-01-signed-requests")
  })

  it("Follow is challenged: completing the challenge in the frame re-sends the request once, and it succeeds", async () => {
    const { page } = session
    const since = session.emulator.state.log.since(0, 5000).lastId
    const button = page.locator("[data-testid=friend] [data-testid=follow]").first()
    const userId = Number(await button.getAttribute("data-user-id"))
    const url = `/friends/v1/users/${userId}/follow`
    await button.click()
    await page.waitForSelector(`${modal}:not([hidden]) iframe[data-challenge-frame]`)
    assert.strictEqual(await frame().locator("[data-testid=challenge-type]").textContent(), "captcha")
    assert.strictEqual(await frame().locator("[data-testid=challenge-action]").textContent(), "FollowUser")
    // the frame and the query the platform's own page reads: the demo runs on the emulator's www origin (an IP
    // address, no sub-domain label), so the page is also told the demo's exact origin in parent-origin
    const element = page.locator("iframe[data-challenge-frame]")
    assert.deepStrictEqual(
      [await element.getAttribute("id"), await element.getAttribute("allow")],
      ["challenge-frame", "publickey-credentials-get; publickey-credentials-create"]
    )
    const src = new URL((await element.getAttribute("src"))!)
    assert.deepStrictEqual(
      ["challenge-type", "generic-challenge-type", "origin", "parent-origin"].map((key) => src.searchParams.get(key)),
      ["generic", "captcha", "", session.emulator.wwwOrigin]
    )
    // the mutation is pending while the challenge is shown: the button says so and cannot be pressed again
    assert.strictEqual(await button.getAttribute("data-state"), "Pending")
    assert.deepStrictEqual([await button.textContent(), await button.isDisabled()], ["Following…", true])
    assert.deepStrictEqual(friendsListRequests(since), [])
    await session.shot("challenge-02-frame")
    await frame().locator("[data-testid=challenge-complete]").click()
    await page.waitForSelector(`[data-testid=follow][data-user-id='${userId}'][data-state=Following]`)
    assert.strictEqual(await button.textContent(), "Following ✓")
    assert.include(session.emulator.state.follows.followingsOf(1), userId)
    // the mutation invalidated the friends list: its query refetched it once (FriendListCache cleared by Follow),
    // and the 42 cards stayed on screen meanwhile
    await logged(since, (e) => e.url.startsWith("/presence/v1/presence/users") && e.status === 200, 1)
    await page.waitForSelector("[data-testid=friends][data-waiting=false]")
    assert.deepStrictEqual(friendsListRequests(since), [
      ["GET", "/friends/v1/users/1/friends/find", 200, null],
      ["POST", "/users/v1/users", 200, 42],
      ["POST", "/presence/v1/presence/users", 200, 42]
    ])
    assert.strictEqual(await page.locator("[data-testid=friend]").count(), 42)
    assert.strictEqual(await page.locator("[data-testid=presence]").count(), 42)
    await page.waitForSelector(modal, { state: "hidden" })
    assert.strictEqual(await page.locator("iframe[data-challenge-frame]").count(), 0)

    // the emulator's log: one held 403, one continue call, one re-sent request that succeeded; all signed
    const log = apiLog(since).filter((e) => e.url === url || e.url === "/challenge/v1/continue")
    const challengeVerdicts = (e: LogEntry) => e.verdicts.filter((v) => v.startsWith("challenge"))
    assert.deepStrictEqual(
      log.map((e) => [e.method, e.url, e.status]),
      [
        ["POST", url, 403],
        ["POST", "/challenge/v1/continue", 200],
        ["POST", url, 200]
      ]
    )
    const [held, continued, retried] = log as [LogEntry, LogEntry, LogEntry]
    const id = /^challenge issued (ch-\S+) \(captcha\)$/.exec(challengeVerdicts(held).join())?.[1]
    assert.isDefined(id)
    assert.deepStrictEqual(challengeVerdicts(continued), [`challenge completed ${id}`])
    assert.deepStrictEqual(challengeVerdicts(retried), [`challenge redeemed ${id}`])
    assert.strictEqual(retried.requestHeaders["rblx-challenge-id"], id)
    assert.strictEqual(retried.requestHeaders["rblx-challenge-type"], "captcha")
    assert.isUndefined(held.requestHeaders["rblx-challenge-id"])
    assert.deepStrictEqual(log.map(signatureVerdicts), [
      ["signature verified"],
      ["signature verified"],
      ["signature verified"]
    ])

    // the inspector: the held 403, the continue call, the retry marked as such
    await page.waitForFunction(
      (u) => document.querySelectorAll(`[data-testid=request][data-url='${u}'][data-status='200']`).length === 1,
      url
    )
    const follow = await rows(url)
    assert.deepStrictEqual(
      follow.map((r) => [r.status, r.challenge, r.retry]),
      [
        ["403", "held", null],
        ["200", "retry", "1"]
      ]
    )
    assert.includeMembers(follow[0]!.chips, [
      "held for a challenge",
      `challenge issued ${id} (captcha)`,
      "signature verified"
    ])
    assert.includeMembers(follow[1]!.chips, [
      "↻ retry after challenge",
      `challenge redeemed ${id}`,
      "signature verified",
      `rblx-challenge-id: ${id}`
    ])
    const continueRows = await rows("/challenge/v1/continue")
    assert.deepStrictEqual(
      continueRows.map((r) => [r.status, r.challenge]),
      [["200", "continue"]]
    )
    assert.includeMembers(continueRows[0]!.chips, [
      "challenge continue",
      `challenge completed ${id}`,
      "signature verified"
    ])
    await session.shot("challenge-03-followed")
    if (process.env.UPDATE_DOCS_SCREENSHOTS === "1") await page.screenshot({ path: docsScreenshot })
  })

  it("abandoning the challenge shows the typed error under the friend, and nothing is re-sent", async () => {
    const { page } = session
    const since = session.emulator.state.log.since(0, 5000).lastId
    const card = page.locator("[data-testid=friend]").nth(1)
    const button = card.locator("[data-testid=follow]")
    const userId = Number(await button.getAttribute("data-user-id"))
    const name = (await card.locator("strong").textContent())!
    const followings = [...session.emulator.state.follows.followingsOf(1)]
    await button.click()
    await frame().locator("[data-testid=challenge-abandon]").click()
    await card.locator("[data-testid=follow-error]").waitFor()
    assert.strictEqual(
      await card.locator("[data-testid=follow-error]").textContent(),
      `Could not follow ${name}. Security challenge abandoned: The challenge was abandoned. The action was not done; try again when you are ready.`
    )
    assert.strictEqual(await button.getAttribute("data-state"), "Failed")
    assert.strictEqual(await button.textContent(), "Follow")
    await page.waitForSelector(modal, { state: "hidden" })
    await card.scrollIntoViewIfNeeded()
    await session.shot("challenge-04-abandoned")
    const log = apiLog(since).filter((e) => e.url.includes("/follow") || e.url.startsWith("/challenge/"))
    assert.deepStrictEqual(
      log.map((e) => [e.url, e.status]),
      [[`/friends/v1/users/${userId}/follow`, 403]]
    )
    // a failed mutation invalidates nothing: no friends list request, and the user is not followed
    assert.deepStrictEqual(friendsListRequests(since), [])
    assert.deepStrictEqual(session.emulator.state.follows.followingsOf(1), followings)
  })

  it("when attestation fails, the header says why and the demo keeps going unsigned", async () => {
    const { browser, emulator } = session
    const since = emulator.state.log.since(0, 5000).lastId
    emulator.state.faults.add({ kind: "status", status: 503, path: "/hba/hba-service/v1/getServerNonce", times: 1 })
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
    try {
      const page = await context.newPage()
      page.setDefaultTimeout(10_000)
      await page.goto(emulator.wwwOrigin)
      await page.waitForSelector("[data-testid=sign-in-state][data-state=unsigned]")
      assert.strictEqual(
        await page.textContent("[data-testid=signing-problem]"),
        "Requests go unsigned: Device attestation failed (NonceUnavailable): the hba service gave no nonce."
      )
      await page.waitForFunction(() => document.querySelectorAll("[data-testid=presence]").length === 42)
      await page.screenshot({
        path: fileURLToPath(new URL("../../.screenshots/challenge-05-unsigned.png", import.meta.url))
      })
      const log = apiLog(since)
      const signIn = log.filter((e) => e.url === "/hba/v1/sign-in" && e.status === 200)
      assert.deepStrictEqual(
        signIn.map((e) => e.verdicts.filter((v) => v.startsWith("sign"))),
        [["signature missing", "sign-in without attestation", "signed in as u1"]]
      )
      assert.isAtLeast(log.length, 8)
      assert.deepStrictEqual(
        log.filter((e) => e.requestHeaders["x-bound-auth-token"] !== undefined),
        []
      )
      assert.isTrue(log.every((e) => signatureVerdicts(e).join() === "signature missing"))
    } finally {
      await context.close()
      emulator.state.faults.clear()
    }
  })
})
