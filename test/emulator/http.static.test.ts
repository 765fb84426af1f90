/**
 * The Node adapter (src/emulator/node/serve.ts) and its static files (node/fileSystem.ts): the www origin serves a
 * directory with index.html for unknown page paths and never a file outside it; request bodies and response headers
 * pass through the adapter.
 */
import { assert, describe, it } from "@effect/vitest"
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll } from "vitest"
import { type RunningEmulator, startEmulator } from "../../src/emulator/Emulator.ts"

const root = mkdtempSync(join(tmpdir(), "emulator-static-"))
const site = join(root, "site")
let emulator: RunningEmulator

beforeAll(async () => {
  mkdirSync(join(site, "assets"), { recursive: true })
  writeFileSync(join(site, "index.html"), "<!doctype html><title>app</title>")
  writeFileSync(join(site, "assets", "app.js"), "console.log(1)")
  writeFileSync(join(root, "secret.txt"), "SECRET")
  emulator = await startEmulator({ staticDir: site })
})
afterAll(async () => {
  await emulator.close()
  rmSync(root, { recursive: true, force: true })
})

/** GET a raw path (not normalised by a URL parser, unlike fetch), with an Accept header (and any other headers). */
const rawGet = (origin: string, path: string, accept = "text/html", headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(origin)
    const req = request({ hostname, port, path, headers: { accept, ...headers } }, (res) => {
      let body = ""
      res.setEncoding("utf8")
      res.on("data", (chunk: string) => (body += chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }))
    })
    req.on("error", reject)
    req.end()
  })

describe("the www origin's static files under Node", () => {
  it("serves a file with its content type, and index.html for an unknown page path", async () => {
    const script = await fetch(`${emulator.wwwOrigin}/assets/app.js`)
    assert.deepStrictEqual([script.status, await script.text()], [200, "console.log(1)"])
    assert.match(script.headers.get("content-type") ?? "", /javascript/)
    const page = await rawGet(emulator.wwwOrigin, "/friends/42")
    assert.strictEqual(page.status, 200)
    // the page as written, with the site's tags for the session (test/emulator/pageTags.test.ts)
    assert.match(
      page.body,
      /^<!doctype html>\n<head>\n<meta name="user-data" data-userid="1" [^]*\n<\/head><title>app<\/title>\n<meta name="csrf-token" data-token="\w{12}">$/
    )
  })

  it("never serves a file outside the directory, whatever the spelling of '..'", async () => {
    for (const path of [
      "/../secret.txt",
      "/assets/../../secret.txt",
      "/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/assets/%2e%2e%2f%2e%2e%2fsecret.txt"
    ]) {
      const answer = await rawGet(emulator.wwwOrigin, path, "*/*")
      assert.notInclude(answer.body, "SECRET", path)
      assert.notStrictEqual(answer.status, 200, path)
    }
  })

  it("a Host header that is no host gets 400, and the server keeps serving", async () => {
    for (const host of ["a b", "exa mple.com:80", "[::1"]) {
      assert.deepStrictEqual(
        await rawGet(emulator.origin, "/users/v1/users/authenticated", "*/*", { host }),
        {
          status: 400,
          body: "Bad request"
        },
        host
      )
    }
    assert.strictEqual((await fetch(`${emulator.adminUrl}/health`)).status, 200)
  })

  it("a POST body reaches the handler through the adapter, and a 403 keeps its fresh token header", async () => {
    const answer = await fetch(`${emulator.origin}/users/v1/users`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userIds: [1] })
    })
    assert.strictEqual(answer.status, 403)
    const token = answer.headers.get("x-csrf-token")!
    assert.isString(token)
    const accepted = await fetch(`${emulator.origin}/users/v1/users`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": token },
      body: JSON.stringify({ userIds: [1] })
    })
    assert.strictEqual(accepted.status, 200)
    assert.deepStrictEqual(
      ((await accepted.json()) as { data: Array<{ id: number }> }).data.map((u) => u.id),
      [1]
    )
  })
})
