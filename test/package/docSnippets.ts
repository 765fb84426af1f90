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
  ...readdirSync(`${root}docs`).filter((file) => file.endsWith(".md")).sort().map((file) => `docs/${file}`)
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
