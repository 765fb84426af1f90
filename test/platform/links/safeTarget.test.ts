import * as Result from "effect/Result"
import { describe, expect, it } from "vitest"
import { appLink } from "../../../src/platform/links/appLinks.ts"
import { isSitePath, onSite } from "../../../src/platform/links/entityUrls.ts"
import {
  exactOrigin,
  maxTargetLength,
  safeAppTarget,
  safeItemTarget,
  safeTarget,
  UnsafeTargetError
} from "../../../src/platform/links/safeTarget.ts"

const www = "https://www.example.com"
const outcome = <A>(result: Result.Result<A, UnsafeTargetError>): A | string =>
  Result.isSuccess(result) ? result.success : result.failure.reason

describe("safeTarget: a web target on one origin", () => {
  const table: ReadonlyArray<readonly [unknown, string]> = [
    ["https://www.example.com/home", "https://www.example.com/home"],
    ["HTTPS://WWW.EXAMPLE.COM/home", "https://www.example.com/home"],
    ["https://www.example.com:443/x", "https://www.example.com/x"],
    ["https://ＷＷＷ.example.com/", "https://www.example.com/"],
    ["https://www.example.com\\@evil.net/", "https://www.example.com/@evil.net/"],
    ["https://www.example.com/a b", "https://www.example.com/a%20b"],
    // rule 1: clean text
    [42, "Malformed"],
    ["", "Malformed"],
    [" https://www.example.com/", "Malformed"],
    ["https://www.example.com/\n", "Malformed"],
    ["\u0000https://www.example.com/", "Malformed"],
    ["\u001fhttps://www.example.com/", "Malformed"],
    ["\u200Bhttps://www.example.com/", "Malformed"],
    ["\uFEFFhttps://www.example.com/", "Malformed"],
    ["https://www.example.com/\u202Egnp.exe", "Malformed"],
    ["java\tscript:alert(1)", "Malformed"],
    [`https://www.example.com/${"a".repeat(maxTargetLength)}`, "TooLong"],
    // rule 2: absolute
    ["/home", "NotAbsolute"],
    ["home", "NotAbsolute"],
    ["javascript%3Aalert(1)", "NotAbsolute"],
    ["//evil.net/home", "ProtocolRelative"],
    ["\\\\evil.net/home", "ProtocolRelative"],
    ["/\\evil.net/home", "ProtocolRelative"],
    ["https://[", "Malformed"],
    // rule 3: scheme
    ["javascript:alert(1)//1234", "Scheme"],
    ["JavaScript:alert(1)", "Scheme"],
    ["data:text/html,<script>alert(1)</script>", "Scheme"],
    ["vbscript:msgbox(1)", "Scheme"],
    ["blob:https://www.example.com/1f0e", "Scheme"],
    ["file:///etc/passwd", "Scheme"],
    ["roblox://navigation/home", "Scheme"],
    // rule 4: credentials
    ["https://www.example.com@evil.net/", "Credentials"],
    ["https://www.example.com:443@evil.net/", "Credentials"],
    ["https://u:p@www.example.com/", "Credentials"],
    // rule 5: exactly the origin
    ["https://evil.net/1234", "HostNotAllowed"],
    ["https://www.example.com.evil.net/", "HostNotAllowed"],
    ["https://www.example.com%2eevil.net/", "HostNotAllowed"],
    ["https://evil-example.com/", "HostNotAllowed"],
    ["https://wwwexample.com/", "HostNotAllowed"],
    ["https://www.exаmple.com/", "HostNotAllowed"],
    ["https://www.example.com\u3002evil.net/", "HostNotAllowed"],
    ["https:evil.net/1", "HostNotAllowed"],
    ["https:/\\evil.net/1", "HostNotAllowed"],
    ["http://www.example.com/", "HostNotAllowed"],
    ["https://www.example.com:8443/", "HostNotAllowed"],
    ["https://apis.example.com/home", "HostNotAllowed"],
    ["https://example.com/home", "HostNotAllowed"]
  ]
  for (const [input, expected] of table) {
    it(`${JSON.stringify(input).slice(0, 80)} → ${expected}`, () =>
      expect(outcome(safeTarget(input, www))).toBe(expected))
  }

  it("the origin may be given as a base URL; one that is not an http(s) URL allows nothing", () => {
    expect(outcome(safeTarget("http://127.0.0.1:4011/games/1", "http://127.0.0.1:4011/some/path"))).toBe(
      "http://127.0.0.1:4011/games/1"
    )
    expect(outcome(safeTarget("https://www.example.com/", "not a url"))).toBe("HostNotAllowed")
    expect(outcome(safeTarget("javascript:alert(1)", "javascript:alert(1)"))).toBe("Scheme")
    expect(exactOrigin("roblox://navigation")).toBeUndefined()
    expect(exactOrigin("https://www.example.com/a/b?c")).toBe(www)
  })

  it("a refusal names the rule, never the target", () => {
    const result = safeTarget("https://evil.net/?code=secret-invite", www)
    expect(Result.isFailure(result) && result.failure.message).toBe("Navigation target refused: HostNotAllowed")
    expect(JSON.stringify(Result.isFailure(result) && result.failure)).not.toContain("secret")
  })
})

