/**
 * Interop with an independent implementation: roblox-bat (npm, 0.6.x), a client library that forms the real site's
 * 5-field bound-auth token. It is given the page's own key pair (its `keys` option: no IndexedDB needed), and its
 * clock (Date) and ours (TestClock) read the same second.
 *
 * What roblox-bat signs (its source): sig1 over `{bodyHash}|{ts}|{url}|{METHOD}`, the URL string as it is given;
 * sig2 over `|{ts}|{url}|{METHOD}`, the FULL URL again, where the real site (and this library) signs only the
 * pathname; text as UTF-8 (TextEncoder), objects JSON-encoded. So:
 *
 * - tokens IT makes: their body hash and sig1 verify with the emulator's verifier (the service's check); their sig2
 *   does NOT verify as the site forms sig2 (the gateway's check refuses them), though it verifies over roblox-bat's
 *   own full-URL string (the signature is sound, the signed string differs);
 * - tokens WE make: sig1 verifies over the very string roblox-bat signs for sig1 (WebCrypto verify, public key),
 *   the body hash is the one it computes; our sig2 does not verify over its sig2 string, only over the site's;
 * - handed a URL that is not in the form fetch sends (a space, non-ASCII), roblox-bat signs the string as given:
 *   sig1 then fails against the URL the server receives, where ours holds.
 *
 * The last test prints the figures.
 */
import { afterEach, assert, beforeEach, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { TestClock } from "effect/testing"
import { HBAClient } from "roblox-bat"
import { vi } from "vitest"
import { type HttpMethod, makeRequest } from "../../../src/core/http/request.ts"
import { KeyStore } from "../../../src/core/signing/keys/KeyStore.ts"
import { RequestSigner } from "../../../src/core/signing/RequestSigner.ts"
import { makeHbaState } from "../../../src/emulator/hba/HbaState.ts"
import { boundAuthVerdict, gatewayVerdict, serviceVerdict } from "../../../src/emulator/hba/verify.ts"
import { directSignerLayer, location } from "./harness.ts"

const now = 1_760_000_042_000
const session = "cookie:u42"

/** One request: the URL handed to roblox-bat and the URL fetch sends for it (the same unless it is not serialised). */
interface Case {
  readonly method: HttpMethod
  readonly given: string
  readonly sent: string
  readonly body?: string
}

/** Requests in the form fetch sends them: every method, queries, JSON text with and without non-ASCII. */
const sentForm: ReadonlyArray<Case> = [
  {
    method: "GET",
    given: "https://users.example.com/v1/users/authenticated",
    sent: "https://users.example.com/v1/users/authenticated"
  },
  { method: "HEAD", given: "https://apis.example.com/v1/ping", sent: "https://apis.example.com/v1/ping" },
  {
    method: "POST",
    given: "https://apis.example.com/v1/things?dry=true",
    sent: "https://apis.example.com/v1/things?dry=true",
    body: '{"name":"thing","n":1}'
  },
  {
    method: "PUT",
    given: "https://apis.example.com/v1/things/7",
    sent: "https://apis.example.com/v1/things/7",
    body: '{"name":"héllo ✓ 𝄞"}'
  },
  { method: "PATCH", given: "https://www.example.com/v1/a/b", sent: "https://www.example.com/v1/a/b", body: "{}" },
  {
    method: "DELETE",
    given: "https://apis.example.com/v1/things/7?reason=a%20b",
    sent: "https://apis.example.com/v1/things/7?reason=a%20b"
  }
]

/** Requests whose URL string is not the form fetch sends. */
const rawForm: ReadonlyArray<Case> = [
  { method: "GET", given: "https://apis.example.com/v1/a b?q=é", sent: "https://apis.example.com/v1/a%20b?q=%C3%A9" },
  { method: "POST", given: "https://APIS.example.com/v1/./x", sent: "https://apis.example.com/v1/x", body: "{}" }
]

/** The figures of the run (printed by the last test). */
const figures = {
  cases: 0,
  theirsServiceVerified: 0,
  theirsGatewayVerified: 0,
  theirsSig2OverOwnString: 0,
  oursSig1OverTheirString: 0,
  sameBodyHash: 0,
  oursSig2OverTheirString: 0
}

const ecdsa = { name: "ECDSA", hash: "SHA-256" } as const
const base64Bytes = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
const verifies = (key: CryptoKey, data: string, signature: string) =>
  Effect.promise(() => crypto.subtle.verify(ecdsa, key, base64Bytes(signature), new TextEncoder().encode(data)))

/** The page's key pair (the key store's), a roblox-bat client over it, an emulator session it is bound to. */
const kit = Effect.gen(function* () {
  yield* TestClock.setTime(now)
  const pair = yield* (yield* KeyStore).keyPair(location)
  const client = new HBAClient({ keys: pair })
  const hba = makeHbaState()
  hba.bind(session, pair.publicKey)
  const received = (c: Case, header: string) => ({
    sessionKey: session,
    method: c.method,
    url: c.sent,
    body: new TextEncoder().encode(c.body ?? ""),
    header,
    nowMs: now
  })
  const signer = yield* RequestSigner
  const ours = (c: Case) =>
    Effect.map(
      signer.sign({ ...makeRequest(c.method, c.given), body: c.body }),
      (signed) => signed.headers["x-bound-auth-token"]!
    )
  return { client, hba, pair, received, ours }
})

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] })
  vi.setSystemTime(now)
})
afterEach(() => {
  vi.useRealTimers()
})

