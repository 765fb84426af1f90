/**
 * What the typed clients' executor does itself (src/platform/clients/checkedMethod.ts, encodeRequest.ts,
 * decodeAnswer.ts), beyond the per-endpoint request tables and contracts: path encoding, the query's absent values,
 * lists as repeated keys or one joined value, the JSON body and its content type, what is asked for, encode
 * failures (nothing sent), the pipeline's errors passed through as they are, answers that do not decode, bytes,
 * and `platformCall` (one endpoint alone) with the same rules.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import {
  FetchError,
  RequestEncodeError,
  RequiredError,
  ResponseDecodeError,
  ResponseError
} from "../../../src/core/http/errors.ts"
import { getFriends } from "../../../src/platform/api/friends.ts"
import { getPlaceDetails } from "../../../src/platform/api/games/gameDetails.ts"
import { lookupUsers } from "../../../src/platform/api/users.ts"
import { platformCall } from "../../../src/platform/clients/checkedMethod.ts"
import {
  FriendsClient,
  GameInternationalizationClient,
  GamesClient,
  platformClientsLayer,
  UsersClient
} from "../../../src/platform/clients/PlatformClients.ts"
import { jsonResponse, StubFetch, type StubHandler } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"
import { baseUrls, clientsLayer, origin, sentOnce } from "./harness.ts"

/** The clients over a stub that answers with `handler`. */
const answering = (handler: StubHandler) =>
  platformClientsLayer.pipe(Layer.provideMerge(testPlatformLayer(handler, { baseUrls })))

const nothingSent = Effect.map(StubFetch, (stub) => assert.strictEqual(stub.requests.length, 0, "nothing sent"))

describe("the request", () => {
  it.effect("puts each path parameter, percent-encoded, into its segment", () =>
    Effect.gen(function* () {
      const { supportedLanguages } = yield* GameInternationalizationClient
      const { url } = yield* sentOnce(
        supportedLanguages.setAutomaticTranslationStatus({
          params: { gameId: 5, languageCode: "a b/c?" },
          payload: true
        }),
        true
      )
      assert.strictEqual(
        url.pathname,
        "/gameInternationalization/v1/supported-languages/games/5/languages/a%20b%2Fc%3F/automatic-translation-status"
      )
    }).pipe(Effect.provide(clientsLayer({ gameId: 5, languageCode: "a b/c?", isAutomaticTranslationEnabled: true })))
  )

  it.effect("refuses a path segment a URL parser would resolve away (`..`), and sends nothing", () =>
    Effect.gen(function* () {
      const { supportedLanguages } = yield* GameInternationalizationClient
      const error = yield* Effect.flip(
        supportedLanguages.setAutomaticTranslationStatus({ params: { gameId: 5, languageCode: ".." }, payload: true })
      )
      assert.instanceOf(error, RequestEncodeError)
      assert.strictEqual(
        error.message,
        `Request of setAutomaticTranslationStatus could not be encoded: path parameter languageCode cannot be sent as ".."`
      )
      yield* nothingSent
    }).pipe(Effect.provide(clientsLayer({})))
  )

  it.effect("leaves absent query values out and sends the rest as the definition encodes them", () =>
    Effect.gen(function* () {
      const { friends } = yield* FriendsClient
      const { url } = yield* sentOnce(
        friends.findFriends({
          params: { userId: 3 },
          query: { cursor: undefined, limit: 18, userSort: "Alphabetical" }
        }),
        undefined
      )
      assert.strictEqual(url.search, "?userSort=0&limit=18")
    }).pipe(Effect.provide(clientsLayer({ PageItems: [] })))
  )

  it.effect("sends a repeated-keys list one key per item, and a joined list as one value", () =>
    Effect.gen(function* () {
      const { gameDetails, games } = yield* GamesClient
      yield* gameDetails.getPlaceDetails({ query: { placeIds: [4, 5, 6] } })
      yield* games.getGames({ query: { universeIds: [4, 5] } })
      const { requests } = yield* StubFetch
      assert.deepStrictEqual(
        requests.map((r) => new URL(r.url).search),
        ["?placeIds=4&placeIds=5&placeIds=6", "?universeIds=4%2C5"]
      )
    }).pipe(Effect.provide(answering((r) => jsonResponse(r.url.includes("multiget") ? [] : { data: [] }))))
  )

  it.effect("sends the body as JSON with its content type, and asks for JSON", () =>
    Effect.gen(function* () {
      const { users } = yield* UsersClient
      const { sent } = yield* sentOnce(users.lookupUsers({ payload: { userIds: [1, 2], excludeBannedUsers: true } }), {
        userIds: [1, 2],
        excludeBannedUsers: true
      })
      assert.strictEqual(sent.method, "POST")
      assert.strictEqual(sent.headers["content-type"], "application/json")
      assert.strictEqual(sent.headers.accept, "application/json")
    }).pipe(Effect.provide(clientsLayer({ data: [] })))
  )

  it.effect(
    "a value its schema does not encode (an id of 0) is a RequestEncodeError naming the call; nothing is sent",
    () =>
      Effect.gen(function* () {
        const { users } = yield* UsersClient
        const error = yield* Effect.flip(users.lookupUsers({ payload: { userIds: [0] } }))
        assert.instanceOf(error, RequestEncodeError)
        assert.strictEqual((error as RequestEncodeError).operation, "lookupUsers")
        assert.match(error.message, /^Request of lookupUsers could not be encoded: /)
        const { friends } = yield* FriendsClient
        const inPath = yield* Effect.flip(friends.getFriends({ params: { userId: 0 } }))
        assert.instanceOf(inPath, RequestEncodeError)
        yield* nothingSent
      }).pipe(Effect.provide(clientsLayer({})))
  )
})

