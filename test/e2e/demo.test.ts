/**
 * The demo in a real Chromium, against the emulator over real HTTP: it loads, shows friends and games with
 * pictures, pages forward and back, shows a CSRF refresh retried once in the inspector, and turns an injected
 * 503 into a typed message.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { friendRequestsOf } from "../../examples/emulator/services/friends.ts"
import { notificationCountLabel } from "../../src/platform/social/notificationCounts.ts"
import { browserRequired, type DemoSession, hasChromium, missingNotice, openDemo, skipNotice } from "./browser.ts"

if (!hasChromium && !browserRequired) console.warn(skipNotice)

if (!hasChromium && browserRequired) {
  describe("browser tests (REQUIRE_BROWSER=1)", () => {
    it("need Chromium", () => {
      assert.fail(missingNotice)
    })
  })
}

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
    session.page.$$eval(`${selector} img`, (images) =>
      images.filter((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0).length)

  const gameNames = () => session.page.$$eval("[data-testid=game] strong", (names) => names.map((n) => n.textContent))

  /** The emulator's log of game-list requests so far (signed requests are preflighted: preflights left out). */
  const listRequests = () =>
    session.emulator.state.log.since(0).entries.filter((e) => e.method === "GET" && e.url.startsWith("/games/v1/games/list"))

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
      [...document.querySelectorAll("[data-testid=game] img, [data-testid=friend] img")].every((i) =>
        (i as HTMLImageElement).complete
      )
    )
    assert.strictEqual(await loadedImages("[data-testid=friend]"), friends.length - banned)
    assert.strictEqual(await page.locator("[data-testid=friend] [title='No picture (Blocked)']").count(), banned)
    assert.strictEqual(await loadedImages("[data-testid=game]"), 12)
    assert.strictEqual(await page.textContent("[data-testid=page]"), "Page 1")
    await session.shot("01-home")
  })

  it("shows in the inspector the presence lookup batched into one POST, refused for its CSRF token and retried once", async () => {
    const { page } = session
    const presence = "[data-testid=request][data-url='/presence/v1/presence/users']"
    await page.waitForFunction((s) => document.querySelectorAll(`${s}[data-status='200']`).length === 1, presence)
    const rows = await page.$$eval(presence, (elements) =>
      elements.map((row) => ({
        status: row.getAttribute("data-status"),
        retry: row.getAttribute("data-retry"),
        chips: [...row.querySelectorAll(".chip")].map((chip) => chip.textContent)
      })))
    assert.strictEqual(rows.length, 2)
    assert.strictEqual(rows[0]!.status, "403")
    assert.strictEqual(rows[0]!.retry, null)
    // the token the sign-in was given belongs to the session before it: stale for the signed-in session
    assert.include(rows[0]!.chips, "csrf stale")
    assert.isTrue(rows[0]!.chips.some((chip) => /^issued x-csrf-token: \S{4}…$/.test(chip ?? "")))
    assert.strictEqual(rows[1]!.status, "200")
    assert.strictEqual(rows[1]!.retry, "1")
    assert.includeMembers(rows[1]!.chips, ["↻ retry after 403", "42 ids in one call", "csrf ok", "x-retry-attempt: 1"])
    assert.isTrue(rows[1]!.chips.some((chip) => /^x-csrf-token: \S{4}…$/.test(chip ?? "")))
    // the emulator's own log agrees, and holds no full token
    const log = session.emulator.state.log.since(0).entries.filter((e) =>
      e.method === "POST" && e.url === "/presence/v1/presence/users"
    )
    const csrf = (e: { readonly verdicts: ReadonlyArray<string> }) => e.verdicts.filter((v) => v.startsWith("csrf"))
    assert.deepStrictEqual(log.map((e) => [e.status, csrf(e), e.ids]), [[403, ["csrf stale"], null], [200, ["csrf ok"], 42]])
    await page.locator("[data-testid=timeline]").scrollIntoViewIfNeeded()
    await session.shot("02-inspector-csrf-retry")
  })

  it("pages forward and back, fetching only pages the pager has not cached", async () => {
    const { page } = session
    const page1 = await gameNames()
    assert.strictEqual(listRequests().length, 1)
    await page.click("[data-testid=next]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 2")
    const page2 = await gameNames()
    assert.strictEqual(page2.length, 12)
    assert.deepStrictEqual(page2.filter((name) => page1.includes(name)), [])
    assert.strictEqual(listRequests().length, 1, "page 2 comes from the pager's cache (24 games per fetch)")
    await page.click("[data-testid=next]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 3")
    await page.waitForFunction(() => [...document.querySelectorAll("[data-testid=game] img")].length === 12)
    assert.strictEqual(listRequests().length, 2)
    assert.include(listRequests()[1]!.url, "model.startRows=24")
    await page.click("[data-testid=previous]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 2")
    assert.deepStrictEqual(await gameNames(), page2)
    await page.click("[data-testid=previous]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 1")
    assert.deepStrictEqual(await gameNames(), page1)
    assert.strictEqual(listRequests().length, 2)
    assert.strictEqual(await loadedImages("[data-testid=game]"), 12)
    await session.shot("03-paged-back-to-1")
  })

  it("shows an injected 503 as a typed message, and recovers on the next try", async () => {
    const { page } = session
    for (const target of ["Page 2", "Page 3", "Page 4"]) {
      await page.click("[data-testid=next]")
      await page.waitForFunction((t) => document.querySelector("[data-testid=page]")?.textContent === t, target)
    }
    await page.click("[data-testid=fault-503]")
    await page.waitForFunction(() => document.querySelector("[data-testid=fault-503]") !== null)
    await waitForFault()
    await page.click("[data-testid=next]")
    await page.waitForSelector("[data-testid=games-error]")
    assert.strictEqual(
      await page.textContent("[data-testid=games-error]"),
      "Unable to get items: The games service answered 503, error code 0. The service is unavailable; try again."
    )
    assert.strictEqual(await page.textContent("[data-testid=page]"), "Page 4")
    await page.waitForSelector("[data-testid=request][data-status='503']")
    await page.locator("[data-testid=games-error]").scrollIntoViewIfNeeded()
    await session.shot("04-typed-503")
    await page.click("[data-testid=next]")
    await page.waitForFunction(() => document.querySelector("[data-testid=page]")?.textContent === "Page 5")
    assert.strictEqual(await page.$("[data-testid=games-error]"), null)
    const statuses = listRequests().slice(-2).map((e) => e.status)
    assert.deepStrictEqual(statuses, [503, 200])
  })

  /** Wait until the fault added through the page has reached the emulator. */
  const waitForFault = async () => {
    for (let i = 0; i < 50 && session.emulator.state.faults.list().length === 0; i++) await new Promise((r) => setTimeout(r, 20))
    assert.strictEqual(session.emulator.state.faults.list().length, 1)
  }
})
