/**
 * Host mode over real https (src/emulator/webHandler.ts, hostRoutes.ts, node/hostAllowList.ts): one port serves
 * `https://{service}.{domain}`, the `apis` gateway and `www`, routed by Host; other hosts are refused; pages on the
 * site's sub-domains may call the services with credentials; the session cookie is the whole site's; pages carry
 * exactly the real site's tags.
 */
import { afterAll, assert, beforeAll, beforeEach, describe, it } from "@effect/vitest"
import { hostRefused } from "../../src/emulator/node/hostAllowList.ts"
import { startEmulator } from "../../src/emulator/Emulator.ts"
import { realHeadTags } from "../../src/emulator/www/pageTags.ts"
import { type HostModeEmulator, json, siteCall, startHostMode, testDomain } from "./hostMode.ts"

let site: HostModeEmulator
beforeAll(async () => {
  site = await startHostMode()
}, 30_000)
afterAll(async () => {
  await site?.emulator.close()
})
beforeEach(() => site.emulator.state.reset())

const log = () => site.emulator.state.log.since(0).entries.map((e) => [e.server, e.service, e.method, e.url, e.status])

/** A POST with the session's token (the 403 gives it), as a page would send it. */
const postWithToken = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const send = (token?: string) =>
    siteCall(site, url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...headers,
        ...(token === undefined ? {} : { "x-csrf-token": token })
      },
      body: JSON.stringify(body)
    })
  const first = await send()
  return first.status === 403 ? send(String(first.headers["x-csrf-token"])) : first
}

describe("host mode: one https port for the whole site", () => {
  it("says where everything is: the www and emulator sub-domains, the real domain's base URLs", () => {
    const { emulator } = site
    assert.deepStrictEqual(
      [emulator.domain, emulator.origin, emulator.wwwOrigin, emulator.adminUrl, emulator.wwwPort],
      [
        testDomain,
        "https://emulator.platform.test",
        "https://www.platform.test",
        "https://emulator.platform.test/admin",
        emulator.port
      ]
    )
    assert.strictEqual(emulator.baseUrls.users, "https://users.platform.test")
    assert.strictEqual(emulator.baseUrls.hba, "https://apis.platform.test")
    assert.strictEqual(emulator.baseUrls.challenge, "https://apis.platform.test/challenge")
  })

  it("routes each service's sub-domain and the apis gateway to the service, logged under its own path", async () => {
    const me = await siteCall(site, "https://users.platform.test/v1/users/authenticated")
    assert.deepStrictEqual([me.status, json(me)], [200, { id: 1, name: "EmuPlayer", displayName: "Emu" }])
    assert.strictEqual((await siteCall(site, "https://apis.platform.test/hba-service/v1/getServerNonce")).status, 200)
    const heartbeat = await siteCall(
      site,
      "https://apis.platform.test/universal-app-configuration/v1/behaviors/page-heartbeat-v2/content"
    )
    assert.strictEqual(heartbeat.status, 200)
    const metric = await postWithToken("https://apis.platform.test/account-security-service/v1/metrics/record", {
      name: "load_time_hba_frame",
      value: 12,
      labelValues: { origin_site: "creator_hub" }
    })
    assert.strictEqual(metric.status, 200)
    const games = await siteCall(site, "https://games.platform.test/v1/games?universeIds=1001")
    assert.strictEqual(json(games).data[0].id, 1001)
    assert.deepStrictEqual(log(), [
      ["api", "users", "GET", "/users/v1/users/authenticated", 200],
      ["api", "hba", "GET", "/hba/hba-service/v1/getServerNonce", 200],
      [
        "api",
        "apiGateway",
        "GET",
        "/apiGateway/universal-app-configuration/v1/behaviors/page-heartbeat-v2/content",
        200
      ],
      ["api", "apis", "POST", "/apis/account-security-service/v1/metrics/record", 403],
      ["api", "apis", "POST", "/apis/account-security-service/v1/metrics/record", 200],
      ["api", "games", "GET", "/games/v1/games?universeIds=1001", 200]
    ])
  })

  it("pictures are named on the https host that answered, and served there", async () => {
    const answer = await siteCall(
      site,
      "https://thumbnails.platform.test/v1/users/avatar-headshot?userIds=1&size=48x48&format=Png"
    )
    const imageUrl: string = json(answer).data[0].imageUrl
    assert.isTrue(imageUrl.startsWith("https://thumbnails.platform.test/cdn/thumbs/avatar-headshot/1/"), imageUrl)
    const image = await siteCall(site, imageUrl)
    assert.deepStrictEqual([image.status, image.headers["content-type"]], [200, "image/svg+xml"])
  })

  it("a path nothing serves on the gateway, and a sub-domain no service has, are the platform's 404, not logged", async () => {
    for (const url of [
      "https://apis.platform.test/openapi.json",
      "https://apis.platform.test/nothing",
      "https://groups.platform.test/v1/x"
    ]) {
      const answer = await siteCall(site, url)
      assert.deepStrictEqual([answer.status, json(answer)], [404, { errors: [{ code: 0, message: "NotFound" }] }], url)
    }
    assert.deepStrictEqual(log(), [])
  })

  it("answers only the domain's one-label sub-domains, on its port or none", async () => {
    const port = site.emulator.port
    const refused = [
      "evil.example",
      testDomain,
      "a.www.platform.test",
      "www.platform.test.evil.example",
      "wwwplatform.test",
      "127.0.0.1",
      `localhost:${port}`,
      `www.platform.test:${port + 1}`,
      "www.platform.test/x"
    ]
    for (const host of refused) {
      const answer = await siteCall(site, "https://www.platform.test/emulator-config.json", { host })
      assert.deepStrictEqual([answer.status, answer.body], [hostRefused.status, hostRefused.text], host)
    }
    // user info makes no URL at all: a bare 400
    assert.strictEqual(
      (await siteCall(site, "https://www.platform.test/", { host: "user@www.platform.test" })).status,
      400
    )
    for (const host of ["www.platform.test", `WWW.Platform.Test:${port}`, "www.platform.test:443"]) {
      assert.strictEqual(
        (await siteCall(site, "https://www.platform.test/emulator-config.json", { host })).status,
        200,
        host
      )
    }
    assert.deepStrictEqual(log().filter((entry) => entry[3] === "/emulator-config.json").length, 3)
  })

  it("CORS: pages on the site's https sub-domains, with credentials; not the domain itself, http or look-alikes", async () => {
    const corsOf = async (origin: string) => {
      const answer = await siteCall(site, "https://users.platform.test/v1/users/authenticated", { headers: { origin } })
      return [answer.headers["access-control-allow-origin"], answer.headers["access-control-allow-credentials"]]
    }
    assert.deepStrictEqual(await corsOf("https://www.platform.test"), ["https://www.platform.test", "true"])
    assert.deepStrictEqual(await corsOf("https://create.platform.test"), ["https://create.platform.test", "true"])
    for (const origin of [
      "https://platform.test",
      "http://www.platform.test",
      "https://a.b.platform.test",
      "https://evilplatform.test",
      "https://www.platform.test.evil.example"
    ]) {
      assert.deepStrictEqual(await corsOf(origin), [undefined, undefined], origin)
    }
  })

  it("the session cookie set on one sub-domain is the whole site's: Domain and Secure", async () => {
    const signIn = await postWithToken("https://apis.platform.test/v1/sign-in", { userId: 7 })
    assert.deepStrictEqual([signIn.status, json(signIn)], [200, { userId: 7, keyBound: false }])
    assert.deepStrictEqual(signIn.headers["set-cookie"], [
      "emu_session=u7; Path=/; SameSite=Lax; Domain=platform.test; Secure"
    ])
    const me = await siteCall(site, "https://users.platform.test/v1/users/authenticated", {
      headers: { cookie: "emu_session=u7" }
    })
    assert.strictEqual(json(me).id, 7)
  })
})

