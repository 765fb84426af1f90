/**
 * The library's typed clients against a running emulator over real HTTP: PlatformHttp (memory capabilities) whose
 * fetch forwards to the emulator, with the emulator's base URLs.
 */
import * as Layer from "effect/Layer"
import type { RunningEmulator } from "../../src/emulator/Emulator.ts"
import type { PlatformConfigInput } from "../../src/core/config/PlatformConfig.ts"
import { platformClientsLayer } from "../../src/platform/clients/PlatformClients.ts"
import { testPlatformLayer } from "../../src/testing/testPlatformLayer.ts"

/** The signed-in default user of the emulator. */
export const emuUser = { id: 1, name: "EmuPlayer", displayName: "Emu", authenticated: true } as const

/**
 * PlatformHttp and every typed client, talking to `emulator` as `user` (default: the emulator's user 1). With
 * `guest`, every request carries the emulator's guest session cookie.
 */
export const emulatorClients = (
  emulator: RunningEmulator,
  config: PlatformConfigInput = {},
  options: { readonly guest?: boolean } = {}
) =>
  platformClientsLayer.pipe(
    Layer.provideMerge(
      testPlatformLayer(
        (request) =>
          fetch(request.url, {
            method: request.method,
            headers: options.guest === true ? { ...request.headers, cookie: "emu_session=guest" } : request.headers,
            ...(request.body === undefined ? {} : { body: request.body })
          }),
        { baseUrls: emulator.baseUrls, user: emuUser, ...config }
      )
    )
  )
