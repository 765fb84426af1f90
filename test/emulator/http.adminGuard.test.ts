/**
 * The admin API's guard (src/emulator/admin/guard.ts, docs/emulator.md "Who may call the admin API"), over real
 * HTTP. Every admin route (the AdminApi's endpoints, the challenge switch, the OpenAPI document) is tried the ways
 * a page the developer visits can call it: a form POST (form-encoded, text/plain), a `no-cors` fetch without custom
 * headers (from another site, from another loopback page, from the emulator's own www page), a foreign `Origin`
 * and `Origin: null` with the admin header, an `<img>`, `<script>` or `<iframe>` load, the CORS preflights. Each is
 * refused with a 403 before any handler runs and the emulator's state is exactly as before: the session's
 * anti-forgery token, the fault rules with their hits, the request log, the challenge settings. The requests use
 * the route's own method even where a browser could send only GET or POST without a preflight (a stronger test
 * than a browser allows), and exactly the headers a browser sends (node:http: fetch rewrites `Sec-Fetch-Mode`).
 *
 * The legitimate ways work, and change the state as the route says (which also shows the state probe sees a
 * change): a tool without `Origin` with the admin header (curl, tests), and a page on the emulator's own www origin.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import type * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import { request } from "node:http"
import { AdminApi, adminHeaders } from "../../src/emulator/admin/AdminApi.ts"
import { sessionCookie } from "../../src/emulator/platform/session.ts"
import { type HostModeEmulator, siteCall, startHostMode, testDomain } from "./hostMode.ts"
import { call, postJson, useEmulator } from "./support.ts"

/** A response's status, lower-case headers and text. */
interface RawAnswer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | Array<string> | undefined>>
  readonly text: string
}

/** One request to 127.0.0.1:`port` with exactly these headers (besides Host and Content-Length). */
const raw = (port: number, method: string, path: string, headers: Record<string, string>, body?: string) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const outgoing = request({ host: "127.0.0.1", port, method, path, headers }, (response) => {
      let text = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => void (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }))
    })
    outgoing.on("error", reject)
    outgoing.end(body)
  })

const evil = "https://evil.example"
/** A page on loopback that is not the emulator's (another dev server): it may call the services, not the admin API. */
const otherLoopbackPage = "http://127.0.0.1:5173"

/** An admin route, with what a legitimate call sends. */
interface Route {
  readonly method: string
  readonly path: string
  readonly body?: string
}

const json = (value: unknown) => JSON.stringify(value)

/** Every admin route (the fault rule `f1` exists in each test: see `prepare`). */
const routes: ReadonlyArray<Route> = [
  { method: "GET", path: "/admin/health" },
  { method: "GET", path: "/admin/config" },
  { method: "GET", path: "/admin/page-tags" },
  { method: "GET", path: "/admin/requests" },
  { method: "DELETE", path: "/admin/requests" },
  { method: "GET", path: "/admin/faults" },
  { method: "POST", path: "/admin/faults", body: json({ kind: "status", status: 503, path: "/games/*" }) },
  { method: "DELETE", path: "/admin/faults" },
  { method: "DELETE", path: "/admin/faults/f1" },
  { method: "POST", path: "/admin/csrf/rotate" },
  { method: "POST", path: "/admin/reset" },
  { method: "GET", path: "/admin/openapi.json" },
  { method: "GET", path: "/admin/challenges" },
  { method: "PUT", path: "/admin/challenges", body: json({ enabled: false }) },
  { method: "DELETE", path: "/admin/challenges" }
]

const isRead = (route: Route) => route.method === "GET"

/** One way a page on another origin can call a route. */
interface Attempt {
  readonly name: string
  readonly headers: Record<string, string>
  /** Sent as the CORS preflight of the route's request instead of the request. */
  readonly preflight?: boolean
  /** From the emulator's own page: the refusal is readable there (CORS for that origin), to say why. */
  readonly own?: boolean
}

const crossSite = { "sec-fetch-site": "cross-site" }
const sameSite = { "sec-fetch-site": "same-site" }

