/**
 * Helpers of the handlers added for the full call list: 401/403/404 answers with a log verdict, and cursor pages
 * over a list with the catalog's page sizes.
 *
 * @module
 */
import { Effect } from "effect"
import { ApiForbidden, ApiNotFound, ApiUnauthorized } from "../../../src/platform/api/common.ts"
import { addVerdict } from "../platform/requestLog.ts"
import { CurrentSession } from "../platform/session.ts"
import { badRequest, decodeCursor, encodeCursor } from "./support.ts"

/** Fail with a 404 `{ errors: [{ code, message }] }` and note the verdict. */
export const notFound = (code: number, message: string, verdict: string) =>
  Effect.andThen(addVerdict(verdict), Effect.fail(new ApiNotFound({ errors: [{ code, message }] })))

/** Fail with a 403 `{ errors: [{ code, message }] }` and note the verdict. */
export const forbidden = (code: number, message: string, verdict: string) =>
  Effect.andThen(addVerdict(verdict), Effect.fail(new ApiForbidden({ errors: [{ code, message }] })))

/** The signed-in user's id, or a 401 for a guest. */
export const requireUserId: Effect.Effect<number, ApiUnauthorized> = Effect.gen(function*() {
  const session = yield* CurrentSession
  if (session.userId !== undefined) return session.userId
  yield* addVerdict("unauthenticated")
  return yield* new ApiUnauthorized({ errors: [{ code: 0, message: "Authorization has been denied for this request." }] })
})

/** The signed-in user's id, or undefined for a guest. */
export const currentUserId: Effect.Effect<number | undefined> = Effect.map(CurrentSession, (s) => s.userId)

/** A page of `items` from an opaque cursor: `{ data, previousPageCursor, nextPageCursor }`. */
export interface Page<A> {
  readonly data: ReadonlyArray<A>
  readonly previousPageCursor: string | null
  readonly nextPageCursor: string | null
}

/**
 * One page of `items` (the list named `list`, so a cursor of another list is refused): `limit` must be one of
 * `sizes` (default 10), the cursor one this list gave, else 400 code 6 "Invalid parameters.".
 */
export const pageOf = <A>(
  list: string,
  items: ReadonlyArray<A>,
  query: { readonly limit?: number | undefined; readonly cursor?: string | undefined; readonly sortOrder?: "Asc" | "Desc" | undefined },
  sizes: ReadonlyArray<number> = [10, 25, 50, 100]
) =>
  Effect.gen(function*() {
    const limit = query.limit ?? sizes[0]!
    if (!sizes.includes(limit)) return yield* badRequest(6, "Invalid parameters.", `limit ${limit} not one of ${sizes.join(",")}`)
    const offset = query.cursor === undefined || query.cursor === "" ? 0 : decodeCursor(list, query.cursor)
    if (offset === undefined) return yield* badRequest(6, "Invalid parameters.", "invalid cursor")
    const ordered = query.sortOrder === "Desc" ? [...items].reverse() : items
    const page: Page<A> = {
      data: ordered.slice(offset, offset + limit),
      previousPageCursor: offset > 0 ? encodeCursor(list, Math.max(0, offset - limit)) : null,
      nextPageCursor: offset + limit < ordered.length ? encodeCursor(list, offset + limit) : null
    }
    return page
  })

/** A stable pseudo-random number 0 ≤ n < modulo from integers (no state, the same on every run). */
export const hashOf = (modulo: number, ...parts: ReadonlyArray<number>): number => {
  let h = 2166136261
  for (const part of parts) {
    h ^= part
    h = Math.imul(h, 16777619) >>> 0
  }
  return h % modulo
}
