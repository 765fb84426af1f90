/**
 * The curated public API: every entry point of package.json is an explicit list (no `export *`), never reaches into
 * an `internal/` folder, and every name it exports is declared with a doc comment. A name count per entry point is
 * printed for the record.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { entryPoints, packageRoot } from "../../scripts/entryPoints.ts"
import { readEntry } from "./publicApi.ts"

/** Entry points that are a program, not a list of names. */
const scripts = new Set(["platform-web-client/heartbeat-worker"])

describe("entry points", () => {
  it("package.json lists the entry points with types and import conditions, every one built from a source file", () => {
    expect(entryPoints.map((entry) => entry.subpath)).toContain(".")
    for (const entry of entryPoints) {
      expect(entry.dist).toMatch(/^dist\/.+\.js$/)
      expect(entry.types).toBe(entry.dist.replace(/\.js$/, ".d.ts"))
      expect(entry.source).toMatch(/^src\/.+\.tsx?$/)
    }
  })

  for (const entry of entryPoints.filter((e) => !scripts.has(e.specifier))) {
    describe(entry.specifier, () => {
      const api = readEntry(packageRoot, entry.source)

      it("is an explicit list of names: no `export *`, nothing but exports", () => {
        expect(api.starExports).toEqual([])
        const rest = readFileSync(packageRoot + entry.source, "utf8")
          .replace(/\/\*\*[\s\S]*?\*\//g, "")
          .replace(/^export (?:type )?(?:\{[^}]*\}|\* as [\w$]+) from "[^"]+"$/gm, "")
        expect(rest.trim()).toBe("")
      })

      it("exports nothing from an internal/ folder", () => {
        expect(api.specifiers.filter((s) => s.split("/").includes("internal"))).toEqual([])
      })

      it("documents every name it exports", () => {
        const names = [...api.names, ...api.namespaces.flatMap((ns) => ns.members)]
        expect(names.filter((n) => n.declaredIn === undefined).map((n) => n.name)).toEqual([])
        expect(names.filter((n) => !n.documented).map((n) => `${n.name} (${n.declaredIn})`)).toEqual([])
        console.log(`${entry.specifier}: ${api.names.length + api.namespaces.length} names`)
      })
    })
  }
})

describe("tsconfig.json", () => {
  it("maps exactly the package's entry points to their sources (so the repository imports what users import)", () => {
    const config = JSON.parse(readFileSync(`${packageRoot}tsconfig.json`, "utf8")) as {
      compilerOptions: { paths: Record<string, ReadonlyArray<string>> }
    }
    expect(config.compilerOptions.paths).toEqual(
      Object.fromEntries(entryPoints.map((entry) => [entry.specifier, [`./${entry.source}`]]))
    )
  })
})
