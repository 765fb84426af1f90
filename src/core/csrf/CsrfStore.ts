/**
 * CsrfStore: the anti-forgery token that mutating requests carry in `x-csrf-token`.
 *
 * The token lives in memory for the hot path and is written through to the KeyValueStore under `x-csrf-token`, so
 * that other tabs and later pages start with the current token. Storage failures (full, disabled) never fail a
 * request: the token is then kept in memory only, and a warning without the token's value is logged.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { KeyValueStore } from "../browser/KeyValueStore.ts"

/** The KeyValueStore key of the token (spec: "x-csrf-token (also kept in local storage)"). */
export const csrfStorageKey = "x-csrf-token"

/** The shape of the CSRF token store. */
export interface CsrfStoreShape {
  /** The current token, read synchronously on the hot path; undefined until one is known. */
  readonly current: () => string | undefined
  /** Remember a new token (in memory, and in storage when it can be written). */
  readonly set: (token: string) => Effect.Effect<void>
}

/** The CSRF token store. */
export class CsrfStore extends Context.Service<CsrfStore, CsrfStoreShape>()(
  "platform-web-client/core/csrf/CsrfStore"
) {
  /** Starts from the stored token, if storage has one. */
  static readonly layer: Layer.Layer<CsrfStore, never, KeyValueStore> = Layer.effect(
    CsrfStore,
    Effect.gen(function*() {
      const storage = yield* KeyValueStore
      const stored = yield* storage.get(csrfStorageKey).pipe(
        Effect.catch((error) =>
          Effect.logWarning(`CSRF token could not be read from storage (${error.reason}); starting without one`).pipe(
            Effect.as(undefined)
          )
        )
      )
      let token = stored === undefined || stored === "" ? undefined : stored
      return CsrfStore.of({
        current: () => token,
        set: (next) =>
          Effect.suspend(() => {
            if (next === token) return Effect.void
            token = next
            return storage.set(csrfStorageKey, next).pipe(
              Effect.catch((error) =>
                Effect.logWarning(`CSRF token kept in memory only: storage ${error.reason}`)
              )
            )
          })
      })
    })
  )
}
