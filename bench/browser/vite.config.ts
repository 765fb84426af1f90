/**
 * Vite build of the browser benchmark's page (bench/browser), production mode, as an app would ship it.
 * `platform-web-client` resolves through the package's `exports` map (Vite resolves a package's own name).
 *
 * @module
 */
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  build: { target: "es2022" },
  clearScreen: false,
  logLevel: "warn"
})
