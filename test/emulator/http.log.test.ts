import { assert, describe, it } from "@effect/vitest"
import { adminHeaders, call, postJson, useEmulator, verdictsOf } from "./support.ts"

describe("emulator over HTTP: request log, CORS, images, www and OpenAPI", () => {
  const emulator = useEmulator()

  it("logs method, URL, status, service, id count and redacted security headers, never the secrets", async () => {
    const url = `${emulator().baseUrls.presence}/v1/presence/users`
    const token = (await postJson(url, { userIds: [1, 2, 3] }, { cookie: "emu_session=u1" })).headers["x-csrf-token"]!
    await postJson(
      url,
      { userIds: [1, 2, 3] },
      {
        "x-csrf-token": token,
        "x-retry-attempt": "1",
        cookie: "emu_session=u1",
        "accept-language": "de-DE"
      }
    )
    const log = await call(`${emulator().adminUrl}/requests`)
    assert.strictEqual(log.body.lastId, 2)
    const [first, second] = log.body.entries
    assert.deepStrictEqual(
      [first.method, first.url, first.service, first.status, first.responseHeaders["x-csrf-token"]],
      ["POST", "/presence/v1/presence/users", "presence", 403, `${token.slice(0, 4)}…`]
    )
    assert.deepStrictEqual(second.requestHeaders, {
      "x-csrf-token": `${token.slice(0, 4)}…`,
      "x-retry-attempt": "1",
      "accept-language": "de-DE",
      "content-type": "application/json",
      cookie: "emu_session=•••"
    })
    assert.deepStrictEqual([second.status, verdictsOf("csrf")(second), second.ids], [200, ["csrf ok"], 3])
    assert.notInclude(JSON.stringify(log.body), token)
    const since = await call(`${emulator().adminUrl}/requests?since=1`)
    assert.deepStrictEqual(
      since.body.entries.map((e: { id: number }) => e.id),
      [2]
    )
  })

  it("leaves admin and image requests out of the log, and clears it on request", async () => {
    await call(`${emulator().adminUrl}/health`)
    await call(`${emulator().origin}/cdn/thumbs/game-icon/1001/150x150.svg`)
    await call(`${emulator().baseUrls.users}/v1/users/authenticated`)
    assert.deepStrictEqual(
      emulator()
        .state.log.since(0)
        .entries.map((e) => e.url),
      ["/users/v1/users/authenticated"]
    )
    assert.strictEqual(
      (await call(`${emulator().adminUrl}/requests`, { method: "DELETE", headers: adminHeaders })).status,
      204
    )
    assert.deepStrictEqual((await call(`${emulator().adminUrl}/requests`)).body.entries, [])
  })

  it("answers preflights from loopback origins with credentials allowed, and refuses other origins' with a 403", async () => {
    const preflight = (origin: string) =>
      call(`${emulator().baseUrls.users}/v1/users`, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type,x-csrf-token"
        }
      })
    const allowed = await preflight("http://127.0.0.1:5173")
    assert.strictEqual(allowed.status, 204)
    assert.strictEqual(allowed.headers["access-control-allow-origin"], "http://127.0.0.1:5173")
    assert.strictEqual(allowed.headers["access-control-allow-credentials"], "true")
    assert.strictEqual(allowed.headers["access-control-allow-headers"], "content-type,x-csrf-token")
    const refused = await preflight("https://evil.example")
    assert.strictEqual(refused.status, 403)
    assert.strictEqual(refused.headers["access-control-allow-origin"], undefined)
    assert.strictEqual(refused.headers["access-control-allow-headers"], undefined)
    assert.strictEqual(refused.headers["timing-allow-origin"], undefined)
    // an origin a browser never writes: `null`, a path, a look-alike of a loopback name
    for (const origin of [
      "null",
      "http://127.0.0.1:5173/",
      "http://127.0.0.1.evil.example",
      "http://localhost.:5173"
    ]) {
      const answer = await preflight(origin)
      assert.deepStrictEqual([answer.status, answer.headers["access-control-allow-origin"]], [403, undefined], origin)
    }
    const answer = await call(`${emulator().baseUrls.users}/v1/users/authenticated`, {
      headers: { origin: "http://localhost:5173" }
    })
    assert.strictEqual(answer.headers["access-control-allow-origin"], "http://localhost:5173")
    assert.include(answer.headers["access-control-expose-headers"]!, "x-csrf-token")
    // the page may read the answer's Resource Timing (the browser benchmark separates server time with it)
    assert.strictEqual(answer.headers["timing-allow-origin"], "http://localhost:5173")
    assert.deepStrictEqual(emulator().state.log.since(0).entries.map(verdictsOf("cors")), [
      ["cors preflight"],
      ["cors preflight refused"],
      ["cors preflight refused"],
      ["cors preflight refused"],
      ["cors preflight refused"],
      ["cors preflight refused"],
      []
    ])
  })

  it("serves the same generated SVG for a thumbnail's imageUrl every time", async () => {
    const icons = await call(
      `${emulator().baseUrls.thumbnails}/v1/games/icons?universeIds=1001&size=150x150&isCircular=true`
    )
    const [icon] = icons.body.data
    assert.deepStrictEqual([icon.targetId, icon.state], [1001, "Completed"])
    assert.strictEqual(icon.imageUrl, `${emulator().origin}/cdn/thumbs/game-icon/1001/150x150.svg?circular=1`)
    const image = await call(icon.imageUrl)
    assert.strictEqual(image.headers["content-type"], "image/svg+xml")
    assert.match(image.body, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="150" height="150"/)
    assert.include(image.body, `<title>Icon of ${emulator().state.world.universes.get(1001)!.name}</title>`)
    assert.include(image.body, "clip-path")
    assert.strictEqual((await call(icon.imageUrl)).body, image.body)
    const heads = await call(`${emulator().baseUrls.thumbnails}/v1/users/avatar-headshot?userIds=2&size=48x48`)
    const avatar = await call(heads.body.data[0].imageUrl)
    assert.include(avatar.body, `<title>Avatar of ${emulator().state.world.users.get(2)!.displayName}`)
  })

  it("serves the configuration at the www origin and the admin API, with per-service base URLs", async () => {
    const { origin, wwwOrigin } = emulator()
    const fromWww = await call(`${wwwOrigin}/emulator-config.json`)
    const fromAdmin = await call(`${emulator().adminUrl}/config`)
    assert.deepStrictEqual(fromWww.body, fromAdmin.body)
    assert.strictEqual(fromWww.body.baseUrls.users, `${origin}/users`)
    assert.strictEqual(fromWww.body.baseUrls.www, wwwOrigin)
    assert.strictEqual(fromWww.body.defaultUserId, 1)
    assert.notStrictEqual(origin, wwwOrigin)
    assert.include((await call(`${wwwOrigin}/`)).body, "<h1>Platform emulator</h1>")
    assert.deepStrictEqual(
      emulator()
        .state.log.since(0)
        .entries.map((e) => [e.server, e.service, e.url]),
      [
        ["www", "www", "/emulator-config.json"],
        ["www", "www", "/"]
      ]
    )
  })

  it("publishes an OpenAPI document per service from the shared definitions", async () => {
    const doc = await call(`${emulator().origin}/games/openapi.json`)
    assert.deepStrictEqual(Object.keys(doc.body.paths).sort(), [
      "/games/v1/games",
      "/games/v1/games/game-thumbnail",
      "/games/v1/games/game-thumbnails",
      "/games/v1/games/games-product-info",
      "/games/v1/games/list",
      "/games/v1/games/multiget-place-details",
      "/games/v1/games/multiget-playability-status",
      "/games/v1/games/places/{placeId}/metadata",
      "/games/v1/games/recommendations/algorithm/{algorithmName}",
      "/games/v1/games/recommendations/game/{universeId}",
      "/games/v1/games/sorts",
      "/games/v1/games/{placeId}/servers/{serverType}",
      "/games/v1/games/{universeId}/game-passes",
      "/games/v1/games/{universeId}/icon",
      "/games/v1/games/{universeId}/media",
      "/games/v2/games/{universeId}/media",
      "/games/v2/groups/{groupId}/games",
      "/games/v2/groups/{groupId}/gamesV2",
      "/games/v2/users/{userId}/favorite/games",
      "/games/v2/users/{userId}/games"
    ])
    const users = await call(`${emulator().origin}/users/openapi.json`)
    assert.deepStrictEqual(Object.keys(users.body.paths).sort(), ["/users/v1/users", "/users/v1/users/authenticated"])
  })

  it("resets log, tokens and faults on POST /admin/reset", async () => {
    await postJson(`${emulator().adminUrl}/faults`, { kind: "drop", path: "/nothing" }, adminHeaders)
    await call(`${emulator().wwwOrigin}/emulator-config.json`)
    assert.strictEqual(
      (await call(`${emulator().adminUrl}/reset`, { method: "POST", headers: adminHeaders })).status,
      204
    )
    assert.deepStrictEqual((await call(`${emulator().adminUrl}/faults`)).body, [])
    assert.deepStrictEqual((await call(`${emulator().adminUrl}/requests`)).body.entries, [])
  })
})
