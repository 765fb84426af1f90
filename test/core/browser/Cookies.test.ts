import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as fc from "fast-check"
import { type CookieDocument, type CookieOptions, Cookies } from "../../../src/core/browser/Cookies.ts"
import { parseCookies, serializeCookie } from "../../../src/core/browser/cookieString.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"

/** A document whose `cookie` reads a fixed text and records every assignment. */
const fakeDocument = (text = "") => {
  const writes: Array<string> = []
  const document: CookieDocument = {
    get cookie() {
      return text
    },
    set cookie(assignment: string) {
      writes.push(assignment)
    }
  }
  return { writes, document }
}

const withJar = (document: CookieDocument | undefined) =>
  Effect.provide(
    Layer.merge(
      Cookies.fromDocument(() => document),
      MemoryLogger.layer()
    )
  )

describe("Cookies.fromDocument: get", () => {
  it.effect("decodes percent-encoded and quoted values, trims spaces, first occurrence wins", () => {
    const { document } = fakeDocument(' a=1; b=hello%20world;c="quoted%21"; a=2; flag; d=x=y ')
    return Effect.gen(function* () {
      const cookies = yield* Cookies
      assert.strictEqual(yield* cookies.get("a"), "1")
      assert.strictEqual(yield* cookies.get("b"), "hello world")
      assert.strictEqual(yield* cookies.get("c"), "quoted!")
      assert.strictEqual(yield* cookies.get("d"), "x=y")
      assert.strictEqual(yield* cookies.get("flag"), undefined)
      assert.strictEqual(yield* cookies.get("missing"), undefined)
    }).pipe(withJar(document))
  })

  it.effect("a malformed %-sequence in a foreign cookie gives the raw value", () => {
    const { document } = fakeDocument("bad=%E0%A4%A; pct=100%")
    return Effect.gen(function* () {
      const cookies = yield* Cookies
      assert.strictEqual(yield* cookies.get("bad"), "%E0%A4%A")
      assert.strictEqual(yield* cookies.get("pct"), "100%")
    }).pipe(withJar(document))
  })

  it.effect("a document that throws on read (sandboxed) gives undefined and a Debug line", () => {
    const document = {
      get cookie(): string {
        throw new DOMException("denied", "SecurityError")
      },
      set cookie(_: string) {
        throw new DOMException("denied", "SecurityError")
      }
    }
    return Effect.gen(function* () {
      const cookies = yield* Cookies
      assert.strictEqual(yield* cookies.get("a"), undefined)
      yield* cookies.set("a", "secret-value")
      const logs = yield* (yield* MemoryLogger).entries
      assert.deepStrictEqual(
        logs.map((l) => [l.level, l.text]),
        [
          ["Debug", 'Cookie get of "a" failed: cookies are unavailable SecurityError'],
          ["Warn", 'Cookie set of "a" failed: cookies are unavailable SecurityError']
        ]
      )
      assert.isFalse(JSON.stringify(logs.map((l) => l.message)).includes("secret-value"))
    }).pipe(withJar(document))
  })

  it.effect("outside a browser reads give undefined and writes do nothing", () =>
    Effect.gen(function* () {
      const cookies = yield* Cookies
      yield* cookies.set("a", "1")
      assert.strictEqual(yield* cookies.get("a"), undefined)
    }).pipe(Effect.provide(Cookies.browser))
  )
})

describe("Cookies.fromDocument: set and remove", () => {
  const writes: ReadonlyArray<[string, string, CookieOptions | undefined, string]> = [
    ["defaults to Path=/", "v", undefined, "n=v; Path=/"],
    ["encodes the value", "a b;c=d/é", undefined, "n=a%20b%3Bc%3Dd%2F%C3%A9; Path=/"],
    [
      "writes every attribute, Max-Age in whole seconds",
      "v",
      { domain: ".example.com", path: "/x", maxAgeSeconds: 600.7, secure: true, sameSite: "Lax" },
      "n=v; Domain=.example.com; Path=/x; Max-Age=600; Secure; SameSite=Lax"
    ],
    ["SameSite=None implies Secure", "v", { sameSite: "None" }, "n=v; Path=/; Secure; SameSite=None"],
    [
      "a negative Max-Age is written as 0, with an expired date",
      "v",
      { maxAgeSeconds: -5 },
      "n=v; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT"
    ],
    ["Strict without Secure", "v", { sameSite: "Strict", secure: false }, "n=v; Path=/; SameSite=Strict"]
  ]
  for (const [label, value, options, expected] of writes) {
    it.effect(label, () => {
      const { document, writes: recorded } = fakeDocument()
      return Effect.gen(function* () {
        yield* (yield* Cookies).set("n", value, options)
        assert.deepStrictEqual(recorded, [expected])
      }).pipe(withJar(document))
    })
  }

  it.effect("remove writes Max-Age=0 (and an expired date) with the same domain and path", () => {
    const { document, writes: recorded } = fakeDocument()
    return Effect.gen(function* () {
      const cookies = yield* Cookies
      yield* cookies.remove("n", { domain: ".example.com", path: "/p" })
      yield* cookies.remove("m")
      assert.deepStrictEqual(recorded, [
        "n=; Domain=.example.com; Path=/p; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT",
        "m=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT"
      ])
    }).pipe(withJar(document))
  })

  const invalid: ReadonlyArray<[string, string, CookieOptions, string]> = [
    ["a name with a space", "a b", {}, "name"],
    ["a name with =", "a=b", {}, "name"],
    ["an empty name", "", {}, "name"],
    ["a domain with ;", "n", { domain: "example.com; Path=/evil" }, "domain"],
    ["a relative path", "n", { path: "admin" }, "path"],
    ["a path with ;", "n", { path: "/a;Domain=evil.com" }, "path"],
    ["a path with a newline", "n", { path: "/a\nb" }, "path"],
    ["a NaN max-age", "n", { maxAgeSeconds: Number.NaN }, "maxAgeSeconds"],
    ["an infinite max-age", "n", { maxAgeSeconds: Number.POSITIVE_INFINITY }, "maxAgeSeconds"],
    ["a value with a lone surrogate", "n", {}, "value"]
  ]
  for (const [label, name, options, attribute] of invalid) {
    it.effect(`${label}: nothing is written and a Warning names the ${attribute} attribute`, () => {
      const { document, writes: recorded } = fakeDocument()
      return Effect.gen(function* () {
        yield* (yield* Cookies).set(name, attribute === "value" ? "secret\uD800" : "secret", options)
        assert.deepStrictEqual(recorded, [])
        const logs = yield* (yield* MemoryLogger).entries
        assert.deepStrictEqual(
          logs.map((l) => [l.level, l.text]),
          [["Warn", `Cookie set skipped: invalid ${attribute} attribute for "${name}"`]]
        )
      }).pipe(withJar(document))
    })
  }
})

describe("cookieString", () => {
  it("parses an empty cookie text to nothing", () => {
    assert.strictEqual(parseCookies("").size, 0)
    assert.deepStrictEqual([...parseCookies("=x; a=")], [["a", ""]])
  })

  it("serializes and parses back any well-formed string value", () => {
    const roundTrip = (value: string) => {
      const header = serializeCookie("n", value)
      return Result.isSuccess(header) && parseCookies(header.success.split("; ")[0]!).get("n") === value
    }
    for (const value of ["", "plain", "100%", "a;b,c d", "ünïcödé", '"q"']) assert.isTrue(roundTrip(value), value)
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), roundTrip))
  })
})