/** The ways a page can try a route that changes something; `www` is the emulator's own page origin. */
const writeAttempts = (www: string): ReadonlyArray<Attempt> => [
  {
    name: "a form POST from another site (form-encoded)",
    headers: {
      origin: evil,
      ...crossSite,
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document",
      "content-type": "application/x-www-form-urlencoded"
    }
  },
  {
    name: "a form POST from another site (text/plain)",
    headers: {
      origin: evil,
      ...crossSite,
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "iframe",
      "content-type": "text/plain"
    }
  },
  {
    name: "a no-cors fetch from another site, no custom header",
    headers: {
      origin: evil,
      ...crossSite,
      "sec-fetch-mode": "no-cors",
      "sec-fetch-dest": "empty",
      "content-type": "text/plain;charset=UTF-8"
    }
  },
  {
    name: "a no-cors fetch from another loopback page, no custom header",
    headers: {
      origin: otherLoopbackPage,
      ...sameSite,
      "sec-fetch-mode": "no-cors",
      "sec-fetch-dest": "empty",
      "content-type": "text/plain;charset=UTF-8"
    }
  },
  {
    name: "a no-cors fetch from the emulator's own www page, no admin header",
    own: true,
    headers: {
      origin: www,
      ...sameSite,
      "sec-fetch-mode": "no-cors",
      "sec-fetch-dest": "empty",
      "content-type": "text/plain;charset=UTF-8"
    }
  },
  {
    name: "a foreign Origin with the admin header",
    headers: { origin: evil, ...crossSite, "content-type": "application/json", ...adminHeaders }
  },
  {
    name: "Origin: null with the admin header",
    headers: { origin: "null", ...crossSite, "content-type": "application/json", ...adminHeaders }
  },
  {
    name: "another loopback page with the admin header",
    headers: { origin: "http://localhost:5173", "content-type": "application/json", ...adminHeaders }
  },
  {
    name: "another site without an Origin, with the admin header",
    headers: { ...crossSite, "sec-fetch-mode": "no-cors", ...adminHeaders }
  },
  { name: "a tool without the admin header", headers: { "content-type": "application/json" } },
  {
    name: "the admin header with another value",
    headers: { "content-type": "application/json", "x-emulator-admin": "true" }
  },
  { name: "a preflight from another site", preflight: true, headers: { origin: evil } },
  { name: "a preflight from another loopback page", preflight: true, headers: { origin: otherLoopbackPage } },
  { name: "a preflight from Origin: null", preflight: true, headers: { origin: "null" } }
]

/** The ways a page can try a route that reads. */
const readAttempts: ReadonlyArray<Attempt> = [
  {
    name: "a cors fetch from another site",
    headers: { origin: evil, ...crossSite, "sec-fetch-mode": "cors", "sec-fetch-dest": "empty" }
  },
  {
    name: "a cors fetch from another site with the admin header",
    headers: { origin: evil, ...crossSite, "sec-fetch-mode": "cors", ...adminHeaders }
  },
  { name: "Origin: null", headers: { origin: "null", ...crossSite, "sec-fetch-mode": "cors" } },
  {
    name: "a cors fetch from another loopback page",
    headers: { origin: otherLoopbackPage, ...sameSite, "sec-fetch-mode": "cors" }
  },
  {
    name: "an <img> on another site",
    headers: { ...crossSite, "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" }
  },
  {
    name: "a <script> on another loopback page",
    headers: { ...sameSite, "sec-fetch-mode": "no-cors", "sec-fetch-dest": "script" }
  },
  {
    name: "an <iframe> on another site",
    headers: { ...crossSite, "sec-fetch-mode": "navigate", "sec-fetch-dest": "iframe" }
  },
  { name: "a preflight from another site", preflight: true, headers: { origin: evil } }
]

/** Attempts, refusals and legitimate calls counted over the file (the last test checks the totals). */
const tally = { tried: 0, refused: 0, legitimate: 0, answered: 0 }

