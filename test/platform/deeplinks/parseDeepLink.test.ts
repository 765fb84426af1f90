import * as Result from "effect/Result"
import { describe, expect, it } from "vitest"
import { maxDeepLinkLength } from "../../../src/platform/deeplinks/DeepLinkError.ts"
import {
  type DeepLink,
  defaultParseOptions,
  type ParseOptions,
  parseDeepLink,
  queryParam
} from "../../../src/platform/deeplinks/parseDeepLink.ts"

const options: ParseOptions = { ...defaultParseOptions, redirectorHosts: ["go.example.com"] }

type Expected = Partial<Omit<DeepLink, "url">>

const ok = (input: string, expected: Expected) => {
  const result = parseDeepLink(input, options)
  if (Result.isFailure(result)) throw new Error(`expected success for ${input}: ${result.failure.message}`)
  expect(result.success).toMatchObject(expected)
  expect(result.success.url).toBe(input)
  return result.success
}

const refused = (input: unknown, reason: string) => {
  const result = parseDeepLink(input, options)
  if (Result.isSuccess(result)) throw new Error(`expected ${reason} for ${String(input)}`)
  expect(result.failure.reason).toBe(reason)
  expect(result.failure._tag).toBe("DeepLinkError")
}

describe("parseDeepLink: accepted forms", () => {
  const table: ReadonlyArray<readonly [string, string, Expected]> = [
    [
      "web URL",
      "https://www.example.com/games/1/name?privateServerLinkCode=abc",
      {
        form: "web",
        scheme: "https",
        origin: "https://www.example.com",
        pathSegments: ["games", "1", "name"],
        queryParams: { privateServerLinkCode: "abc" },
        hash: "",
        redirectedBy: []
      }
    ],
    [
      "http URL with port and fragment",
      "http://127.0.0.1:4011/groups/7#!/forums/1/post/2/comment/3",
      {
        form: "web",
        origin: "http://127.0.0.1:4011",
        pathSegments: ["groups", "7"],
        hash: "#!/forums/1/post/2/comment/3"
      }
    ],
    [
      "web URL without a scheme",
      "www.example.com/home",
      {
        form: "web",
        link: "https://www.example.com/home",
        origin: "https://www.example.com",
        pathSegments: ["home"]
      }
    ],
    [
      "path only",
      "/users/5/profile?x=1",
      {
        form: "web",
        scheme: "",
        origin: undefined,
        pathSegments: ["users", "5", "profile"],
        queryParams: { x: "1" }
      }
    ],
    [
      "share URL",
      "https://www.example.com/share?code=abc123&type=ExperienceInvite",
      {
        pathSegments: ["share"],
        queryParams: { code: "abc123", type: "ExperienceInvite" }
      }
    ],
    [
      "app scheme with navigation path",
      "roblox://navigation/game_details?gameId=42",
      {
        form: "app",
        scheme: "roblox",
        origin: undefined,
        pathSegments: ["navigation", "game_details"],
        queryParams: { gameId: "42" }
      }
    ],
    ["app scheme without slashes", "roblox:navigation/home", { form: "app", pathSegments: ["navigation", "home"] }],
    [
      "app scheme in upper case",
      "ROBLOX://navigation/home",
      { scheme: "roblox", pathSegments: ["navigation", "home"] }
    ],
    ["legacy app scheme", "robloxmobile://navigation/home", { scheme: "robloxmobile" }],
    [
      "app scheme without a path: the host is a query",
      "roblox://placeId=1818&launchData=a%2Fb%20c",
      {
        form: "app",
        pathSegments: [],
        queryParams: { placeId: "1818", launchData: "a/b c" }
      }
    ],
    [
      "host-form with raw slashes in launch data",
      "roblox://placeId=1&launchData=a/b/c&gameInstanceId=x-1",
      {
        pathSegments: [],
        queryParams: { placeId: "1", launchData: "a/b/c", gameInstanceId: "x-1" }
      }
    ],
    [
      "host-form and a query: the host's values come first",
      "roblox://userId=5?userId=6&extra=1",
      {
        pathSegments: [],
        queryParams: { userId: "5", extra: "1" }
      }
    ],
    ["repeated parameters: the first wins", "https://www.example.com/?a=1&a=2", { queryParams: { a: "1" } }],
    ["percent-decoded path segments", "https://www.example.com/a%20b/c", { pathSegments: ["a b", "c"] }],
    ["a bad escape in a query value is kept", "https://www.example.com/?a=%zz", { queryParams: { a: "%zz" } }],
    [
      "surrounding white space is trimmed",
      "  https://www.example.com/home \n",
      {
        link: "https://www.example.com/home",
        pathSegments: ["home"]
      }
    ],
    [
      "__proto__ is an ordinary own key",
      "https://www.example.com/?__proto__=x",
      {
        queryParams: Object.fromEntries([["__proto__", "x"]])
      }
    ],
    [
      "redirector: app link encoded twice",
      "https://go.example.com/Ab1?af_dp=roblox%253A%252F%252Fnavigation%252Fshare_links%253Fcode%253Dabc%2526type%253DServer&af_web_dp=https%253A%252F%252Fwww.example.com%252Fhome",
      {
        form: "app",
        link: "roblox://navigation/share_links?code=abc&type=Server",
        pathSegments: ["navigation", "share_links"],
        queryParams: { code: "abc", type: "Server" },
        redirectedBy: ["go.example.com"]
      }
    ],
    [
      "redirector: encoded once",
      "https://go.example.com/x?af_dp=roblox%3A%2F%2Fnavigation%2Fhome",
      {
        link: "roblox://navigation/home",
        redirectedBy: ["go.example.com"]
      }
    ],
    [
      "redirector: web fallback when the app link is unusable",
      "https://go.example.com/x?af_dp=javascript%253Aalert(1)&af_web_dp=https%253A%252F%252Fwww.example.com%252Fcatalog",
      {
        form: "web",
        link: "https://www.example.com/catalog",
        pathSegments: ["catalog"]
      }
    ],
    [
      "redirector inside a redirector",
      `https://go.example.com/a?af_dp=${encodeURIComponent(encodeURIComponent("https://go.example.com/b?af_dp=" + encodeURIComponent(encodeURIComponent("roblox://navigation/friends"))))}`,
      {
        link: "roblox://navigation/friends",
        redirectedBy: ["go.example.com", "go.example.com"]
      }
    ],
    [
      "redirector parameters only count on redirector hosts",
      "https://www.example.com/x?af_dp=roblox%3A%2F%2Fnavigation%2Fhome",
      {
        form: "web",
        pathSegments: ["x"],
        queryParams: { af_dp: "roblox://navigation/home" }
      }
    ]
  ]
  for (const [name, input, expected] of table) it(name, () => void ok(input, expected))
})

