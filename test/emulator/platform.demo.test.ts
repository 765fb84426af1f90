/**
 * The demo's localization and catalog screens in a real Chromium against the emulator: the creator's game loads
 * with its languages, switching automatic translation and adding a language persist on the service, and the bundle
 * view shows a chosen bundle with its items and price.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { localizationState } from "../../src/emulator/services/localizationState.ts"
import { type DemoSession, hasChromium, openDemo } from "../e2e/browser.ts"

describe.skipIf(!hasChromium)("demo localization and catalog screens in Chromium", () => {
  let session: DemoSession
  beforeAll(async () => {
    session = await openDemo()
  }, 120_000)
  afterAll(async () => {
    await session?.close()
  })

  it("edits a game's automatic translation switches and supported languages", async () => {
    const { page, emulator } = session
    await page.waitForSelector("[data-testid=supported-languages]")
    const gameId = Number(await page.$eval("[data-testid=l10n-game-choice]", (s) => (s as HTMLSelectElement).value))
    const state = localizationState(emulator.state.world).game(gameId)
    const firstCode = [...state.supported.keys()][0]!
    const before = state.supported.get(firstCode)!.automatic
    await page.click(`[data-testid=auto-${firstCode}]`)
    await page.waitForFunction(
      ([code, expected]) =>
        (document.querySelector(`[data-testid=auto-${code}]`) as HTMLInputElement)?.checked === expected,
      [firstCode, !before] as const
    )
    assert.strictEqual(state.supported.get(firstCode)!.automatic, !before)

    const addable = await page.$$eval("[data-testid=add-language-choice] option", (options) =>
      options.map((o) => (o as HTMLOptionElement).value).filter((v) => v !== "")
    )
    await page.selectOption("[data-testid=add-language-choice]", addable[0]!)
    await page.click("[data-testid=add-language]")
    await page.waitForSelector(`[data-testid=language-${addable[0]}]`)
    assert.isTrue(state.supported.has(addable[0]!))
    await page.locator("[data-testid=localization]").scrollIntoViewIfNeeded()
    await session.shot("demo-localization")
  }, 60_000)

  it("shows a bundle with its items and price", async () => {
    const { page, emulator } = session
    await page.waitForSelector("[data-testid=bundle-card]")
    assert.strictEqual(await page.$$eval("[data-testid=bundle-card]", (cards) => cards.length), 12)
    await page.click("[data-testid=bundle-card]")
    await page.waitForSelector("[data-testid=bundle-items] li")
    const bundle = emulator.state.world.bundles.get(501)!
    assert.strictEqual(
      await page.$$eval("[data-testid=bundle-items] li", (items) => items.length),
      bundle.itemIds.length
    )
    assert.strictEqual(
      await page.textContent("[data-testid=bundle-price]"),
      bundle.price === null ? "Off Sale" : `R$ ${bundle.price}`
    )
    await page.locator("[data-testid=bundle-detail]").scrollIntoViewIfNeeded()
    await session.shot("demo-catalog")
  }, 60_000)
})
