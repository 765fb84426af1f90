/**
 * Rule: token and proxy header values supplied by a response are stored, and mutating requests carry them from
 * then on (HTTP-5). Only responses of the
 * platform's own hosts count (the request went to one and the response came from one: ../targets.ts): another
 * host's values are never stored, so it cannot plant values that the next platform mutation would carry. Values
 * that are not legal header values are ignored by SessionHeaders, with a warning.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { PlatformConfigShape } from "../../config/PlatformConfig.ts"
import type { Rule } from "../pipeline.ts"
import type { SessionHeadersShape } from "../SessionHeaders.ts"
import { fromPlatform, type Targets } from "../targets.ts"

/** Store the token and proxy values that platform hosts' responses supply. */
export const sessionHeaderRelay =
  (config: PlatformConfigShape, session: SessionHeadersShape, targets: Targets): Rule =>
  (request, send) =>
    Effect.tap(send(request), (response) => {
      const token = response.headers.get(config.headers.token)
      const proxy = response.headers.get(config.headers.proxy)
      if ((token === null && proxy === null) || !fromPlatform(targets, response)) return Effect.void
      return session.update({
        ...(token === null ? {} : { token }),
        ...(proxy === null ? {} : { proxy })
      })
    })
