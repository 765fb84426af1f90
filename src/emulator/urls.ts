/**
 * The emulator's base URLs, in the shape PlatformConfig expects, and the configuration a page needs.
 *
 * @module
 */
import { prefixedBaseUrls, type ServiceBaseUrls, subdomainBaseUrls } from "../core/config/PlatformConfig.ts"
import type { EmulatorConfig } from "./admin/AdminApi.ts"
import type { EmulatorStateShape } from "./EmulatorState.ts"

/** Base URLs of every service for an emulator at `origin` with pages at `wwwOrigin` (the dev mode's path prefixes). */
export const emulatorBaseUrls = (origin: string, wwwOrigin: string): ServiceBaseUrls =>
  prefixedBaseUrls(origin, wwwOrigin)

/**
 * Base URLs of every service of a running instance: `https://{service}.{domain}` (and the `apis` gateway) in host
 * mode, path prefixes of its services' origin otherwise.
 */
export const siteBaseUrls = (state: EmulatorStateShape): ServiceBaseUrls =>
  state.options.hostMode === undefined
    ? emulatorBaseUrls(state.urls.origin, state.urls.wwwOrigin)
    : subdomainBaseUrls(state.options.hostMode.domain)

/** The configuration a page needs (served at `/admin/config` and at the www origin's `/emulator-config.json`). */
export const emulatorConfig = (state: EmulatorStateShape): EmulatorConfig => ({
  origin: state.urls.origin,
  wwwOrigin: state.urls.wwwOrigin,
  baseUrls: { ...siteBaseUrls(state) },
  adminUrl: `${state.urls.origin}/admin`,
  seed: state.options.seed,
  defaultUserId: state.options.defaultUserId ?? null
})
