/**
 * Every API name the docs and the library's messages tell people to use exists: each name that README.md, docs/*.md
 * (inline code; fenced snippets are compiled by test/package/docSnippets.test.ts) or a message of the library (a
 * log line, an error's text) mentions in the form of one of ours — `PascalName`, `PascalName.member`,
 * `camelName(…)`, `<PascalName/>`, and in messages any camelCase word — is exported by an entry point of the
 * package (package.json `exports`), and for `Name.member`, `member` is a property of that export: a static of the
 * class or a property of the object, a property of its type, or for a service (`Context.Service<Self, Shape>`)
 * a property of its shape.
 *
 * Not ours, by rule rather than by list:
 * - a name the library uses as a string value (a tag, an enumeration value, a reason): `SigningTimedOut`, `Idle`;
 * - a name exported by a package the library builds on or is compared with (effect and its modules, React, TanStack
 *   Query, msw), or a global of the platform (`Response`, `URLSearchParams`, `Map`);
 * - a word without a lower-case letter (`GET`, `CSRF`, a rule's area).
 * What the rules cannot tell goes on `notOurs`, by group, with its reason.
 */
import { describe, expect, it } from "@effect/vitest"
import { entryPoints, packageRoot } from "../../scripts/entryPoints.ts"
import { findDeclaration, readEntry } from "../package/publicApi.ts"
import { type RepositoryFile, repositoryFiles, repositoryRoot } from "./repositoryFiles.ts"

/** Names of others the rules above do not recognise, by group. */
const notOurs: ReadonlyArray<{ readonly why: string; readonly names: ReadonlyArray<string> }> = [
  { why: "TypeScript's", names: ["NoInfer"] },
  { why: "the DOM's (not globals of Node)", names: ["SecurityError", "IndexedDB", "arrayBuffer"] },
  { why: "Node's", names: ["AsyncResource"] },
  { why: "Effect's, named inside its modules", names: ["SchemaError", "AtomRuntime"] },
  {
    why: "the platform's wire names (link types, cookies)",
    names: [
      "ExperienceV2",
      "UserTrustedConnection",
      "StudioTrustedConnection",
      "SchoolInvite",
      "RBXEventTrackerV2",
      "RBXPaymentsFlowContext"
    ]
  }
]

/**
 * Names in docs owned by another area that do not exist; each is reported for a fix there, and taken off this
 * list once fixed (the test then keeps them fixed).
 */
const pendingInDocsOwnedElsewhere: ReadonlyArray<string> = []

/** One mention: where it is, the exported name it starts with, and the member after a dot (if any). */
interface Mention {
  readonly where: string
  readonly name: string
  readonly member: string | undefined
}