describe("the admin API refuses what a page on another origin can send, before any state changes", () => {
  const emulator = useEmulator()

  /** A fault rule `f1`, a logged service request, the default session's token: state an attack could change. */
  const prepare = async () => {
    assert.strictEqual(
      (await postJson(`${emulator().adminUrl}/faults`, { kind: "latency", ms: 1, path: "/nothing" }, adminHeaders))
        .status,
      200
    )
    assert.strictEqual((await call(`${emulator().baseUrls.games}/v1/games/list`)).status, 200)
    emulator().state.csrf.current("default", Date.now())
  }

  /** What an attack could change: the default session's token, the fault rules, the request log, the challenges. */
  const snapshot = async () => ({
    token: emulator().state.csrf.current("default", Date.now()),
    faults: emulator().state.faults.list(),
    log: emulator().state.log.since(0),
    challenges: (await call(`${emulator().adminUrl}/challenges`)).body
  })

  /** Send `attempt` for `route`. */
  const attempt = (route: Route, tried: Attempt) =>
    tried.preflight === true
      ? raw(emulator().port, "OPTIONS", route.path, {
          ...tried.headers,
          "access-control-request-method": route.method,
          "access-control-request-headers": "content-type,x-emulator-admin"
        })
      : raw(emulator().port, route.method, route.path, tried.headers, isRead(route) ? undefined : (route.body ?? ""))

  it("covers every endpoint of the AdminApi", () => {
    const endpoints = Object.values(AdminApi.groups).flatMap((group) =>
      (Object.values(group.endpoints) as unknown as ReadonlyArray<HttpApiEndpoint.Top>).map(
        (e) => `${e.method} ${e.path}`
      )
    )
    const tested = routes.map((route) => `${route.method} ${route.path.replace("/f1", "/:id")}`)
    assert.strictEqual(endpoints.length, 11)
    assert.deepStrictEqual(
      endpoints.filter((endpoint) => !tested.includes(endpoint)),
      []
    )
  })

  for (const route of routes) {
    it(`${route.method} ${route.path}: refused every way a page on another origin can call it, nothing changed`, async () => {
      await prepare()
      const before = await snapshot()
      const attempts = isRead(route) ? readAttempts : writeAttempts(emulator().wwwOrigin)
      for (const tried of attempts) {
        const answer = await attempt(route, tried)
        tally.tried++
        assert.strictEqual(answer.status, 403, tried.name)
        assert.strictEqual(
          answer.headers["access-control-allow-origin"],
          tried.own === true ? tried.headers.origin : undefined,
          tried.name
        )
        assert.strictEqual(answer.headers["access-control-allow-credentials"], undefined, tried.name)
        assert.strictEqual(answer.headers["cache-control"], "no-store", tried.name)
        assert.match(JSON.parse(answer.text).errors[0].message, /^Admin request refused: /, tried.name)
        assert.deepStrictEqual(await snapshot(), before, tried.name)
        tally.refused++
      }
    })
  }

  /** What each legitimate call changes (reads change nothing), checked on the state. */
  const changes: Record<string, (before: Awaited<ReturnType<typeof snapshot>>) => Promise<void>> = {
    "DELETE /admin/requests": async () => assert.deepStrictEqual(emulator().state.log.since(0).entries, []),
    "POST /admin/faults": async (before) =>
      assert.strictEqual(emulator().state.faults.list().length, before.faults.length + 1),
    "DELETE /admin/faults": async () => assert.deepStrictEqual(emulator().state.faults.list(), []),
    "DELETE /admin/faults/f1": async () => assert.deepStrictEqual(emulator().state.faults.list(), []),
    "POST /admin/csrf/rotate": async (before) =>
      assert.notStrictEqual(emulator().state.csrf.current("default", Date.now()), before.token),
    "POST /admin/reset": async () => {
      assert.deepStrictEqual(emulator().state.log.since(0).entries, [])
      assert.deepStrictEqual(emulator().state.faults.list(), [])
    },
    "PUT /admin/challenges": async () => assert.strictEqual((await snapshot()).challenges.enabled, false),
    "DELETE /admin/challenges": async () => assert.strictEqual((await snapshot()).challenges.enabled, true)
  }

  /** Call `route` the legitimate way `headers` say, and check the answer and what it changed. */
  const legitimately = async (route: Route, headers: Record<string, string>) => {
    emulator().state.reset()
    await prepare()
    if (route.method === "DELETE" && route.path === "/admin/challenges") {
      await call(`${emulator().adminUrl}/challenges`, {
        method: "PUT",
        headers: adminHeaders,
        body: json({ enabled: false })
      })
    }
    const before = await snapshot()
    const answer = await raw(
      emulator().port,
      route.method,
      route.path,
      {
        ...(route.body === undefined ? {} : { "content-type": "application/json" }),
        ...headers
      },
      route.body
    )
    tally.legitimate++
    assert.oneOf(answer.status, [200, 204], `${route.method} ${route.path}: ${answer.text}`)
    const change = changes[`${route.method} ${route.path}`]
    if (change === undefined) assert.deepStrictEqual(await snapshot(), before)
    else await change(before)
    tally.answered++
    return answer
  }

  it("answers every route to a tool with the admin header (curl, tests: no Origin), and each change happens", async () => {
    for (const route of routes) {
      const answer = await legitimately(route, isRead(route) ? {} : adminHeaders)
      assert.strictEqual(answer.headers["access-control-allow-origin"], undefined)
    }
  })

  it("answers every route to a page on the emulator's own www origin, with CORS for it and no credentials", async () => {
    const www = emulator().wwwOrigin
    for (const route of routes) {
      const answer = await legitimately(route, { origin: www, ...sameSite, "sec-fetch-mode": "cors", ...adminHeaders })
      assert.strictEqual(answer.headers["access-control-allow-origin"], www)
      assert.strictEqual(answer.headers["access-control-allow-credentials"], undefined)
      assert.strictEqual(answer.headers.vary, "Origin")
      const preflight = await raw(emulator().port, "OPTIONS", route.path, {
        origin: www,
        "access-control-request-method": route.method,
        "access-control-request-headers": "content-type,x-emulator-admin"
      })
      assert.strictEqual(preflight.status, 204)
      assert.strictEqual(preflight.headers["access-control-allow-origin"], www)
      assert.strictEqual(preflight.headers["access-control-allow-headers"], "content-type,x-emulator-admin")
      assert.include(String(preflight.headers["access-control-allow-methods"]), route.method)
    }
  })

  it("the own origins: the www origin and the services' by any loopback name; not another port or scheme", async () => {
    const { port, wwwPort } = emulator()
    const health = (origin: string) => raw(port, "GET", "/admin/health", { origin }).then((answer) => answer.status)
    for (const origin of [`http://localhost:${wwwPort}`, `http://[::1]:${wwwPort}`, `http://127.0.0.1:${port}`]) {
      assert.strictEqual(await health(origin), 200, origin)
    }
    const otherPort = Math.max(port, wwwPort) + 1
    for (const origin of [
      `https://127.0.0.1:${wwwPort}`,
      `http://127.0.0.1:${otherPort}`,
      `http://127.0.0.1:${wwwPort}/`,
      "http://127.0.0.1"
    ]) {
      assert.strictEqual(await health(origin), 403, origin)
    }
  })

  it("a top-level navigation from another site reads (the developer following a link to the log)", async () => {
    await prepare()
    const answer = await raw(emulator().port, "GET", "/admin/requests", {
      ...crossSite,
      "sec-fetch-mode": "navigate",
      "sec-fetch-dest": "document"
    })
    assert.strictEqual(answer.status, 200)
    assert.strictEqual(answer.headers["access-control-allow-origin"], undefined)
  })

  it("GET /admin/requests to a foreign Origin: 403 with no entry, where it used to send the log", async () => {
    await prepare()
    const answer = await raw(emulator().port, "GET", "/admin/requests", {
      origin: evil,
      ...crossSite,
      "sec-fetch-mode": "cors"
    })
    assert.strictEqual(answer.status, 403)
    assert.notInclude(answer.text, "/games/v1/games/list")
    assert.deepStrictEqual(Object.keys(JSON.parse(answer.text)), ["errors"])
  })

  it("GET /admin/page-tags issues no token for a session when another origin asks (it does for a tool)", async () => {
    const cookie = `${sessionCookie}=u7`
    for (const tried of readAttempts.filter((a) => a.preflight !== true)) {
      assert.strictEqual(
        (await raw(emulator().port, "GET", "/admin/page-tags", { ...tried.headers, cookie })).status,
        403
      )
    }
    // rotate() says how many sessions held a token: none was issued
    assert.strictEqual(emulator().state.csrf.rotate(), 0)
    assert.strictEqual((await raw(emulator().port, "GET", "/admin/page-tags", { cookie })).status, 200)
    assert.strictEqual(emulator().state.csrf.rotate(), 1)
  })

  it("spellings the router takes for an admin path are guarded too, even with the session's anti-forgery token", async () => {
    await prepare()
    const before = await snapshot()
    // a page on another loopback port may call the services, so it can learn the session's token from a 403
    const token = emulator().state.csrf.current("default", Date.now())
    const page = { origin: otherLoopbackPage, ...sameSite, "sec-fetch-mode": "cors", "x-csrf-token": token }
    for (const path of [
      "//admin/requests",
      "/ADMIN/requests",
      "/%61dmin/requests",
      "///admin/faults/",
      "/Admin/Faults;x"
    ]) {
      const read = await raw(emulator().port, "GET", path, page)
      assert.deepStrictEqual([read.status, read.headers["access-control-allow-origin"]], [403, undefined], path)
      assert.notInclude(read.text, "/games/v1/games/list", path)
    }
    for (const path of [
      "//admin/reset",
      "/ADMIN/csrf/rotate",
      "/%61dmin/reset",
      "/admin/reset;x",
      "//Admin//Faults/f1"
    ]) {
      const method = path.toLowerCase().includes("faults") ? "DELETE" : "POST"
      const answer = await raw(emulator().port, method, path, page)
      assert.strictEqual(answer.status, 403, path)
      assert.match(JSON.parse(answer.text).errors[0].message, /^Admin request refused: /, path)
    }
    assert.deepStrictEqual(await snapshot(), before)
  })

  it("counts: every attempt refused, every legitimate call answered", () => {
    const reads = routes.filter(isRead).length
    const writes = routes.length - reads
    assert.deepStrictEqual([reads, writes], [7, 8])
    assert.deepStrictEqual(tally, {
      tried: reads * readAttempts.length + writes * writeAttempts("").length,
      refused: reads * readAttempts.length + writes * writeAttempts("").length,
      legitimate: 2 * routes.length,
      answered: 2 * routes.length
    })
  })
})

