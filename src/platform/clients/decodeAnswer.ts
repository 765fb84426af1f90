/**
 * The 2xx answer of an endpoint decoded with its success schema: the body's JSON (an empty body is `undefined`), or,
 * for an endpoint whose answer is bytes, the bytes exactly as sent. A body that is not JSON, or does not match the
 * schema, is a ResponseDecodeError naming the endpoint and the URL.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { ResponseDecodeError } from "../../core/http/errors.ts"
import type { HttpResponse } from "../../core/http/response.ts"
import type { AnyEndpoint } from "../api/definition.ts"

/** Decode an answer of the endpoint. */
export type AnswerDecoder = (response: HttpResponse) => Effect.Effect<unknown, ResponseDecodeError>

/** The answer decoder of an endpoint (its success schema's decoder made once). */
export const answerDecoder = (endpoint: AnyEndpoint): AnswerDecoder => {
  const decode = Schema.decodeUnknownEffect(endpoint.success as Schema.Codec<unknown, unknown>)
  const bytes = endpoint.successContentType !== undefined
  return (response) => {
    const failure = (issue: string) =>
      new ResponseDecodeError({ operation: endpoint.identifier, url: response.request.url, issue })
    let body: unknown = response.bytes
    if (!bytes) {
      try {
        body = response.text === "" ? undefined : JSON.parse(response.text)
      } catch {
        return Effect.fail(failure("body is not JSON"))
      }
    }
    return Effect.mapError(decode(body), (error) => failure(error.message))
  }
}
