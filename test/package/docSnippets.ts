/**
 * The code blocks of the documentation (README.md and docs/*.md): every ```ts and ```tsx block, with the file and
 * line it starts at. A block whose info string says `no-check` (```ts no-check) is meant as a fragment and skipped.
 *
 * @module
 */
import { readdirSync, readFileSync } from "node:fs"

/** One code block of a documentation file. */
export interface Snippet {
  /** The document, relative to the package root, e.g. `docs/signing.md`. */
  readonly document: string
  /** The line of the document the code starts at (1-based). */
  readonly line: number
  readonly language: "ts" | "tsx"
  readonly code: string
  /** Marked ```ts no-check: not compiled. */
  readonly unchecked: boolean
}

/** The documents whose snippets are checked. */
export const documents = (root: string): ReadonlyArray<string> => [
  "README.md",
  ...readdirSync(`${root}docs`)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => `docs/${file}`)
]

/** Every ts/tsx block of one document. */
export const snippetsOf = (root: string, document: string): ReadonlyArray<Snippet> => {
  const text = readFileSync(root + document, "utf8")
  return [...text.matchAll(/^```(tsx?)([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({
    document,
    line: text.slice(0, m.index).split("\n").length + 1,
    language: m[1] as "ts" | "tsx",
    code: m[3]!,
    unchecked: /\bno-check\b/.test(m[2]!)
  }))
}

/** Where the stock Vite React TypeScript template keeps the compiler options of the app's own code. */
export const viteTemplateConfig = "node_modules/create-vite/template-react-ts/tsconfig.app.json"

/** Options that say where to write or what to load, not how code is checked: left to the snippet check. */
const notChecks = new Set(["tsBuildInfoFile", "noEmit", "types", "skipLibCheck"])

/**
 * The compiler options an app made from the stock Vite React TypeScript template (create-vite, a devDependency)
 * checks its code with (`tsconfig.app.json`, a JSON file with comments), less those that only say where things are.
 */
export const viteTemplateCompilerOptions = (root: string): Readonly<Record<string, unknown>> => {
  const text = readFileSync(root + viteTemplateConfig, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "")
  const options = (JSON.parse(text) as { compilerOptions: Record<string, unknown> }).compilerOptions
  return Object.fromEntries(Object.entries(options).filter(([key]) => !notChecks.has(key)))
}
