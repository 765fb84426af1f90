/**
 * The allowed-values rule of the published documents, derived from an endpoint's definition instead of written per
 * call: a path or query parameter, or a field of a struct body (or of each item of a list body), whose schema is a
 * closed set of values (`Schema.Literals`, a `NameFromString`, a `lenientEnum`: page sizes 10/25/50/100, image
 * sizes and formats, sort orders, server types, …) must hold one of them.
 *
 * Tolerant as the services are: a value is first read the way its definition reads it off the wire, so every
 * spelling the service accepts is taken — a name in any case (`png` → `Png`), a code for a name (`accessFilter: 1`
 * → `All`), digits for a number (`"25"` → 25) — and replaced by the canonical value, which the encoder then sends
 * in the one spelling the document shows. A value no spelling maps to is refused: the typed clients fail with a
 * `RequestEncodeError` naming the parameter and the values it takes, and nothing is sent.
 *
 * @module
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import type { AnyEndpoint } from "../api/definition.ts"

/** A literal value a parameter may take. */
export type AllowedValue = string | number | boolean

/** Where a closed value sits: a path or query parameter, or a field of the body (of each item of a list body). */
export type AllowedPart = "params" | "query" | "payload"

/** One parameter with a closed set of values: where it is, its name and the values it takes. */
export interface AllowedValues {
  readonly part: AllowedPart
  readonly name: string
  readonly allowed: ReadonlyArray<AllowedValue>
}

/** A closed parameter with the reading of its definition: the canonical value of a spelling, if it has one. */
export interface AllowedRule extends AllowedValues {
  readonly read: (value: unknown) => AllowedValue | undefined
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

/**
 * The spellings of a value to read: itself, its text, and the number or boolean its text writes exactly (`"25"` is
 * 25, `"true"` is true), as a path or query parameter arrives as text.
 */
const spellingsOf = (value: string | number | boolean): Set<unknown> => {
  const text = String(value)
  const out = new Set<unknown>([value, text])
  if (text !== "" && String(Number(text)) === text) out.add(Number(text))
  if (text === "true" || text === "false") out.add(text === "true")
  return out
}

/** The canonical value of `value` among `allowed`: itself, else what the definition reads from one of its spellings. */
const reader = (ast: SchemaAST.AST, allowed: ReadonlyArray<AllowedValue>) => {
  const decode = Schema.decodeUnknownOption(Schema.make<Schema.Codec<unknown, unknown>>(ast))
  return (value: unknown): AllowedValue | undefined => {
    if (allowed.includes(value as AllowedValue)) return value as AllowedValue
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") return undefined
    for (const spelling of spellingsOf(value)) {
      const read = Option.getOrUndefined(decode(spelling))
      if (allowed.includes(read as AllowedValue)) return read as AllowedValue
    }
    return undefined
  }
}

/** The fields of a struct (or of the items of a list of structs) with a closed set of values. */
const closedFields = (part: AllowedPart, schema: Schema.Top | undefined): Array<AllowedRule> => {
  if (schema === undefined) return []
  const ast =
    SchemaAST.isArrays(schema.ast) && schema.ast.elements.length === 0 && schema.ast.rest.length === 1
      ? schema.ast.rest[0]!
      : schema.ast
  if (!SchemaAST.isObjects(ast)) return []
  return ast.propertySignatures.flatMap((ps) => {
    const allowed = literalsOf(ps.type)
    return allowed === undefined ? [] : [{ part, name: String(ps.name), allowed, read: reader(ps.type, allowed) }]
  })
}

/** The parameters of an endpoint that take a closed set of values: path parameters, query, then body fields. */
export const allowedValues = (endpoint: AnyEndpoint): ReadonlyArray<AllowedRule> => [
  ...closedFields("params", endpoint.params),
  ...closedFields("query", endpoint.query),
  ...closedFields("payload", endpoint.payload)
]

/** A value outside its set: the parameter, the values it takes and the value given. */
export interface Disallowed extends AllowedValues {
  readonly value: unknown
}

/** A request whose closed values are canonical, or the first value no spelling maps to. */
export type Spelled =
  | { readonly _tag: "Spelled"; readonly request: unknown }
  | { readonly _tag: "Disallowed"; readonly disallowed: Disallowed }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** `container` with the closed fields of `rules` made canonical, or the first that cannot be. */
const spellFields = (
  rules: ReadonlyArray<AllowedRule>,
  container: unknown
): { readonly value: unknown } | { readonly disallowed: Disallowed } => {
  if (!isRecord(container) || Array.isArray(container)) return { value: container }
  let out: Record<string, unknown> | undefined
  for (const rule of rules) {
    const value = container[rule.name]
    // absent values are left to the required rule
    if (value === undefined || value === null) continue
    const canonical = rule.read(value)
    if (canonical === undefined) {
      const { read: _, ...values } = rule
      return { disallowed: { ...values, value } }
    }
    if (canonical !== value) (out ??= { ...container })[rule.name] = canonical
  }
  return { value: out ?? container }
}

/**
 * `request` with every closed value replaced by its canonical value (names in the case the document shows, codes
 * read as their names, digits as numbers), or the first value that is none of its parameter's values. Absent values
 * are left to the required rule; a body that is not a struct or a list of structs is left to the encoder.
 */
export const spellRequest = (rules: ReadonlyArray<AllowedRule>, request: unknown): Spelled => {
  if (!isRecord(request)) return { _tag: "Spelled", request }
  const out: Record<string, unknown> = { ...request }
  for (const part of ["params", "query", "payload"] as const) {
    const partRules = rules.filter((rule) => rule.part === part)
    if (partRules.length === 0 || out[part] === undefined) continue
    const items = part === "payload" && Array.isArray(out[part]) ? (out[part] as ReadonlyArray<unknown>) : undefined
    const spelled = (items ?? [out[part]]).map((item) => spellFields(partRules, item))
    const refused = spelled.find((result) => "disallowed" in result)
    if (refused !== undefined && "disallowed" in refused) return { _tag: "Disallowed", disallowed: refused.disallowed }
    const values = spelled.map((result) => ("value" in result ? result.value : undefined))
    out[part] = items === undefined ? values[0] : values
  }
  return { _tag: "Spelled", request: out }
}
