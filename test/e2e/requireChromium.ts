/**
 * The gate every Chromium test file opens with: without Chromium the file's suite is skipped with one warning, and
 * under REQUIRE_BROWSER=1 (CI) a failing test says what is missing instead, so a machine without the browser can
 * never pass the browser tests by skipping them.
 *
 * @module
 */
import { assert, describe, it } from "@effect/vitest"
import { browserRequired, hasChromium, missingNotice, skipNotice } from "./browser.ts"

/** Warn when `suite` is skipped for lack of Chromium, or fail it when the browser is required. */
export const requireChromium = (suite: string): void => {
  if (hasChromium) return
  if (!browserRequired) {
    console.warn(skipNotice)
    return
  }
  describe(`${suite} (REQUIRE_BROWSER=1)`, () => {
    it("need Chromium", () => {
      assert.fail(missingNotice)
    })
  })
}
