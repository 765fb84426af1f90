/**
 * The emulator's Host allow-list (src/emulator/node/hostAllowList.ts, docs/emulator.md), over real HTTP: a page on
 * another site that rebinds its name to 127.0.0.1 reaches the emulator with its own name in the Host header, and is
 * refused before any handler runs; the emulator's own names (loopback names, the configured ones) are answered.
 */
import { afterAll, assert, beforeAll, describe, it } from "@effect/vitest"
import { request } from "node:http"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"
import { allowedHostNames, hostRefused, isAllowedHost } from "../../src/emulator/node/hostAllowList.ts"
import { resolveOptions } from "../../src/emulator/options.ts"
import { adminHeaders, call, postJson, useEmulator } from "./support.ts"

/** One request to 127.0.0.1:`port` with exactly `host` as its Host header (fetch does not let a caller set it). */
const withHost = (port: number, host: string | undefined, method: string, path: string, body?: string) =>
  new Promise<{ readonly status: number; readonly text: string }>((resolve, reject) => {
    const headers: Record<string, string> = body === undefined ? {} : { "content-type": "application/json" }
    const outgoing = request({ host: "127.0.0.1", port, method, path, headers, setHost: false }, (response) => {
      let text = ""
      response.setEncoding("utf8")
      response.on("data", (chunk: string) => void (text += chunk))
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }))
    })
    if (host !== undefined) outgoing.setHeader("host", host)
    outgoing.on("error", reject)
    outgoing.end(body)
  })

describe("the emulator answers only its own Host names", () => {
  const emulator = useEmulator()

  it("refuses Host: evil.example on /admin with a 403 and changes nothing: no fault added, no reset, nothing logged", async () => {
    const { port } = emulator()
    const kept = await postJson(
      `${emulator().adminUrl}/faults`,
      { kind: "latency", ms: 5, path: "/games/*" },
      adminHeaders
    )
    assert.strictEqual(kept.status, 200)
    await call(`${emulator().baseUrls.games}/v1/games/list`)
    const before = emulator().state.log.since(0).entries.length
    assert.isAbove(before, 0)
    const fault = JSON.stringify({ kind: "status", status: 503 })
    for (const host of ["evil.example", `evil.example:${port}`]) {
      assert.deepStrictEqual(await withHost(port, host, "POST", "/admin/faults", fault), {
        status: 403,
        text: hostRefused.text
      })
      assert.deepStrictEqual(await withHost(port, host, "POST", "/admin/reset"), {
        status: 403,
        text: hostRefused.text
      })
      assert.deepStrictEqual(await withHost(port, host, "GET", "/admin/config"), {
        status: 403,
        text: hostRefused.text
      })
    }
    assert.strictEqual(emulator().state.log.since(0).entries.length, before)
    const faults: Array<{ id: string; rule: unknown }> = (await call(`${emulator().adminUrl}/faults`)).body
    assert.deepStrictEqual(
      faults.map((f) => [f.id, f.rule]),
      [[kept.body.id, kept.body.rule]]
    )
  })

  it("refuses look-alikes: another port, user info, a path, a suffix of a loopback name, no Host at all", async () => {
    const { port, wwwPort } = emulator()
    const refused: ReadonlyArray<readonly [string | undefined, number]> = [
      [`127.0.0.1:${wwwPort}`, 403],
      [`localhost.evil.example:${port}`, 403],
      [`127.0.0.1.evil.example:${port}`, 403],
      [`127.0.0.1:${port}/x`, 403],
      ["", 403],
      // no request can be made of user info in a Host: the adapter's 400
      [`evil@127.0.0.1:${port}`, 400],
      // without a Host, Node's server itself answers 400 (HTTP/1.1 requires one)
      [undefined, 400]
    ]
    for (const [host, status] of refused) {
      assert.strictEqual((await withHost(port, host, "GET", "/admin/health")).status, status, String(host))
    }
  })

  it("answers the loopback names with the server's port, as written in any case, on both origins", async () => {
    const { port, wwwPort } = emulator()
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LocalHost:${port}`, `[::1]:${port}`]) {
      const answer = await withHost(port, host, "GET", "/admin/health")
      assert.strictEqual(answer.status, 200, host)
      assert.strictEqual(JSON.parse(answer.text).ok, true)
    }
    assert.strictEqual((await withHost(wwwPort, `127.0.0.1:${wwwPort}`, "GET", "/emulator-config.json")).status, 200)
    assert.strictEqual((await withHost(wwwPort, `evil.example:${wwwPort}`, "GET", "/emulator-config.json")).status, 403)
  })
})

describe("configured names", () => {
  let emulator: RunningEmulator
  beforeAll(async () => {
    emulator = await startEmulator({
      host: "0.0.0.0",
      allowedHosts: ["laptop.local"],
      allowedOrigins: ["http://dev.example.test:5173"]
    })
  })
  afterAll(() => emulator.close())

  it("answers the names of allowedHosts and allowedOrigins (their host, the emulator's port) and still refuses others", async () => {
    const { port } = emulator
    assert.strictEqual((await withHost(port, `laptop.local:${port}`, "GET", "/admin/health")).status, 200)
    assert.strictEqual((await withHost(port, `dev.example.test:${port}`, "GET", "/admin/health")).status, 200)
    assert.strictEqual((await withHost(port, `evil.example:${port}`, "GET", "/admin/health")).status, 403)
  })

  it("the names: loopback, the listening interface unless a wildcard, the configured ones read by the URL parser", () => {
    assert.deepStrictEqual(
      [
        ...allowedHostNames(
          resolveOptions({
            host: "::1",
            allowedHosts: ["Laptop.Local", "fe80::1", "bad host"],
            allowedOrigins: ["nonsense"]
          })
        )
      ],
      ["localhost", "127.0.0.1", "[::1]", "laptop.local", "[fe80::1]"]
    )
    assert.deepStrictEqual(
      [...allowedHostNames(resolveOptions({ host: "0.0.0.0" }))],
      ["localhost", "127.0.0.1", "[::1]"]
    )
    const names = allowedHostNames(resolveOptions())
    assert.isTrue(isAllowedHost("localhost", 80, names))
    assert.isFalse(isAllowedHost("localhost", 4010, names))
    assert.isFalse(isAllowedHost("127.0.0.1:4010#x", 4010, names))
  })
})
