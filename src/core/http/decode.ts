/**
 * Reading response bodies: JSON, decoded with a Schema when the call gives one.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Schema from "effect/Schema"
import { ResponseDecodeError } from "./errors.ts"

/** The type a call returns: the schema's type, or unknown JSON without a schema. */
export type Decoded<S> = S extends Schema.Constraint ? S["Type"] : unknown

/** The services a schema needs to decode. */
export type DecodingServices<S> = S extends Schema.Constraint ? S["DecodingServices"] : never

/**
 * The body as JSON (undefined when empty), decoded with `schema` when given. A body that is not JSON, or does
 * not match, fails with a ResponseDecodeError naming `operation`.
 */
export const decodeBody = <S extends Schema.Constraint | undefined>(
  response: HttpClientResponse.HttpClientResponse,
  schema: S,
  operation: string
): Effect.Effect<Decoded<S>, ResponseDecodeError, DecodingServices<S>> => {
  const url = response.request.url
  const fail = (issue: string) => new ResponseDecodeError({ operation, url, issue })
  return response.text.pipe(
    Effect.mapError((error) => fail(`body could not be read: ${error.message}`)),
    Effect.flatMap((text) => {
      if (text === "") return Effect.succeed(undefined)
      try {
        return Effect.succeed(JSON.parse(text) as unknown)
      } catch {
        return Effect.fail(fail("body is not JSON"))
      }
    }),
    Effect.flatMap((json) =>
      schema === undefined
        ? Effect.succeed(json)
        : Effect.mapError(Schema.decodeUnknownEffect(schema)(json), (error) => fail(error.message))
    )
  ) as Effect.Effect<Decoded<S>, ResponseDecodeError, DecodingServices<S>>
}
