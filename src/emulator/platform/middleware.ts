/**
 * The platform's behaviour around every request, in this order:
 *
 *  1. Admin requests (`/admin/*`) are guarded (admin/guard.ts: the emulator's own origins only, and the admin
 *     header on everything but GET and HEAD; refused with a 403 before any handler runs), their preflights answered
 *     only for the emulator's own origins, their CORS headers given only to those (admin/ownOrigins.ts); then they
 *     pass straight through: never logged, faulted or CSRF-checked, always `Cache-Control: no-store`.
 *  2. CORS: preflights from allowed origins answered (logged as "cors preflight"), from others refused with a 403
 *     ("cors preflight refused"); CORS headers on every answer to an allowed origin (platform/cors.ts).
 *  3. Request signing (services only, images excepted): the `x-bound-auth-token` is checked against the key bound
 *     to the session at sign-in (hba/verify.ts) and the verdict logged ("signature verified", "signature missing",
 *     "bad signature (…)", "stale timestamp (…)", "replayed token"). Nothing is rejected for it.
 *  4. Faults: added latency, then an injected error status or a dropped connection (marked with
 *     {@link dropConnectionHeader}; images under `/cdn/` are never faulted).
 *  5. CSRF: POST/PATCH/PUT/DELETE without the session's current `x-csrf-token` get 403 with a fresh token.
 *  6. The handler runs; failures without a body (no such route, invalid parameters, defects) get the platform's
 *     error body `{ errors: [{ code, message }] }`.
 *  7. The request log receives an entry: method, URL, selected headers (redacted), status, verdicts, id count.
 *  8. The services' answers say `Cache-Control: no-store` unless their route set one ({@link apiCacheControl}).
 *
 * @module
 */
import { Cause, Clock, Effect, Exit } from "effect"
import { HttpServerError, HttpServerRequest, HttpServerResponse } from "effect/http"
import { HttpApiError } from "effect/http-api"
import { errorBody } from "../../platform/api/sharedSchemas.ts"
import { adminRefusal, foreignOrigin, refusalMessage } from "../admin/guard.ts"
import { ownOrigins } from "../admin/ownOrigins.ts"
import type { EmulatorStateShape } from "../EmulatorState.ts"
import { requestVerdict } from "../hba/verify.ts"
import { adminCorsHeaders, adminPreflightHeaders, corsHeaders, preflightHeaders } from "./cors.ts"
import { csrfFailureMessage, csrfHeader, needsCsrf } from "./csrf.ts"
import {
  CurrentNotes,
  loggedRequestHeaders,
  loggedResponseHeaders,
  type RequestNotes,
  selectHeaders
} from "./requestLog.ts"
import { CurrentSession, type Session, sessionOf } from "./session.ts"

/** Which server a request arrived at. */
export type ServerKind = "api" | "www"

const statusMessages: Record<number, string> = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  405: "MethodNotAllowed",
  429: "TooManyRequests",
  500: "InternalServerError",
  502: "BadGateway",
  503: "ServiceUnavailable",
  504: "GatewayTimeout"
}

/** The message of an error body for a status. */
export const statusMessage = (status: number): string => statusMessages[status] ?? `Error${status}`

/** A JSON answer with the platform's error body. */
export const errorResponse = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  HttpServerResponse.jsonUnsafe(errorBody(code, message), { status, headers })