describe("roblox-bat interop", () => {
  it.effect(
    "its tokens: body hash and sig1 verified by the emulator's verifier; its sig2 refused as the site forms sig2",
    () =>
      Effect.gen(function* () {
        const { client, hba, pair, received } = yield* kit
        for (const c of sentForm) {
          const token = (yield* Effect.promise(() => client.generateBAT(c.given, c.method, c.body)))!
          const [version, , timestamp, , sig2] = token.split("|") as [string, string, string, string, string]
          assert.deepStrictEqual([version, timestamp, token.split("|").length], ["v1", String(now / 1000), 5], c.given)
          const service = yield* Effect.promise(() => serviceVerdict(hba, received(c, token)))
          const gateway = yield* Effect.promise(() => gatewayVerdict(hba, received(c, token)))
          const full = yield* Effect.promise(() => boundAuthVerdict(hba, received(c, token)))
          const ownSig2 = yield* verifies(pair.publicKey, `|${timestamp}|${c.given}|${c.method}`, sig2)
          assert.deepStrictEqual(
            [service, gateway, full, ownSig2],
            ["signature verified", "bad signature (path signature)", "bad signature (path signature)", true],
            `${c.method} ${c.given}`
          )
          figures.cases++
          if (service === "signature verified") figures.theirsServiceVerified++
          if (gateway === "path signature verified") figures.theirsGatewayVerified++
          if (ownSig2) figures.theirsSig2OverOwnString++
        }
      }).pipe(Effect.provide(directSignerLayer()))
  )

  it.effect(
    "our tokens: sig1 verifies over the string roblox-bat signs, the body hash is its; our sig2 does not verify over its sig2 string",
    () =>
      Effect.gen(function* () {
        const { client, ours, pair } = yield* kit
        for (const c of sentForm) {
          const token = yield* ours(c)
          const [, bodyHash, timestamp, sig1, sig2] = token.split("|") as [string, string, string, string, string]
          const [theirHash, theirTimestamp, theirSig1String, theirSig2String] = yield* Effect.promise(() =>
            client.generateUnsignedBAT(c.sent, c.method, c.body)
          )
          assert.strictEqual(theirTimestamp, timestamp, c.given)
          const overTheirSig1 = yield* verifies(pair.publicKey, theirSig1String, sig1)
          const overTheirSig2 = yield* verifies(pair.publicKey, theirSig2String, sig2)
          const overSitePath = yield* verifies(
            pair.publicKey,
            `|${timestamp}|${new URL(c.sent).pathname}|${c.method}`,
            sig2
          )
          assert.deepStrictEqual(
            [bodyHash === theirHash, overTheirSig1, overTheirSig2, overSitePath],
            [true, true, false, true],
            `${c.method} ${c.given}`
          )
          if (bodyHash === theirHash) figures.sameBodyHash++
          if (overTheirSig1) figures.oursSig1OverTheirString++
          if (overTheirSig2) figures.oursSig2OverTheirString++
        }
      }).pipe(Effect.provide(directSignerLayer()))
  )

  it.effect(
    "a URL not in the form fetch sends: roblox-bat signs it as given (sig1 fails against what the server receives); ours holds",
    () =>
      Effect.gen(function* () {
        const { client, hba, ours, received } = yield* kit
        for (const c of rawForm) {
          const theirs = (yield* Effect.promise(() => client.generateBAT(c.given, c.method, c.body)))!
          const mine = yield* ours(c)
          assert.strictEqual(
            yield* Effect.promise(() => serviceVerdict(hba, received(c, theirs))),
            "bad signature",
            c.given
          )
          assert.strictEqual(
            yield* Effect.promise(() => boundAuthVerdict(hba, received(c, mine))),
            "signature verified",
            c.given
          )
        }
      }).pipe(Effect.provide(directSignerLayer()))
  )

  it("figures", () => {
    console.log(
      `roblox-bat 0.6.3 interop, ${figures.cases} requests in the form fetch sends them: its tokens' body hash and sig1 ` +
        `verified by the emulator ${figures.theirsServiceVerified}/${figures.cases}, its sig2 verified as the site forms ` +
        `sig2 ${figures.theirsGatewayVerified}/${figures.cases} (over its own full-URL string ${figures.theirsSig2OverOwnString}/` +
        `${figures.cases}); our tokens: body hash equal to its ${figures.sameBodyHash}/${figures.cases}, sig1 verified over ` +
        `its sig1 string ${figures.oursSig1OverTheirString}/${figures.cases}, sig2 over its sig2 string ` +
        `${figures.oursSig2OverTheirString}/${figures.cases}; ${rawForm.length} URLs not in fetch's form: its sig1 refused, ours verified`
    )
    assert.deepStrictEqual(figures, {
      cases: sentForm.length,
      theirsServiceVerified: sentForm.length,
      theirsGatewayVerified: 0,
      theirsSig2OverOwnString: sentForm.length,
      oursSig1OverTheirString: sentForm.length,
      sameBodyHash: sentForm.length,
      oursSig2OverTheirString: 0
    })
  })
})
