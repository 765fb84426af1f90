/**
 * The build step that lets an app's bundler drop every definition of the library the app does not use.
 *
 * A bundler keeps a module-level call unless it knows the call has no side effect, and it cannot know that of
 * `Schema.Struct(…)`, `Context.Reference(…)`, `Layer.effect(…)`, `get("getFriends", …)` or
 * `class FriendsClient extends PlatformClient(…)`. The library's modules ({@link pureModules}: every module but the
 * emulator's) declare values: each call in a top-level declaration builds a value (a schema, a service key, a
 * layer, an endpoint, a client class) and does nothing else (test/architecture/pureModules.test.ts holds them to a
 * list of such constructors). This plugin marks each of those calls `/*#__PURE__*\/` in the built files, as
 * effect's own build marks its module-level calls, so that an unused definition goes away with nothing else: a page
 * that uses one client (or one endpoint) loads only its definitions, and a module's unused layers and constants are
 * left out of the pages that import it for something else.
 *
 * Only calls that run when the module is evaluated are marked (a call inside a function runs when the function
 * does), and only in declarations: a top-level statement (`Effect.runFork(main)` in an entry, `table.set(…)`) runs
 * for its effect and is never marked. Of calls that begin at the same place (`Schema.String.pipe(…)` inside
 * `X.pipe(…)`, a chain), the outermost.
 *
 * @module
 */
import MagicString from "magic-string"
import type { Plugin } from "rolldown"
import { parseAst } from "rolldown/parseAst"

/** The modules whose top-level declarations' calls are marked: the library's, but the emulator's. */
export const pureModules = /\/src\/(?!emulator\/)[^?]*\.tsx?$/

/** The marker a bundler reads as "this call has no side effect". */
const pure = "/*#__PURE__*/ "

/** A call found at the top level of a module: where it starts, and the text of what it calls. */
export interface TopLevelCall {
  readonly start: number
  readonly callee: string
}

/** A node of the syntax tree, as the parser gives it. */
export interface Node {
  readonly type: string
  readonly start: number
  readonly end: number
  readonly callee?: Node
  readonly [key: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"

/** Nodes whose bodies run later (when called), not when the module is evaluated. */
const deferred = new Set([
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "MethodDefinition",
  "TSDeclareFunction"
])

/** The declarations of a module's top level: what it declares (a statement there runs for its effect). */
const declarationsOf = (body: ReadonlyArray<Node>): ReadonlyArray<Node> =>
  body.flatMap((statement) => {
    const declared =
      statement.type === "ExportNamedDeclaration" || statement.type === "ExportDefaultDeclaration"
        ? (statement["declaration"] as Node | null | undefined)
        : statement
    return declared !== null &&
      declared !== undefined &&
      (declared.type === "VariableDeclaration" || declared.type === "ClassDeclaration")
      ? [declared]
      : []
  })

/** The nodes of a module's top-level declarations that run when it is evaluated (not inside functions), outer first. */
export const evaluatedNodes = (code: string, fileName = "module.ts"): ReadonlyArray<Node> => {
  const nodes: Array<Node> = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (!isNode(value) || deferred.has(value.type)) return
    nodes.push(value)
    for (const key in value) if (key !== "type") visit(value[key])
  }
  const program = parseAst(code, { lang: fileName.endsWith(".tsx") ? "tsx" : "ts" }, fileName)
  visit(declarationsOf(program.body as unknown as ReadonlyArray<Node>))
  return nodes
}

/** The calls and `new` expressions of a module's declarations that run when it is evaluated (outer before inner). */
export const topLevelCalls = (code: string, fileName = "module.ts"): ReadonlyArray<TopLevelCall> =>
  evaluatedNodes(code, fileName)
    .filter((node) => node.type === "CallExpression" || node.type === "NewExpression")
    .map((node) => ({ start: node.start, callee: code.slice(node.callee!.start, node.callee!.end) }))

/** `code` with each call of its top-level declarations marked pure (once where several begin), and the source map of the change. */
export const markPure = (code: string, fileName: string) => {
  const text = new MagicString(code)
  for (const start of new Set(topLevelCalls(code, fileName).map((call) => call.start))) text.appendLeft(start, pure)
  return { code: text.toString(), map: text.generateMap({ hires: true, source: fileName }) }
}

/** The plugin: marks the calls of the top-level declarations of {@link pureModules} pure. */
export const pureAnnotations = (): Plugin => ({
  name: "pure-annotations",
  transform: {
    filter: { id: pureModules },
    handler: (code, id) => markPure(code, id)
  }
})
