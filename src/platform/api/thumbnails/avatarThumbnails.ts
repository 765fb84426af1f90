/**
 * Images of users' avatars: headshots, busts, full body, and the 3D model.
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { ApiBadRequest, Id, IdList } from "../sharedSchemas.ts"
import { AvatarBustSize, AvatarSize, HeadshotSize, imageQuery, Thumbnail, ThumbnailList } from "./schemas.ts"

/** The avatar image endpoints. */
export class AvatarThumbnailsGroup extends HttpApiGroup.make("avatarThumbnails").add(
  HttpApiEndpoint.get("getAvatarHeadshots", "/v1/users/avatar-headshot", {
    query: { userIds: IdList, ...imageQuery, size: Schema.optional(HeadshotSize) },
    success: ThumbnailList,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAvatarThumbnail3d", "/v1/users/avatar-3d", {
    query: { userId: Id },
    success: Thumbnail,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAvatarBusts", "/v1/users/avatar-bust", {
    query: { userIds: IdList, ...imageQuery, size: Schema.optional(AvatarBustSize) },
    success: ThumbnailList,
    error: ApiBadRequest
  }),
  HttpApiEndpoint.get("getAvatars", "/v1/users/avatar", {
    query: { userIds: IdList, ...imageQuery, size: Schema.optional(AvatarSize) },
    success: ThumbnailList,
    error: ApiBadRequest
  })
) {}
