/**
 * SessionHeaders: the token, proxy and challenge-meta header values that mutating requests carry.
 *
 * Responses may supply new token and proxy values (HTTP-5), which are kept here in memory for the page's
 * lifetime; the challenge flow sets the challenge-meta value. Values are secrets: never log them. Only legal HTTP
header values (RFC 9110, ./headerValue.ts) are kept: any other could never be sent (fetch refuses it), so an
update carrying one is ignored with a warning naming the value's kind, never the value.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { isLegalHeaderValue } from "./headerValue.ts"

/** The relayed header values; a value is undefined until some response (or the challenge flow) supplies it. */
export interface SessionHeaderValues {
  readonly token: string | undefined
  readonly proxy: string | undefined
  readonly challengeMeta: string | undefined
}

/** The shape of the session-header store. */
export interface SessionHeadersShape {
  /** The current values, read synchronously on the hot path. */
  readonly current: () => SessionHeaderValues
  /** Replace the given values, keeping the others; an update with an illegal header value is ignored whole. */
  readonly update: (values: Partial<SessionHeaderValues>) => Effect.Effect<void>
}

/** The in-memory store of relayed header values. */
export class SessionHeaders extends Context.Service<SessionHeaders, SessionHeadersShape>()(
  "platform-web-client/core/http/SessionHeaders"
) {
  /** An empty store: nothing is known until a response supplies it. */
  static readonly layer: Layer.Layer<SessionHeaders> = Layer.sync(SessionHeaders, () => {
    let values: SessionHeaderValues = { token: undefined, proxy: undefined, challengeMeta: undefined }
    return SessionHeaders.of({
      current: () => values,
      update: (next) =>
        Effect.suspend(() => {
          const refused = Object.keys(next).filter((name) => {
            const value = next[name as keyof SessionHeaderValues]
            return value !== undefined && !isLegalHeaderValue(value)
          })
          if (refused.length > 0) {
            return Effect.logWarning(`Session header ${refused.join(", ")} is not a legal HTTP header value; ignored`)
          }
          values = { ...values, ...next }
          return Effect.void
        })
    })
  })
}
