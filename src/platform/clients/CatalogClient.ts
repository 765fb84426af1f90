/**
 * The typed client of the catalog (bundles, items, sorts, recommendations, owners) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { CatalogApi } from "../api/catalog.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The catalog client: `client.<group>.<endpoint>(request)`. */
export class CatalogClient extends Context.Service<CatalogClient, CheckedClientOf<typeof CatalogApi>>()(
  "platform-web-client/platform/clients/CatalogClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.catalog`. */
  static readonly layer = Layer.effect(CatalogClient, makeCheckedClient(CatalogApi, "catalog"))
}