const pathOf = (url: string): string => {
  const q = url.search(/[?#]/)
  return q === -1 ? url : url.slice(0, q)
}

/**
 * A request URL's path as the router matches it: cut at `?`, `#` or `;`, percent-decoded (as `decodeURI` does),
 * duplicate slashes merged, lower case. Effect's router takes `//ADMIN/%72eset;x` for `/admin/reset`, so whatever
 * it may route to an admin handler is guarded ({@link isAdminPath}).
 */
export const routedPath = (url: string): string => {
  const raw = url.split(/[?#;]/, 1)[0]!
  let decoded = raw
  try {
    decoded = decodeURI(raw)
  } catch {
    // malformed percent-encoding: the router matches nothing either
  }
  return decoded.replace(/\/\/+/g, "/").toLowerCase()
}

/** Whether the router may route `url` (a request's path and query) to the admin API. */
export const isAdminPath = (url: string): boolean => {
  const path = routedPath(url)
  return path === "/admin" || path.startsWith("/admin/")
}

/** The service a path belongs to on the services' origin (its first segment), or null. */
export const serviceOf = (path: string, services: ReadonlySet<string>): string | null => {
  const first = path.split("/")[1] ?? ""
  return services.has(first) ? first : null
}

/** Give failures without a body the platform's error body, and name them in the verdicts. */
const platformize = (
  response: HttpServerResponse.HttpServerResponse,
  cause: Cause.Cause<unknown>,
  notes: RequestNotes
): HttpServerResponse.HttpServerResponse => {
  if (response.status < 400 || response.body._tag !== "Empty") return response
  for (const reason of cause.reasons) {
    const defect = reason._tag === "Die" ? reason.defect : reason._tag === "Fail" ? reason.error : undefined
    if (HttpApiError.HttpApiSchemaError.is(defect) && response.status === 400) {
      const detail = defect.cause.message.replace(/\s+/g, " ").trim()
      notes.verdicts.push(`invalid ${defect.kind.toLowerCase()}`)
      return errorResponse(400, 0, `Invalid ${defect.kind.toLowerCase()}: ${detail}`, response.headers)
    }
    if (defect instanceof HttpServerError.HttpServerError && defect.reason._tag === "RouteNotFound") {
      notes.verdicts.push("no such endpoint")
      return errorResponse(404, 0, "NotFound", response.headers)
    }
  }
  if (response.status >= 500) notes.verdicts.push("server error")
  return errorResponse(response.status, 0, statusMessage(response.status), response.headers)
}

/** Run the app and turn any failure into a response. */
const respond = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>,
  notes: RequestNotes
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R> =>
  Effect.flatMap(Effect.exit(app), (exit) => {
    if (Exit.isSuccess(exit)) return Effect.succeed(exit.value)
    if (Cause.hasInterruptsOnly(exit.cause)) return Effect.failCause(exit.cause as Cause.Cause<never>)
    return Effect.map(HttpServerError.causeResponse(exit.cause), ([response]) =>
      platformize(response, exit.cause, notes)
    )
  })

/**
 * Marks a response whose connection is to be dropped (a `drop` fault): the web handler (webHandler.ts) answers it
 * with `Response.error()`, a network error, and the Node server destroys the socket. Never sent to a client.
 */
export const dropConnectionHeader = "x-emulator-drop-connection"

/**
 * What an answer of the services says about caching: the services' JSON (answers for one session, errors, CSRF
 * tokens) is `Cache-Control: no-store`, as per-user API answers should be, unless its route set its own (images under
 * `/cdn/` have theirs). The www origin's pages and files set their own where they need one.
 */
export const apiCacheControl = "no-store"

const apiCaching = (
  server: ServerKind,
  isImage: boolean,
  response: HttpServerResponse.HttpServerResponse,
  headers: Record<string, string>
): Record<string, string> =>
  server === "api" && !isImage && response.headers["cache-control"] === undefined
    ? { ...headers, "cache-control": apiCacheControl }
    : headers

/**
 * An admin request (see step 1 of the module doc): a preflight answered for the emulator's own origins only, any
 * other request refused by the guard before `answer` runs, or answered; CORS headers for the own origins only.
 */
const guardedAdmin = <R>(
  state: EmulatorStateShape,
  request: HttpServerRequest.HttpServerRequest,
  isPreflight: boolean,
  answer: Effect.Effect<HttpServerResponse.HttpServerResponse, never, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R> => {
  const { origin } = request.headers
  const isOwn = ownOrigins(state)
  const noStore = { "cache-control": apiCacheControl }
  if (isPreflight) {
    const headers = adminPreflightHeaders(origin, request.headers["access-control-request-headers"], isOwn)
    return Effect.succeed(
      Object.keys(headers).length > 0
        ? HttpServerResponse.empty({ status: 204, headers: { ...headers, ...noStore } })
        : errorResponse(403, 0, refusalMessage(foreignOrigin(origin)), noStore)
    )
  }
  const refusal = adminRefusal(request.method, request.headers, isOwn)
  const headers = { ...adminCorsHeaders(origin, isOwn), ...noStore }
  return refusal === undefined
    ? Effect.map(answer, (response) => HttpServerResponse.setHeaders(response, headers))
    : Effect.succeed(errorResponse(403, 0, refusalMessage(refusal), headers))
}

/** One request on its way through the middleware: what it is, its session, and what is noted about it. */
interface PlatformRequest {
  readonly state: EmulatorStateShape
  readonly server: ServerKind
  readonly services: ReadonlySet<string>
  readonly request: HttpServerRequest.HttpServerRequest
  readonly path: string
  readonly isImage: boolean
  readonly isPreflight: boolean
  readonly notes: RequestNotes
  readonly session: Session
  /** When it arrived (Clock milliseconds). */
  readonly started: number
  /** Set by a `drop` fault: the log records no status. */
  dropped: boolean
}

/** Append the request's entry to the request log (unless it is one the log skips). */
const recordRequest = (r: PlatformRequest, response: HttpServerResponse.HttpServerResponse | undefined) =>
  Effect.map(Clock.currentTimeMillis, (now) => {
    if (r.notes.skip) return
    const { request, state } = r
    state.log.append({
      id: state.log.nextId(),
      at: r.started,
      durationMs: now - r.started,
      server: r.server,
      service: r.server === "www" ? "www" : serviceOf(r.path, r.services),
      method: request.method,
      url: request.url,
      origin: request.headers.origin ?? null,
      userId: r.session.userId ?? null,
      status: response === undefined || r.dropped ? null : response.status,
      requestHeaders: selectHeaders(request.headers, loggedRequestHeaders),
      responseHeaders: response === undefined ? {} : selectHeaders(response.headers, loggedResponseHeaders),
      verdicts: r.notes.verdicts,
      ids: r.notes.ids
    })
  })

/** The answer to a CORS preflight: allowed origins get the CORS headers, others a 403. */
const answerPreflight = (r: PlatformRequest): HttpServerResponse.HttpServerResponse => {
  const { headers: requestHeaders } = r.request
  const headers = preflightHeaders(
    requestHeaders.origin,
    requestHeaders["access-control-request-headers"],
    r.state.options.allowedOrigins
  )
  const allowed = Object.keys(headers).length > 0
  r.notes.verdicts.push(allowed ? "cors preflight" : "cors preflight refused")
  return allowed ? HttpServerResponse.empty({ status: 204, headers }) : errorResponse(403, 0, statusMessage(403))
}

/** The fault decided for the request, after its latency: a dropped connection, an error status, or none. */
const injectedFault = (r: PlatformRequest): Effect.Effect<HttpServerResponse.HttpServerResponse | undefined> =>
  Effect.gen(function* () {
    const decision = r.state.faults.decide(r.request.method, r.path)
    r.notes.verdicts.push(...decision.verdicts)
    if (decision.latencyMs > 0) yield* Effect.sleep(decision.latencyMs)
    if (decision.action?.kind === "drop") {
      r.dropped = true
      return HttpServerResponse.empty({ status: 503, headers: { [dropConnectionHeader]: "1" } })
    }
    if (decision.action?.kind !== "status") return undefined
    const { retryAfter, status } = decision.action
    const headers: Record<string, string> =
      retryAfter === undefined ? (status === 429 ? { "retry-after": "1" } : {}) : { "retry-after": String(retryAfter) }
    return errorResponse(status, 0, statusMessage(status), headers)
  })

/** The 403 (with a fresh token) of a mutating request without the session's current CSRF token, else undefined. */
const csrfRefusal = (r: PlatformRequest, now: number): HttpServerResponse.HttpServerResponse | undefined => {
  if (!needsCsrf(r.request.method)) return undefined
  const { csrf } = r.state
  const check = csrf.check(r.session.key, r.request.headers[csrfHeader], now)
  r.notes.verdicts.push(`csrf ${check}`)
  return check === "ok"
    ? undefined
    : errorResponse(403, 0, csrfFailureMessage, { [csrfHeader]: csrf.current(r.session.key, now) })
}

/** Steps 2 to 6 of the module doc: preflight, signature verdict, faults, CSRF, then the handler. */
const handleRequest = <E, R>(
  r: PlatformRequest,
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R> =>
  Effect.gen(function* () {
    if (r.isPreflight) return answerPreflight(r)
    if (r.server === "api" && !r.isImage) {
      r.notes.verdicts.push(
        yield* requestVerdict(r.state.hba, r.request, r.session.key, yield* Clock.currentTimeMillis)
      )
    }
    const fault = r.isImage ? undefined : yield* injectedFault(r)
    if (fault !== undefined) return fault
    const refusal = csrfRefusal(r, yield* Clock.currentTimeMillis)
    if (refusal !== undefined) return refusal
    return yield* respond(
      app.pipe(Effect.provideService(CurrentNotes, r.notes), Effect.provideService(CurrentSession, r.session)),
      r.notes
    )
  })

/** The middleware for one server of an emulator instance. */
export const platformMiddleware =
  (state: EmulatorStateShape, server: ServerKind, services: ReadonlySet<string>) =>
  <E, R>(
    app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
  ): Effect.Effect<HttpServerResponse.HttpServerResponse, never, R | HttpServerRequest.HttpServerRequest> =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const path = pathOf(request.url)
      const isAdmin = server === "api" && isAdminPath(request.url)
      const isImage = server === "api" && path.startsWith("/cdn/")
      const isPreflight = request.method === "OPTIONS" && request.headers["access-control-request-method"] !== undefined
      const notes: RequestNotes = { verdicts: [], ids: null, skip: isAdmin || isImage }
      if (isAdmin) return yield* guardedAdmin(state, request, isPreflight, respond(app, notes))
      const cors = corsHeaders(request.headers.origin, state.options.allowedOrigins)
      const r: PlatformRequest = {
        state,
        server,
        services,
        request,
        path,
        isImage,
        isPreflight,
        notes,
        session: sessionOf(request.cookies, state.options.defaultUserId),
        started: yield* Clock.currentTimeMillis,
        dropped: false
      }
      return yield* handleRequest(r, app).pipe(
        Effect.map((response) => HttpServerResponse.setHeaders(response, apiCaching(server, isImage, response, cors))),
        Effect.tap((response) => recordRequest(r, response)),
        Effect.onInterrupt(() => {
          notes.verdicts.push("closed by client")
          return recordRequest(r, undefined)
        })
      )
    })
