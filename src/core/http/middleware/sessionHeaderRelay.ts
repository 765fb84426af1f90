/**
 * Rule: token and proxy header values supplied by any response are stored, and mutating requests carry them
 * from then on (spec §7: "Responses may supply new token and proxy values, which are stored").
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Headers from "effect/http/Headers"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import type { SessionHeadersShape } from "../SessionHeaders.ts"
import { middleware } from "./middleware.ts"

/** Store the token and proxy values that responses supply. */
export const withSessionHeaderRelay = <E, R>(config: PlatformConfigShape, session: SessionHeadersShape) =>
  middleware<E, R, E, R>((request, send) =>
    Effect.tap(send(request), (response) => {
      const token = Headers.get(response.headers, config.headers.token)
      const proxy = Headers.get(response.headers, config.headers.proxy)
      if (token._tag === "None" && proxy._tag === "None") return Effect.void
      return session.update({
        ...(token._tag === "Some" ? { token: token.value } : {}),
        ...(proxy._tag === "Some" ? { proxy: proxy.value } : {})
      })
    })
  )
