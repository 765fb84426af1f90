import { assert, describe, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { Emulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { call } from "./support.ts"

describe("starting and stopping the emulator", () => {
  it("listens on two free loopback ports and frees them on close", async () => {
    const emulator = await startEmulator()
    assert.match(emulator.origin, /^http:\/\/127\.0\.0\.1:\d+$/)
    assert.match(emulator.wwwOrigin, /^http:\/\/127\.0\.0\.1:\d+$/)
    assert.notStrictEqual(emulator.port, emulator.wwwPort)
    assert.strictEqual((await call(`${emulator.adminUrl}/health`)).body.ok, true)
    await emulator.close()
    const after = await fetch(`${emulator.adminUrl}/health`).then(
      () => "answered",
      () => "refused"
    )
    assert.strictEqual(after, "refused")
  })

  it("says which port is taken when it cannot listen", async () => {
    const first = await startEmulator()
    try {
      const error = await startEmulator({ port: first.port }).then(
        () => undefined,
        (e: unknown) => e as Error
      )
      assert.strictEqual(error?.name, "EmulatorStartError")
      assert.match(
        error!.message,
        new RegExp(`^cannot listen on 127\\.0\\.0\\.1:${first.port} \\(api\\): .*EADDRINUSE`)
      )
    } finally {
      await first.close()
    }
  })
})

describe("Emulator.layer", () => {
  layer(Emulator.layer({ seed: 3 }), { excludeTestServices: true })("in Effect code", (it) => {
    it.effect("provides the running emulator for the layer's lifetime", () =>
      Effect.gen(function* () {
        const emulator = yield* Emulator
        assert.strictEqual(emulator.baseUrls.games, `${emulator.origin}/games`)
        const health = yield* Effect.promise(() => call(`${emulator.adminUrl}/health`))
        assert.deepStrictEqual(health.body, { ok: true, seed: 3, requests: 0 })
      })
    )
  })
})
