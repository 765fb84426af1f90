/**
 * The thumbnails service as the emulator serves it: the library's definition under `/thumbnails`.
 *
 * @module
 */
import { ThumbnailsApi } from "../../../platform/api/thumbnails/api.ts"

/** The thumbnails API as served, under `/thumbnails`. */
export const ServedThumbnailsApi = ThumbnailsApi.prefix("/thumbnails")
