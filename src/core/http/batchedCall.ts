/**
 * The batched GET/POST splitter: one call for a list of ids, sent as as many requests as the list needs, each
 * carrying at most `chunkSize` ids under one key (`userIds` unless told otherwise), the answers' lists joined in the
 * order of the ids.
 *
 * - GET: the ids of a chunk comma-joined in the query parameter `key` (`?userIds=1,2,3`), with `params` added;
 * - POST: the ids of a chunk as a JSON list in the body field `key` (`{ "userIds": [1, 2, 3] }`), with `body`'s other
 *   fields added (and `params` in the query).
 *
 * Each request goes through the whole pipeline (CSRF, signing, challenges, time-out: one per request). The first
 * failure fails the call (the other requests are interrupted); nothing is retried here (the BatchProcessor is the
 * tool for retries and per-key results). An empty list sends nothing.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { Decoded, DecodingServices } from "./decode.ts"
import type { PlatformHttpError, RequestEncodeError, ResponseDecodeError } from "./errors.ts"
import { PlatformHttp } from "./PlatformHttp.ts"
import type { Params, Target } from "./request.ts"

/** The key the ids go under unless told otherwise. */
export const defaultBatchedIdsKey = "userIds"

/** How many ids one request carries unless told otherwise. */
export const defaultBatchedChunkSize = 100

/** How many of a call's requests are in flight at once unless told otherwise (a browser's connections per host). */
export const defaultBatchedConcurrency = 6

/** Options of {@link batchedGet} and {@link batchedPost}. */
export interface BatchedCallOptions<Item extends Schema.Constraint> {
  /** The schema of one item of an answer's list. */
  readonly item: Item
  /** The query parameter (GET) or body field (POST) that carries the ids; default `userIds`. */
  readonly key?: string
  /** At most this many ids per request; default 100. */
  readonly chunkSize?: number
  /** The answer's field that holds the list (default `data`); `null` when the answer is the list itself. */
  readonly field?: string | null
  /** Other query parameters, sent with every request. */
  readonly params?: Params
  /** Other body fields (POST), sent with every request. */
  readonly body?: Readonly<Record<string, unknown>>
  /** Requests in flight at once; default 6. */
  readonly concurrency?: number
  /** The call's name in encode and decode errors. */
  readonly operation?: string
}

/** What a batched call gives: every item of every answer, in the order of the chunks. */
export type BatchedCall<Item extends Schema.Constraint> = Effect.Effect<
  ReadonlyArray<Decoded<Item>>,
  PlatformHttpError | RequestEncodeError | ResponseDecodeError,
  PlatformHttp | DecodingServices<Item>
>

/** `ids` cut into runs of at most `size` (a size below 1 counts as 1), in order. */
export const chunksOf = <A>(ids: ReadonlyArray<A>, size: number): Array<ReadonlyArray<A>> => {
  const step = Math.max(1, Math.floor(size))
  const chunks: Array<ReadonlyArray<A>> = []
  for (let at = 0; at < ids.length; at += step) chunks.push(ids.slice(at, at + step))
  return chunks
}

const batched =
  (method: "GET" | "POST") =>
  <Item extends Schema.Constraint>(
    target: Target,
    ids: ReadonlyArray<string | number>,
    options: BatchedCallOptions<Item>
  ): BatchedCall<Item> =>
    Effect.flatMap(PlatformHttp, (http) => {
      const key = options.key ?? defaultBatchedIdsKey
      const field = options.field === undefined ? "data" : options.field
      const list = Schema.Array(options.item)
      const schema = field === null ? list : Schema.Struct({ [field]: list })
      const itemsOf = (answer: unknown) =>
        (field === null ? answer : (answer as Record<string, unknown>)[field]) as ReadonlyArray<Decoded<Item>>
      const common = { schema, ...(options.operation === undefined ? {} : { operation: options.operation }) }
      const send = (chunk: ReadonlyArray<string | number>) =>
        Effect.map(
          method === "GET"
            ? http.get(target, { ...common, params: { ...options.params, [key]: chunk } })
            : http.post(target, { ...common, params: options.params ?? {}, body: { ...options.body, [key]: chunk } }),
          itemsOf
        )
      return Effect.map(
        Effect.forEach(chunksOf(ids, options.chunkSize ?? defaultBatchedChunkSize), send, {
          concurrency: options.concurrency ?? defaultBatchedConcurrency
        }),
        (answers) => answers.flat()
      )
    }) as BatchedCall<Item>

/** GET `ids` in chunks, comma-joined under `key` (default `userIds`), and join the answers' lists in order. */
export const batchedGet: <Item extends Schema.Constraint>(
  target: Target,
  ids: ReadonlyArray<string | number>,
  options: BatchedCallOptions<Item>
) => BatchedCall<Item> = batched("GET")

/** POST `ids` in chunks, as a list under `key` (default `userIds`) in the body, and join the answers' lists in order. */
export const batchedPost: <Item extends Schema.Constraint>(
  target: Target,
  ids: ReadonlyArray<string | number>,
  options: BatchedCallOptions<Item>
) => BatchedCall<Item> = batched("POST")
