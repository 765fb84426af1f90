/**
 * The demo's services: typed clients of the five platform services over the library's PlatformHttp (so every call
 * gets CSRF, credentials, error mapping, …), batch processors for the per-item lookups (avatars, presence, game
 * icons), the Follow action (challenged by the emulator), and the emulator's admin API (plain HttpClient: inspector
 * calls are not platform calls).
 *
 * @module
 */
import { Context, Effect, Layer, Schema } from "effect"
import { HttpClient } from "effect/http"
import { HttpApiClient } from "effect/http-api"
import { AdminApi } from "../../emulator/admin/AdminApi.ts"
import { DemoConfig } from "./config.ts"
import {
  BatchProcessor,
  FetchError,
  FriendsApi,
  GamesApi,
  PlatformConfig,
  PlatformHttp,
  PresenceApi,
  ResponseError,
  ThumbnailsApi,
  UsersApi
} from "./lib.ts"

/** Retry a failed batch on network errors, 429 and 5xx; a 4xx would fail the same way again. */
const isRetriable = (error: unknown): boolean =>
  error instanceof FetchError || (error instanceof ResponseError && (error.status === 429 || error.status >= 500))

const byId = <A>(items: ReadonlyArray<A>, id: (a: A) => number): ReadonlyMap<number, A> =>
  new Map(items.map((item) => [id(item), item]))

/** The emulator's answer to a follow. */
const FollowAnswer = Schema.Struct({ success: Schema.Boolean, targetUserId: Schema.Number })

const make = Effect.gen(function*() {
  const http = yield* PlatformHttp
  const { baseUrls } = yield* PlatformConfig
  const httpClient = http.client
  const users = yield* HttpApiClient.group(UsersApi, { group: "users", httpClient, baseUrl: baseUrls.users })
  const friends = yield* HttpApiClient.group(FriendsApi, { group: "friends", httpClient, baseUrl: baseUrls.friends })
  const presence = yield* HttpApiClient.group(PresenceApi, { group: "presence", httpClient, baseUrl: baseUrls.presence })
  const games = yield* HttpApiClient.group(GamesApi, { group: "games", httpClient, baseUrl: baseUrls.games })
  const avatarThumbnails = yield* HttpApiClient.group(ThumbnailsApi, {
    group: "avatarThumbnails",
    httpClient,
    baseUrl: baseUrls.thumbnails
  })
  const gameThumbnails = yield* HttpApiClient.group(ThumbnailsApi, {
    group: "gameThumbnails",
    httpClient,
    baseUrl: baseUrls.thumbnails
  })

  const headshots = yield* BatchProcessor.make({
    process: (userIds: ReadonlyArray<number>) =>
      Effect.map(
        avatarThumbnails.getAvatarHeadshots({ query: { userIds, size: "150x150", format: "Png", isCircular: true } }),
        (answer) => byId(answer.data, (t) => t.targetId)
      ),
    waitMs: 30,
    isRetriable
  })
  const presences = yield* BatchProcessor.make({
    process: (userIds: ReadonlyArray<number>) =>
      Effect.map(presence.getPresences({ payload: { userIds } }), (answer) => byId(answer.userPresences, (p) => p.userId)),
    waitMs: 30,
    isRetriable
  })
  const gameIcons = yield* BatchProcessor.make({
    process: (universeIds: ReadonlyArray<number>) =>
      Effect.map(
        gameThumbnails.getGameIcons({ query: { universeIds, size: "256x256", format: "Png", returnPolicy: "PlaceHolder" } }),
        (answer) => byId(answer.data, (t) => t.targetId)
      ),
    waitMs: 30,
    isRetriable
  })

  /**
   * Follow a user: `POST {friends}/v1/users/{userId}/follow`. The emulator challenges it (a Captcha): the challenge
   * flow holds the request, shows the challenge in the ChallengeHost, and re-sends it once completed; a failed
   * challenge is a ChallengeError.
   */
  const follow = (userId: number) =>
    http.post({ service: "friends", path: `/v1/users/${userId}/follow` }, { schema: FollowAnswer, operation: "followUser" })

  const config = yield* DemoConfig
  const admin = yield* HttpApiClient.group(AdminApi, {
    group: "admin",
    httpClient: yield* HttpClient.HttpClient,
    baseUrl: config.origin
  })
  return { users, friends, presence, games, avatarThumbnails, gameThumbnails, headshots, presences, gameIcons, follow, admin }
})

/** The demo's clients and processors. */
export class DemoApi extends Context.Service<DemoApi, Effect.Success<typeof make>>()("demo/DemoApi") {
  /** Needs PlatformHttp, PlatformConfig, an HttpClient and the demo's configuration. */
  static readonly layer = Layer.effect(DemoApi, make)
}
