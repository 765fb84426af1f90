/**
 * The SSR state of a query client: what the server's `client.dehydrate()` gives and the browser's
 * `client.hydrate(state)` takes. It travels through the page (a script tag, a JSON payload), so the browser decodes
 * it with a Schema before using anything: a state that does not decode hydrates nothing (the queries then fetch),
 * and each value is decoded again by its query's own schema when the query is first read (a value that does not
 * decode is skipped: that query fetches).
 *
 * @module
 */
import * as Data from "effect/Data"
import * as Schema from "effect/Schema"

/** One dehydrated result: the query's cache key, its JSON encoding, and when the server encoded it (ms). */
export interface DehydratedQuery {
  readonly key: string
  readonly value: Schema.Json
  readonly dehydratedAt: number
}

/** The SSR state of a query client: JSON, safe to embed in a page (escape it for HTML as any JSON). */
export type DehydratedState = ReadonlyArray<DehydratedQuery>

const DehydratedStateSchema = Schema.Array(
  Schema.Struct({ key: Schema.String, value: Schema.Json, dehydratedAt: Schema.Finite })
)

/** The state given to `hydrate` is not a dehydrated state; nothing was hydrated. */
export class QueryHydrationError extends Data.TaggedError("QueryHydrationError")<{ readonly issue: string }> {
  override get message(): string {
    return `Query state could not be hydrated: ${this.issue}`
  }
}

/** Decode a dehydrated state that came from outside. */
export const decodeDehydratedState = Schema.decodeUnknownResult(DehydratedStateSchema)
