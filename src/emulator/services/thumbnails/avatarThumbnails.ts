/**
 * Images of avatars (headshots, busts, full body, 3D) as the emulator serves them: banned users are `Blocked`.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { EmulatorState } from "../../EmulatorState.ts"
import { requestOrigin } from "../support.ts"
import { ServedThumbnailsApi } from "./api.ts"
import { listOf, thumbnailOf } from "./images.ts"

/** Handlers of the avatar images group. */
export const AvatarThumbnailsHandlers = HttpApiBuilder.group(
  ServedThumbnailsApi,
  "avatarThumbnails",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    return handlers.handleAll({
      getAvatarHeadshots: (request) => listOf(world, "AvatarHeadShot", "48x48")(request, request.query.userIds),
      getAvatarThumbnail3d: ({ query }) =>
        Effect.map(requestOrigin, (origin) => thumbnailOf(world, origin, "Avatar", query.userId, "420x420", false)),
      getAvatarBusts: (request) => listOf(world, "AvatarBust", "48x48")(request, request.query.userIds),
      getAvatars: (request) => listOf(world, "Avatar", "150x150")(request, request.query.userIds)
    })
  })
)
