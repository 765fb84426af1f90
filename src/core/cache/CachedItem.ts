/**
 * CachedItem: how a cached value is stored (CACHE-1: `data` and `timeStamp`), as the JSON string
 * `{"data": <the value, encoded>, "timeStamp": <milliseconds when it was stored>}`.
 *
 * @module
 */
import * as Schema from "effect/Schema"

/** A stored value and when it was stored (Effect Clock milliseconds). */
export interface CachedItem<A> {
  readonly data: A
  readonly timeStamp: number
}

/** The schema of a stored item whose `data` is `schema`, from and to its JSON string. */
export const cachedItemJson = <A, I>(schema: Schema.Codec<A, I>) =>
  Schema.fromJsonString(Schema.Struct({ data: schema, timeStamp: Schema.Finite }))

/** True when an item stored at `timeStamp` is still fresh at `now`: `0 <= now - timeStamp < expiryMs`. */
export const isFresh = (timeStamp: number, now: number, expiryMs: number): boolean => {
  const age = now - timeStamp
  return age >= 0 && age < expiryMs
}
