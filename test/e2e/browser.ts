/**
 * Browser tests' plumbing: find Debian's Chromium, build the demo once, serve it from the emulator's www origin,
 * and drive one Chromium for the whole file; or open a host-mode site (`https://{service}.{domain}`) as a real
 * page reaches the platform ({@link openSite}).
 *
 * Without Chromium the tests are skipped with one line saying how to install it; with REQUIRE_BROWSER=1 (CI) a
 * missing Chromium is a failure.
 */
import { build as bundle } from "esbuild"
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { build } from "vite"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { chromiumHostModeFlags } from "../../src/emulator/node/tls.ts"
import type { EmulatorOptions, TlsCertificate } from "../../src/emulator/options.ts"
import { selfSignedCertificate } from "../emulator/certificate.ts"
import { siteCall, type SiteAnswer, type SiteInit } from "../emulator/hostMode.ts"

/** Where Chromium is expected: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

/** True when the Chromium binary exists. */
export const hasChromium = existsSync(chromiumPath)

/** True when CI demands the browser tests (`REQUIRE_BROWSER=1`). */
export const browserRequired = process.env.REQUIRE_BROWSER === "1"

const install = `install it with "sudo apt-get install -y chromium" or set CHROMIUM_PATH to a Chromium binary`

/** The one line printed when the browser tests are skipped. */
export const skipNotice = `Browser tests skipped: no Chromium at ${chromiumPath}; ${install}.`

/** The failure when CI requires the browser tests and Chromium is missing. */
export const missingNotice = `REQUIRE_BROWSER=1 but no Chromium at ${chromiumPath}; ${install}.`

/** The launch flags the project uses for Chromium. */
export const chromiumArgs = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]

/** Where step screenshots go (ignored by git). */
export const screenshotDir = fileURLToPath(new URL("../../.screenshots/", import.meta.url))

/** A built demo served by a running emulator, and a browser. */
export interface DemoSession {
  readonly emulator: RunningEmulator
  readonly browser: Browser
  readonly page: Page
  /** Save a screenshot of the page as `.screenshots/{name}.png`. */
  readonly shot: (name: string) => Promise<void>
  readonly close: () => Promise<void>
}

/**
 * Build the Vite app of `configFile` (a path relative to the repository root) in production mode into a new
 * temporary directory, and return that directory (remove it when done).
 */
export const buildApp = async (configFile: string): Promise<string> => {
  const outDir = mkdtempSync(join(tmpdir(), "e2e-app-"))
  // vitest sets NODE_ENV=test, which would make Vite bundle React's development build (StrictMode's double
  // effects included); the browser tests run what `vite build` ships.
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = "production"
  try {
    await build({
      configFile: fileURLToPath(new URL(`../../${configFile}`, import.meta.url)),
      mode: "production",
      build: { outDir, emptyOutDir: true },
      logLevel: "error"
    })
  } finally {
    process.env.NODE_ENV = nodeEnv
  }
  return outDir
}

/**
 * Bundle a test page's script (`entry`, for the browser) into a new temporary directory as `/{name}.js`, with an
 * index.html that loads it (the emulator's www origin serves the directory, index.html for any path), and return the
 * directory (remove it when done).
 */
export const writeBundledPage = async (entry: URL, name: string): Promise<string> => {
  const pageDir = mkdtempSync(join(tmpdir(), `${name}-e2e-`))
  const result = await bundle({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent"
  })
  writeFileSync(join(pageDir, `${name}.js`), result.outputFiles[0]!.text)
  writeFileSync(
    join(pageDir, "index.html"),
    `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/${name}.js"></script></head><body></body></html>`
  )
  return pageDir
}

/** A Vite app served by a running emulator, and a Chromium with one page, not navigated yet. */
export interface AppSession {
  readonly emulator: RunningEmulator
  readonly browser: Browser
  readonly context: BrowserContext
  readonly page: Page
  /** The messages of every exception the page threw. */
  readonly errors: ReadonlyArray<string>
  /** Close the browser and the emulator, remove the build. */
  readonly close: () => Promise<void>
}

