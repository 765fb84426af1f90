/**
 * The SSR serializer of a query's results: `AsyncResult`'s codec over the query's schema (as JSON), as the encode and
 * decode functions the client's `dehydrate` and `hydrate` use. Building it (the AsyncResult schema, its JSON codec,
 * the encoder and decoder) is the costly part, so it is built once per query schema, when a first entry of the query
 * needs it, and shared by every entry of that query (and of any query given the same schema object).
 *
 * @module
 */
import * as AsyncResult from "effect/reactivity/AsyncResult"
import * as Schema from "effect/Schema"
import type { QuerySchema } from "./Query.ts"

/** How one query's results go to JSON and back; `undefined` when the schema refuses the value. */
export interface ResultSerializer {
  readonly encode: (result: AsyncResult.AsyncResult<any, any>) => Schema.Json | undefined
  readonly decode: (json: Schema.Json) => AsyncResult.AsyncResult<any, any> | undefined
}

const serializers = new WeakMap<QuerySchema<any, any>, ResultSerializer>()

/** `f`, giving `undefined` where the schema refuses its input (other errors are thrown). */
const orSkip =
  <A, B>(f: (a: A) => B) =>
  (a: A): B | undefined => {
    try {
      return f(a)
    } catch (error) {
      if (Schema.isSchemaError(error)) return undefined
      throw error
    }
  }

/** The serializer of results of `schema`: built on first use, then the same one. */
export const serializerOf = (schema: QuerySchema<any, any>): ResultSerializer => {
  let found = serializers.get(schema)
  if (found === undefined) {
    const results = AsyncResult.Schema({ success: schema.success, error: schema.error })
    const codec = Schema.toCodecJson(results as unknown as Schema.Codec<AsyncResult.AsyncResult<any, any>, unknown>)
    found = { encode: orSkip(Schema.encodeSync(codec)), decode: orSkip(Schema.decodeSync(codec)) }
    serializers.set(schema, found)
  }
  return found
}
