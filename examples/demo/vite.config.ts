/**
 * Vite configuration of the demo app (`examples/demo`).
 *
 * - `platform-web-client` and its subpaths resolve to the sources of the package's entry points
 *   (scripts/entryPoints.ts, exact specifiers only), so the demo imports the library as an app would: only the public
 *   entry points, never a module path behind them.
 * - The dev server answers `/emulator-config.json` by asking the emulator (`EMULATOR_ORIGIN`, default
 *   http://127.0.0.1:4010) for its configuration, and writes the site's `<meta>` tags into its pages, as the
 *   emulator gives them for a page of its default session (`/admin/page-tags`); when the emulator serves the built
 *   demo itself (its www origin), it does both itself, for each request's session.
 *
 * @module
 */
import react from "@vitejs/plugin-react"
import { Schema } from "effect"
import { fileURLToPath } from "node:url"
import { defineConfig, type Plugin } from "vite"
import { sourceAliases } from "../../scripts/entryPoints.ts"
import { PageTagsAnswer } from "../../src/emulator/admin/AdminApi.ts"
import { injectPageTags } from "../../src/emulator/www/withPageTags.ts"

const root = fileURLToPath(new URL(".", import.meta.url))

const emulatorOrigin = () => process.env.EMULATOR_ORIGIN ?? "http://127.0.0.1:4010"

/** Serve `/emulator-config.json` from the emulator's admin API during development. */
const emulatorConfig = (): Plugin => ({
  name: "emulator-config",
  configureServer(server) {
    server.middlewares.use("/emulator-config.json", (_request, response) => {
      const origin = emulatorOrigin()
      fetch(`${origin}/admin/config`).then(
        async (answer) => {
          response.statusCode = answer.status
          response.setHeader("content-type", "application/json")
          response.end(await answer.text())
        },
        () => {
          response.statusCode = 502
          response.setHeader("content-type", "application/json")
          response.end(
            JSON.stringify({ error: `The emulator does not answer at ${origin}. Start it with npm run emulator.` })
          )
        }
      )
    })
  }
})

/** During development, write the site's `<meta>` tags (the emulator's, for its default session) into every page. */
const emulatorPageTags = (): Plugin => ({
  name: "emulator-page-tags",
  apply: "serve",
  transformIndexHtml: async (html) => {
    const answer = await fetch(`${emulatorOrigin()}/admin/page-tags`).catch(() => undefined)
    if (answer?.ok !== true) return html // the page says the emulator is not reachable (src/config.ts)
    return injectPageTags(html, Schema.decodeUnknownSync(PageTagsAnswer)(await answer.json()))
  }
})

export default defineConfig({
  root,
  plugins: [react(), emulatorConfig(), emulatorPageTags()],
  resolve: {
    alias: sourceAliases()
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  build: {
    outDir: fileURLToPath(new URL("../../dist/demo", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    // the home and the background-features page (payments.html)
    rollupOptions: { input: { index: `${root}index.html`, payments: `${root}payments.html` } }
  },
  clearScreen: false,
  logLevel: "warn"
})
