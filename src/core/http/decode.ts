/**
 * Reading response bodies: JSON, decoded with a Schema when the call gives one.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Schema from "effect/Schema"
import { ResponseDecodeError } from "./errors.ts"
import { bufferedBytes } from "./transport.ts"

const utf8 = new TextDecoder()

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
  const fail = (issue: string) => new ResponseDecodeError({ operation, url: response.request.url, issue })
  const decode = (text: string) => {
    if (text === "") return Effect.succeed(undefined)
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return Effect.fail(fail("body is not JSON"))
    }
    return schema === undefined
      ? Effect.succeed(json)
      : Effect.mapError(Schema.decodeUnknownEffect(schema)(json), (error) => fail(error.message))
  }
  // a body read by the transport decodes synchronously; any other is read first
  const bytes = bufferedBytes(response)
  const decoded = bytes !== undefined ? decode(utf8.decode(bytes)) : response.text.pipe(
    Effect.mapError((error) => fail(`body could not be read: ${error.message}`)),
    Effect.flatMap(decode)
  )
  return decoded as Effect.Effect<Decoded<S>, ResponseDecodeError, DecodingServices<S>>
}
