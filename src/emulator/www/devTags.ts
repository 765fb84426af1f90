/**
 * The emulator's dev mode tags: in the dev mode (`npm start`: every service under a path prefix of one http origin,
 * pages on a second), the real site's tags cannot say where the services are (a real page derives
 * `https://{service}.{domain}` from its domain), so pages carry these configuration tags too, which the library
 * reads (src/core/config/fromPageMetadata.ts) before the real ones:
 *
 * - `platform-hosts`: the base URL of every service and the platform's own hosts (the two origins exactly);
 * - `hba-meta`: request signing on, for the services' origin, every request and every event sampled, at the real
 *   key location, in the real site's 5-field token form;
 * - `site-flags`: the retry-attempt header on re-sent requests;
 * - `hba-frame`: the origins allowed to use the security frame (the two origins).
 *
 * Host mode renders none of them: its pages carry only what the real site renders.
 *
 * @module
 */
import { serviceNames, type ServiceBaseUrls } from "../../core/config/PlatformConfig.ts"
import { emulatorKeyLocation, emulatorTokenFormat } from "../hba/pages.ts"
import { metaTag } from "./html.ts"

/** Where the dev mode's services and pages are. */
export interface DevSite {
  /** The services' origin (`http://127.0.0.1:4010`). */
  readonly origin: string
  /** The www origin (`http://127.0.0.1:4011`). */
  readonly wwwOrigin: string
  /** Base URL of every service (`prefixedBaseUrls(origin, wwwOrigin)`). */
  readonly baseUrls: ServiceBaseUrls
}

/** `apiGateway` → `data-api-gateway`. */
const attributeOf = (service: string) => `data-${service.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`

/** The dev mode's configuration tags for `site`, one a line (see the module doc). */
export const devModeTags = (site: DevSite): string => {
  const origins = `${site.origin}, ${site.wwwOrigin}`
  return [
    metaTag("platform-hosts", [
      ...serviceNames.map((name) => [attributeOf(name), site.baseUrls[name]] as const),
      ["data-own-hosts", origins]
    ]),
    metaTag("hba-meta", [
      ["data-enabled", "true"],
      ["data-allowed-hosts", site.origin],
      ["data-sample-rate-per-million", "1000000"],
      ["data-event-sample-rate-per-million", "1000000"],
      ["data-database-name", emulatorKeyLocation.databaseName],
      ["data-store-name", emulatorKeyLocation.storeName],
      ["data-key-name", emulatorKeyLocation.keyName],
      ["data-token-format", emulatorTokenFormat]
    ]),
    metaTag("site-flags", [["data-retry-attempt-header", "true"]]),
    metaTag("hba-frame", [["data-allowed-parent-origins", origins]])
  ].join("\n")
}
