/**
 * Images of users' avatars: headshots, busts, full body, and the 3D model, each in the sizes and formats its
 * published call lists.
 *
 * @module
 */
import { get, group } from "../definition.ts"
import { Id, IdList } from "../sharedSchemas.ts"
import {
  AvatarBustSize,
  AvatarSize,
  HeadshotSize,
  IconFormat,
  imageQuery,
  Thumbnail,
  ThumbnailFormat,
  ThumbnailList
} from "./schemas.ts"

/** `GET /v1/users/avatar-headshot`. */
export const getAvatarHeadshots = get("getAvatarHeadshots", "/v1/users/avatar-headshot", {
  query: { userIds: IdList, ...imageQuery(HeadshotSize, ThumbnailFormat) },
  success: ThumbnailList,
  errors: [400]
})

/** `GET /v1/users/avatar-3d`. */
export const getAvatarThumbnail3d = get("getAvatarThumbnail3d", "/v1/users/avatar-3d", {
  query: { userId: Id },
  success: Thumbnail,
  errors: [400]
})

/** `GET /v1/users/avatar-bust`. */
export const getAvatarBusts = get("getAvatarBusts", "/v1/users/avatar-bust", {
  query: { userIds: IdList, ...imageQuery(AvatarBustSize, IconFormat) },
  success: ThumbnailList,
  errors: [400]
})

/** `GET /v1/users/avatar`. */
export const getAvatars = get("getAvatars", "/v1/users/avatar", {
  query: { userIds: IdList, ...imageQuery(AvatarSize, ThumbnailFormat) },
  success: ThumbnailList,
  errors: [400]
})

/** The avatar image endpoints. */
export const AvatarThumbnailsGroup = group(
  "avatarThumbnails",
  getAvatarHeadshots,
  getAvatarThumbnail3d,
  getAvatarBusts,
  getAvatars
)
