/**
 * Host mode's test plumbing: an emulator on a test domain with a fresh self-signed certificate, and requests to
 * `https://{host}.{domain}/…` sent to its port as a browser whose resolver maps the names there sends them (TLS
 * server name and Host header = the URL's host, no port), trusting exactly that certificate.
 */
import { request } from "node:https"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import type { EmulatorOptions, TlsCertificate } from "../../src/emulator/options.ts"
import { selfSignedCertificate } from "./certificate.ts"

/** The domain host mode's tests serve. */
export const testDomain = "platform.test"

/** A host-mode emulator and its certificate. */
export interface HostModeEmulator {
  readonly emulator: RunningEmulator
  readonly tls: TlsCertificate
}

/** Start a host-mode emulator on {@link testDomain} (any free port) with a new certificate. */
export const startHostMode = async (options: EmulatorOptions = {}): Promise<HostModeEmulator> => {
  const tls = await selfSignedCertificate(testDomain)
  const emulator = await startEmulator({ ...options, domain: testDomain, https: tls })
  return { emulator, tls }
}

/** A response's status, lower-cased headers (set-cookie as a list) and text body. */
export interface SiteAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  readonly body: string
}

/** What a request sends besides its URL. */
export interface SiteInit {
  readonly method?: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string
  /** The Host header, when not the URL's host (a foreign or malformed one). */
  readonly host?: string
}

/** Send `url` (any `https://…` URL) to the emulator's port, as described in the module doc. */
export const siteCall = (site: HostModeEmulator, url: string, init: SiteInit = {}): Promise<SiteAnswer> =>
  new Promise((resolve, reject) => {
    const target = new URL(url)
    const req = request(
      {
        host: "127.0.0.1",
        port: site.emulator.port,
        servername: target.hostname,
        ca: site.tls.cert,
        method: init.method ?? "GET",
        path: `${target.pathname}${target.search}`,
        headers: { host: init.host ?? target.host, ...init.headers }
      },
      (res) => {
        let body = ""
        res.setEncoding("utf8")
        res.on("data", (chunk: string) => (body += chunk))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      }
    )
    req.on("error", reject)
    req.end(init.body)
  })

/** JSON of an answer's body. */
export const json = (answer: SiteAnswer): any => JSON.parse(answer.body)
