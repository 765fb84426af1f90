/**
 * The demo's paste-a-link box in Chromium against the emulator: a pasted share link shows its parse result and
 * the navigation it would make, a javascript: link its refusal, and the page never moves.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { seedShareLinks } from "../../../src/emulator/services/shareLinksSeed.ts"
import { type DemoSession, hasChromium, openDemo } from "../../e2e/browser.ts"

describe.skipIf(!hasChromium)("demo: paste a link (Chromium)", () => {
  let session: DemoSession
  beforeAll(async () => {
    session = await openDemo()
  })
  afterAll(async () => {
    await session?.close()
  })

  const show = async (link: string) => {
    const { page } = session
    await page.fill("[data-testid=deeplink-input]", link)
    await page.click("[data-testid=deeplink-box] button[type=submit]")
  }

  it("shows where a seeded share link would go, without going there", async () => {
    const { page, emulator } = session
    await page.waitForSelector("[data-testid=deeplink-steps]")
    const start = page.url()
    const www = emulator.wwwOrigin
    const place = emulator.state.world.universeList[0]!.rootPlaceId
    const seeded = seedShareLinks(emulator.state.world)
    const linkCode = seeded.find((l) => l.code === "server-valid")!.answer.privateServerInviteData!.linkCode!
    await show(`${www}/share?code=server-valid&type=Server`)
    await page.waitForFunction(
      (text) => document.querySelector("[data-testid=deeplink-steps]")?.textContent?.includes(text) === true,
      `${www}/games/${place}?privateServerLinkCode=${linkCode}`
    )
    const parsed = JSON.parse((await page.textContent("[data-testid=deeplink-parsed]"))!)
    assert.deepStrictEqual(parsed.pathSegments, ["share"])
    assert.deepStrictEqual(parsed.queryParams, { code: "server-valid", type: "Server" })
    assert.strictEqual(page.url(), start)
    await session.shot("deeplink-box")
  })

  it("shows a valid invite's two steps: the game page, then the join of the inviter's server", async () => {
    const { page, emulator } = session
    const start = page.url()
    const www = emulator.wwwOrigin
    const invite = seedShareLinks(emulator.state.world).find((l) => l.code === "experience-invite-valid")!.answer
      .experienceInviteData!
    await show(`${www}/share?code=experience-invite-valid&type=ExperienceInvite&stamp=1718000000000`)
    await page.waitForFunction(
      (text) => document.querySelector("[data-testid=deeplink-steps]")?.textContent?.includes(text) === true,
      `server ${invite.instanceId}`
    )
    const steps = await page.$$eval("[data-testid=deeplink-steps] li", (items) => items.map((li) => li.textContent))
    assert.deepStrictEqual(steps.slice(1), [
      `go to ${www}/games/${invite.placeId}`,
      `start joining place ${invite.placeId} server ${invite.instanceId} (game-join request for the page's launcher)`
    ])
    assert.strictEqual(page.url(), start)
  })

  it("shows a refused link's reason and the event it would log", async () => {
    const { page } = session
    const start = page.url()
    await show("javascript:alert(1)")
    await page.waitForSelector("[data-testid=deeplink-failure]")
    assert.include(await page.textContent("[data-testid=deeplink-parse-error]"), "UnsupportedScheme")
    assert.include(await page.textContent("[data-testid=deeplink-failure]"), "DeeplinkParserNavigationFailed")
    assert.strictEqual(page.url(), start)
  })
})
