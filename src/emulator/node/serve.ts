/**
 * The emulator's Node adapter: serves a Fetch-API handler (webHandler.ts) on a `node:http` server, or a
 * `node:https` one with a certificate (host mode). Each incoming message becomes a `Request` (the absolute URL from
 * the scheme and the Host header, the body streamed, aborted when the client goes away), and the `Response` is
 * written back (every `set-cookie` kept apart); `Response.error()` (a dropped connection) destroys the socket. A
 * message whose Host header the server does not answer (hostAllowList.ts: DNS rebinding) is refused with a 403
 * before the handler sees it.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http"
import { createServer as createTlsServer } from "node:https"
import type { AddressInfo } from "node:net"
import { Readable } from "node:stream"
import { pipeline } from "node:stream/promises"
import type { TlsCertificate } from "../options.ts"
import type { WebHandler } from "../webHandler.ts"
import { hostRefused } from "./hostAllowList.ts"

/** Which Host headers a server answers, given the port the connection arrived on (hostAllowList.ts). */
export type HostCheck = (host: string | undefined, port: number) => boolean

/** An incoming message as a Fetch-API request to `scheme`, aborted by `signal`. */
const toRequest = (message: IncomingMessage, scheme: "http" | "https", signal: AbortSignal): Request => {
  const headers = new Headers()
  for (const [name, value] of Object.entries(message.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item)
  }
  const method = message.method ?? "GET"
  const hasBody = method !== "GET" && method !== "HEAD"
  return new Request(`${scheme}://${message.headers.host ?? "localhost"}${message.url ?? "/"}`, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(message) as ReadableStream, duplex: "half" } : {})
  } as RequestInit)
}

/** Write `response` to the client (or drop the connection for `Response.error()`). */
const send = async (response: Response, message: IncomingMessage, reply: ServerResponse): Promise<void> => {
  if (response.type === "error") {
    message.socket.destroy()
    return
  }
  const headers: Record<string, string | Array<string>> = {}
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value
  })
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers["set-cookie"] = cookies
  reply.writeHead(response.status, headers)
  if (response.body === null) reply.end()
  else await pipeline(Readable.fromWeb(response.body as never), reply)
}

/** The request a message makes, or undefined when it cannot be one (a Host header that is not a host). */
const requestOf = (message: IncomingMessage, scheme: "http" | "https", signal: AbortSignal): Request | undefined => {
  try {
    return toRequest(message, scheme, signal)
  } catch {
    return undefined
  }
}

/**
 * The request listener running `handler` for every message whose Host `allows` with the port it arrived on; a
 * message that is no request gets a bare 400, one for another host {@link hostRefused}.
 */
const listener =
  (handler: WebHandler, allows: HostCheck, scheme: "http" | "https"): RequestListener =>
  (message: IncomingMessage, reply: ServerResponse) => {
    const controller = new AbortController()
    reply.on("close", () => {
      if (!reply.writableFinished) controller.abort()
    })
    const request = requestOf(message, scheme, controller.signal)
    if (request === undefined) {
      reply.writeHead(400, { "content-type": "text/plain" }).end("Bad request")
      return
    }
    if (!allows(message.headers.host, message.socket.localPort ?? 0)) {
      reply.writeHead(hostRefused.status, { "content-type": "text/plain" }).end(hostRefused.text)
      return
    }
    handler(request)
      .then((response) => send(response, message, reply))
      .catch(() => message.socket.destroy())
  }

/** Why a server could not listen. */
export interface ListenError {
  readonly reason: string
}

/**
 * Serve `handler` on a new Node server at `host:port` (0: a free port) for the lifetime of the current scope,
 * answering only requests whose Host `allows` (hostAllowList.ts); over https with `tls`. Gives the port it listens
 * on. Closing the scope closes the server and every open connection at once.
 */
export const serveWebHandler = (
  handler: WebHandler,
  host: string,
  port: number,
  allows: HostCheck,
  tls?: TlsCertificate
) =>
  Effect.acquireRelease(
    Effect.callback<Server, ListenError>((resume) => {
      const server =
        tls === undefined
          ? createServer(listener(handler, allows, "http"))
          : createTlsServer({ cert: tls.cert, key: tls.key }, listener(handler, allows, "https"))
      const onError = (error: Error) => resume(Effect.fail({ reason: error.message }))
      server.once("error", onError)
      server.listen(port, host, () => {
        server.off("error", onError)
        resume(Effect.succeed(server))
      })
    }),
    (server) =>
      Effect.callback<void>((resume) => {
        server.close(() => resume(Effect.void))
        server.closeAllConnections()
      })
  ).pipe(Effect.map((server) => ({ port: (server.address() as AddressInfo).port })))
