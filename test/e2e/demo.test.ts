/**
 * The demo in a real Chromium, against the emulator over real HTTP: it loads, shows friends and games with
 * pictures, batches its lookups as the library documents (Friends, PresenceLookup, ThumbnailBatch), pages forward
 * and back (two screen pages a request, from the query cache), shows a CSRF refresh retried once in the inspector,
 * and turns an injected 503 into a typed message with a Retry.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import type { LogEntry } from "../../src/emulator/platform/requestLog.ts"
import { friendRequestsOf } from "../../src/emulator/services/friends.ts"
import { notificationCountLabel } from "../../src/platform/social/notificationCounts.ts"
import { type DemoSession, hasChromium, openDemo } from "./browser.ts"
import { requireChromium } from "./requireChromium.ts"

requireChromium("browser tests")

describe.skipIf(!hasChromium)("demo in Chromium", () => {
  let session: DemoSession
  beforeAll(async () => {
    session = await openDemo()
  })
  afterAll(async () => {
    await session?.close()
  })

  /** How many pictures inside `selector` finished loading with real pixels. */
  const loadedImages = (selector: string) =>
    session.page.$$eval(
      `${selector} img`,
      (images) =>
        images.filter((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)
          .length
    )

  const gameNames = () => session.page.$$eval("[data-testid=game] strong", (names) => names.map((n) => n.textContent))

  /** The emulator's log of the services so far (signed requests are preflighted: preflights left out). */
  const apiLog = (): ReadonlyArray<LogEntry> =>
    session.emulator.state.log.since(0, 5000).entries.filter((e) => e.server === "api" && e.method !== "OPTIONS")

  /** The game-list requests so far. */
  const listRequests = () => apiLog().filter((e) => e.method === "GET" && e.url.startsWith("/games/v1/games/list"))

  /** ThumbnailBatch's calls so far, by the number of pictures each asked for. */
  const pictureBatches = () =>
    apiLog()
      .filter((e) => e.url === "/thumbnails/v1/batch" && e.status === 200)
      .map((e) => e.ids)

  /** Wait until the game grid shows 12 icons, all loaded. */
  const gameIconsShown = () =>
    session.page.waitForFunction(() => {
      const icons = [...document.querySelectorAll("[data-testid=game] img")] as Array<HTMLImageElement>
      return icons.length === 12 && icons.every((i) => i.complete)
    })

  it("loads the signed-in home: the user, 42 friends with avatars and presence, 12 games with icons", async () => {
    const { page } = session
    const world = session.emulator.state.world
    const friends = world.friends.get(1)!
    const banned = friends.filter((id) => world.users.get(id)!.isBanned).length
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=friend]").length === n, friends.length)
    assert.strictEqual(await page.textContent("[data-testid=current-user]"), "Emu @EmuPlayer")
    assert.strictEqual(await page.textContent("[data-testid=friend-count]"), String(friends.length))
    await page.waitForSelector("[data-testid=friend-request-count]")
    assert.strictEqual(
      await page.textContent("[data-testid=friend-request-count]"),
      `${notificationCountLabel("friendRequests", friendRequestsOf(world, 1).slice(0, 100).length)} requests`
    )
    await page.waitForFunction((n) => document.querySelectorAll("[data-testid=presence]").length === n, friends.length)
    await page.waitForFunction(
      (n) => document.querySelectorAll("[data-testid=friend] img[data-testid=thumb]").length === n,
      friends.length - banned
    )
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=game] img").length === 12)
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-testid=game] img, [data-testid=friend] img")].every(
        (i) => (i as HTMLImageElement).complete
      )
    )
    assert.strictEqual(await loadedImages("[data-testid=friend]"), friends.length - banned)
    assert.strictEqual(await page.locator("[data-testid=friend] [title='No picture (Blocked)']").count(), banned)
    assert.strictEqual(await loadedImages("[data-testid=game]"), 12)
    assert.strictEqual(await page.textContent("[data-testid=page]"), "Page 1")
    await session.shot("01-home")
  })

  it("batches the home's lookups as the library documents: one users and one presence POST for 42 friends, each picture asked once", async () => {
    const { page } = session
    await page.waitForFunction(() => document.querySelectorAll("[data-testid=bundle-card] img").length === 12)
    const log = apiLog()
    const afterSignIn = log.slice(log.findLastIndex((e) => e.url === "/hba/v1/sign-in") + 1)
    const accepted = (url: string) => afterSignIn.filter((e) => e.url === url && e.status === 200)
    // Friends: the page (`/friends/find`: ids only), then one lookup of its users and one of their presence
    assert.deepStrictEqual(accepted("/friends/v1/users/1/friends/find?userSort=2").length, 1)
    assert.deepStrictEqual(
      accepted("/users/v1/users").map((e) => e.ids),
      [42]
    )
    assert.deepStrictEqual(
      accepted("/presence/v1/presence/users").map((e) => e.ids),
      [42]
    )
    // ThumbnailBatch: every picture on the page (the user, 42 friends, 12 games, 12 bundles) asked exactly once, in
    // calls of at most 100, whatever the windows they fell in
    const batches = pictureBatches()
    assert.strictEqual(
      batches.reduce((sum: number, ids) => sum + (ids ?? 0), 0),
      1 + 42 + 12 + 12
    )
    assert.isTrue(batches.every((ids) => ids !== null && ids >= 1 && ids <= 100))
    // no per-kind picture calls any more: headshots and icons all go through the batch call
    assert.deepStrictEqual(
      afterSignIn.filter((e) => /^\/thumbnails\/v1\/(users|games)\//.test(e.url)),
      []
    )
  })

  it("shows in the inspector the first POST refused for its stale CSRF token, re-sent once, and the presence batch", async () => {
    const { page } = session
    const log = apiLog()
    const posts = log
      .slice(log.findLastIndex((e) => e.url === "/hba/v1/sign-in") + 1)
      .filter((e) => e.method === "POST")
    const csrf = (e: LogEntry) => e.verdicts.filter((v) => v.startsWith("csrf"))
    // the token the sign-in was given belongs to the session before it: stale for the signed-in session
    const first = posts[0]!
    assert.deepStrictEqual([first.status, csrf(first), first.ids], [403, ["csrf stale"], null])
    // every refused POST (one, or a few sent side by side before the first answer) is re-sent exactly once and passes
    const refused = posts.filter((e) => e.status === 403)
    assert.isTrue(refused.every((e) => csrf(e).join() === "csrf stale"))
    for (const url of new Set(refused.map((e) => e.url))) {
      const resent = posts.filter((e) => e.url === url && e.requestHeaders["x-retry-attempt"] !== undefined)
      assert.deepStrictEqual(
        resent.map((e) => [e.status, csrf(e), e.requestHeaders["x-retry-attempt"]]),
        refused.filter((e) => e.url === url).map(() => [200, ["csrf ok"], "1"]),
        url
      )
    }
    assert.deepStrictEqual(
      posts.filter((e) => e.status !== 200 && e.status !== 403),
      []
    )

    const rows = (url: string) =>
      page.$$eval(`[data-testid=request][data-url='${url}']`, (elements) =>
        elements.map((row) => ({
          status: row.getAttribute("data-status"),
          retry: row.getAttribute("data-retry"),
          chips: [...row.querySelectorAll(".chip")].map((chip) => chip.textContent ?? "")
        }))
      )
    // as many 200 rows as the log has for that URL: under load the first POST can be one of several side by side
    // to the same URL (picture batches split by their windows)
    const accepted = posts.filter((e) => e.url === first.url && e.status === 200).length
    await page.waitForFunction(
      ([u, n]) => document.querySelectorAll(`[data-testid=request][data-url='${u}'][data-status='200']`).length === n,
      [first.url, accepted] as const
    )
    const shown = await rows(first.url)
    const held = shown.find((r) => r.status === "403")
    const retried = shown.find((r) => r.retry === "1")
    assert.deepStrictEqual([held?.retry, retried?.status], [null, "200"])
    assert.include(held!.chips, "csrf stale")
    assert.isTrue(held!.chips.some((chip) => /^issued x-csrf-token: \S{4}…$/.test(chip)))
    assert.includeMembers(retried!.chips, ["↻ retry after 403", "csrf ok", "x-retry-attempt: 1"])
    assert.isTrue(retried!.chips.some((chip) => /^x-csrf-token: \S{4}…$/.test(chip)))
    // the presence of the 42 friends: one call
    await page.waitForSelector("[data-testid=request][data-url='/presence/v1/presence/users'][data-status='200']")
    const presence = (await rows("/presence/v1/presence/users")).filter((r) => r.status === "200")
    assert.strictEqual(presence.length, 1)
    assert.includeMembers(presence[0]!.chips, ["42 ids in one call", "csrf ok"])
    // the emulator's log holds no full token
    assert.isTrue(posts.every((e) => /^(\S{4}…)?$/.test(e.requestHeaders["x-csrf-token"] ?? "")))
    await page.locator("[data-testid=timeline]").scrollIntoViewIfNeeded()
    await session.shot("02-inspector-csrf-retry")
  })

  it("shows the library's own devtools panel: the presence batch of 42 ids, signed calls, the CSRF re-send, the queries; no secret", async () => {
    const { page } = session
    const panel = "[data-platform-devtools]"
    await page.click(`${panel} button[aria-expanded=false]`)
    /** The panel's rows: the text of each cell. */
    const rows = () =>
      page.$$eval(`${panel} tbody tr`, (trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent ?? ""))
      )
    await page.waitForFunction(
      (p) => /batch: 42 ids in one call/.test(document.querySelector(p)?.textContent ?? ""),
      panel
    )
    const shown = await rows()
    const presence = shown.filter(([method, url]) => method === "POST" && url!.endsWith("/presence/v1/presence/users"))
    assert.deepStrictEqual(
      presence.map((row) => [row[2], /batch: 42 ids in one call/.test(row[4]!)]),
      [["200", true]]
    )
    // the page signs (its key is bound at sign-in): its platform calls say so
    assert.isTrue(shown.some((row) => row[4]!.includes("signed")))
    // the first POST refused for its stale token and re-sent: one row, two sends
    assert.isTrue(
      shown.some(
        ([method, , status, , notes]) => method === "POST" && status === "200" && /CSRF re-sent.*2 sends/.test(notes!)
      )
    )
    // the queries of the home (friends, games, …) are rows of their own
    assert.isTrue(shown.some((row) => /fetched → success/.test(row.join(" "))))
    // nothing secret: no anti-forgery token the emulator issued, no bound-auth token, no challenge metadata
    const text = (await page.textContent(panel)) ?? ""
    const token = session.emulator.state.csrf.current("cookie:u1", Date.now())
    assert.match(token, /^\S{8,}$/)
    assert.notInclude(text, token)
    assert.notMatch(text, /v1\|[A-Za-z0-9+/=]{20,}\|\d{9,}\|/)
    await session.shot("03-devtools")
    await page.click(`${panel} button[aria-expanded=true]`)
  })

  it("pages forward and back, fetching only pages the query cache does not hold", async () => {
    const { page } = session
    const page1 = await gameNames()
    assert.strictEqual(listRequests().length, 1)
    const batches = pictureBatches().length
    await page.click("[data-testid=next]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 2")
    const page2 = await gameNames()
    assert.strictEqual(page2.length, 12)
    assert.deepStrictEqual(
      page2.filter((name) => page1.includes(name)),
      []
    )
    assert.strictEqual(listRequests().length, 1, "page 2 comes from the query cache (24 games per request)")
    await gameIconsShown()
    assert.deepStrictEqual(pictureBatches().slice(batches), [12], "the new page's icons: one batch call")
    await page.click("[data-testid=next]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 3")
    await gameIconsShown()
    assert.strictEqual(listRequests().length, 2)
    assert.include(listRequests()[1]!.url, "model.startRows=24")
    assert.deepStrictEqual(pictureBatches().slice(batches), [12, 12])
    await page.click("[data-testid=previous]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 2")
    assert.deepStrictEqual(await gameNames(), page2)
    await page.click("[data-testid=previous]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 1")
    assert.deepStrictEqual(await gameNames(), page1)
    await gameIconsShown()
    assert.strictEqual(listRequests().length, 2)
    assert.deepStrictEqual(pictureBatches().slice(batches), [12, 12], "icons already shown are never asked again")
    assert.strictEqual(await loadedImages("[data-testid=game]"), 12)
    await session.shot("03-paged-back-to-1")
  })

  it("shows an injected 503 as a typed message under the page shown, and recovers with Retry", async () => {
    const { page } = session
    for (const target of ["Page 2", "Page 3", "Page 4"]) {
      await page.click("[data-testid=next]")
      await page.waitForFunction((t) => document.querySelector("[data-testid=page]")?.textContent === t, target)
    }
    const page4 = await gameNames()
    await page.click("[data-testid=fault-503]")
    await page.waitForFunction(() => document.querySelector("[data-testid=fault-503]") !== null)
    await waitForFault()
    await page.click("[data-testid=next]")
    await page.waitForSelector("[data-testid=games-error]")
    assert.strictEqual(
      await page.textContent("[data-testid=games-error]"),
      "The games service answered 503, error code 0. The service is unavailable; try again. Retry"
    )
    // the page shown before stays under the error
    assert.strictEqual(await page.textContent("[data-testid=page]"), "Page 4")
    assert.deepStrictEqual(await gameNames(), page4)
    await page.waitForSelector("[data-testid=request][data-status='503']")
    await page.locator("[data-testid=games-error]").scrollIntoViewIfNeeded()
    await session.shot("04-typed-503")
    await page.click("[data-testid=retry]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 5")
    assert.strictEqual(await page.$("[data-testid=games-error]"), null)
    const statuses = listRequests()
      .slice(-2)
      .map((e) => e.status)
    assert.deepStrictEqual(statuses, [503, 200])
    assert.strictEqual(listRequests().length, 4, "rows 48–71: one failed request, one retry")
  })

  it("the inspector's other buttons reach the admin API: latency, CSRF rotation, clear faults", async () => {
    const { emulator, page } = session
    const until = async (done: () => boolean) => {
      for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 20))
      assert.isTrue(done())
    }
    const token = emulator.state.csrf.current("default", Date.now())
    await page.click("[data-testid=rotate-csrf]")
    await until(() => emulator.state.csrf.current("default", Date.now()) !== token)
    await page.click("text=1.5 s latency on presence")
    await until(() => emulator.state.faults.list().some((fault) => fault.rule.kind === "latency"))
    await page.click("text=Clear faults")
    await until(() => emulator.state.faults.list().length === 0)
  })

  /** Wait until the fault added through the page has reached the emulator. */
  const waitForFault = async () => {
    for (let i = 0; i < 50 && session.emulator.state.faults.list().length === 0; i++)
      await new Promise((r) => setTimeout(r, 20))
    assert.strictEqual(session.emulator.state.faults.list().length, 1)
  }
})
