/**
 * Every code block of README.md and docs/*.md compiles against the package's PUBLIC entry points: each block is
 * written out as a module and type-checked by `tsc` with the project's settings AND the compiler options of an app
 * made from the stock Vite React TypeScript template (read from create-vite's `tsconfig.app.json`: `noUnusedLocals`,
 * `noUnusedParameters`, `verbatimModuleSyntax`, `erasableSyntaxOnly`, `jsx: react-jsx`, `moduleResolution: bundler`,
 * …), so a recipe pasted into such an app compiles there too. `platform-web-client` and its subpaths resolve to the
 * entry points only (a deep import into src/ does not resolve). Node's types are there besides Vite's client types:
 * the recipes for the emulator and the server run in Node. Errors are reported at the document's line.
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, rmSync, writeFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { entryPoints, packageRoot } from "../../scripts/entryPoints.ts"
import { documents, type Snippet, snippetsOf, viteTemplateCompilerOptions } from "./docSnippets.ts"

const workDir = `${packageRoot}node_modules/.cache/doc-snippets/`

/** The file a snippet is compiled as. */
const fileOf = (snippet: Snippet, index: number) =>
  `${snippet.document.replace(/[/.]/g, "_")}_${index}.${snippet.language}`

/** Compile the snippets; the `tsc` diagnostics, each mapped to its document line. */
const compile = (snippets: ReadonlyArray<Snippet>): ReadonlyArray<string> => {
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(workDir, { recursive: true })
  const files = snippets.map((snippet, index) => {
    const file = fileOf(snippet, index)
    // a block without import/export is a script: make it a module so blocks do not share names
    const code = /^(import|export) /m.test(snippet.code) ? snippet.code : `${snippet.code}\nexport {}\n`
    writeFileSync(workDir + file, code)
    return { file, snippet }
  })
  writeFileSync(
    `${workDir}tsconfig.json`,
    JSON.stringify({
      extends: "../../../tsconfig.json",
      compilerOptions: {
        ...viteTemplateCompilerOptions(packageRoot),
        noEmit: true,
        types: ["node", "vite/client"],
        paths: Object.fromEntries(entryPoints.map((entry) => [entry.specifier, [`../../../${entry.source}`]]))
      },
      include: files.map((f) => f.file)
    })
  )
  try {
    execFileSync(`${packageRoot}node_modules/.bin/tsc`, ["-p", `${workDir}tsconfig.json`], { encoding: "utf8" })
    return []
  } catch (error) {
    const output = String((error as { stdout?: unknown }).stdout ?? error)
    return output
      .split("\n")
      .filter((line) => line.length > 0)
      .map((line) => {
        const m = /^(?:.*\/)?([^/(]+)\((\d+),(\d+)\): (.*)$/.exec(line)
        const source = m === null ? undefined : files.find((f) => f.file === m[1])
        return source === undefined || m === null
          ? line
          : `${source.snippet.document}:${source.snippet.line + Number(m[2]) - 1}: ${m[4]}`
      })
  }
}

describe("documentation snippets", () => {
  const all = documents(packageRoot).flatMap((document) => snippetsOf(packageRoot, document))
  const checked = all.filter((s) => !s.unchecked)

  it("finds the code blocks of the README and the guides", () => {
    expect(checked.length).toBeGreaterThanOrEqual(10)
    // fragments stay rare
    expect(all.filter((s) => s.unchecked).length).toBeLessThanOrEqual(2)
  })

  it("are checked with the Vite React TypeScript template's compiler options", () => {
    const options = viteTemplateCompilerOptions(packageRoot)
    expect(options).toMatchObject({
      noUnusedLocals: true,
      noUnusedParameters: true,
      verbatimModuleSyntax: true,
      erasableSyntaxOnly: true,
      jsx: "react-jsx",
      moduleResolution: "bundler"
    })
  })

  it("compile against the public entry points", () => {
    expect(compile(checked)).toEqual([])
  }, 120_000)
})