/** The forms of our API names in inline code: `Name`, `Name.member…`, `Name(…)`, `camelName(…)`, `<Name …/>`. */
const pascal = /^([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)(?:\.([A-Za-z_$][\w$]*))?(?:\.[A-Za-z_$][\w$]*)*(?:\(.*\))?$/
const camelCall = /^([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)\(.*\)$/
const element = /^<([A-Z][A-Za-z0-9]*)\b[^>]*>$/
const compound = /^[A-Z][a-z0-9]*[A-Z]/

/** The API names a Markdown file mentions in inline code. */
export const mentionsInMarkdown = (file: RepositoryFile): Array<Mention> => {
  let heading = ""
  return file.text
    .replace(/^```[\s\S]*?^```/gm, (block) => block.replace(/[^\n]/g, ""))
    .split("\n")
    .flatMap((line, index) => {
      if (line.startsWith("#")) heading = line
      // a table of renames names the old names in its first column
      const checked =
        /renamed|changed/i.test(heading) && line.startsWith("|") ? line.split("|").slice(2).join("|") : line
      return [...checked.matchAll(/`([^`]+)`/g)].flatMap((m): Array<Mention> => {
        const span = m[1]!.trim()
        if (/\.(?:tsx?|m?js|md|json|html)$/.test(span)) return [] // a file's name
        const where = `${file.path}:${index + 1}: ${span}`
        const p = pascal.exec(span)
        // a word of one hump (`Host`, `Provider`) is as likely a header, a field or a plain word
        if (p !== null)
          return p[2] === undefined && span === p[1] && !compound.test(span)
            ? []
            : [{ where, name: p[1]!, member: p[2] }]
        const c = camelCall.exec(span) ?? element.exec(span)
        return c === null ? [] : [{ where, name: c[1]!, member: undefined }]
      })
    })
}

/** Where a message starts: a log or console call, an error's construction, a `message:`, a `…Log`/`…Message` constant. */
const messageStart =
  /(?:Effect\.log(?:Warning|Error|Info|Debug|Fatal|Trace)?|console\.(?:warn|error|info|log)|new (?:[A-Z]\w*)?Error)\(\s*|\bmessage:\s*|export const \w*(?:Log|Message|Warning)\w*\s*=\s*/g
/** A message's text: string literals joined by `+`. */
const literalChain = /(?:"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)(?:\s*\+\s*(?:"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`))*/y

/** The texts of the messages a source file gives (placeholders `${…}` taken out). */
export const messagesOf = (text: string): Array<string> =>
  [...text.matchAll(messageStart)].flatMap((m) => {
    literalChain.lastIndex = m.index + m[0].length
    const chain = literalChain.exec(text)?.[0]
    if (chain === undefined) return []
    return [
      [...chain.matchAll(/"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)]
        .map((s) => s[1] ?? s[2])
        .join("")
        .replace(/\$\{[^}]*\}/g, "")
    ]
  })

/** The API names a message mentions: `Name.member`, `<Name…>`, and camelCase and compound PascalCase words. */
export const mentionsInMessage = (where: string, message: string): Array<Mention> => [
  ...[...message.matchAll(/(?<![\w.])([A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*)\.([a-z][\w$]*)/g)].map((m) => ({
    where: `${where}: ${m[0]}`,
    name: m[1]!,
    member: m[2]
  })),
  ...[...message.matchAll(/(?<![\w.<])([A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*)\b(?!\.)/g)].map((m) => ({
    where: `${where}: ${m[0]}`,
    name: m[1]!,
    member: undefined
  })),
  ...[...message.matchAll(/(?<![\w.])([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*)\b/g)].map((m) => ({
    where: `${where}: ${m[0]}`,
    name: m[1]!,
    member: undefined
  })),
  ...[...message.matchAll(/<([A-Z][A-Za-z0-9]*)\b/g)].map((m) => ({
    where: `${where}: ${m[0]}`,
    name: m[1]!,
    member: undefined
  }))
]

/** The entry points' exported names, with the file each is declared in. */
const exported = new Map(
  entryPoints.flatMap((entry) => {
    const file = readEntry(repositoryRoot, entry.source)
    return [
      ...file.names.map((n) => [n.name, n.declaredIn] as const),
      ...file.namespaces.map((n) => [n.name, n.module] as const)
    ]
  })
)

/** The entry modules' values (the heartbeat worker left out: importing it starts its pulses). */
const values = new Map<string, unknown>()
for (const entry of entryPoints.filter((e) => e.subpath !== "./heartbeat-worker")) {
  for (const [name, value] of Object.entries(await import(packageRoot + entry.source))) values.set(name, value)
}

/** A value's property names, its prototype chain's (a class's inherited statics) and its instances'. */
const runtimeMembers = (value: unknown): Array<string> => {
  const names: Array<string> = []
  for (let o: unknown = value; o !== null && o !== undefined && o !== Object.prototype && o !== Function.prototype;) {
    names.push(...Object.getOwnPropertyNames(o))
    o = Object.getPrototypeOf(o)
  }
  const prototype = typeof value === "function" ? (value as { prototype?: object }).prototype : undefined
  // a service definition's groups are the members of its client
  const groups = (value as { groups?: unknown } | undefined)?.groups
  return [
    ...names,
    ...(prototype === undefined ? [] : Object.getOwnPropertyNames(prototype)),
    ...(typeof groups === "object" && groups !== null ? Object.keys(groups) : [])
  ]
}

const sources = repositoryFiles(["src"]).filter((file) => /\.tsx?$/.test(file.path))
const sourceText = new Map(sources.map((file) => [file.path, file.text]))

/** The block of text declaring `name` in `text` (from its first line to the next line that closes at column 0). */
const declarationBlock = (text: string, name: string): string => {
  const head = new RegExp(`^export (?:declare )?(?:abstract )?(?:class|const|interface|type) ${name}\\b`, "m").exec(
    text
  )
  if (head === null) return ""
  const end = /^[})\]]/m.exec(text.slice(head.index + 1))
  return text.slice(head.index, end === null ? undefined : head.index + 1 + end.index)
}

/**
 * The members a declaration names at its top level (fields, methods, statics, type arguments' bodies), with those of
 * the interfaces its first line names (a service's shape, a reference's value, the interfaces it extends).
 */
const declaredMembers = (name: string, seen = new Set<string>()): Array<string> => {
  if (seen.has(name)) return []
  seen.add(name)
  const declaredIn = exported.get(name)
  const texts =
    declaredIn !== undefined && sourceText.has(declaredIn) ? [sourceText.get(declaredIn)!] : [...sourceText.values()]
  const block = texts.map((text) => declarationBlock(text, name)).find((b) => b !== "") ?? ""
  const own = [
    ...block.matchAll(/^ {2}(?:(?:readonly|static|public|override|async|get) )*["']?([\w$]+)["']?\??\s*[:(<=]/gm)
  ]
  const headerEnd = block.search(/[{=]\s*$/m)
  const header = headerEnd === -1 ? block : block.slice(0, headerEnd + 1)
  const named = [...header.matchAll(/\b([A-Z]\w*)\b/g)].map((m) => m[1]!).filter((n) => n !== name)
  return [
    ...own.map((m) => m[1]!),
    ...named.flatMap((n) => [...runtimeMembers(values.get(n)), ...declaredMembers(n, seen)])
  ]
}

const membersOf = (name: string): Set<string> =>
  new Set([...runtimeMembers(values.get(name)), ...declaredMembers(name)])

/** Names exported by what the library builds on or is compared with. */
const othersExports = new Set<string>()
for (const specifier of [
  "effect",
  "effect/testing",
  "effect/http",
  "effect/http-api",
  "effect/reactivity",
  "effect/encoding",
  "react",
  "@tanstack/react-query",
  "msw"
]) {
  for (const name of Object.keys(await import(specifier))) othersExports.add(name)
}

/** The words the library uses as values: quoted (tags, reasons, literals) or an enumeration object's PascalCase keys. */
const stringValues = new Set(
  sources.flatMap((file) => [
    ...[...file.text.matchAll(/"([A-Za-z][\w]*)"/g)].map((m) => m[1]!),
    ...[...file.text.matchAll(/^\s+([A-Z]\w*)\??:/gm)].map((m) => m[1]!)
  ])
)

/** Every member of every export: `getAll(keys)` and `goTo(n)` name methods of ours. */
const everyMember = new Set([...exported.keys()].flatMap((name) => [...membersOf(name)]))
const allowed = new Set(notOurs.flatMap((group) => group.names))

/** The examples' modules: the docs describe the demo's own code too (its queries, its components). */
const examples = repositoryFiles(["examples"]).filter((file) => /\.tsx?$/.test(file.path))

/**
 * The names src/ modules declare (the docs explain internals too: `ChallengeInterceptor`, `Rule`), and the names the
 * examples export (`GamesPagesQuery`, of the demo).
 */
const declaredInSources = new Set(
  [...sources, ...examples].flatMap((file) =>
    [
      ...file.text.matchAll(
        /^export (?:declare )?(?:abstract )?(?:const|function\*?|class|interface|type|enum) ([\w$]+)/gm
      )
    ].map((m) => m[1]!)
  )
)

/** Whether a mention is of a name that is not ours (see the module doc). */
const notOursByRule = (mention: Mention): boolean =>
  !exported.has(mention.name) &&
  !declaredInSources.has(mention.name) &&
  (othersExports.has(mention.name) ||
    mention.name in globalThis ||
    allowed.has(mention.name) ||
    (mention.member === undefined && (stringValues.has(mention.name) || everyMember.has(mention.name))))

/** The mentions of names that do not exist, or of members the export does not have. */
const missing = (mentions: ReadonlyArray<Mention>): Array<string> =>
  mentions
    .filter((mention) => !notOursByRule(mention))
    .flatMap((mention) => {
      if (!exported.has(mention.name) && !declaredInSources.has(mention.name)) {
        return pendingInDocsOwnedElsewhere.includes(mention.name) ? [] : [mention.where]
      }
      if (mention.member === undefined || membersOf(mention.name).has(mention.member)) return []
      return [mention.where]
    })

const docs = repositoryFiles(["README.md", "docs"]).filter((file) => file.path.endsWith(".md"))
const docMentions = docs.flatMap(mentionsInMarkdown)
const messageMentions = sources.flatMap((file) =>
  messagesOf(file.text).flatMap((message) => mentionsInMessage(file.path, message))
)

describe("API names in the docs and the library's messages", () => {
  it("every name README.md and docs/*.md mention in inline code exists, with its member", () => {
    expect(docs.length).toBeGreaterThan(15)
    expect(docMentions.length).toBeGreaterThan(1000)
    expect(missing(docMentions)).toEqual([])
  })

  it("every name the library's log lines and error texts mention exists, with its member", () => {
    expect(messageMentions.length).toBeGreaterThan(8)
    expect(missing(messageMentions)).toEqual([])
  })

  it("control: a name that is gone, a member that never was, and the names of others", () => {
    const doc = (text: string) => mentionsInMarkdown({ path: "x.md", text })
    expect(
      missing(doc("use `PlatformHttpWithChallenges` or `PlatformHttp.client` or `retiredLayer(x)` or `<Gone/>`"))
    ).toEqual([
      "x.md:1: PlatformHttpWithChallenges",
      "x.md:1: PlatformHttp.client",
      "x.md:1: retiredLayer(x)",
      "x.md:1: <Gone/>"
    ])
    expect(
      missing(doc("`PlatformHttp.get`, `PlatformHttp.layer`, `Challenges.browser`, `platformLayer({ })`"))
    ).toEqual([])
    expect(
      missing(doc("`PlatformConfig.platformHosts`, `<ChallengeHost/>`, `Effect.gen`, `Layer`, `Response`"))
    ).toEqual([])
    expect(missing(doc("```ts\nPlatformHttpWithChallenges\n```\n`SigningTimedOut`, `GET`"))).toEqual([])
    const message = messagesOf(
      `Effect.logWarning("use " + \`PlatformHttp.client, retiredLayer(\${x}) or PlatformHttpWithChallenges\`)`
    )
    expect(message).toEqual(["use PlatformHttp.client, retiredLayer() or PlatformHttpWithChallenges"])
    expect(missing(mentionsInMessage("m.ts", message[0]!))).toEqual([
      "m.ts: PlatformHttp.client",
      "m.ts: PlatformHttpWithChallenges",
      "m.ts: retiredLayer"
    ])
    expect(findDeclaration(repositoryRoot, `${repositoryRoot}/src/challenge.ts`, "Challenges").declaredIn).toBe(
      "src/core/challenge/Challenges.ts"
    )
  })
})
