/**
 * What the localization and catalog screens use from the library. Not yet public: the typed clients come from
 * module files until the entry points export them.
 *
 * @module
 */
export { CatalogClient } from "../../../../src/platform/clients/CatalogClient.ts"
export { GameInternationalizationClient } from "../../../../src/platform/clients/GameInternationalizationClient.ts"
export { GamesClient } from "../../../../src/platform/clients/GamesClient.ts"
export { ThumbnailsClient } from "../../../../src/platform/clients/ThumbnailsClient.ts"
export { TranslationRolesClient } from "../../../../src/platform/clients/TranslationRolesClient.ts"
export { RequestEncodeError } from "../../../../src/platform/clients/errors.ts"
export type { BundleDetails } from "../../../../src/platform/api/catalog.ts"
export type { Thumbnail } from "../../../../src/platform/api/thumbnails.ts"