describe("safeItemTarget: a web target that ends in a numeric id", () => {
  const table: ReadonlyArray<readonly [string, string | { href: string; itemId: number }]> = [
    ["https://www.example.com/catalog/1234", { href: "https://www.example.com/catalog/1234", itemId: 1234 }],
    ["https://www.example.com/bundles/Name/0077", { href: "https://www.example.com/bundles/Name/0077", itemId: 77 }],
    ["javascript:alert(1)//1234", "Scheme"],
    ["data:text/html,x//1234", "Scheme"],
    ["https://evil.net/catalog/1234", "HostNotAllowed"],
    ["/catalog/1234", "NotAbsolute"],
    ["https://www.example.com/catalog/abc", "NotItem"],
    ["https://www.example.com/catalog/12/", "NotItem"],
    ["https://www.example.com/catalog/12?x=1", "NotItem"],
    ["https://www.example.com/catalog/12#x", "NotItem"],
    ["https://www.example.com/catalog/12?", "NotItem"],
    ["https://www.example.com/catalog/12#", "NotItem"],
    ["https://www.example.com/catalog/0", "NotItem"],
    ["https://www.example.com/catalog/99999999999999999", "NotItem"],
    ["https://www.example.com/catalog/%31%32", "NotItem"]
  ]
  for (const [input, expected] of table) {
    it(`${input} → ${JSON.stringify(expected)}`, () => expect(outcome(safeItemTarget(input, www))).toEqual(expected))
  }
})

describe("safeAppTarget: an app-protocol link of a route the library builds", () => {
  const table: ReadonlyArray<readonly [string, string]> = [
    [
      "roblox://navigation/chat?userId=7&entryPoint=AppShellWebView",
      "roblox://navigation/chat?userId=7&entryPoint=AppShellWebView"
    ],
    ["ROBLOX://navigation/chat?userId=7", "roblox://navigation/chat?userId=7"],
    ["roblox://experiences/start?placeId=1", "Scheme"],
    ["roblox://navigation/content_posts?userId=1&postId=p", "roblox://navigation/content_posts?userId=1&postId=p"],
    ["roblox://navigation/home", "AppRoute"],
    ["roblox://navigation/chat/x", "AppRoute"],
    ["roblox:navigation/chat", "AppRoute"],
    ["roblox://navigation/chat#x", "Malformed"],
    ["roblox://navigation/chat#", "Malformed"],
    ["roblox://u@navigation/chat", "Credentials"],
    ["roblox://navigation:1/chat", "Malformed"],
    ["robloxx://navigation/chat", "Scheme"],
    ["javascript://navigation/chat", "Scheme"],
    ["https://www.example.com/", "Scheme"],
    [" roblox://navigation/chat", "Malformed"],
    ["roblox://navigation/chat\u0000", "Malformed"]
  ]
  for (const [input, expected] of table) {
    it(`${input} → ${expected}`, () => {
      const scheme = input.startsWith("roblox://experiences") ? "robloxmobile" : "roblox"
      expect(outcome(safeAppTarget(input, scheme, ["navigation/chat", "navigation/content_posts"]))).toBe(expected)
    })
  }

  it("the launch route only where it is asked for", () => {
    expect(outcome(safeAppTarget("roblox://experiences/start?placeId=1", "roblox", ["experiences/start"]))).toBe(
      "roblox://experiences/start?placeId=1"
    )
    expect(outcome(safeAppTarget("roblox://navigation/chat?userId=1", "roblox", ["experiences/start"]))).toBe(
      "AppRoute"
    )
  })

  it("a configured scheme that is a web or script scheme is never an app scheme", () => {
    for (const scheme of ["javascript", "https", "data", "vbscript", "blob", "file"]) {
      expect(
        outcome(safeAppTarget(appLink(scheme, "navigation/chat", [["userId", 1]]), scheme, ["navigation/chat"]))
      ).toBe("Scheme")
    }
  })
})

describe("the builders", () => {
  it("appLink writes the query with URLSearchParams: a value cannot add a parameter or a route", () => {
    expect(
      appLink("roblox", "navigation/chat", [
        ["userId", "1&entryPoint=evil#x"],
        ["skip", undefined]
      ])
    ).toBe("roblox://navigation/chat?userId=1%26entryPoint%3Devil%23x")
    // a scheme the parser cannot set keeps the placeholder, which no check accepts
    expect(appLink("not a scheme", "navigation/chat", [])).toBe("app://navigation/chat")
  })

  it("onSite keeps every path on the www origin", () => {
    const table: ReadonlyArray<readonly [string, string, string]> = [
      [www, "/games/1?x=1#!/a", "https://www.example.com/games/1?x=1#!/a"],
      [`${www}/`, "/home", "https://www.example.com/home"],
      ["http://127.0.0.1:4011/site/", "/home", "http://127.0.0.1:4011/site/home"],
      [www, "//evil.net/home", "https://www.example.com/home"],
      [www, "/\\evil.net/home", "https://www.example.com/home"],
      [www, "https://evil.net/x?y", "https://www.example.com/x?y"],
      [www, "javascript:alert(1)", "https://www.example.com/alert(1)"],
      ["javascript:alert(1)", "/home", ""],
      ["not a url", "/home", ""]
    ]
    for (const [base, path, expected] of table) expect(onSite(base, path), `${base} ${path}`).toBe(expected)
  })

  it("isSitePath: one leading slash, no other host", () => {
    expect(["/home", "/games/1?x=//evil.net", "/a#//b"].every(isSitePath)).toBe(true)
    expect(
      ["//evil.net", "/\\evil.net", "\\\\evil.net", "https://evil.net", "home", "/a\\b", ""].some(isSitePath)
    ).toBe(false)
  })
})
