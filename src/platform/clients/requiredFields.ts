/**
 * The required-field rule (REQ-1 to REQ-3), derived from an endpoint's definition instead of written per call:
 * every path parameter, every non-optional query parameter and header, the body (named by the endpoint's
 * `bodyName`) and the non-optional fields of a struct body must be neither null nor undefined.
 *
 * @module
 */
import type * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import type { AnyEndpoint } from "../api/definition.ts"

/** Where a required value sits in a request. */
export type RequiredPart = "params" | "query" | "headers" | "payload" | "payloadField"

/** One required value of an endpoint: its part of the request and its name. */
export interface RequiredField {
  readonly part: RequiredPart
  readonly name: string
}

/** The fields of a struct schema with their optionality, or undefined when the schema is not a struct. */
const structFields = (
  schema: Schema.Top | undefined
): ReadonlyArray<{ name: string; optional: boolean }> | undefined => {
  if (schema === undefined) return undefined
  const ast = schema.ast
  if (!SchemaAST.isObjects(ast)) return undefined
  return ast.propertySignatures.map((ps) => ({ name: String(ps.name), optional: SchemaAST.isOptional(ps.type) }))
}

const required = (part: RequiredPart, schema: Schema.Top | undefined): Array<RequiredField> =>
  (structFields(schema) ?? []).filter((field) => !field.optional).map((field) => ({ part, name: field.name }))

/**
 * The required values of an endpoint, in the order they are checked: path parameters (in definition order), query
 * parameters, headers, the body, then the body's own required fields.
 */
export const requiredFields = (endpoint: AnyEndpoint): ReadonlyArray<RequiredField> => [
  ...required("params", endpoint.params),
  ...required("query", endpoint.query),
  ...required("headers", endpoint.headers),
  ...(endpoint.payload === undefined
    ? []
    : [{ part: "payload" as const, name: endpoint.bodyName }, ...required("payloadField", endpoint.payload)])
]

const isMissing = (value: unknown): boolean => value === null || value === undefined

const partOf = (request: unknown, key: "params" | "query" | "headers" | "payload"): unknown =>
  typeof request === "object" && request !== null ? (request as Record<string, unknown>)[key] : undefined

const field = (container: unknown, name: string): unknown =>
  typeof container === "object" && container !== null ? (container as Record<string, unknown>)[name] : undefined

/** The name of the first required value missing from `request` (null or undefined), or undefined when all are there. */
export const firstMissing = (fields: ReadonlyArray<RequiredField>, request: unknown): string | undefined => {
  for (const { part, name } of fields) {
    switch (part) {
      case "payload":
        if (isMissing(partOf(request, "payload"))) return name
        break
      case "payloadField": {
        const body = partOf(request, "payload")
        // a body that is not an object is left to the encoder
        if (typeof body === "object" && body !== null && !Array.isArray(body) && isMissing(field(body, name)))
          return name
        break
      }
      default:
        if (isMissing(field(partOf(request, part), name))) return name
    }
  }
  return undefined
}