describe("the answer", () => {
  it.effect("a non-2xx answer is the pipeline's ResponseError, as it is", () =>
    Effect.gen(function* () {
      const { friends } = yield* FriendsClient
      const error = yield* Effect.flip(friends.getFriends({ params: { userId: 3 } }))
      assert.instanceOf(error, ResponseError)
      const response = error as ResponseError
      assert.strictEqual(response.status, 429)
      assert.deepStrictEqual(response.codes, [9])
      assert.strictEqual(
        response.message,
        `Response from ${origin}/friends/v1/users/3/friends returned an error code 429`
      )
    }).pipe(Effect.provide(answering(() => jsonResponse({ errors: [{ code: 9, message: "Flood" }] }, { status: 429 }))))
  )

  it.effect("no answer is the pipeline's FetchError", () =>
    Effect.gen(function* () {
      const { friends } = yield* FriendsClient
      const error = yield* Effect.flip(friends.getFriends({ params: { userId: 3 } }))
      assert.instanceOf(error, FetchError)
    }).pipe(Effect.provide(answering(() => Promise.reject(new TypeError("Failed to fetch")))))
  )

  it.effect("an answer that does not match is a ResponseDecodeError naming the endpoint and the URL", () =>
    Effect.gen(function* () {
      const { friends } = yield* FriendsClient
      const error = yield* Effect.flip(
        friends.getFriends({ params: { userId: 3 }, query: { userSort: "Alphabetical" } })
      )
      assert.instanceOf(error, ResponseDecodeError)
      const decode = error as ResponseDecodeError
      assert.strictEqual(decode.operation, "getFriends")
      assert.strictEqual(decode.url, `${origin}/friends/v1/users/3/friends?userSort=0`)
      assert.match(decode.issue, /data/)
    }).pipe(Effect.provide(answering(() => jsonResponse({ data: [{ id: "three" }] }))))
  )

  it.effect("a body that is not JSON, or an empty one where an object is expected, is a ResponseDecodeError", () =>
    Effect.gen(function* () {
      const { friends } = yield* FriendsClient
      const notJson = yield* Effect.flip(friends.getFriends({ params: { userId: 3 } }))
      assert.instanceOf(notJson, ResponseDecodeError)
      assert.strictEqual((notJson as ResponseDecodeError).issue, "body is not JSON")
      const empty = yield* Effect.flip(friends.getFriends({ params: { userId: 3 } }))
      assert.instanceOf(empty, ResponseDecodeError)
    }).pipe(Effect.provide(answering((_, index) => new Response(index === 0 ? "<html>" : "", { status: 200 }))))
  )

  it.effect("an answer of bytes is the bytes exactly as sent, asked for by its content type", () =>
    Effect.gen(function* () {
      const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62, 0x0a, 0x00, 0xff])
      const { translationAnalytics } = yield* GameInternationalizationClient
      const request = {
        params: { gameId: 9 },
        query: {
          startDateTime: "2024-01-01",
          endDateTime: "2024-02-01",
          reportType: "GameTranslationStatus" as const,
          reportSubjectTargetId: 9
        }
      }
      const { value, sent } = yield* sentOnce(
        translationAnalytics.downloadTranslationAnalyticsReport(request),
        undefined
      )
      assert.deepStrictEqual(value, bytes)
      assert.strictEqual(sent.headers.accept, "application/octet-stream")
    }).pipe(Effect.provide(clientsLayer(new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62, 0x0a, 0x00, 0xff]))))
  )
})

describe("platformCall: one endpoint alone", () => {
  const layer = (handler: StubHandler) => testPlatformLayer(handler, { baseUrls })

  it.effect("calls the service's base URL from PlatformConfig and decodes the answer", () =>
    Effect.gen(function* () {
      const friendsOf = platformCall("friends", getFriends)
      const friends = yield* friendsOf({ params: { userId: 3 }, query: { userSort: "StatusFrequents" } })
      assert.deepStrictEqual(friends, { data: [{ id: 4, presenceType: "Online" }] })
      const { requests } = yield* StubFetch
      assert.deepStrictEqual(
        requests.map((r) => `${r.method} ${r.url}`),
        [`GET ${origin}/friends/v1/users/3/friends?userSort=2`]
      )
    }).pipe(Effect.provide(layer(() => jsonResponse({ data: [{ id: 4, presenceType: 1 }] }))))
  )

  it.effect("checks required and closed values as the clients do, before anything is sent", () =>
    Effect.gen(function* () {
      const lookup = platformCall("users", lookupUsers)
      const missing = yield* Effect.flip(lookup({ payload: { userIds: null as never } }))
      assert.instanceOf(missing, RequiredError)
      assert.strictEqual(missing.message, "Required parameter userIds was null or undefined when calling lookupUsers.")
      const places = platformCall("games", getPlaceDetails)
      const sizes = platformCall("friends", getFriends)
      const refused = yield* Effect.flip(sizes({ params: { userId: 1 }, query: { userSort: "Newest" as never } }))
      assert.instanceOf(refused, RequestEncodeError)
      assert.strictEqual((refused as RequestEncodeError).parameter, "userSort")
      assert.deepStrictEqual((refused as RequestEncodeError).allowed, [
        "Alphabetical",
        "StatusAlphabetical",
        "StatusFrequents"
      ])
      const noPlaces = yield* Effect.flip(places({ query: { placeIds: undefined as never } }))
      assert.instanceOf(noPlaces, RequiredError)
      yield* nothingSent
    }).pipe(Effect.provide(layer(() => jsonResponse({}))))
  )
})
