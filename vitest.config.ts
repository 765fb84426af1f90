import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "test/**/*.test.tsx", "examples/*.test.ts", "examples/*.test.tsx"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000
  }
})
