/**
 * CsrfStore: the anti-forgery token that mutating requests carry in `x-csrf-token`.
 *
 * The token lives in memory for the hot path and is written through to the KeyValueStore under `x-csrf-token`, so
 * that other tabs and later pages start with the current token. Storage failures (full, disabled) never fail a
 * request: the token is then kept in memory only, and a warning without the token's value is logged.
 *
 * Only a legal HTTP header value (RFC 9110, ../http/headerValue.ts) is ever kept: fetch refuses to send any other,
 * so one bad stored value would fail every mutation before it is sent. A bad value found in storage at start-up
 * is dropped (and removed from storage) and a bad new token is ignored, each with a warning that never shows the
 * value; the next 403 with a fresh token then recovers as usual.
 *
 * **Where it starts.** From the token in storage when there is a legal one: the last token a platform response
 * gave this origin (in this tab or another), which may be newer than the page if the page came from a cache; a
 * stale one costs one 403 re-send, as any expired token does. Otherwise from {@link InitialCsrfToken}: the token
 * the page was served with (`<meta name="csrf-token" data-token>`, read by ./pageCsrfToken.ts in a browser page),
 * kept in memory (storage gets the next token a response sets). Otherwise with none.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { KeyValueStore } from "../browser/KeyValueStore.ts"
import { isLegalHeaderValue } from "../http/headerValue.ts"

/** The KeyValueStore key of the token (spec: "x-csrf-token (also kept in local storage)"). */
export const csrfStorageKey = "x-csrf-token"

/** The warning when a token is not a legal header value (the value itself is never logged). */
export const illegalCsrfTokenWarning = (where: "storage" | "response" | "page") =>
  `CSRF token from ${where} is not a legal HTTP header value; ignored`

/** The token the page was served with: the store starts from it when storage has none. None by default. */
export const InitialCsrfToken = Context.Reference<string | undefined>(
  "platform-web-client/core/csrf/InitialCsrfToken",
  { defaultValue: () => undefined }
)

/** The shape of the CSRF token store. */
export interface CsrfStoreShape {
  /** The current token, read synchronously on the hot path; undefined until one is known. */
  readonly current: () => string | undefined
  /** Remember a new token (in memory, and in storage when it can be written); an illegal value is ignored. */
  readonly set: (token: string) => Effect.Effect<void>
}

/** The CSRF token store. */
export class CsrfStore extends Context.Service<CsrfStore, CsrfStoreShape>()("platform-web-client/core/csrf/CsrfStore") {
  /** Starts from the stored token if storage has a legal one, else from {@link InitialCsrfToken} (see the module doc). */
  static readonly layer: Layer.Layer<CsrfStore, never, KeyValueStore> = Layer.effect(
    CsrfStore,
    Effect.gen(function* () {
      const storage = yield* KeyValueStore
      const stored = yield* storage
        .get(csrfStorageKey)
        .pipe(
          Effect.catch((error) =>
            Effect.logWarning(`CSRF token could not be read from storage (${error.reason}); starting without one`).pipe(
              Effect.as(undefined)
            )
          )
        )
      let token = stored === undefined || stored === "" ? undefined : stored
      if (token !== undefined && !isLegalHeaderValue(token)) {
        token = undefined
        yield* Effect.logWarning(illegalCsrfTokenWarning("storage"))
        yield* Effect.catch(storage.remove(csrfStorageKey), () => Effect.void)
      }
      token ??= yield* InitialCsrfToken
      return CsrfStore.of({
        current: () => token,
        set: (next) =>
          Effect.suspend(() => {
            if (next === token) return Effect.void
            if (!isLegalHeaderValue(next)) return Effect.logWarning(illegalCsrfTokenWarning("response"))
            token = next
            return storage
              .set(csrfStorageKey, next)
              .pipe(
                Effect.catch((error) => Effect.logWarning(`CSRF token kept in memory only: storage ${error.reason}`))
              )
          })
      })
    })
  )
}
