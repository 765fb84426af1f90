/**
 * Everything the demo uses from the library, in one place. The demo imports the library only through its
 * public entry points (`platform-web-client`, `platform-web-client/react`); the lines marked "not yet public"
 * come from module files until the entry points export them.
 *
 * @module
 */
import type { Pager } from "platform-web-client"

export {
  AttestationError,
  BatchFailure,
  BatchProcessor,
  browserPlatformLayer,
  ChallengeError,
  Crypto,
  DeviceAttestation,
  FetchError,
  FriendsClient,
  KeyDatabase,
  KeyStore,
  notificationCountLabel,
  PagingError,
  PlatformConfig,
  type PlatformConfigInput,
  PlatformHttp,
  ResponseDecodeError,
  ResponseError,
  signingMode
} from "platform-web-client"
export {
  ChallengeHost,
  type EffectResult,
  PlatformProvider,
  useBatchedLookup,
  useEffectResult,
  usePager,
  useRuntime
} from "platform-web-client/react"

/** A page request of the cursor pager. */
export type PageRequest<P> = Pager.PageRequest<P>
/** A page answer of the cursor pager. */
export type PageResponse<A> = Pager.PageResponse<A>

// not yet public: the platform's endpoint definitions
export { FriendsApi, type FriendUser } from "../../../src/platform/api/friends.ts"
export { GamesApi } from "../../../src/platform/api/games/api.ts"
export { type GameListItem } from "../../../src/platform/api/games/games.ts"
export { PresenceApi, type UserPresence } from "../../../src/platform/api/presence.ts"
export { ThumbnailsApi } from "../../../src/platform/api/thumbnails/api.ts"
export { type Thumbnail } from "../../../src/platform/api/thumbnails/schemas.ts"
export { UsersApi } from "../../../src/platform/api/users.ts"
