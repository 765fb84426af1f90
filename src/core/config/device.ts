/**
 * Where the page runs: the device type, the native app shell around it, and the facts the platform's server renders
 * about them (`<meta name="device-meta">`, read in ./siteTags.ts). Every value the real site renders is
 * representable, and the library's own (`VR`, `None`) stay readable.
 *
 * @module
 */

/** The device the page runs on (the real site renders `computer`, `tablet`, `phone`, `console`; read in any case). */
export type DeviceType = "Computer" | "Phone" | "Tablet" | "Console" | "VR"

/**
 * The native app shell around the page. `None`: a plain browser (this library's own value); the real site renders
 * `unknown` for a browser (`Unknown`), and `win32` / `universalapp` (`Win32`, `UniversalApp`) for two more app shells.
 */
export type AppType = "None" | "iOS" | "Android" | "Amazon" | "UWP" | "Xbox" | "Win32" | "UniversalApp" | "Unknown"

/** The boolean facts the real site's `device-meta` tag renders (`data-is-in-app` → `isInApp`, …). */
export const deviceFlagNames = [
  "isInApp",
  "isDesktop",
  "isPhone",
  "isTablet",
  "isConsole",
  "isAndroidApp",
  "isIosApp",
  "isUwpApp",
  "isXboxApp",
  "isAmazonApp",
  "isWin32App",
  "isStudio",
  "isGameClientBrowser",
  "isIosDevice",
  "isAndroidDevice",
  "isUniversalApp",
  "isChromeOs",
  "isPcgdkApp",
  "isSamsungGalaxyStoreApp"
] as const

/**
 * The device facts the page rendered; a fact it did not render is absent. Read from every `data-is-…` attribute of
 * the tag, so a fact the site adds later is kept too (under its `dataset` key).
 */
export type DeviceFlags = { readonly [K in (typeof deviceFlagNames)[number]]?: boolean }

/** Where the page is running: device type, native app shell, and the facts the page renders about them. */
export interface DeviceInfo {
  readonly deviceType: DeviceType
  readonly appType: AppType
  /** The page's device facts (`isInApp`, `isDesktop`, …); absent when the page renders none. */
  readonly flags?: DeviceFlags
}

/** The app types of a plain browser: no native app shell. */
const browserAppTypes: ReadonlyArray<AppType> = ["None", "Unknown"]

/**
 * True inside a native app: the page's `isInApp` fact when it renders one (the real site's server decides it),
 * else any app type but `None` and `Unknown`.
 */
export const isNativeApp = (device: DeviceInfo): boolean =>
  device.flags?.isInApp ?? !browserAppTypes.includes(device.appType)
