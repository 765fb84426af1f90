/**
 * The hybrid page's URL as the platform's page reads it: the real query keys, the sub-domain label in `origin`,
 * the metadata in URL-safe base64 (checked with a decoder written here from the page's rule: delete every character
 * outside A–Z a–z 0–9 - _, then decode URL-safe base64), and `parent-origin` only where the label cannot name the page.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Result from "effect/Result"
import { decodeChallenge } from "../../../../src/core/challenge/headers.ts"
import {
  encodePageMetadata,
  hybridPageUrl,
  labelledOrigin,
  originLabel
} from "../../../../src/core/challenge/presenters/hybridPage.ts"
import type { Challenge } from "../../../../src/core/challenge/metadata.ts"
import { b64, captchaMetadata } from "../harness.ts"

const settings = { darkMode: true, baristaMode: true, appType: "unknown" }
const www = "https://www.example.com"

const challengeOf = (metadata: Record<string, unknown> = captchaMetadata(), type = "captcha"): Challenge => {
  const decoded = decodeChallenge({ id: "c-1", type, metadata: b64(metadata) })
  if (Result.isFailure(decoded)) throw new Error(decoded.failure.detail)
  return decoded.success
}

/** The page's reading of `challenge-metadata-json`, from its rule (throws where `atob` would). */
const pageDecode = (value: string): string => {
  const kept = value.replace(/[^A-Za-z0-9\-_]/g, "")
  const standard = kept.replace(/-/g, "+").replace(/_/g, "/")
  const padded = standard + "=".repeat((4 - (standard.length % 4)) % 4)
  return new TextDecoder().decode(Uint8Array.from(atob(padded), (c) => c.charCodeAt(0)))
}

const query = (url: string) => [...new URL(url).searchParams.entries()]

describe("originLabel", () => {
  it("is the host name minus its last two labels; empty where there is no such label", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["https://create.example.com", "create"],
      ["https://www.example.com", "www"],
      ["https://a.b.example.com", "a.b"],
      ["https://create.example.com:8443", "create"],
      ["https://CREATE.Example.com", "create"],
      ["https://example.com", ""],
      ["http://localhost:5173", ""],
      ["http://127.0.0.1:5173", ""],
      ["http://0x7f.1", ""],
      ["http://[::1]:5173", ""],
      ["null", ""],
      ["", ""]
    ]
    for (const [origin, label] of cases) assert.strictEqual(originLabel(origin), label, origin)
  })

  it("the page posts to https://{label}.{the www domain}", () => {
    assert.strictEqual(labelledOrigin("create", www), "https://create.example.com")
    assert.strictEqual(labelledOrigin("a.b", "https://www.sub.example.com/prefix"), "https://a.b.example.com")
    assert.isUndefined(labelledOrigin("", www))
    assert.isUndefined(labelledOrigin("create", "http://127.0.0.1:4011"))
  })
})

describe("encodePageMetadata", () => {
  it("is URL-safe base64 without padding, which the page's rule decodes exactly (standard base64 would lose + and /)", () => {
    // JSON whose standard base64 has '+', '/' and padding
    const metadata = { a: "~~~?>>>", b: "ü€", c: "z" }
    const standard = b64(metadata)
    assert.match(standard, /[+/=]/)
    const encoded = encodePageMetadata(metadata)
    assert.match(encoded, /^[A-Za-z0-9\-_]+$/)
    assert.strictEqual(pageDecode(encoded), JSON.stringify(metadata))
    const readFromStandard = (() => {
      try {
        return pageDecode(standard)
      } catch {
        return undefined
      }
    })()
    assert.notStrictEqual(readFromStandard, JSON.stringify(metadata))
  })
})

describe("hybridPageUrl", () => {
  it("a page on www: the real query keys, in the real order, origin=www and no parent-origin", () => {
    const url = hybridPageUrl({
      www,
      path: "/challenge/cdn/hybrid",
      challenge: challengeOf(),
      parentOrigin: www,
      settings
    })
    assert.strictEqual(url.split("?")[0], "https://www.example.com/challenge/cdn/hybrid")
    assert.deepStrictEqual(query(url), [
      ["challenge-type", "generic"],
      ["dark-mode", "true"],
      ["barista-mode", "true"],
      ["app-type", "unknown"],
      ["generic-challenge-type", "captcha"],
      ["generic-challenge-id", "c-1"],
      ["challenge-metadata-json", encodePageMetadata(captchaMetadata())],
      ["origin", "www"]
    ])
    assert.strictEqual(
      JSON.parse(pageDecode(new URL(url).searchParams.get("challenge-metadata-json")!)).actionType,
      "FollowUser"
    )
  })

  it("a page on a sub-domain of the same domain: its label, no parent-origin", () => {
    const url = hybridPageUrl({
      www,
      path: "challenge/cdn/hybrid",
      challenge: challengeOf(),
      parentOrigin: "https://create.example.com",
      settings
    })
    assert.strictEqual(new URL(url).searchParams.get("origin"), "create")
    assert.isFalse(new URL(url).searchParams.has("parent-origin"))
  })

  it("where the label cannot name the page (an IP, localhost, http, a port, another domain): parent-origin, its exact origin", () => {
    const cases: ReadonlyArray<readonly [string, string]> = [
      ["http://127.0.0.1:5173", ""],
      ["http://localhost:5173", ""],
      ["http://create.example.com", "create"],
      ["https://create.example.com:8443", "create"],
      ["https://create.other.test", "create"]
    ]
    for (const [parentOrigin, label] of cases) {
      const params = new URL(
        hybridPageUrl({ www, path: "/challenge/cdn/hybrid", challenge: challengeOf(), parentOrigin, settings })
      ).searchParams
      assert.strictEqual(params.get("origin"), label, parentOrigin)
      assert.strictEqual(params.get("parent-origin"), parentOrigin, parentOrigin)
    }
  })

  it("the display settings, the server's spelling of the type, the metadata as received with its extra keys", () => {
    const metadata = { ...captchaMetadata(), extra: { kept: [1, 2] } }
    const url = hybridPageUrl({
      www: "https://www.example.com/",
      path: "/challenge/cdn/hybrid",
      challenge: challengeOf(metadata, "CAPTCHA"),
      parentOrigin: www,
      settings: { darkMode: false, baristaMode: false, appType: "android" }
    })
    const params = new URL(url).searchParams
    assert.deepStrictEqual(
      ["dark-mode", "barista-mode", "app-type", "generic-challenge-type"].map((k) => params.get(k)),
      ["false", "false", "android", "CAPTCHA"]
    )
    assert.deepStrictEqual(JSON.parse(pageDecode(params.get("challenge-metadata-json")!)), metadata)
    assert.isTrue(url.startsWith("https://www.example.com/challenge/cdn/hybrid?"))
  })
})
