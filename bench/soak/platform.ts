/**
 * The platform the soak talks to: a stub fetch answering the services the batched features call (users, presence,
 * thumbnails, followers, metrics) at once, and a plain JSON answer for anything else. Every tenth POST of the
 * pipeline part is refused once with a fresh anti-forgery token, which the pipeline stores and re-sends with.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { jsonResponse, type RecordedRequest, StubFetch } from "../../src/testing/index.ts"

const json = (request: RecordedRequest): any => (request.body === undefined ? undefined : JSON.parse(request.body))

const followers = (url: URL) => {
  const cursor = Number(url.searchParams.get("cursor") ?? "0")
  return jsonResponse({
    previousPageCursor: null,
    nextPageCursor: String(cursor + 10),
    data: Array.from({ length: 10 }, (_, i) => ({ id: cursor * 10 + i + 1, name: `u${i}`, displayName: `U ${i}` }))
  })
}

let tokens = 0

/** Answer one request of the soak. */
export const answer = (request: RecordedRequest): Response => {
  const url = new URL(request.url)
  const path = url.pathname
  if (path.endsWith("/v1/users") && request.method === "POST") {
    return jsonResponse({
      data: (json(request).userIds as Array<number>).map((id) => ({ id, name: `user${id}`, displayName: `User ${id}` }))
    })
  }
  if (path.endsWith("/v1/presence/users")) {
    return jsonResponse({
      userPresences: (json(request).userIds as Array<number>).map((userId) => ({
        userId,
        userPresenceType: userId % 3
      }))
    })
  }
  if (path.endsWith("/v1/batch")) {
    return jsonResponse({
      data: (json(request) as Array<{ requestId: string; targetId: number; type: string }>).map((r) => ({
        requestId: r.requestId,
        targetId: r.targetId,
        state: "Completed",
        imageUrl: `https://cdn.test/${r.type}/${r.targetId}/150/150/Image/Png`
      }))
    })
  }
  if (path.endsWith("/followers")) return followers(url)
  if (path.endsWith("/refuse-once") && request.method === "POST" && request.headers["x-csrf-token"] !== `t${tokens}`) {
    tokens++
    return jsonResponse(
      { errors: [{ code: 0, message: "Token Validation Failed" }] },
      {
        status: 403,
        headers: { "x-csrf-token": `t${tokens}` }
      }
    )
  }
  return jsonResponse({ ok: true, path })
}

/** Forget the requests the stub recorded (the stub keeps every one: a test double, not the library). */
export const forgetRequests = StubFetch.use((stub) => Effect.sync(stub.clear))
