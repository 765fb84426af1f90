/**
 * The thumbnails service: every image kind, one group per kind of subject, and the batch call. Paths are relative to
 * `PlatformConfig.baseUrls.thumbnails`.
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import * as OpenApi from "effect/http-api/OpenApi"
import { AssetThumbnailsGroup } from "./assetThumbnails.ts"
import { AvatarThumbnailsGroup } from "./avatarThumbnails.ts"
import { GameThumbnailsGroup } from "./gameThumbnails.ts"
import { ThumbnailBatchGroup } from "./thumbnailBatch.ts"

/** The thumbnails service. */
export class ThumbnailsApi extends HttpApi.make("thumbnails").add(
  GameThumbnailsGroup,
  AvatarThumbnailsGroup,
  AssetThumbnailsGroup,
  ThumbnailBatchGroup
).annotateMerge(OpenApi.annotations({ title: "Thumbnails", version: "v1" })) {}
