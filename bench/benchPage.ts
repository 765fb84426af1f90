/**
 * A blank Chromium page running one benchmark page module (bundled with esbuild for production, as an ES module):
 * what `npm run bench:browser-batch` and `npm run bench:browser-http` share. The module sets its `window` global
 * before it is done loading (top-level await included), so the caller may use it once this resolves.
 *
 * @module
 */
import { build } from "esbuild"
import { chromium } from "playwright-core"
import { chromiumArgs, chromiumPath } from "../test/e2e/browser.ts"

/** Open Chromium with a blank page running the module at `pagePath` (a file path); close `browser` when done. */
export const openBenchPage = async (pagePath: string) => {
  const bundled = await build({
    entryPoints: [pagePath],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
    logLevel: "silent"
  })
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  const page = await browser.newPage()
  await page.addScriptTag({ content: bundled.outputFiles[0]!.text, type: "module" })
  return { browser, page, version: browser.version() }
}
