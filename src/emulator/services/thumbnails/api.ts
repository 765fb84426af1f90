/**
 * The thumbnails service as the emulator serves it: the library's definition under `/thumbnails`.
 *
 * @module
 */
import { ThumbnailsApi } from "../../../platform/api/thumbnails/api.ts"
import { toHttpApi } from "../../../platform/api/httpApi.ts"

/** The thumbnails API as served, under `/thumbnails`. */
export const ServedThumbnailsApi = toHttpApi(ThumbnailsApi).prefix("/thumbnails")