/**
 * Build the app of `configFile` (see {@link buildApp}), start an emulator serving it on its www origin (with
 * `options`), and open a page in a new Chromium (10 s default time-out, exceptions collected).
 */
export const startApp = async (
  configFile: string,
  options: EmulatorOptions = {},
  viewport = { width: 1280, height: 800 }
): Promise<AppSession> => {
  const outDir = await buildApp(configFile)
  const emulator = await startEmulator({ ...options, staticDir: outDir })
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  const errors: Array<string> = []
  page.on("pageerror", (error) => errors.push(error.message))
  return {
    emulator,
    browser,
    context,
    page,
    errors,
    close: async () => {
      await browser.close()
      await emulator.close()
      rmSync(outDir, { recursive: true, force: true })
    }
  }
}

/** Build the demo into a temporary directory, start the emulator serving it, and open it in a new Chromium. */
export const openDemo = async (options: EmulatorOptions = {}): Promise<DemoSession> => {
  const app = await startApp("examples/demo/vite.config.ts", options, { width: 1440, height: 900 })
  const { browser, emulator, page } = app
  await page.goto(emulator.wwwOrigin)
  return {
    emulator,
    browser,
    page,
    shot: async (name) => {
      await page.screenshot({ path: join(screenshotDir, `${name}.png`) })
    },
    close: async () => {
      await app.close()
      if (app.errors.length > 0) throw new Error(`the page threw: ${app.errors.join("; ")}`)
    }
  }
}

/** The domain of the host-mode sites the browser tests open. */
export const siteDomain = "platform.test"

/** A host-mode emulator and a Chromium that reaches it, with one page not navigated yet. */
export interface SiteSession {
  /** The emulator: `https://{service}.{domain}`, `https://apis.{domain}`, `https://www.{domain}` on `emulator.port`. */
  readonly emulator: RunningEmulator
  /** The certificate the emulator serves (made for this session). */
  readonly tls: TlsCertificate
  readonly browser: Browser
  readonly context: BrowserContext
  readonly page: Page
  /** The messages of every exception the page threw. */
  readonly errors: ReadonlyArray<string>
  /**
   * Send a request to `url` (`https://{host}.{domain}/…`, e.g. the admin API at `https://emulator.{domain}/admin/…`)
   * from the test, as the browser reaches the site: to the emulator's port, trusting its certificate.
   */
  readonly call: (url: string, init?: SiteInit) => Promise<SiteAnswer>
  /** Close the browser and the emulator. */
  readonly close: () => Promise<void>
}

/**
 * Start a host-mode emulator on `domain` (a new self-signed certificate for `*.{domain}`, any free port, `options`
 * besides, e.g. `staticDir` with the pages to serve at `https://www.{domain}/`) and a Chromium whose resolver maps
 * every `*.{domain}` name to the emulator's port and that trusts exactly that certificate (its SPKI:
 * `--ignore-certificate-errors-spki-list`), so a page opens `https://www.{domain}/…` as on the real site. New
 * contexts of `browser` reach it too.
 */
export const openSite = async (options: EmulatorOptions = {}, domain = siteDomain): Promise<SiteSession> => {
  const tls = await selfSignedCertificate(domain)
  const emulator = await startEmulator({ ...options, domain, https: tls })
  const browser = await chromium
    .launch({
      executablePath: chromiumPath,
      args: [...chromiumArgs, ...chromiumHostModeFlags(domain, "127.0.0.1", emulator.port, tls.cert)]
    })
    .catch(async (error: unknown) => {
      await emulator.close()
      throw error
    })
  const context = await browser.newContext()
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  const errors: Array<string> = []
  page.on("pageerror", (error) => errors.push(error.message))
  return {
    emulator,
    tls,
    browser,
    context,
    page,
    errors,
    call: (url, init) => siteCall({ emulator, tls }, url, init),
    close: async () => {
      await browser.close()
      await emulator.close()
    }
  }
}
