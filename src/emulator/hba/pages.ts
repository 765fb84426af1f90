/**
 * The HTML of the hba pages: the security frame page (`/hba/iframe` on the www origin) and two lab pages used by
 * the browser test and by hand (`/hba/lab` on the www origin, `/hba/lab` on the services' origin as the "page on
 * another sub-domain"). Each page carries the PlatformConfig `<meta>` tags of the request's session, so the
 * library configures itself from the page (platformConfigFromPageMetadataLayer); they sign with the 5-field token
 * ({@link emulatorTokenFormat}).
 *
 * @module
 */
import { serviceNames, type ServiceBaseUrls } from "../../core/config/PlatformConfig.ts"

/** The bound-auth token form the emulator's pages (and the demo) sign with: the real site's current one. */
export const emulatorTokenFormat = "5-field"

/** Where the emulator keeps the signing key in the browser (the names the demo must use too). */
export const emulatorKeyLocation = {
  databaseName: "hbaDB",
  storeName: "hbaObjectStore",
  keyName: "hbaCryptoKeys"
} as const

const escape = (value: string): string =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

const attribute = (name: string) => `data-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`

/** What the pages' `<meta>` tags say. */
export interface PageSettings {
  readonly baseUrls: ServiceBaseUrls
  /** The signed-in user of the request's session, if any. */
  readonly userId: number | undefined
  /** Host suffixes whose requests are signed (the emulator's host). */
  readonly signedHosts: ReadonlyArray<string>
  /** Exact origins allowed to use the security frame. */
  readonly frameParents: ReadonlyArray<string>
}

/** The PlatformConfig `<meta>` tags of a page. */
export const configMeta = (settings: PageSettings): string => {
  const hosts = serviceNames.map((name) => `${attribute(name)}="${escape(settings.baseUrls[name])}"`).join(" ")
  const user = settings.userId === undefined ? "" : `<meta name="user-data" data-userid="${settings.userId}">`
  return [
    `<meta name="platform-hosts" ${hosts}>`,
    user,
    `<meta name="hba-meta" data-enabled="true" data-allowed-hosts="${escape(settings.signedHosts.join(","))}"` +
    ` data-sample-rate-per-million="1000000" data-event-sample-rate-per-million="1000000"` +
    ` data-database-name="${emulatorKeyLocation.databaseName}" data-store-name="${emulatorKeyLocation.storeName}"` +
    ` data-key-name="${emulatorKeyLocation.keyName}" data-token-format="${emulatorTokenFormat}">`,
    `<meta name="hba-frame" data-allowed-parent-origins="${escape(settings.frameParents.join(","))}">`
  ].filter((line) => line !== "").join("\n")
}

/** The security frame page: no content, the frame script only. */
export const framePage = (settings: PageSettings, scriptUrl: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hba frame</title>
${configMeta(settings)}
<script type="module" src="${escape(scriptUrl)}"></script></head><body></body></html>`

/** A lab page: runs the lab script, which writes its outcome into `#result`. */
export const labPage = (settings: PageSettings, scriptUrl: string, title: string, lab: "www" | "subdomain"): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
${configMeta(settings)}
<script type="module" src="${escape(scriptUrl)}"></script></head>
<body data-lab="${lab}"><h1>${escape(title)}</h1><pre id="result" data-testid="result" data-done="false">running…</pre></body></html>`
