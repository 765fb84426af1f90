/**
 * mswPlatformLayer: the test platform layer for tests that mock the platform with msw. It is
 * `testPlatformLayer` (every service `browserPlatformLayer` provides, each browser capability in memory, the
 * signer and challenge flow when asked for) over the real fetch, which msw answers, configured for the handlers'
 * base URLs: the one layer a test needs under the app's clients and features.
 *
 * ```ts
 * const platform = platformHandlers({ seed: 7 })
 * const server = setupServer(...platform.handlers)
 * const layer = UsersClient.layer.pipe(Layer.provideMerge(mswPlatformLayer(platform)))
 * ```
 *
 * @module
 */
import type * as Layer from "effect/Layer"
import { overlayConfig, type PlatformConfigInput, type ServiceBaseUrls } from "../core/config/PlatformConfig.ts"
import { StubFetch } from "./StubFetch.ts"
import { type TestPlatformOptions, type TestPlatformServices, testPlatformLayerOver } from "./testPlatformLayer.ts"

/** What {@link mswPlatformLayer} needs of the handlers: their base URLs (`platformHandlers(…)` has them). */
export interface MockedPlatform {
  readonly baseUrls: ServiceBaseUrls
}

/** The user the emulator signs in unless told otherwise (its seeded user 1). */
export const emulatorDefaultUser = { id: 1, authenticated: true } as const

/**
 * `testPlatformLayer` over the real fetch (every request recorded by StubFetch and sent through `globalThis.fetch`,
 * which msw patches), configured with the handlers' base URLs and the emulator's signed-in user 1, with `config`
 * laid over them.
 */
export const mswPlatformLayer = <const O extends TestPlatformOptions = {}>(
  platform: MockedPlatform,
  config: PlatformConfigInput = {},
  options: O = {} as O
): Layer.Layer<TestPlatformServices<O>> =>
  testPlatformLayerOver(
    StubFetch.passThrough,
    overlayConfig({ baseUrls: platform.baseUrls, user: emulatorDefaultUser }, config),
    options
  )
