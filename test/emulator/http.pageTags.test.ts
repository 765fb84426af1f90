/**
 * The dev mode's pages over real HTTP (src/emulator/www/withPageTags.ts): every HTML page of both origins carries
 * the real site's tags for the request's session, then the dev mode's configuration tags, and the session's token.
 */
import { assert, describe, it } from "@effect/vitest"
import { devModeTags } from "../../src/emulator/www/devTags.ts"
import { call, useEmulator } from "./support.ts"

const emulator = useEmulator()

const headOf = (html: string) => html.slice(html.indexOf(`<meta charset="utf-8">\n`) + 23, html.indexOf("<title>"))

describe("dev mode pages", () => {
  it("the real tags for the session's user, then the configuration tags, on the www origin and the services' origin", async () => {
    const { baseUrls, origin, wwwOrigin } = emulator()
    for (const url of [`${wwwOrigin}/hba/iframe`, `${wwwOrigin}/hba/lab`, `${origin}/hba/lab`, `${wwwOrigin}/`]) {
      const page = await call(url, { headers: { cookie: "emu_session=u42" } })
      assert.strictEqual(page.status, 200, url)
      const head = url.endsWith("/") ? (page.body as string) : headOf(page.body)
      assert.include(head, `<meta name="user-data" data-userid="42" `, url)
      assert.include(head, `<meta name="environment-meta" data-domain="127.0.0.1" data-is-testing-site="false">`, url)
      assert.include(head, `<meta name="hardware-backed-authentication-data" `, url)
      assert.include(head, devModeTags({ origin, wwwOrigin, baseUrls }), url)
    }
  })

  it("the token on the page is the session's current one: a POST with it passes the anti-forgery check", async () => {
    const { origin, wwwOrigin } = emulator()
    const page = await call(`${wwwOrigin}/hba/lab`, { headers: { cookie: "emu_session=u42" } })
    const token = /<meta name="csrf-token" data-token="(\w{12})">/.exec(page.body)![1]!
    const lookup = await call(`${origin}/users/v1/users`, {
      method: "POST",
      headers: { cookie: "emu_session=u42", "content-type": "application/json", "x-csrf-token": token },
      body: JSON.stringify({ userIds: [1] })
    })
    assert.strictEqual(lookup.status, 200)
    // another session's page has another token
    const other = await call(`${wwwOrigin}/hba/lab`, { headers: { cookie: "emu_session=u43" } })
    assert.notInclude(other.body, token)
  })

  it("a guest's page has no user-data; what is not a page is left as it is", async () => {
    const { origin, wwwOrigin } = emulator()
    const guest = await call(`${wwwOrigin}/hba/iframe`, { headers: { cookie: "emu_session=guest" } })
    assert.notInclude(guest.body, "user-data")
    assert.include(guest.body, `<meta name="csrf-token" data-token="`)
    const config = await call(`${wwwOrigin}/emulator-config.json`)
    assert.strictEqual(config.body.origin, origin)
  })
})
