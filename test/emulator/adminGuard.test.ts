/**
 * The admin API's guard as functions (src/emulator/admin/guard.ts, ownOrigins.ts) and the origin rules of
 * src/emulator/platform/cors.ts: which requests are refused and why, which origins are the emulator's own.
 */
import { assert, describe, it } from "@effect/vitest"
import { adminHeaders } from "../../src/emulator/admin/AdminApi.ts"
import { adminRefusal } from "../../src/emulator/admin/guard.ts"
import { ownOrigins } from "../../src/emulator/admin/ownOrigins.ts"
import { makeEmulatorState } from "../../src/emulator/EmulatorState.ts"
import { type EmulatorOptions, resolveOptions } from "../../src/emulator/options.ts"
import { isAllowedOrigin, isOriginEntry, parseOrigin } from "../../src/emulator/platform/cors.ts"
import { isAdminPath, routedPath } from "../../src/emulator/platform/middleware.ts"

/** The state of an emulator listening at `origin` and `wwwOrigin` with `options`. */
const stateAt = (origin: string, wwwOrigin: string, options: EmulatorOptions = {}) => {
  const state = makeEmulatorState(resolveOptions(options))
  state.urls.origin = origin
  state.urls.wwwOrigin = wwwOrigin
  return state
}

describe("adminRefusal", () => {
  const own = (origin: string) => origin === "http://127.0.0.1:4011"

  it("answers reads without Origin (a tool, a same-origin page, the developer's navigation) and changes with the header", () => {
    assert.isUndefined(adminRefusal("GET", {}, own))
    assert.isUndefined(adminRefusal("HEAD", { "sec-fetch-site": "same-origin" }, own))
    assert.isUndefined(adminRefusal("GET", { "sec-fetch-site": "none", "sec-fetch-mode": "navigate" }, own))
    assert.isUndefined(
      adminRefusal(
        "GET",
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", "sec-fetch-dest": "document" },
        own
      )
    )
    assert.isUndefined(adminRefusal("GET", { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" }, own))
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      assert.isUndefined(adminRefusal(method, adminHeaders, own), method)
      assert.isUndefined(adminRefusal(method, { origin: "http://127.0.0.1:4011", ...adminHeaders }, own), method)
    }
  })

  it("refuses a foreign or null Origin whatever else the request carries, saying which", () => {
    assert.strictEqual(
      adminRefusal("POST", { origin: "https://evil.example", ...adminHeaders }, own),
      `the origin "https://evil.example" is not one of the emulator's own; trust a page's origin with --allowed-origin`
    )
    assert.match(adminRefusal("GET", { origin: "null" }, own)!, /^the origin "null" is not/)
    // a long value is cut in the message
    const long = `https://${"a".repeat(300)}.example`
    assert.isBelow(adminRefusal("GET", { origin: long }, own)!.length, 200)
  })

  it("refuses loads another origin made without an Origin: images, scripts, frames, no-cors GETs", () => {
    for (const [site, mode, dest] of [
      ["cross-site", "no-cors", "image"],
      ["same-site", "no-cors", "script"],
      ["cross-site", "navigate", "iframe"],
      ["same-site", "cors", "empty"]
    ] as const) {
      const refusal = adminRefusal(
        "GET",
        { "sec-fetch-site": site, "sec-fetch-mode": mode, "sec-fetch-dest": dest },
        own
      )
      assert.strictEqual(
        refusal,
        `a page on another origin made it (Sec-Fetch-Site: "${site}")`,
        `${site} ${mode} ${dest}`
      )
    }
    // a navigation that changes something is no exception
    assert.isDefined(
      adminRefusal("POST", { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", ...adminHeaders }, own)
    )
  })

  it("refuses every method but GET and HEAD without exactly x-emulator-admin: 1", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      assert.strictEqual(adminRefusal(method, {}, own), `${method} needs the header x-emulator-admin: 1`)
      assert.isDefined(adminRefusal(method, { "x-emulator-admin": "" }, own))
      assert.isDefined(adminRefusal(method, { "x-emulator-admin": "true" }, own))
      assert.isDefined(adminRefusal(method, { origin: "http://127.0.0.1:4011" }, own))
    }
  })
})

describe("ownOrigins", () => {
  it("the dev mode: the two servers' origins by any name they answer, same scheme and port", () => {
    const isOwn = ownOrigins(
      stateAt("http://127.0.0.1:4010", "http://127.0.0.1:4011", { allowedHosts: ["laptop.local"] })
    )
    for (const origin of [
      "http://127.0.0.1:4010",
      "http://127.0.0.1:4011",
      "http://localhost:4011",
      "http://[::1]:4010",
      "http://laptop.local:4011"
    ]) {
      assert.isTrue(isOwn(origin), origin)
    }
    for (const origin of [
      "http://127.0.0.1:5173",
      "https://127.0.0.1:4011",
      "http://127.0.0.1",
      "http://127.0.0.1:4011/",
      "http://user@127.0.0.1:4011",
      "http://127.0.0.1.evil.example:4011",
      "http://evil.example:4011",
      "null",
      ""
    ]) {
      assert.isFalse(isOwn(origin), origin)
    }
  })

  it("adds the allowed origins (exact and patterns), as trusted pages", () => {
    const isOwn = ownOrigins(
      stateAt("http://127.0.0.1:4010", "http://127.0.0.1:4011", {
        allowedOrigins: ["http://127.0.0.1:5173", "https://*.example.com"]
      })
    )
    assert.isTrue(isOwn("http://127.0.0.1:5173"))
    assert.isTrue(isOwn("https://app.example.com:8443"))
    assert.isFalse(isOwn("http://127.0.0.1:5174"))
    assert.isFalse(isOwn("https://example.com"))
    assert.isFalse(isOwn("http://app.example.com"))
  })

  it("host mode: the site's one-label https sub-domains only, not loopback names", () => {
    const state = stateAt("https://emulator.platform.test", "https://www.platform.test", {
      domain: "platform.test",
      https: { cert: "", key: "" }
    })
    const isOwn = ownOrigins(state)
    assert.isTrue(isOwn("https://www.platform.test"))
    assert.isTrue(isOwn("https://users.platform.test"))
    for (const origin of [
      "https://platform.test",
      "http://www.platform.test",
      "https://a.b.platform.test",
      "https://localhost",
      "http://127.0.0.1:4011"
    ]) {
      assert.isFalse(isOwn(origin), origin)
    }
  })

  it("the msw handlers: their services' origin", () => {
    const isOwn = ownOrigins(stateAt("http://platform.test", "http://www.platform.test"))
    assert.isTrue(isOwn("http://platform.test"))
    assert.isTrue(isOwn("http://www.platform.test"))
    assert.isFalse(isOwn("http://evil.platform.test"))
  })
})

describe("origins in CORS (platform/cors.ts)", () => {
  it("parseOrigin takes only an origin as a browser writes it", () => {
    assert.strictEqual(parseOrigin("http://127.0.0.1:5173")?.port, "5173")
    for (const origin of [
      "null",
      "http://127.0.0.1:5173/",
      "HTTP://127.0.0.1:5173",
      "file:///x",
      "ws://127.0.0.1",
      "http://a@b.example"
    ]) {
      assert.isUndefined(parseOrigin(origin), origin)
    }
  })

  it("allows the services to loopback pages and allowed origins; sub-domain patterns match one label, IDN as punycode", () => {
    assert.isTrue(isAllowedOrigin("http://localhost:3000"))
    assert.isTrue(isAllowedOrigin("http://[::1]:3000"))
    assert.isFalse(isAllowedOrigin("http://localhost.evil.example"))
    assert.isFalse(isAllowedOrigin("null"))
    const patterns = ["https://*.bücher.example"]
    assert.isTrue(isAllowedOrigin("https://www.xn--bcher-kva.example", patterns))
    assert.isFalse(isAllowedOrigin("https://a.www.xn--bcher-kva.example", patterns))
    assert.isFalse(isAllowedOrigin("https://xn--bcher-kva.example", patterns))
    assert.isFalse(isAllowedOrigin("https://evil-xn--bcher-kva.example", patterns))
  })

  it("isOriginEntry: an exact origin or a sub-domain pattern, nothing else", () => {
    for (const entry of ["http://127.0.0.1:5173", "https://*.example.com", "http://*.platform.test"])
      assert.isTrue(isOriginEntry(entry), entry)
    for (const entry of [
      "*",
      "null",
      "http://127.0.0.1:5173/",
      "https://*.example.com:8443",
      "https://*.example.com/x",
      "https://*",
      "https://a.*.example.com",
      "ftp://*.example.com",
      "127.0.0.1:5173"
    ]) {
      assert.isFalse(isOriginEntry(entry), entry)
    }
  })
})

describe("which paths are the admin API's (platform/middleware.ts)", () => {
  it("every spelling Effect's router takes for an admin route: case, percent-encoding, duplicate slashes, ;", () => {
    assert.strictEqual(routedPath("//ADMIN/%72eset;x?y=1"), "/admin/reset")
    for (const url of [
      "/admin",
      "/admin/reset",
      "//admin/reset",
      "/ADMIN/Reset",
      "/%61dmin/reset",
      "/admin/reset/",
      "/admin/reset;x",
      "/admin?x"
    ]) {
      assert.isTrue(isAdminPath(url), url)
    }
    for (const url of [
      "/administrator",
      "/users/admin/x",
      "/admin%2Freset",
      "/%2561dmin/reset",
      "/%E0%A4%A/admin",
      "/cdn/admin"
    ]) {
      assert.isFalse(isAdminPath(url), url)
    }
  })
})
