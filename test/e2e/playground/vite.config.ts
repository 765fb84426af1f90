/**
 * Vite configuration of the challenge playground: a one-page app that triggers challenged actions against the
 * emulator (served from the emulator's www origin with `staticDir`). Used by test/e2e/challenge.test.ts.
 *
 * @module
 */
import react from "@vitejs/plugin-react"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  plugins: [react()],
  build: { target: "es2022" },
  clearScreen: false,
  logLevel: "warn"
})
