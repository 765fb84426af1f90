/**
 * The devtools are left out of production builds: a page using `makeDevtools()` and `<PlatformDevtools/>`, built
 * with Vite as `vite build` builds it (NODE_ENV=production), contains neither the panel's code nor the recorder's;
 * built for development, the recorder is in the page and the panel in a chunk of its own, loaded on demand. The
 * opt-in entry (production.ts) keeps both in a production build.
 */
import { describe, expect, it } from "vitest"
import { fileURLToPath } from "node:url"
import { build, type Rolldown } from "vite"

/** Distinctive strings: the panel's root attribute, the recorder's URL redaction. */
const panelMarker = "data-platform-devtools"
const recorderMarker = "[unparsable URL]"

interface Built {
  readonly entry: string
  readonly lazy: ReadonlyArray<string>
}

const buildPage = async (nodeEnv: "production" | "development", page = "./devtoolsPage.tsx"): Promise<Built> => {
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = nodeEnv // vitest sets "test"; `vite build` from a shell runs with "production"
  try {
    const output = (await build({
      configFile: false,
      logLevel: "silent",
      mode: nodeEnv,
      build: {
        write: false,
        minify: nodeEnv === "production",
        modulePreload: false,
        rolldownOptions: { input: fileURLToPath(new URL(page, import.meta.url)) }
      }
    })) as Rolldown.RolldownOutput
    const chunks = output.output.filter((c): c is Rolldown.OutputChunk => c.type === "chunk")
    return {
      entry: chunks
        .filter((c) => c.isEntry)
        .map((c) => c.code)
        .join("\n"),
      lazy: chunks.filter((c) => !c.isEntry).map((c) => c.code)
    }
  } finally {
    process.env.NODE_ENV = previous
  }
}

describe("PlatformDevtools in builds", () => {
  it("a production build has no panel code, no recorder and no lazy chunk", async () => {
    const built = await buildPage("production")
    expect(built.lazy.length).toBe(0)
    expect(built.entry.includes(panelMarker)).toBe(false)
    expect(built.entry.includes(recorderMarker)).toBe(false)
    expect(built.entry.includes("DevtoolsPanel")).toBe(false)
  }, 60_000)

  it("a development build has the recorder in the page and the panel in one chunk loaded on demand", async () => {
    const built = await buildPage("development")
    expect(built.entry.includes(recorderMarker)).toBe(true)
    expect(built.entry.includes(panelMarker)).toBe(false)
    expect(built.lazy.filter((code) => code.includes(panelMarker))).toHaveLength(1)
  }, 60_000)

  it("the production entry (devtools/production.ts) keeps the panel, on demand, in a production build", async () => {
    const built = await buildPage("production", "./devtoolsPageProduction.tsx")
    expect(built.entry.includes(recorderMarker)).toBe(true)
    expect(built.lazy.filter((code) => code.includes(panelMarker))).toHaveLength(1)
  }, 60_000)
})
