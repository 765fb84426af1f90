/**
 * Rule: a 503 response notifies the subscribers with the request's URL (spec §8), then goes on as usual.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as PubSub from "effect/PubSub"
import { fullUrl, middleware } from "./middleware.ts"

/** Publish the URL of every 503 response to `unavailable`. */
export const withServiceUnavailableNotice = <E, R>(unavailable: PubSub.PubSub<string>) =>
  middleware<E, R, E, R>((request, send) =>
    Effect.tap(send(request), (response) =>
      response.status === 503 ? PubSub.publish(unavailable, fullUrl(request)) : Effect.void
    )
  )
