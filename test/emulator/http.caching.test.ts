import { assert, describe, it } from "@effect/vitest"
import { call, postJson, useEmulator } from "./support.ts"

describe("emulator over HTTP: what its answers say about caching", () => {
  const emulator = useEmulator()

  it("the services' JSON, their errors and the CSRF 403 are no-store; an image keeps its own public max-age", async () => {
    const user = await call(`${emulator().baseUrls.users}/v1/users/authenticated`)
    assert.strictEqual(user.status, 200)
    assert.strictEqual(user.headers["cache-control"], "no-store")

    const missing = await call(`${emulator().baseUrls.users}/v1/no-such-endpoint`)
    assert.strictEqual(missing.status, 404)
    assert.strictEqual(missing.headers["cache-control"], "no-store")

    const forbidden = await postJson(`${emulator().baseUrls.users}/v1/users`, { userIds: [1] })
    assert.strictEqual(forbidden.status, 403)
    assert.strictEqual(forbidden.headers["cache-control"], "no-store")

    const image = await call(`${emulator().origin}/cdn/thumbs/game-icon/1001/150x150.svg`)
    assert.strictEqual(image.status, 200)
    assert.strictEqual(image.headers["cache-control"], "public, max-age=3600")
  })

  it("a CORS preflight from an allowed origin is answered no-store too, and still carries its CORS headers", async () => {
    const preflight = await call(`${emulator().baseUrls.users}/v1/users`, {
      method: "OPTIONS",
      headers: {
        origin: emulator().wwwOrigin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type,x-csrf-token"
      }
    })
    assert.strictEqual(preflight.status, 204)
    assert.strictEqual(preflight.headers["cache-control"], "no-store")
    assert.strictEqual(preflight.headers["access-control-allow-origin"], emulator().wwwOrigin)
  })
})
