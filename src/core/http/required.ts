/**
 * The required-parameter check every platform call runs before it sends anything.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { RequiredError } from "./errors.ts"

/** The fields with null and undefined removed from their types. */
export type Present<T> = { readonly [K in keyof T]: NonNullable<T[K]> }

/**
 * Check that every field is neither null nor undefined, in the order given. Fails with a RequiredError naming the
 * first missing field and `operation`; succeeds with the same fields, typed as present.
 *
 * @example
 * required("getUserFriends", { userId }) // Effect<{ userId: number }, RequiredError>
 */
export const required = <const T extends Record<string, unknown>>(
  operation: string,
  fields: T
): Effect.Effect<Present<T>, RequiredError> => {
  for (const field in fields) {
    if (fields[field] === null || fields[field] === undefined) {
      return Effect.fail(new RequiredError({ field, operation }))
    }
  }
  return Effect.succeed(fields as Present<T>)
}
