/**
 * The build marks every call in the top-level declarations of the library's modules side-effect free
 * (scripts/pureAnnotations.ts), so that an app's bundler drops the definitions it does not use. That is only true
 * while those declarations make values: this test holds every such call to the constructors that do only that (and
 * never to `Effect.run…`), and checks what the marking does.
 */
import { assert, describe, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"
import { parseAst } from "rolldown/parseAst"
import { evaluatedNodes, markPure, pureModules, topLevelCalls } from "../../scripts/pureAnnotations.ts"

const files = readdirSync("src", { recursive: true, encoding: "utf8" })
  .map((name) => `src/${name}`)
  .filter((file) => /\.tsx?$/.test(file) && pureModules.test(`/repo/${file}`))
  .sort()

/**
 * The value constructors the declarations call: Effect's (schemas, service keys, layers, effects as values, tagged
 * errors; never a `run`), the platform's services' own layer constructors, React's context, and the built-ins that
 * make a collection, an encoder or a formatter.
 */
const valueConstructors = new RegExp(
  [
    /^(Schema|SchemaTransformation|Context|Layer|Data|Option)\.\w+$/,
    /^Effect\.(?!run)\w+$/,
    /^[A-Z]\w*\.(from\w+|layer\w*)$/,
    /^createContext$/,
    /^(Set|Map|WeakMap|WeakSet|Symbol|TextEncoder|TextDecoder|Intl\.NumberFormat|Array\.from)$/,
    /^Object\.(fromEntries|values|keys)$/
  ]
    .map((r) => r.source)
    .join("|")
)

/** Methods of values (schemas, layers) that return a new value; `.map` only over the constant lists below. */
const valueMethods = /\.(pipe|check)$|^(serviceNames|shownParameterNames|batchThumbnailTypes)\.map$/

/**
 * The library's own functions its declarations call, each of which only builds a value (a schema, an endpoint or
 * group, a client class, a reader of a page tag, a layer or service from its parts). A new one is added here on
 * purpose, after reading it: a function with an effect called in a declaration would be dropped by an app's bundler
 * when the declared name is unused.
 */
const ownConstructors = new Set([
  "get",
  "post",
  "patch",
  "group",
  "api",
  "PlatformClient",
  "followList",
  "groupList",
  "userList",
  "lenientEnum",
  "openCodedEnum",
  "openEnum",
  "openNameEnum",
  "optionalOrNull",
  "opt",
  "orUnknown",
  "CursorPage",
  "DataList",
  "NameFromString",
  "CommaSeparated",
  "imageQuery",
  "imagesByIds",
  "statusOf",
  "readTag",
  "numberIn",
  "integerIn",
  "oneOf",
  "parsed",
  "listReader",
  "timeSpanMs",
  "valueOf",
  "pageMessage",
  "failure",
  "batched",
  "makeChallenges",
  "makeSigning",
  "makeDeadlines",
  "makeTransport",
  "serviceOf",
  "lazyPanel",
  "recordingLayer"
])

/** Names that run an effect or start a fiber: never referenced where a module is evaluated. */
const runsAnEffect = /^(run(Fork|Promise|Sync|Callback|Main)\w*|fork(Child|Daemon|In|Scoped|Detach)?)$/

/** The functions the marked modules declare (every name of {@link ownConstructors} must be one of them). */
const declaredFunctions = (code: string, fileName: string): Array<string> => {
  const names: Array<string> = []
  const visit = (node: any): void => {
    if (Array.isArray(node)) return node.forEach(visit)
    if (node === null || typeof node !== "object") return
    if (node.type === "FunctionDeclaration" && node.id) names.push(node.id.name)
    if (node.type === "VariableDeclarator" && /Function/.test(node.init?.type ?? "") && node.id.type === "Identifier") {
      names.push(node.id.name)
    }
    for (const key in node) if (key !== "type") visit(node[key])
  }
  visit(parseAst(code, { lang: fileName.endsWith(".tsx") ? "tsx" : "ts" }, fileName).body)
  return names
}

const declared = new Set(files.flatMap((file) => declaredFunctions(readFileSync(file, "utf8"), file)))

/** The callee without its type arguments and call arguments (`Schema.Error<X>(…)` → `Schema.Error`). */
const calleeName = (callee: string) => callee.replace(/<[^()]*>/g, "").replace(/\(.*$/s, "")

/** What in `code`'s top-level declarations may have an effect: calls of no value constructor, and `run…`/`fork…`. */
const offending = (code: string, fileName: string) => [
  ...topLevelCalls(code, fileName)
    .map((call) => calleeName(call.callee))
    .filter((name) => !valueConstructors.test(name) && !valueMethods.test(name) && !ownConstructors.has(name)),
  ...evaluatedNodes(code, fileName)
    .map((node) => (node.type === "Identifier" ? (node["name"] as string) : ""))
    .filter((name) => runsAnEffect.test(name))
]

describe("the modules marked side-effect free", () => {
  it("are the library's modules, but the emulator's", () => {
    assert.isTrue(pureModules.test("/repo/src/platform/api/friends.ts"))
    assert.isTrue(pureModules.test("/repo/src/platform/clients/PlatformClients.ts"))
    assert.isTrue(pureModules.test("/repo/src/platform/social/Friends.ts"))
    assert.isTrue(pureModules.test("/repo/src/core/http/PlatformHttp.ts"))
    assert.isTrue(pureModules.test("/repo/src/react/PlatformProvider.tsx"))
    assert.isFalse(pureModules.test("/repo/src/emulator/server.ts"))
    assert.isAbove(files.length, 300)
  })

  it("make values only: every call of a top-level declaration is a value constructor", () => {
    const wrong = files.flatMap((file) => offending(readFileSync(file, "utf8"), file).map((name) => `${file}: ${name}`))
    assert.deepStrictEqual(wrong, [])
    assert.deepStrictEqual(
      [...ownConstructors].filter((name) => !declared.has(name)),
      [],
      "every own constructor is a function the library declares"
    )
  })

  it("the check flags a call with an effect, wherever it is in the declaration", () => {
    const code = [
      `export const a = Schema.Struct({})`,
      `export const r = register(a)`,
      `export const b = Effect.runSync(Effect.void)`,
      `export const f = Effect.never.pipe(Effect.runFork)`,
      `export const l = listeners.map(register)`,
      `export const s = startSecurityFrame()`
    ].join("\n")
    assert.deepStrictEqual(offending(code, "probe.ts"), [
      "register",
      "Effect.runSync",
      "listeners.map",
      "startSecurityFrame",
      "runSync",
      "runFork"
    ])
  })
})

describe("markPure", () => {
  it("marks the calls of declarations that run when the module loads, once per place; none inside functions, none in statements", () => {
    // left as they are: a function's body, and statements (they run for their effect)
    const unmarked = [
      `export const f = (x: number) => Schema.String.check(x)`,
      `table.set("a", 1)`,
      `if (install()) table.clear()`,
      `for (const x of load()) use(x)`,
      `Effect.runFork(main)`,
      `export default register()`
    ]
    const code = [
      `export const A = Schema.Literals(["a"]).pipe(Schema.brand("x"))`,
      `export class C extends PlatformClient("C", A)<C>() { method() { return call() } }`,
      `export const D = { ...Schema.Struct({}).fields, k: new Map([[1, 2]]) }`,
      ...unmarked
    ].join("\n")
    assert.strictEqual(
      markPure(code, "module.ts").code,
      [
        `export const A = /*#__PURE__*/ Schema.Literals(["a"]).pipe(/*#__PURE__*/ Schema.brand("x"))`,
        `export class C extends /*#__PURE__*/ PlatformClient("C", A)<C>() { method() { return call() } }`,
        `export const D = { .../*#__PURE__*/ Schema.Struct({}).fields, k: /*#__PURE__*/ new Map([[1, 2]]) }`,
        ...unmarked
      ].join("\n")
    )
  })

  it("gives the source map of the change (lines unchanged)", () => {
    const { map } = markPure(`export const A = Schema.Struct({})\n`, "a.ts")
    assert.deepStrictEqual(map.sources, ["a.ts"])
    assert.isAbove(map.mappings.length, 0)
  })
})
