/**
 * platform-web-client/testing/msw: the platform's services as msw request handlers, built from the same API
 * definitions and seeded world as the emulator, so that tests and dev servers mock the platform without a server
 * process, and `mswPlatformLayer(platform)`, the test platform layer over the real fetch they answer. Needs the
 * optional peer `msw` (2 or 3). See docs/emulator.md.
 *
 * @module
 */
export { adminHeaders, type PlatformHandlers, platformHandlers, type PlatformHandlersOptions } from "../emulator/msw.ts"
export { emulatorDefaultUser, type MockedPlatform, mswPlatformLayer } from "./mswPlatformLayer.ts"
