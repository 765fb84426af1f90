/**
 * The package's own module graph, read from its sources: which source modules an entry reaches through the imports
 * a build keeps (static imports and re-exports, side-effect imports, dynamic `import()`). Type-only imports and
 * re-exports (`import type`, `export type`) are erased by the build and are not followed. Only relative imports are
 * followed (packages are the app's dependencies). The build (tsdown.config.ts) uses it to build the modules only the
 * Node emulator reaches for Node.
 *
 * @module
 */
import { readFileSync } from "node:fs"
import { dirname, resolve } from "node:path"

/** The clause of an import or export statement: `{ a, b }`, `* as X`, `*`, `X`, `X, { a }` or `X, * as Y`. */
const clause = String.raw`(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+\w+))?)`

const statement = new RegExp(String.raw`^(?:import|export)(\s+type)?\s*${clause}\s*from\s+"(\.[^"]+)"`, "gm")
const sideEffect = /^import\s+"(\.[^"]+)"/gm
const dynamic = /\bimport\(\s*"(\.[^"]+)"\s*\)/g

/** The relative specifiers `code` imports for their values. */
export const valueImports = (code: string): Array<string> => [
  ...[...code.matchAll(statement)].filter((m) => m[1] === undefined).map((m) => m[2]!),
  ...[...code.matchAll(sideEffect)].map((m) => m[1]!),
  ...[...code.matchAll(dynamic)].map((m) => m[1]!)
]

/** The source modules `file` imports for their values (absolute paths). */
export const importsOf = (file: string): Array<string> =>
  valueImports(readFileSync(file, "utf8")).map((specifier) => resolve(dirname(file), specifier))

/** Every source module `entries` reach (absolute paths), the entries included. */
export const reachedFrom = (entries: ReadonlyArray<string>): Set<string> => {
  const reached = new Set<string>()
  const pending = [...entries]
  while (pending.length > 0) {
    const file = pending.pop()!
    if (reached.has(file)) continue
    reached.add(file)
    pending.push(...importsOf(file))
  }
  return reached
}