describe("host mode's pages carry the real site's tags only", () => {
  const headOf = (html: string) => html.slice(html.indexOf("<head>") + "<head>".length, html.indexOf("</head>"))

  it("a page for the session's user: exactly the real tags in <head>, the session's token in <body>", async () => {
    const page = await siteCall(site, "https://www.platform.test/hba/lab", { headers: { cookie: "emu_session=u7" } })
    assert.strictEqual(page.status, 200)
    assert.strictEqual(page.headers["cache-control"], "no-store")
    const user = site.emulator.state.world.users.get(7)!
    const expected = realHeadTags({
      domain: testDomain,
      isTestingSite: false,
      user: {
        id: 7,
        name: user.name,
        displayName: user.displayName,
        createdMs: Date.parse(user.created),
        hasVerifiedBadge: user.hasVerifiedBadge
      },
      apiHosts: [
        "apis.platform.test",
        "catalog.platform.test",
        "thumbnails.platform.test",
        "games.platform.test",
        "friends.platform.test",
        "users.platform.test",
        "presence.platform.test",
        "locale.platform.test",
        "gameinternationalization.platform.test",
        "localizationtables.platform.test",
        "translationroles.platform.test",
        "metrics.platform.test"
      ],
      pageName: ""
    })
    assert.strictEqual(
      headOf(page.body),
      `<meta charset="utf-8">\n${expected}<title>hba lab (www)</title>\n<script type="module" src="/hba/lab.js"></script>`
    )
    for (const devTag of ["platform-hosts", "hba-meta", "site-flags", "hba-frame"])
      assert.notInclude(page.body, `name="${devTag}"`)
    const token = /<body data-lab="www">\n<meta name="csrf-token" data-token="([^"]+)">/.exec(page.body)?.[1]
    assert.isString(token)
    const lookup = await siteCall(site, "https://users.platform.test/v1/users", {
      method: "POST",
      headers: { cookie: "emu_session=u7", "content-type": "application/json", "x-csrf-token": token! },
      body: JSON.stringify({ userIds: [1] })
    })
    assert.strictEqual(lookup.status, 200)
  })

  it("a guest's page has no user-data", async () => {
    const page = await siteCall(site, "https://www.platform.test/hba/iframe", {
      headers: { cookie: "emu_session=guest" }
    })
    assert.notInclude(page.body, "user-data")
    assert.include(page.body, `<meta name="environment-meta" data-domain="platform.test" data-is-testing-site="false">`)
  })
})

describe("host mode's options", () => {
  it("needs a certificate, and a domain that is a host name", async () => {
    const cases: ReadonlyArray<readonly [Parameters<typeof startEmulator>[0], string]> = [
      [{ domain: testDomain }, "host mode (domain platform.test) needs https: { cert, key }"],
      [{ https: site.tls }, "https is the certificate of host mode: give a domain too"],
      [{ domain: "test", https: site.tls }, `domain must be a host name such as platform.test, not "test"`],
      [
        { domain: "platform.test:443", https: site.tls },
        `domain must be a host name such as platform.test, not "platform.test:443"`
      ],
      [{ domain: "10.0.0.1", https: site.tls }, `domain must be a host name such as platform.test, not "10.0.0.1"`]
    ]
    for (const [options, message] of cases) {
      const error = await startEmulator(options).then(
        () => undefined,
        (e: unknown) => e as Error
      )
      assert.strictEqual(error?.message, message)
    }
  })
})
