/**
 * A service behind the real pipeline (testPlatformLayer with a stub fetch) for the query options' tests: each
 * request is counted, and answered by the status (and headers) the test lists for it, then 200 with its number.
 */
import * as Effect from "effect/Effect"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import * as Query from "../../../src/core/query/Query.ts"
import { jsonResponse, type RecordedRequest } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

/** One scripted answer: a status and its headers. */
export interface Answer {
  readonly status: number
  readonly headers?: Record<string, string>
}

/** The service: `answers` in order, then 200 `{ n }` (the request's number, from 1). */
export const makeScripted = (answers: ReadonlyArray<Answer> = []) => {
  const received: Array<RecordedRequest> = []
  const handler = (request: RecordedRequest) => {
    received.push(request)
    const scripted = answers[received.length - 1]
    if (scripted !== undefined) {
      return jsonResponse(
        { errors: [{ code: 0, message: "scripted" }] },
        { status: scripted.status, headers: scripted.headers ?? {} }
      )
    }
    return jsonResponse({ n: received.length })
  }
  return { received, requests: () => received.length, layer: testPlatformLayer(handler) }
}

/** GET `/v1/thing/{id}` of the friends service: the answer's `n`. */
export const getThing = (id: number) =>
  PlatformHttp.use((http) => http.get({ service: "friends", path: `/v1/thing/${id}` })).pipe(
    Effect.map((body) => (body as { readonly n: number }).n)
  )

/** A query of {@link getThing} with `options`. */
export const thingQuery = (
  options: Omit<Query.QueryOptions<number, number, unknown, PlatformHttp>, "name" | "run"> = {}
) => Query.make({ name: "thing", run: getThing, ...options })

/** The layer of a scripted service. */
export type ScriptedLayer = ReturnType<typeof makeScripted>["layer"]
