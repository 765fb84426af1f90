/**
 * The pipeline's building blocks: a rule is a function of a request and the `send` that follows it (the rest of
 * the pipeline). PlatformHttp declares its rules as ONE ordered list, outermost first, and folds it once into a
 * single `send` over the transport ({@link pipeline}).
 *
 * A rule may change the request before passing it on, look at the response on its way back, fail, or call `send`
 * again: a re-send (the CSRF rule after a 403, the challenge rule after a solved challenge) passes once more through
 * every rule after the one that re-sends, so it carries the newest token, is signed anew and gets its own
 * time-out. Rules hold their dependencies (configuration, stores) from when the pipeline is built: nothing is looked
 * up in the context per request but the few references a rule documents (the time-out, the fetch).
 *
 * @module
 */
import type * as Effect from "effect/Effect"
import type { PlatformHttpError } from "./errors.ts"
import type { HttpRequest } from "./request.ts"
import type { HttpResponse } from "./response.ts"

/**
 * Sends a request through the rest of the pipeline. Calling it may run the next rules' synchronous part at once
 * (reading the current token, for instance): call it when the request is to be sent, inside `Effect.suspend` or a
 * continuation, never ahead of time.
 */
export type Send = (request: HttpRequest) => Effect.Effect<HttpResponse, PlatformHttpError>

/** One rule of the pipeline: handles a request, usually by calling `send` (zero, one or more times). */
export type Rule = (request: HttpRequest, send: Send) => Effect.Effect<HttpResponse, PlatformHttpError>

/**
 * Fold `rules` (outermost first; `undefined` entries, the optional rules that are absent, are left out) over
 * `transport` into one `send`: the first rule's `send` is the second rule, and so on, the last one's the transport.
 */
export const pipeline = (rules: ReadonlyArray<Rule | undefined>, transport: Send): Send =>
  rules.reduceRight<Send>((next, rule) => (rule === undefined ? next : (request) => rule(request, next)), transport)

/** The methods that change state: they carry the anti-forgery headers and are never retried automatically. */
export const isMutating = (method: string): boolean =>
  method === "POST" || method === "PATCH" || method === "PUT" || method === "DELETE"
