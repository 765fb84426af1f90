/**
 * The allowed-values rule of the published documents, derived from an endpoint's definition instead of written per
 * call: a path or query parameter whose schema is a closed set of values (`Schema.Literals`, a `lenientEnum`: page
 * sizes 10/25/50/100, image sizes and formats, sort orders, server types, …) must hold one of them. The typed
 * clients check it before sending, so a value the service would refuse fails with a `RequestEncodeError` naming the
 * parameter and the values it takes, and nothing is sent.
 *
 * @module
 */
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import type * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"

/** A literal value a parameter may take. */
export type AllowedValue = string | number | boolean

/** One parameter with a closed set of values: where it is, its name and the values it takes. */
export interface AllowedValues {
  readonly part: "params" | "query"
  readonly name: string
  readonly allowed: ReadonlyArray<AllowedValue>
}

/** The literal values of a closed set (a literal or a union of literals, `undefined` left out), else undefined. */
const literalsOf = (ast: SchemaAST.AST): ReadonlyArray<AllowedValue> | undefined => {
  if (SchemaAST.isLiteral(ast)) return typeof ast.literal === "bigint" ? undefined : [ast.literal]
  if (!SchemaAST.isUnion(ast)) return undefined
  const values: Array<AllowedValue> = []
  for (const member of ast.types) {
    if (SchemaAST.isUndefined(member)) continue
    const inner = literalsOf(member)
    if (inner === undefined) return undefined
    for (const value of inner) if (!values.includes(value)) values.push(value)
  }
  return values.length === 0 ? undefined : values
}

const closedFields = (part: AllowedValues["part"], schema: Schema.Top | undefined): Array<AllowedValues> => {
  if (schema === undefined || !SchemaAST.isObjects(schema.ast)) return []
  return schema.ast.propertySignatures.flatMap((ps) => {
    const allowed = literalsOf(ps.type)
    return allowed === undefined ? [] : [{ part, name: String(ps.name), allowed }]
  })
}

/** The parameters of an endpoint that take a closed set of values, path parameters first. */
export const allowedValues = (endpoint: HttpApiEndpoint.Top): ReadonlyArray<AllowedValues> => [
  ...closedFields("params", endpoint.params),
  ...closedFields("query", endpoint.query)
]

/** A value outside its parameter's set: the parameter, the values it takes and the value given. */
export interface Disallowed extends AllowedValues {
  readonly value: unknown
}

/** The first parameter of `request` holding a value outside its set (absent values are left to the required rule). */
export const firstDisallowed = (rules: ReadonlyArray<AllowedValues>, request: unknown): Disallowed | undefined => {
  for (const rule of rules) {
    const part = typeof request === "object" && request !== null ? (request as Record<string, unknown>)[rule.part] : undefined
    const value = typeof part === "object" && part !== null ? (part as Record<string, unknown>)[rule.name] : undefined
    if (value === undefined || value === null) continue
    if (!rule.allowed.includes(value as AllowedValue)) return { ...rule, value }
  }
  return undefined
}
