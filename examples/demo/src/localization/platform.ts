/**
 * What the localization and catalog screens use from the library. Not yet public: the typed clients come from
 * module files until the entry points export them.
 *
 * @module
 */
export {
  CatalogClient,
  GameInternationalizationClient,
  GamesClient,
  LocalizationTablesClient,
  ThumbnailsClient,
  TranslationRolesClient
} from "../../../../src/platform/clients/PlatformClients.ts"
export { RequestEncodeError } from "../../../../src/platform/clients/errors.ts"
export type { BundleDetails } from "../../../../src/platform/api/catalog/schemas.ts"
export type { Thumbnail } from "../../../../src/platform/api/thumbnails/schemas.ts"
export { enumLabel } from "../../../../src/platform/api/sharedSchemas.ts"
