import { assert, describe, it } from "@effect/vitest"
import { adminHeaders, call, postJson, useEmulator, verdictsOf } from "./support.ts"

const csrf = verdictsOf("csrf")

describe("emulator over HTTP: anti-forgery tokens and sessions", () => {
  const emulator = useEmulator()
  const lookup = () => `${emulator().baseUrls.users}/v1/users`

  it("answers a POST without a token 403 with a fresh token, and accepts the POST carrying it", async () => {
    const first = await postJson(lookup(), { userIds: [1] })
    assert.strictEqual(first.status, 403)
    assert.deepStrictEqual(first.body, { errors: [{ code: 0, message: "Token Validation Failed" }] })
    const token = first.headers["x-csrf-token"]!
    assert.match(token, /^[0-9A-Za-z]{12}$/)
    const second = await postJson(lookup(), { userIds: [1] }, { "x-csrf-token": token })
    assert.strictEqual(second.status, 200)
    assert.deepStrictEqual(second.body, {
      data: [{ id: 1, name: "EmuPlayer", displayName: "Emu", hasVerifiedBadge: false }]
    })
    const verdicts = emulator()
      .state.log.since(0)
      .entries.map((e) => [e.status, csrf(e)])
    assert.deepStrictEqual(verdicts, [
      [403, ["csrf missing"]],
      [200, ["csrf ok"]]
    ])
  })

  it("rotates tokens: the old one is stale and the 403 carries the new one", async () => {
    const token = (await postJson(lookup(), { userIds: [1] })).headers["x-csrf-token"]!
    const rotated = await call(`${emulator().adminUrl}/csrf/rotate`, { method: "POST", headers: adminHeaders })
    assert.deepStrictEqual(rotated.body, { rotated: 1 })
    const stale = await postJson(lookup(), { userIds: [1] }, { "x-csrf-token": token })
    assert.strictEqual(stale.status, 403)
    const fresh = stale.headers["x-csrf-token"]!
    assert.notStrictEqual(fresh, token)
    assert.strictEqual((await postJson(lookup(), { userIds: [1] }, { "x-csrf-token": fresh })).status, 200)
    assert.deepStrictEqual(
      emulator()
        .state.log.since(0)
        .entries.map((e) => csrf(e)[0]),
      ["csrf missing", "csrf stale", "csrf ok"]
    )
  })

  it("keeps one token per session cookie", async () => {
    const token = (await postJson(lookup(), { userIds: [1] })).headers["x-csrf-token"]!
    const other = await postJson(lookup(), { userIds: [1] }, { "x-csrf-token": token, cookie: "emu_session=u5" })
    assert.strictEqual(other.status, 403)
    assert.notStrictEqual(other.headers["x-csrf-token"], token)
  })

  it("never asks GET requests for a token", async () => {
    const answer = await call(`${emulator().baseUrls.users}/v1/users/authenticated`)
    assert.strictEqual(answer.status, 200)
    assert.deepStrictEqual(csrf(emulator().state.log.since(0).entries[0]!), [])
  })

  it("signs requests in as user 1 by default, as the cookie's user, or not at all for a guest", async () => {
    const me = (cookie?: string) =>
      call(`${emulator().baseUrls.users}/v1/users/authenticated`, cookie === undefined ? {} : { headers: { cookie } })
    assert.deepStrictEqual((await me()).body, { id: 1, name: "EmuPlayer", displayName: "Emu" })
    const five = emulator().state.world.users.get(5)!
    assert.deepStrictEqual((await me("emu_session=u5")).body, { id: 5, name: five.name, displayName: five.displayName })
    for (const cookie of ["emu_session=guest", "emu_session=u99999"]) {
      const guest = await me(cookie)
      assert.strictEqual(guest.status, 401)
      assert.deepStrictEqual(guest.body, {
        errors: [{ code: 0, message: "Authorization has been denied for this request." }]
      })
    }
  })
})

describe("emulator over HTTP: --guest", () => {
  const emulator = useEmulator({ defaultUserId: null })

  it("treats requests without a session cookie as guests", async () => {
    assert.strictEqual((await call(`${emulator().baseUrls.users}/v1/users/authenticated`)).status, 401)
    assert.strictEqual(emulator().state.log.since(0).entries[0]!.userId, null)
  })
})
