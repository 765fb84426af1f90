/**
 * A platform endpoint that redirects: `GET|POST|PUT|PATCH|DELETE /probe/redirect?to={url}` on the services' origin
 * answers `307 Temporary Redirect` to `to`, which must be an http(s) URL on a loopback host (127.0.0.1, localhost,
 * [::1]); anything else is a 400. A 307 keeps the method, the body and, with fetch's default `redirect: "follow"`,
 * every custom header: it is how the trust-boundary tests prove that a request carrying the platform's secrets is
 * never delivered to another origin (test/e2e/redirect.test.ts). It passes the platform middleware like any
 * endpoint: a POST without the session's anti-forgery token gets the 403 first.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpRouter, HttpServerRequest, HttpServerResponse } from "effect/http"
import { errorResponse } from "../platform/middleware.ts"

/** The path of the redirecting endpoint. */
export const redirectProbePath = "/probe/redirect"

const loopback = new Set(["127.0.0.1", "localhost", "[::1]"])

/** The target of a redirect, when it is an http(s) URL on a loopback host. */
export const redirectTarget = (to: string | null): string | undefined => {
  if (to === null || !URL.canParse(to)) return undefined
  const url = new URL(to)
  return (url.protocol === "http:" || url.protocol === "https:") && loopback.has(url.hostname) ? url.href : undefined
}

const redirect = Effect.gen(function* () {
  const request = yield* HttpServerRequest.HttpServerRequest
  const target = redirectTarget(new URL(request.url, "http://emulator").searchParams.get("to"))
  return target === undefined
    ? errorResponse(400, 0, "to must be an http(s) URL on a loopback host")
    : HttpServerResponse.empty({ status: 307, headers: { location: target } })
})

/** The redirecting endpoint, as a router layer. */
export const RedirectProbeRoutes = HttpRouter.use((router) =>
  Effect.forEach(["GET", "POST", "PUT", "PATCH", "DELETE"] as const, (method) =>
    router.add(method, redirectProbePath, redirect)
  )
)
