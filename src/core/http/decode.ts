/**
 * Reading response bodies: JSON, decoded with a Schema when the call gives one.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ResponseDecodeError } from "./errors.ts"
import type { HttpResponse } from "./response.ts"

/** The type a call returns: the schema's type, or unknown JSON without a schema. */
export type Decoded<S> = S extends Schema.Constraint ? S["Type"] : unknown

/** The services a schema needs to decode. */
export type DecodingServices<S> = S extends Schema.Constraint ? S["DecodingServices"] : never

/**
 * The body as JSON (undefined when empty), decoded with `schema` when given. A body that is not JSON, or does
 * not match, fails with a ResponseDecodeError naming `operation` (default: `METHOD url` of the request). The body was read whole by the transport, so
 * this runs synchronously unless the schema itself is asynchronous.
 */
export const decodeBody = <S extends Schema.Constraint | undefined>(
  response: HttpResponse,
  schema: S,
  operation: string | undefined
): Effect.Effect<Decoded<S>, ResponseDecodeError, DecodingServices<S>> => {
  const request = response.request
  const fail = (issue: string) =>
    new ResponseDecodeError({ operation: operation ?? `${request.method} ${request.url}`, url: request.url, issue })
  const text = response.text
  if (text === "") return Effect.succeed(undefined as Decoded<S>)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return Effect.fail(fail("body is not JSON"))
  }
  return (
    schema === undefined
      ? Effect.succeed(json)
      : Effect.mapError(Schema.decodeUnknownEffect(schema)(json), (error) => fail(error.message))
  ) as Effect.Effect<Decoded<S>, ResponseDecodeError, DecodingServices<S>>
}
