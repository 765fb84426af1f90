/**
 * The demo is built from the library's public entry points only: every import of a demo module names an entry of
 * the package's `exports` map (or effect, React, the demo's own modules, the emulator's definitions), never a
 * library module by path; and the demo's Vite configuration resolves exactly those names, nothing behind them.
 */
import { assert, describe, it } from "@effect/vitest"
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { createServer } from "vite"

const root = fileURLToPath(new URL("../../", import.meta.url))
const demo = join(root, "examples/demo")
const packageJson = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  readonly name: string
  readonly exports: Readonly<Record<string, unknown>>
}

/** The package's public entry points, by the names an app imports them with. */
const entryPoints = Object.keys(packageJson.exports).map((key) =>
  key === "." ? packageJson.name : `${packageJson.name}${key.slice(1)}`
)

const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []
  )

/** The module specifiers of `import … from "x"`, `import "x"` and `export … from "x"` in a file. */
const specifiers = (file: string): Array<string> =>
  [
    ...readFileSync(file, "utf8").matchAll(
      /^(?:import\s+(?:type\s+)?[\w*{}\s,]+?\s+from\s+|import\s+|export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+)["']([^"']+)["']/gm
    )
  ].map((m) => m[1]!)

/**
 * The files under examples/ that may import a module of src/ by path, each for a reason: Node tooling that runs the
 * emulator from the repository's sources, with what no entry point exports (the command line's parser, the page-tag
 * injection of the emulator's www origin).
 */
const viteConfig = "examples/demo/vite.config.ts"
const toolingFromSources: ReadonlyArray<string> = ["examples/start.ts", viteConfig]

describe("examples: public entry points only", () => {
  it("no file under examples/ imports a module of src/ by a relative path (but the emulator's Node tooling)", () => {
    const examples = sourceFiles(join(root, "examples"))
    assert.isAtLeast(examples.length, 30)
    const offending = examples.flatMap((file) => {
      const where = relative(root, file)
      return specifiers(file)
        .filter((s) => s.startsWith(".") && relative(root, resolve(dirname(file), s)).startsWith("src/"))
        .filter(() => !toolingFromSources.includes(where))
        .map((s) => `${where}: ${s}`)
    })
    assert.deepStrictEqual(offending, [])
  })

  it("the tooling's imports of src/ are the emulator's only", () => {
    const targets = toolingFromSources.flatMap((where) =>
      specifiers(join(root, where))
        .filter((s) => s.startsWith("."))
        .map((s) => relative(root, resolve(dirname(join(root, where)), s)))
        .filter((target) => target.startsWith("src/"))
    )
    assert.isAtLeast(targets.length, 2)
    assert.deepStrictEqual(
      targets.filter((target) => !target.startsWith("src/emulator/")),
      []
    )
  })
})

describe("demo: public entry points only", () => {
  const files = sourceFiles(demo)

  it("finds the demo's modules and their imports of the library", () => {
    assert.isAtLeast(files.length, 25)
    const named = files.flatMap(specifiers).filter((s) => s.startsWith(packageJson.name))
    assert.includeMembers([...new Set(named)].sort(), ["platform-web-client", "platform-web-client/react"])
  })

  it("imports the library only by the names in the package's exports map, never a module of src/ by path", () => {
    const offending = files.flatMap((file) =>
      specifiers(file).flatMap((specifier) => {
        const where = relative(root, file)
        if (specifier.startsWith(".")) {
          const target = relative(root, resolve(dirname(file), specifier))
          // the demo's own modules, the entry-point list its Vite config aliases, and what only its Vite config
          // (Node) takes from the emulator's sources (see below)
          return target.startsWith("examples/demo/") ||
            target === "scripts/entryPoints.ts" ||
            (where === viteConfig && target.startsWith("src/emulator/"))
            ? []
            : [`${where}: ${specifier}`]
        }
        if (specifier.startsWith(packageJson.name))
          return entryPoints.includes(specifier) ? [] : [`${where}: ${specifier}`]
        return /^(effect|react|react-dom|vite|@vitejs\/plugin-react)(\/|$)|^node:/.test(specifier)
          ? []
          : [`${where}: ${specifier}`]
      })
    )
    assert.deepStrictEqual(offending, [])
  })

  it("resolves, with the demo's Vite configuration, every entry point of the package and no module path behind them", async () => {
    const server = await createServer({
      configFile: join(demo, "vite.config.ts"),
      server: { middlewareMode: true, hmr: false, ws: false },
      logLevel: "silent"
    })
    try {
      const importer = join(demo, "src/main.tsx")
      const resolveId = (id: string) =>
        server.environments.client.pluginContainer.resolveId(id, importer).then(
          (r) => r?.id,
          () => undefined
        )
      for (const entry of entryPoints.filter((name) => !name.endsWith(".json"))) {
        const file = await resolveId(entry)
        assert.isTrue(file !== undefined && existsSync(file), `${entry} resolves to a file (${file})`)
      }
      for (const behind of ["src/index.ts", "src/core/http/errors.ts", "core/http/errors.ts", "dist/index.js"]) {
        assert.isUndefined(await resolveId(`${packageJson.name}/${behind}`), behind)
      }
    } finally {
      await server.close()
    }
  }, 60_000)
})
