/**
 * The HTML of the hba pages: the security frame page (`/hba/iframe` on the www origin) and two lab pages used by
 * the browser test and by hand (`/hba/lab` on the www origin, `/hba/lab` on the services' origin as the "page on
 * another sub-domain"). Like every page the emulator serves, they get the site's `<meta>` tags for the request's
 * session when served (www/pageHead.ts), so the library configures itself from the page; they sign with the
 * 5-field token ({@link emulatorTokenFormat}) at the real key location ({@link emulatorKeyLocation}).
 *
 * @module
 */
import { escapeHtml } from "../www/html.ts"

/** The bound-auth token form the emulator's pages (and the demo) sign with: the real site's current one. */
export const emulatorTokenFormat = "5-field"

/** Where the emulator's pages keep the signing key in the browser: the real site's IndexedDB names. */
export const emulatorKeyLocation = {
  databaseName: "hbaDB",
  storeName: "hbaObjectStore",
  keyName: "hba_keys"
} as const

/** The security frame page: no content, the frame script only. */
export const framePage = (scriptUrl: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>hba frame</title>
<script type="module" src="${escapeHtml(scriptUrl)}"></script></head><body></body></html>`

/** A lab page: runs the lab script, which writes its outcome into `#result`. */
export const labPage = (scriptUrl: string, title: string, lab: "www" | "subdomain"): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<script type="module" src="${escapeHtml(scriptUrl)}"></script></head>
<body data-lab="${lab}"><h1>${escapeHtml(title)}</h1><pre id="result" data-testid="result" data-done="false">running…</pre></body></html>`
