/**
 * The package's entry points, read from package.json's `exports` (the one list): each subpath with its built files
 * in dist/ and the source file it is built from (`./dist/X.js` is built from `src/X.ts` or `src/X.tsx`). Used by
 * the build (tsdown.config.ts), the bundle-size check, the demo's and the tests' module aliases and the package
 * tests, so that a new entry point is declared once.
 *
 * @module
 */
import { existsSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"

/** One entry point of the package. */
export interface EntryPoint {
  /** The import specifier, e.g. `platform-web-client/http`. */
  readonly specifier: string
  /** The subpath in `exports`, e.g. `./http`. */
  readonly subpath: string
  /** The built module, relative to the package root, e.g. `dist/http.js`. */
  readonly dist: string
  /** Its type declarations, e.g. `dist/http.d.ts`. */
  readonly types: string
  /** The source it is built from, relative to the package root, e.g. `src/http.ts`. */
  readonly source: string
}

/** The package root (the folder of package.json). */
export const packageRoot = fileURLToPath(new URL("..", import.meta.url))

interface Conditions {
  readonly types: string
  readonly import: string
}

const packageJson = JSON.parse(readFileSync(`${packageRoot}package.json`, "utf8")) as {
  readonly name: string
  readonly exports: Readonly<Record<string, Conditions | string>>
}

/** The package's name. */
export const packageName = packageJson.name

const sourceOf = (dist: string): string => {
  const stem = dist.replace(/^\.\/dist\//, "src/").replace(/\.js$/, "")
  const found = [".ts", ".tsx"].map((ext) => stem + ext).find((file) => existsSync(packageRoot + file))
  if (found === undefined)
    throw new Error(`package.json exports ${dist}, but neither ${stem}.ts nor ${stem}.tsx exists`)
  return found
}

/** Every entry point with JavaScript (package.json itself left out), in the order of `exports`. */
export const entryPoints: ReadonlyArray<EntryPoint> = Object.entries(packageJson.exports).flatMap(
  ([subpath, target]) =>
    typeof target === "string"
      ? []
      : [
          {
            specifier: subpath === "." ? packageJson.name : `${packageJson.name}${subpath.slice(1)}`,
            subpath,
            dist: target.import.replace(/^\.\//, ""),
            types: target.types.replace(/^\.\//, ""),
            source: sourceOf(target.import)
          }
        ]
)

/** Module aliases from each specifier to its source, for Vite and Vitest (exact matches only). */
export const sourceAliases = (): Array<{ find: RegExp; replacement: string }> =>
  entryPoints.map((entry) => ({
    find: new RegExp(`^${entry.specifier.replace(/[/.-]/g, (c) => `\\${c}`)}$`),
    replacement: packageRoot + entry.source
  }))
