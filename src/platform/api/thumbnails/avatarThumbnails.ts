/**
 * Images of users' avatars: headshots, busts, full body, and the 3D model, each in the sizes and formats its
 * published call lists.
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import { ApiBadRequest, Id, IdList } from "../sharedSchemas.ts"
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

/** The avatar image endpoints. */
export class AvatarThumbnailsGroup extends HttpApiGroup.make("avatarThumbnails").add(
  HttpApiEndpoint.get("getAvatarHeadshots", "/v1/users/avatar-headshot", {
    query: { userIds: IdList, ...imageQuery(HeadshotSize, ThumbnailFormat) },
    success: ThumbnailList,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAvatarThumbnail3d", "/v1/users/avatar-3d", {
    query: { userId: Id },
    success: Thumbnail,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAvatarBusts", "/v1/users/avatar-bust", {
    query: { userIds: IdList, ...imageQuery(AvatarBustSize, IconFormat) },
    success: ThumbnailList,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAvatars", "/v1/users/avatar", {
    query: { userIds: IdList, ...imageQuery(AvatarSize, ThumbnailFormat) },
    success: ThumbnailList,
    error: ApiBadRequest
  })
) {}
