/**
 * Vite build of the library's public entry points (ESM, minified), used by `npm run size` and by anyone who wants
 * to inspect what the package ships. `vite build` writes dist/.
 */
import { defineConfig } from "vite"

export default defineConfig({
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: true,
    lib: {
      entry: {
        index: "src/index.ts",
        react: "src/react/index.ts",
        testing: "src/testing/index.ts"
      },
      formats: ["es"]
    },
    rollupOptions: {
      external: [/^effect(\/.*)?$/, /^react(\/.*)?$/, "react-dom", "idb"]
    }
  }
})
