import { defineConfig } from "vitest/config"
import { sourceAliases } from "./scripts/entryPoints.ts"

export default defineConfig({
  // tests and examples import the package by its public entry points, resolved to their sources
  resolve: { alias: sourceAliases() },
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx", "examples/*.test.ts", "examples/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
