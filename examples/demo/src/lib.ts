/**
 * Everything the demo uses from the library, in one place. The demo imports the library only through its
 * public entry points (`platform-web-client`, `platform-web-client/react`); the lines marked "not yet public"
 * come from module files until the entry points export them.
 *
 * @module
 */
export {
  browserPlatformLayer,
  FetchError,
  PlatformConfig,
  type PlatformConfigInput,
  PlatformHttp,
  ResponseDecodeError,
  ResponseError
} from "platform-web-client"
export { type EffectResult, PlatformProvider, useEffectResult, useRuntime } from "platform-web-client/react"

// not yet public: batching, paging and their React hooks
export { BatchFailure } from "../../../src/core/batch/BatchFailure.ts"
export * as BatchProcessor from "../../../src/core/batch/BatchProcessor.ts"
export { PagingError } from "../../../src/core/paging/PagingError.ts"
export type { PageRequest, PageResponse } from "../../../src/core/paging/Pager.ts"
export { useBatchedLookup } from "../../../src/react/useBatchedLookup.ts"
export { usePager } from "../../../src/react/usePager.ts"

// not yet public: the platform's endpoint definitions
export { FriendsApi, type FriendUser } from "../../../src/platform/api/friends.ts"
export { type GameListItem, GamesApi } from "../../../src/platform/api/games.ts"
export { PresenceApi, type UserPresence } from "../../../src/platform/api/presence.ts"
export { type Thumbnail, ThumbnailsApi } from "../../../src/platform/api/thumbnails.ts"
export { UsersApi } from "../../../src/platform/api/users.ts"