describe("parseDeepLink: refused forms (a typed error, never a throw)", () => {
  const table: ReadonlyArray<readonly [string, unknown, string]> = [
    ["empty", "", "Empty"],
    ["white space", "   \t ", "Empty"],
    ["not a string", 42, "Malformed"],
    ["null", null, "Malformed"],
    ["too long", `https://www.example.com/${"a".repeat(maxDeepLinkLength)}`, "TooLong"],
    ["javascript:", "javascript:alert(1)", "UnsupportedScheme"],
    ["JaVaScRiPt: in mixed case", "JaVaScRiPt:alert(1)", "UnsupportedScheme"],
    ["data:", "data:text/html,<script>alert(1)</script>", "UnsupportedScheme"],
    ["vbscript:", "vbscript:msgbox(1)", "UnsupportedScheme"],
    ["file:", "file:///etc/passwd", "UnsupportedScheme"],
    ["a scheme hidden by a tab", "java\tscript:alert(1)", "Malformed"],
    ["a scheme hidden by a newline", "java\nscript:alert(1)", "Malformed"],
    ["a zero-width space", "https://www.example\u200B.com/", "Malformed"],
    ["protocol-relative", "//evil.net/home", "ProtocolRelative"],
    ["backslash protocol-relative", "\\\\evil.net/home", "ProtocolRelative"],
    ["mixed slashes", "/\\evil.net/home", "ProtocolRelative"],
    ["https with backslashes", "https:\\\\evil.net/", "Malformed"],
    ["https without slashes", "https:evil.net", "Malformed"],
    ["https with three slashes", "https:///evil.net", "Malformed"],
    ["credentials", "https://www.example.com@evil.net/", "Credentials"],
    ["user and password", "https://user:pass@www.example.com/", "Credentials"],
    [
      "host over 255 characters",
      `https://${"a".repeat(60)}.${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(20)}.com/`,
      "HostTooLong"
    ],
    ["bad escape in a path", "https://www.example.com/%E0%A4%A", "MalformedEncoding"],
    ["bad escape in an app path", "roblox://navigation/%zz", "MalformedEncoding"],
    ["a bare word", "hello", "Malformed"],
    ["a redirector without a link", "https://go.example.com/x?foo=bar", "UnsupportedRedirect"],
    [
      "a redirector wrapping javascript:",
      "https://go.example.com/x?af_dp=javascript%3Aalert(1)",
      "UnsupportedRedirect"
    ],
    [
      "redirectors nested too deep",
      (() => {
        let link = "roblox://navigation/home"
        for (let i = 0; i < 4; i++) link = `https://go.example.com/x?af_dp=${encodeURIComponent(link)}`
        return link
      })(),
      "UnsupportedRedirect"
    ]
  ]
  for (const [name, input, reason] of table) it(name, () => refused(input, reason))

  it("the error never carries the link", () => {
    const result = parseDeepLink("javascript:alert('secret-code')", options)
    expect(Result.isFailure(result) && JSON.stringify(result.failure) + result.failure.message).not.toContain("secret")
  })
})

describe("queryParam", () => {
  it("matches names without regard to case, own properties only", () => {
    const link = ok("roblox://placeId=1&LaunchData=x", {})
    expect(queryParam(link, "placeid")).toBe("1")
    expect(queryParam(link, "launchData")).toBe("x")
    expect(queryParam(link, "constructor")).toBeUndefined()
    expect(queryParam(link, "toString")).toBeUndefined()
  })
})
