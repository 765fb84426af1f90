/**
 * A reader of the package's public API from its sources: the names each entry point exports, where each is declared,
 * and whether that declaration carries a doc comment. It reads the entry files' explicit export lists and follows
 * re-exports (`export { a } from "./b.ts"`) to the declaration; it parses the project's own formatting, not every
 * TypeScript file.
 *
 * @module
 */
import { readFileSync } from "node:fs"
import { dirname, relative, resolve } from "node:path"

/** One exported name of an entry point. */
export interface PublicName {
  readonly name: string
  /** The source file that declares it (relative to the package root), or undefined when none was found. */
  readonly declaredIn: string | undefined
  /** Whether (one of) its declaration(s) has a `/** … *\/` comment right above it. */
  readonly documented: boolean
}

/** What an entry file is made of. */
export interface EntryFile {
  /** Explicit names, each from its module. */
  readonly names: ReadonlyArray<PublicName>
  /** `export * as X from` namespaces: X and the names of its module. */
  readonly namespaces: ReadonlyArray<{
    readonly name: string
    readonly module: string
    readonly members: ReadonlyArray<PublicName>
  }>
  /** `export * from` lines (forbidden: lists are explicit). */
  readonly starExports: ReadonlyArray<string>
  /** Every module specifier the entry imports or re-exports from. */
  readonly specifiers: ReadonlyArray<string>
}

const read = (file: string): string => readFileSync(file, "utf8")

const declaration = (name: string) =>
  new RegExp(
    `^export (?:declare )?(?:abstract )?(?:const|function\\*?|class|interface|type|enum|namespace|let) ${name.replace(/\$/g, "\\$")}\\b`,
    "m"
  )

/** Export lists of a file: `export { a, type b as c } from "./x.ts"` and `export { a }`. */
const exportLists = (source: string) =>
  [...source.matchAll(/^export (type )?\{([^}]*)\}(?: from "([^"]+)")?/gm)].map((m) => ({
    from: m[3],
    items: m[2]!
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item.length > 0)
      .map((item) => {
        const [local, exported] = item.replace(/^type\s+/, "").split(/\s+as\s+/)
        return { local: local!.trim(), exported: (exported ?? local!).trim() }
      })
  }))

/** Whether the text right above `index` in `source` is a doc comment (`/** … *\/`). */
const docAbove = (source: string, index: number): boolean => {
  const before = source.slice(0, index).trimEnd()
  if (!before.endsWith("*/")) return false
  const start = before.lastIndexOf("/*")
  return start !== -1 && before.startsWith("/**", start)
}

/** Find where `name` is declared, starting from `file`, following re-exports. */
export const findDeclaration = (root: string, file: string, name: string, seen = new Set<string>()): PublicName => {
  const key = `${file}#${name}`
  if (seen.has(key)) return { name, declaredIn: undefined, documented: false }
  seen.add(key)
  const source = read(file)
  const pattern = declaration(name)
  const global = new RegExp(pattern.source, "gm")
  const matches = [...source.matchAll(global)]
  if (matches.length > 0) {
    return { name, declaredIn: relative(root, file), documented: matches.some((m) => docAbove(source, m.index)) }
  }
  for (const list of exportLists(source)) {
    const item = list.items.find((i) => i.exported === name)
    if (item === undefined) continue
    if (list.from === undefined) {
      // `export { local as name }` of a local declaration; `export { name }` of an import is followed below
      if (item.local === name) continue
      return findDeclaration(root, file, item.local, seen)
    }
    return { ...findDeclaration(root, resolve(dirname(file), list.from), item.local, seen), name }
  }
  // `import { name } from "./x.ts"` then `export { name }`
  for (const m of source.matchAll(/^import (?:type )?\{([^}]*)\} from "(\.[^"]+)"/gm)) {
    const item = m[1]!
      .split(",")
      .map((i) =>
        i
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)
      )
      .find(([local, alias]) => (alias ?? local)?.trim() === name)
    if (item !== undefined)
      return { ...findDeclaration(root, resolve(dirname(file), m[2]!), item[0]!.trim(), seen), name }
  }
  return { name, declaredIn: undefined, documented: false }
}

/** Every name a module declares or re-exports (for namespaces). */
const moduleNames = (file: string): ReadonlyArray<string> => {
  const source = read(file)
  const declared = [
    ...source.matchAll(
      /^export (?:declare )?(?:abstract )?(?:const|function\*?|class|interface|type|enum|namespace|let) ([\w$]+)/gm
    )
  ].map((m) => m[1]!)
  const listed = exportLists(source).flatMap((list) => list.items.map((i) => i.exported))
  return [...new Set([...declared, ...listed])]
}

/** Read an entry file of the package. */
export const readEntry = (root: string, entry: string): EntryFile => {
  const file = resolve(root, entry)
  const source = read(file)
  const names = exportLists(source).flatMap((list) =>
    list.items.map((item) =>
      list.from === undefined
        ? findDeclaration(root, file, item.local)
        : { ...findDeclaration(root, resolve(dirname(file), list.from), item.local), name: item.exported }
    )
  )
  const namespaces = [...source.matchAll(/^export \* as ([\w$]+) from "([^"]+)"/gm)].map((m) => {
    const module = resolve(dirname(file), m[2]!)
    return {
      name: m[1]!,
      module: relative(root, module),
      members: moduleNames(module).map((member) => findDeclaration(root, module, member))
    }
  })
  return {
    names,
    namespaces,
    starExports: [...source.matchAll(/^export \* from "([^"]+)"/gm)].map((m) => m[1]!),
    specifiers: [...source.matchAll(/from "([^"]+)"/g)].map((m) => m[1]!)
  }
}
