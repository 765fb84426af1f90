import { assert, describe, it } from "@effect/vitest"
import { hostOf } from "../../../src/core/http/middleware/middleware.ts"

describe("hostOf", () => {
  it("agrees with the URL parser on the host of absolute URLs", () => {
    for (
      const url of [
        "https://apis.example.com/v1/x?y=1",
        "http://127.0.0.1:8080/users",
        "HTTPS://WWW.Example.COM",
        "https://user:pw@host.example.com:1/p",
        "https://host.example.com#frag",
        "https://host.example.com?q",
        "http://[::1]:3000/x"
      ]
    ) assert.strictEqual(hostOf(url), new URL(url).hostname.toLowerCase(), url)
  })

  it("is undefined for relative URLs and URLs without a host", () => {
    for (const url of ["/v1/x", "v1/x", "mailto:a@b", "https:///x", ""]) assert.isUndefined(hostOf(url), url)
  })
})
