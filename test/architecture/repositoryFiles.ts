/**
 * The repository's text files, for the tests that read the whole repository (rules.test.ts, history.test.ts,
 * apiNames.test.ts): every text file under the given folders (node_modules, dist and .vite left out), or the given
 * files themselves, each with its path relative to the repository root and its text.
 */
import { readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

/** The repository root. */
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..")

/** One text file: its path relative to the repository root (with `/`), and its text. */
export interface RepositoryFile {
  readonly path: string
  readonly text: string
}

const textFile = /\.(tsx?|mts|m?js|md|html|css|json|txt|ya?ml)$/
const skippedDirectories = new Set(["node_modules", "dist", ".vite"])

const filesUnder = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return skippedDirectories.has(entry.name) ? [] : filesUnder(path)
    return textFile.test(entry.name) ? [path] : []
  })

/** Every text file of `entries` (folders or files, relative to the root), in the order given. */
export const repositoryFiles = (entries: ReadonlyArray<string>): ReadonlyArray<RepositoryFile> =>
  entries
    .map((entry) => join(repositoryRoot, entry))
    .flatMap((path) => (statSync(path).isDirectory() ? filesUnder(path) : [path]))
    .map((path) => ({ path: relative(repositoryRoot, path).split("\\").join("/"), text: readFileSync(path, "utf8") }))
