/**
 * The build's platforms (tsdown.config.ts): the browser entry points are built for the neutral platform, which
 * resolves no Node built-in, and only the Node emulator's entry is built for Node. So no module a browser entry
 * reaches may import a `node:` module, and the module graph the build reads (scripts/moduleGraph.ts) must see every
 * kind of import the sources use.
 */
import { readFileSync } from "node:fs"
import { relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { entryPoints, packageRoot } from "../../scripts/entryPoints.ts"
import { reachedFrom, valueImports } from "../../scripts/moduleGraph.ts"

const nodeBuiltin = /(?:from\s+|import\s*\(\s*|^import\s+)"node:[^"]+"/m

describe("the build's platforms", () => {
  it("reads value imports of every form, and leaves type-only ones out", () => {
    const code = [
      `import * as Effect from "effect/Effect"`,
      `import type { A } from "./typeOnly.ts"`,
      `export type { B } from "./typeOnlyToo.ts"`,
      `import {`,
      `  a,`,
      `  type C`,
      `} from "./multiLine.ts"`,
      `import Default, { b } from "./defaultAndNamed.ts"`,
      `export * as Namespace from "./namespace.ts"`,
      `export { c } from "./reexport.ts"`,
      `import "./sideEffect.ts"`,
      `export const load = () => import("./lazy.ts")`
    ].join("\n")
    expect(valueImports(code).sort()).toEqual([
      "./defaultAndNamed.ts",
      "./lazy.ts",
      "./multiLine.ts",
      "./namespace.ts",
      "./reexport.ts",
      "./sideEffect.ts"
    ])
  })

  it("no module a browser entry point reaches imports a Node built-in; the Node emulator's entry does", () => {
    const browser = entryPoints
      .filter((entry) => entry.subpath !== "./emulator")
      .map((e) => resolve(packageRoot, e.source))
    const importsNode = (file: string) => nodeBuiltin.test(readFileSync(file, "utf8"))
    const offending = [...reachedFrom(browser)].filter(importsNode).map((file) => relative(packageRoot, file))
    expect(offending).toEqual([])
    const emulator = resolve(packageRoot, entryPoints.find((entry) => entry.subpath === "./emulator")!.source)
    expect([...reachedFrom([emulator])].some(importsNode)).toBe(true)
  })
})
