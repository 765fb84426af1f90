/**
 * The build step that lets an app's bundler drop every endpoint definition and typed client the app does not use.
 *
 * A bundler keeps a module-level call unless it knows the call has no side effect, and it cannot know that of
 * `Schema.Struct(…)`, `get("getFriends", …)` or `class FriendsClient extends PlatformClient(…)`. The modules of
 * {@link pureModules} are data: each of their top-level calls builds a value (a schema, an endpoint, a group, a
 * client class or layer) and does nothing else (test/platform/api/pureModules.test.ts holds them to a list of such
 * constructors). This plugin marks each of those calls `/*#__PURE__*\/` in the built files, as effect's own build
 * marks its module-level calls, so that an unused definition, schema or client goes away with nothing else: a page
 * that uses one client (or one endpoint) loads only its definitions.
 *
 * Only calls outside functions are marked (a call inside a function runs when the function does); of calls that
 * begin at the same place (`Schema.String.pipe(…)` inside `X.pipe(…)`, a chain), the outermost.
 *
 * @module
 */
import MagicString from "magic-string"
import type { Plugin } from "rolldown"
import { parseAst } from "rolldown/parseAst"

/** The modules whose top-level calls are marked: the endpoint definitions and the typed clients. */
export const pureModules = /\/src\/platform\/(api|clients)\/[^?]*\.ts$/

/** The marker a bundler reads as "this call has no side effect". */
const pure = "/*#__PURE__*/ "

/** A call found at the top level of a module: where it starts, and the text of what it calls. */
export interface TopLevelCall {
  readonly start: number
  readonly callee: string
}

interface Node {
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

/** The calls and `new` expressions of a module that run when it is evaluated (outer before inner). */
export const topLevelCalls = (code: string, fileName = "module.ts"): ReadonlyArray<TopLevelCall> => {
  const calls: Array<TopLevelCall> = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (!isNode(value) || deferred.has(value.type)) return
    if (value.type === "CallExpression" || value.type === "NewExpression") {
      calls.push({ start: value.start, callee: code.slice(value.callee!.start, value.callee!.end) })
    }
    for (const key in value) if (key !== "type") visit(value[key])
  }
  visit(parseAst(code, { lang: fileName.endsWith(".tsx") ? "tsx" : "ts" }, fileName).body)
  return calls
}

/** `code` with each of its top-level calls marked pure (once where several begin), and the source map of the change. */
export const markPure = (code: string, fileName: string) => {
  const text = new MagicString(code)
  for (const start of new Set(topLevelCalls(code, fileName).map((call) => call.start))) text.appendLeft(start, pure)
  return { code: text.toString(), map: text.generateMap({ hires: true, source: fileName }) }
}

/** The plugin: marks the top-level calls of {@link pureModules} pure. */
export const pureAnnotations = (): Plugin => ({
  name: "pure-annotations",
  transform: {
    filter: { id: pureModules },
    handler: (code, id) => markPure(code, id)
  }
})
