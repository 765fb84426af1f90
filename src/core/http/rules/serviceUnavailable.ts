/**
 * Rule: a 503 response tells the subscribers the request's URL (HTTP-13), then goes on as usual.
 *
 * The subscribers are a plain list of listeners (see PlatformHttp's `onServiceUnavailable`), called
 * synchronously as the response passes: no PubSub or Stream is needed to tell a few listeners about a rare
 * event (docs/bundle-size.md).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type * as Observable from "../../observable/Observable.ts"
import type { Rule } from "../pipeline.ts"

/** Tell `unavailable`'s subscribers the URL of every 503 response. */
export const serviceUnavailableNotice =
  (unavailable: Observable.ObservableRef<string>): Rule =>
  (request, send) =>
    Effect.map(send(request), (response) => {
      if (response.status === 503) unavailable.set(request.url)
      return response
    })
