import { assert, describe, it } from "@effect/vitest"
import { parentCookieDomain, parentCookieDomainOfUrl } from "../../../src/core/browser/cookieDomain.ts"

describe("parentCookieDomain", () => {
  it("drops the first label of the host", () => {
    assert.strictEqual(parentCookieDomain("www.example.com"), ".example.com")
    assert.strictEqual(parentCookieDomain("web.sitetest1.example.com"), ".sitetest1.example.com")
    assert.strictEqual(parentCookieDomain("WWW.Example.COM."), ".example.com")
    assert.strictEqual(parentCookieDomain("example.com"), ".example.com")
  })

  it("gives undefined (host-only) where there is no parent to share", () => {
    for (const host of ["localhost", "127.0.0.1", "[::1]", "::1", "", "a..b"]) {
      assert.strictEqual(parentCookieDomain(host), undefined, host)
    }
  })

  it("reads the host of a URL", () => {
    assert.strictEqual(parentCookieDomainOfUrl("https://www.example.com:8443/x?y"), ".example.com")
    assert.strictEqual(parentCookieDomainOfUrl("http://127.0.0.1:4011/"), undefined)
    assert.strictEqual(parentCookieDomainOfUrl("not a url"), undefined)
  })
})
