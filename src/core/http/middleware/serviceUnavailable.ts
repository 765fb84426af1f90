/**
 * Rule: a 503 response tells the subscribers the request's URL (spec §8), then goes on as usual.
 *
 * The subscribers are a plain list of listeners (see PlatformHttp's `onServiceUnavailable`), called
 * synchronously as the response passes: no PubSub or Stream is needed to tell a few listeners about a rare
 * event (docs/bundle-size.md).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Observable from "../../observable/Observable.ts"
import { fullUrl, middleware } from "./middleware.ts"

/** Tell `unavailable`'s subscribers the URL of every 503 response. */
export const withServiceUnavailableNotice = <E, R>(unavailable: Observable.ObservableRef<string>) =>
  middleware<E, R, E, R>((request, send) =>
    Effect.tap(send(request), (response) =>
      response.status === 503 ? Effect.sync(() => unavailable.set(fullUrl(request))) : Effect.void
    )
  )
