/**
 * A small app for the query hooks' tests: the friends client over the real pipeline (testPlatformLayer) and a stub
 * service that records every request and answers it only when the test says so (explicit promises, no timers).
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { endpointQuery } from "../../src/core/query/endpointQuery.ts"
import * as Mutation from "../../src/core/query/Mutation.ts"
import { FriendsApi } from "../../src/platform/api/friends.ts"
import { FriendsClient } from "../../src/platform/clients/PlatformClients.ts"
import { jsonResponse, type RecordedRequest } from "../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../src/testing/testPlatformLayer.ts"

/** A request the stub received and not yet answered. */
interface Waiting {
  readonly request: RecordedRequest
  readonly answer: (response: Response) => void
}

const friend = (id: number, name: string) => ({ id, name, displayName: name })

/** The friends service: lists by user id (user 404 answers 404), and POST follow. */
export const makeFriendsService = () => {
  const lists = new Map<number, Array<string>>([
    [1, ["ada", "bo"]],
    [2, ["cy"]]
  ])
  const received: Array<RecordedRequest> = []
  const waiting: Array<Waiting> = []
  const respond = (request: RecordedRequest): Response => {
    const url = new URL(request.url)
    const follow = url.pathname.match(/^\/v1\/users\/(\d+)\/follow$/)
    if (follow !== null && request.method === "POST") {
      const id = Number(follow[1])
      if (id === 404) return jsonResponse({ errors: [{ code: 3, message: "refused" }] }, { status: 403 })
      lists.set(1, [...(lists.get(1) ?? []), `user${id}`])
      return jsonResponse({})
    }
    const list = url.pathname.match(/^\/v1\/users\/(\d+)\/friends$/)
    const id = Number(list?.[1])
    if (!lists.has(id)) return jsonResponse({ errors: [{ code: 1, message: "not found" }] }, { status: 404 })
    return jsonResponse({ data: lists.get(id)!.map((name, i) => friend(id * 100 + i, name)) })
  }
  const handler = (request: RecordedRequest) => {
    received.push(request)
    return new Promise<Response>((resolve) => waiting.push({ request, answer: resolve }))
  }
  return {
    lists,
    received,
    /** `METHOD path` of every request received. */
    paths: () => received.map((r) => `${r.method} ${new URL(r.url).pathname}`),
    /** Answer every request received so far. */
    answerAll: () => {
      for (const w of waiting.splice(0)) w.answer(respond(w.request))
    },
    /** How many requests wait for an answer. */
    pending: () => waiting.length,
    layer: FriendsClient.layer.pipe(Layer.provideMerge(testPlatformLayer(handler)))
  }
}

/** The friends of a user, straight from the FriendsApi definition. */
export const FriendsQuery = endpointQuery(FriendsClient, FriendsApi, "friends", "getFriends", {
  staleTime: "1 minute",
  reactivityKeys: (request) => ({ friends: [request.params.userId] })
})

/** Follow a user: invalidates the signed-in user's (user 1's) friends. */
export const Follow = Mutation.make({
  name: "follow",
  run: (userId: number) =>
    Effect.asVoid(
      PlatformHttp.use((http) => http.post({ service: "friends", path: `/v1/users/${userId}/follow` }, { body: {} }))
    ),
  invalidates: () => ({ friends: [1] })
})

/** Follow, shown at once in user 1's list, rolled back if it fails. */
export const OptimisticFollow = Mutation.make({
  ...Follow,
  optimistic: [
    Mutation.optimistic({
      query: FriendsQuery,
      args: (_userId: number) => ({ params: { userId: 1 }, query: {} }),
      update: (current, userId: number) => ({ data: [...(current?.data ?? []), friend(0, `user${userId}`)] })
    })
  ]
})

/** The names of a friends list. */
export const names = (list: { readonly data: ReadonlyArray<{ readonly name?: string | undefined }> }) =>
  list.data.map((f) => f.name).join(",")
