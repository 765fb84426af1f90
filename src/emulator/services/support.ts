/**
 * Helpers shared by the service handlers: typed platform errors (400, 401, 403, 404) with a log verdict, id-list
 * limits, the signed-in user, absolute URLs of generated images, opaque cursors and cursor pages, and stable
 * pseudo-random numbers.
 *
 * @module
 */
import { Effect, Schema } from "effect"
import { HttpServerRequest } from "effect/http"
import { ApiBadRequest, ApiForbidden, ApiNotFound, ApiUnauthorized } from "../../platform/api/sharedSchemas.ts"
import { addVerdict, noteIds } from "../platform/requestLog.ts"
import { CurrentSession } from "../platform/session.ts"
import type { World, WorldUser } from "../world/World.ts"

/** Fail with a 400 `{ errors: [{ code, message }] }` and note the verdict. */
export const badRequest = (code: number, message: string, verdict: string) =>
  Effect.andThen(addVerdict(verdict), Effect.fail(new ApiBadRequest({ errors: [{ code, message }] })))

/**
 * Note an id list's size and enforce the limit: more than `max` ids fail with `tooMany` (code and message), an
 * empty list with `missing` when given. Returns the ids without duplicates, in request order.
 */
export const checkIds = (
  ids: ReadonlyArray<number>,
  max: number,
  tooMany: readonly [code: number, message: string],
  missing?: readonly [code: number, message: string]
): Effect.Effect<ReadonlyArray<number>, ApiBadRequest> =>
  Effect.gen(function* () {
    yield* noteIds(ids.length)
    if (ids.length > max) return yield* badRequest(tooMany[0], tooMany[1], `too many ids (${ids.length} > ${max})`)
    if (ids.length === 0 && missing !== undefined) return yield* badRequest(missing[0], missing[1], "no ids")
    return [...new Set(ids)]
  })

/** The signed-in user, or a 401 when the request is a guest's (or its session names no user of the world). */
export const requireUser = (world: World): Effect.Effect<WorldUser, ApiUnauthorized> =>
  Effect.gen(function* () {
    const session = yield* CurrentSession
    const user = session.userId === undefined ? undefined : world.users.get(session.userId)
    if (user !== undefined) return user
    yield* addVerdict("unauthenticated")
    return yield* new ApiUnauthorized({
      errors: [{ code: 0, message: "Authorization has been denied for this request." }]
    })
  })

/** The origin the request was sent to (scheme and Host, https in host mode), to build absolute image URLs. */
export const requestOrigin: Effect.Effect<string, never, HttpServerRequest.HttpServerRequest> = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) =>
    URL.canParse(request.originalUrl)
      ? new URL(request.originalUrl).origin
      : `http://${request.headers.host ?? "127.0.0.1"}`
)

const CursorData = Schema.Struct({ list: Schema.String, offset: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)) })
const CursorFromString = Schema.StringFromBase64Url.pipe(Schema.decodeTo(Schema.fromJsonString(CursorData)))

/** An opaque cursor for position `offset` of the list `list` (e.g. `friends:1`). */
export const encodeCursor = (list: string, offset: number): string =>
  Schema.encodeSync(CursorFromString)({ list, offset })

/** The offset a cursor points at, or undefined when it is not a cursor of `list`. */
export const decodeCursor = (list: string, cursor: string): number | undefined => {
  const decoded = Schema.decodeUnknownExit(CursorFromString)(cursor)
  return decoded._tag === "Success" && decoded.value.list === list ? decoded.value.offset : undefined
}

/** Fail with a 404 `{ errors: [{ code, message }] }` and note the verdict. */
export const notFound = (code: number, message: string, verdict: string) =>
  Effect.andThen(addVerdict(verdict), Effect.fail(new ApiNotFound({ errors: [{ code, message }] })))

/** Fail with a 403 `{ errors: [{ code, message }] }` and note the verdict. */
export const forbidden = (code: number, message: string, verdict: string) =>
  Effect.andThen(addVerdict(verdict), Effect.fail(new ApiForbidden({ errors: [{ code, message }] })))

/** The signed-in user's id, or a 401 for a guest. */
export const requireUserId: Effect.Effect<number, ApiUnauthorized> = Effect.gen(function* () {
  const session = yield* CurrentSession
  if (session.userId !== undefined) return session.userId
  yield* addVerdict("unauthenticated")
  return yield* new ApiUnauthorized({
    errors: [{ code: 0, message: "Authorization has been denied for this request." }]
  })
})

/** The signed-in user's id, or undefined for a guest. */
export const currentUserId: Effect.Effect<number | undefined> = Effect.map(CurrentSession, (s) => s.userId)

/** A page of `items` from an opaque cursor: `{ data, previousPageCursor, nextPageCursor }`. */
export interface Page<A> {
  readonly data: ReadonlyArray<A>
  readonly previousPageCursor: string | null
  readonly nextPageCursor: string | null
}

/** The page sizes of a list whose published document sets no list of sizes: 1–100. */
export const anyPageSize: ReadonlyArray<number> = Array.from({ length: 100 }, (_, i) => i + 1)

/**
 * One page of `items` (the list named `list`, so a cursor of another list is refused): `limit` must be one of
 * `sizes` (default 10), the cursor one this list gave, else 400 code 6 "Invalid parameters.".
 */
export const pageOf = <A>(
  list: string,
  items: ReadonlyArray<A>,
  query: {
    readonly limit?: number | undefined
    readonly cursor?: string | undefined
    readonly sortOrder?: "Asc" | "Desc" | undefined
  },
  sizes: ReadonlyArray<number> = [10, 25, 50, 100]
) =>
  Effect.gen(function* () {
    const limit = query.limit ?? sizes[0]!
    if (!sizes.includes(limit))
      return yield* badRequest(6, "Invalid parameters.", `limit ${limit} not one of ${sizes.join(",")}`)
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
