/**
 * The build marks every top-level call of the definition and client modules side-effect free
 * (scripts/pureAnnotations.ts), so that an app's bundler drops the definitions and clients it does not use. That is
 * only true while those modules are data: each top-level call builds a value. This test holds every such call to
 * the constructors that do only that, and checks what the marking does.
 */
import { assert, describe, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"
import { parseAst } from "rolldown/parseAst"
import { markPure, pureModules, topLevelCalls } from "../../../scripts/pureAnnotations.ts"

const files = ["src/platform/api", "src/platform/clients"]
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name) => `${dir}/${name}`))
  .filter((file) => file.endsWith(".ts"))
  .sort()

/** Effect's value constructors the definitions call at the top level. */
const effectConstructors = /^(Schema|SchemaTransformation)\.|^Layer\.suspend$|^Object\.(fromEntries|values)$/

/** Methods of values (schemas, arrays) that return a new value. */
const valueMethods = /\.(pipe|check|map)$/

/** The functions the marked modules declare themselves (schema helpers, the endpoint and client constructors). */
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
  visit(parseAst(code, { lang: "ts" }, fileName).body)
  return names
}

const ownFunctions = new Set(files.flatMap((file) => declaredFunctions(readFileSync(file, "utf8"), file)))

/** The callee without its type arguments and call arguments (`Schema.Error<X>(…)` → `Schema.Error`). */
const calleeName = (callee: string) => callee.replace(/<[^()]*>/g, "").replace(/\(.*$/s, "")

/** The top-level calls of `code` that call none of the value constructors. */
const offending = (code: string, fileName: string, own: ReadonlySet<string>) =>
  topLevelCalls(code, fileName)
    .map((call) => calleeName(call.callee))
    .filter((name) => !effectConstructors.test(name) && !valueMethods.test(name) && !own.has(name))

describe("the modules marked side-effect free", () => {
  it("are the endpoint definitions and the typed clients", () => {
    assert.isTrue(pureModules.test("/repo/src/platform/api/friends.ts"))
    assert.isTrue(pureModules.test("/repo/src/platform/clients/PlatformClients.ts"))
    assert.isFalse(pureModules.test("/repo/src/platform/social/Friends.ts"))
    assert.isFalse(pureModules.test("/repo/src/core/http/PlatformHttp.ts"))
    assert.isAbove(files.length, 40)
  })

  it("make values only: every top-level call is a schema, endpoint or client constructor", () => {
    const wrong = files.flatMap((file) =>
      offending(readFileSync(file, "utf8"), file, ownFunctions).map((name) => `${file}: ${name}`)
    )
    assert.deepStrictEqual(wrong, [])
    assert.includeMembers([...ownFunctions], ["get", "post", "group", "api", "lenientEnum", "PlatformClient"])
  })

  it("the check flags a call with an effect", () => {
    const code = `export const a = Schema.Struct({})\nregister(a)\nexport const b = Effect.runSync(Effect.void)\n`
    assert.deepStrictEqual(offending(code, "probe.ts", ownFunctions), ["register", "Effect.runSync"])
  })
})

describe("markPure", () => {
  it("marks the calls that run when the module loads, once per place, and none inside functions", () => {
    const code = [
      `export const A = Schema.Literals(["a"]).pipe(Schema.brand("x"))`,
      `export const f = (x: number) => Schema.String.check(x)`,
      `export class C extends PlatformClient("C", A)<C>() { method() { return call() } }`,
      `export const D = { ...Schema.Struct({}).fields, k: new Map([[1, 2]]) }`
    ].join("\n")
    assert.strictEqual(
      markPure(code, "module.ts").code,
      [
        `export const A = /*#__PURE__*/ Schema.Literals(["a"]).pipe(/*#__PURE__*/ Schema.brand("x"))`,
        `export const f = (x: number) => Schema.String.check(x)`,
        `export class C extends /*#__PURE__*/ PlatformClient("C", A)<C>() { method() { return call() } }`,
        `export const D = { .../*#__PURE__*/ Schema.Struct({}).fields, k: /*#__PURE__*/ new Map([[1, 2]]) }`
      ].join("\n")
    )
  })

  it("gives the source map of the change (lines unchanged)", () => {
    const { map } = markPure(`export const A = Schema.Struct({})\n`, "a.ts")
    assert.deepStrictEqual(map.sources, ["a.ts"])
    assert.isAbove(map.mappings.length, 0)
  })
})