describe("host mode: the site's own https sub-domains may call the admin API, nothing else", () => {
  let site: HostModeEmulator
  beforeAll(async () => {
    site = await startHostMode()
  }, 30_000)
  afterAll(async () => {
    await site?.emulator.close()
  })

  const rotate = (headers: Record<string, string>) =>
    siteCall(site, `https://emulator.${testDomain}/admin/csrf/rotate`, { method: "POST", headers })

  it("refuses a foreign origin, the bare domain, http, a deeper or look-alike name; answers www with the header", async () => {
    const token = site.emulator.state.csrf.current("default", Date.now())
    for (const origin of [
      evil,
      "null",
      `https://${testDomain}`,
      `http://www.${testDomain}`,
      `https://a.www.${testDomain}`,
      `https://www.${testDomain}.evil.example`,
      "http://127.0.0.1:5173"
    ]) {
      const answer = await rotate({ origin, ...adminHeaders })
      assert.deepStrictEqual([answer.status, answer.headers["access-control-allow-origin"]], [403, undefined], origin)
    }
    assert.strictEqual((await rotate({ origin: `https://www.${testDomain}` })).status, 403)
    assert.strictEqual(site.emulator.state.csrf.current("default", Date.now()), token)
    const www = `https://www.${testDomain}`
    const answer = await rotate({ origin: www, ...adminHeaders })
    assert.deepStrictEqual([answer.status, answer.headers["access-control-allow-origin"]], [200, www])
    assert.notStrictEqual(site.emulator.state.csrf.current("default", Date.now()), token)
  })
})
