/**
 * Vite configuration of the demo app (`examples/demo`).
 *
 * - `platform-web-client` and its subpaths resolve to the sources of the package's entry points
 *   (scripts/entryPoints.ts, exact specifiers only), so the demo imports the library as an app would: only the public
 *   entry points, never a module path behind them.
 * - The dev server answers `/emulator-config.json` by asking the emulator (`EMULATOR_ORIGIN`, default
 *   http://127.0.0.1:4010) for its configuration; when the emulator serves the built demo itself (its www origin),
 *   it answers that path directly.
 *
 * @module
 */
import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { defineConfig, type Plugin } from "vite"
import { sourceAliases } from "../../scripts/entryPoints.ts"

const root = fileURLToPath(new URL(".", import.meta.url))

/** Serve `/emulator-config.json` from the emulator's admin API during development. */
const emulatorConfig = (): Plugin => ({
  name: "emulator-config",
  configureServer(server) {
    server.middlewares.use("/emulator-config.json", (_request, response) => {
      const origin = process.env.EMULATOR_ORIGIN ?? "http://127.0.0.1:4010"
      fetch(`${origin}/admin/config`).then(
        async (answer) => {
          response.statusCode = answer.status
          response.setHeader("content-type", "application/json")
          response.end(await answer.text())
        },
        () => {
          response.statusCode = 502
          response.setHeader("content-type", "application/json")
          response.end(JSON.stringify({ error: `The emulator does not answer at ${origin}. Start it with npm run emulator.` }))
        }
      )
    })
  }
})

export default defineConfig({
  root,
  plugins: [react(), emulatorConfig()],
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
