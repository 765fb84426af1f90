/**
 * Vite build of the browser benchmark's page (bench/browser), production mode, as an app would ship it.
 * `platform-web-client` and its subpaths resolve to the sources of the package's entry points (scripts/entryPoints.ts,
 * exact specifiers only), as in the demo: the page imports only the public entry points.
 *
 * @module
 */
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"
import { sourceAliases } from "../../scripts/entryPoints.ts"

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  resolve: { alias: sourceAliases() },
  // BENCH_MINIFY=0 keeps names readable in a CPU profile of the page
  build: { target: "es2022", minify: process.env.BENCH_MINIFY !== "0" },
  clearScreen: false,
  logLevel: "warn"
})
