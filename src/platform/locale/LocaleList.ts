/**
 * LocaleList: the platform's locale list (`GET /v1/locales`), cached in the KeyValueStore with the time it was
 * fetched; the caller says how old a cached list may be (LOC-1).
 * A failed fetch is not cached.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { Cache } from "../../core/cache/Cache.ts"
import { LocaleLocus } from "../api/locale.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import { LocaleClient } from "../clients/PlatformClients.ts"

/** The storage key of the cached locale list. */
export const localeListKey = "platform-web-client/localeList"

const LocaleLoci = Schema.Array(LocaleLocus)

/** The shape of LocaleList. */
export interface LocaleListShape {
  /** The locale list: the cached one if younger than `expiryMs`, else a fresh one (then cached). */
  readonly get: (expiryMs: number) => Effect.Effect<ReadonlyArray<LocaleLocus>, PlatformCallError>
  /** Forget the cached list. */
  readonly invalidate: Effect.Effect<void>
}

const make = Effect.gen(function* () {
  const cache = yield* Cache
  const client = yield* LocaleClient
  const fetch = Effect.map(client.locale.getLocales({ query: {} }), (answer) => answer.data)
  return LocaleList.of({
    get: (expiryMs) => cache.getOrSet(localeListKey, LocaleLoci, fetch, { expiryMs }),
    invalidate: cache.remove(localeListKey)
  })
})

/** The locale list with a caller-given expiry; see the module doc. */
export class LocaleList extends Context.Service<LocaleList, LocaleListShape>()(
  "platform-web-client/platform/locale/LocaleList"
) {
  /** The list over the LocaleClient and the Cache. */
  static readonly layer: Layer.Layer<LocaleList, never, Cache | LocaleClient> = Layer.effect(LocaleList, make)
}
