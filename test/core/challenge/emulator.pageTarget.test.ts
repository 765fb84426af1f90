/** Where the emulator's challenge page may post: an exact origin it serves, or https://{label}.{its domain}; never `*`. */
import { assert, describe, it } from "@effect/vitest"
import { domainOfHost, pageTargetOrigin } from "../../../src/emulator/challenge/pageTarget.ts"

const target = (query: string, host: string | undefined, allowedOrigins: ReadonlyArray<string> = []) =>
  pageTargetOrigin({ query: new URLSearchParams(query), host, allowedOrigins })

describe("the emulator page's target origin", () => {
  it("parent-origin, when it is an exact loopback origin or an allowed one", () => {
    assert.strictEqual(target("parent-origin=http://127.0.0.1:5173", "127.0.0.1:4011"), "http://127.0.0.1:5173")
    assert.strictEqual(
      target("parent-origin=http://localhost:5173&origin=www", "127.0.0.1:4011"),
      "http://localhost:5173"
    )
    assert.strictEqual(
      target("parent-origin=https://app.partner.test", "127.0.0.1:4011", ["https://app.partner.test"]),
      "https://app.partner.test"
    )
  })

  it("never a parent-origin the emulator does not serve, nor one that is not exactly an origin", () => {
    for (const parent of [
      "https://evil.test",
      "*",
      "null",
      "",
      "http://127.0.0.1:5173/",
      "http://127.0.0.1:5173/path",
      "http://user@127.0.0.1:5173",
      "javascript:alert(1)",
      "http://127.0.0.1.evil.test"
    ]) {
      assert.isNull(target(`parent-origin=${encodeURIComponent(parent)}`, "127.0.0.1:4011"), parent)
    }
  })

  it("else the platform page's rule: https://{origin label}.{the last two labels of the Host asked for}", () => {
    assert.strictEqual(target("origin=create", "www.platform.test"), "https://create.platform.test")
    assert.strictEqual(target("origin=www", "www.platform.test:8443"), "https://www.platform.test")
    assert.strictEqual(target("origin=a.b", "www.sub.platform.test"), "https://a.b.platform.test")
    // a foreign parent-origin falls back to the label: still the platform's own domain
    assert.strictEqual(
      target("origin=create&parent-origin=https://evil.test", "www.platform.test"),
      "https://create.platform.test"
    )
  })

  it("no label, a malformed label, or a Host with no domain name: nowhere", () => {
    for (const label of ["", "evil.test/", "x@evil.test", "-x", "a..b", "*", "evil.test:443", "a b"]) {
      assert.isNull(target(`origin=${encodeURIComponent(label)}`, "www.platform.test"), label)
    }
    for (const host of ["127.0.0.1:4011", "localhost:4011", "[::1]:4011", undefined, "", "platform"]) {
      assert.isNull(target("origin=www", host), String(host))
    }
  })

  it("domainOfHost", () => {
    assert.strictEqual(domainOfHost("www.platform.test:8443"), "platform.test")
    assert.strictEqual(domainOfHost("WWW.Platform.Test"), "platform.test")
    assert.isUndefined(domainOfHost("10.0.0.1"))
    assert.isUndefined(domainOfHost("a b"))
  })
})
