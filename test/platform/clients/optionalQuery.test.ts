/**
 * A typed call whose query (or headers) has only optional fields may leave it out, or leave out the whole request:
 * the call sends no query parameter, exactly as with `query: {}`. A query with a required field stays required
 * (checked by the compiler: the `@ts-expect-error` lines fail the typecheck if it were optional).
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { CatalogClient, FriendsClient, LocaleClient } from "../../../src/platform/clients/PlatformClients.ts"
import { clientsLayer, origin, sentOnce } from "./harness.ts"

const friends = { data: [] }

describe("optional query", () => {
  it.effect("a query whose fields are all optional can be left out", () =>
    Effect.gen(function* () {
      const { friends: client } = yield* FriendsClient
      const { url } = yield* sentOnce(client.getFriends({ params: { userId: 7 } }), undefined)
      assert.strictEqual(url.href, `${origin}/friends/v1/users/7/friends`)
    }).pipe(Effect.provide(clientsLayer(friends)))
  )

  it.effect("and given, it is sent as before", () =>
    Effect.gen(function* () {
      const { friends: client } = yield* FriendsClient
      const { url } = yield* sentOnce(
        client.getFriends({ params: { userId: 7 }, query: { userSort: "StatusFrequents" } }),
        undefined
      )
      // the service takes the sort as its code
      assert.strictEqual(url.href, `${origin}/friends/v1/users/7/friends?userSort=2`)
    }).pipe(Effect.provide(clientsLayer(friends)))
  )

  it.effect("a call that needs nothing takes no request", () =>
    Effect.gen(function* () {
      const { locale } = yield* LocaleClient
      const { url } = yield* sentOnce(locale.getSupportedLocales(), undefined)
      assert.strictEqual(url.href, `${origin}/locale/v1/locales/supported-locales`)
    }).pipe(Effect.provide(clientsLayer({ supportedLocales: [] })))
  )

  it("a query with a required field cannot be left out", () => {
    const check = Effect.gen(function* () {
      const { catalog } = yield* CatalogClient
      // @ts-expect-error getBundlesDetails needs its query (bundleIds)
      yield* catalog.getBundlesDetails({})
      // @ts-expect-error and so it needs a request
      yield* catalog.getBundlesDetails()
    })
    assert.isDefined(check)
  })
})
