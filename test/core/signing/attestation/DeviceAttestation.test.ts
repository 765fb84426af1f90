import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { TestClock } from "effect/testing"
import { createPublicKey, verify } from "node:crypto"
import { Crypto } from "../../../../src/core/browser/Crypto.ts"
import { PlatformHttp } from "../../../../src/core/http/PlatformHttp.ts"
import { KeyStore } from "../../../../src/core/signing/keys/KeyStore.ts"
import { DeviceAttestation } from "../../../../src/core/signing/attestation/DeviceAttestation.ts"
import { MemoryKeyDatabase } from "../../../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryLogger } from "../../../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, StubFetch, type StubHandler } from "../../../../src/testing/StubFetch.ts"
import { platformHttpLayer, type Recorded, recording } from "../../http/harness.ts"
import { location, signingConfig } from "../harness.ts"

const nonceUrl = "https://apis.example.com/hba-service/v1/getServerNonce"

const layer = (
  handler: StubHandler,
  overrides: Parameters<typeof signingConfig>[0] = {},
  recorded: Recorded = recording()
) => {
  const config = signingConfig({ user: { id: undefined, authenticated: false }, ...overrides })
  return DeviceAttestation.layer.pipe(
    Layer.provideMerge(KeyStore.layer),
    Layer.provideMerge(Layer.mergeAll(MemoryKeyDatabase.layer(), Crypto.browser, MemoryLogger.layer())),
    Layer.provideMerge(PlatformHttp.layerNoDeps.pipe(Layer.provideMerge(platformHttpLayer(handler, config, recorded))))
  )
}

const verifySai = (payload: {
  clientPublicKey: string
  clientEpochTimestamp: number
  serverNonce: string
  saiSignature: string
}) =>
  verify(
    "sha256",
    Buffer.from(`${payload.clientPublicKey}|${payload.clientEpochTimestamp}|${payload.serverNonce}`, "utf8"),
    {
      key: createPublicKey({ key: Buffer.from(payload.clientPublicKey, "base64"), format: "der", type: "spki" }),
      dsaEncoding: "ieee-p1363"
    },
    Buffer.from(payload.saiSignature, "base64")
  )

describe("DeviceAttestation", () => {
  it.effect(
    "fetches the nonce with credentials and signs {clientPublicKey}|{seconds}|{nonce} with the site's key",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(1_750_000_000_999)
        const payload = Option.getOrThrow(yield* (yield* DeviceAttestation).payload)
        assert.strictEqual(payload.serverNonce, "n0nce-42")
        assert.strictEqual(payload.clientEpochTimestamp, 1_750_000_000)
        assert.isTrue(verifySai(payload))
        // the public key is the signer's key
        const pair = yield* (yield* KeyStore).keyPair(location)
        const spki = yield* (yield* Crypto).exportSpki(pair.publicKey)
        assert.strictEqual(payload.clientPublicKey, Buffer.from(spki).toString("base64"))
        const requests = (yield* StubFetch).requests
        assert.deepStrictEqual(
          requests.map((r) => [r.method, r.url, r.credentials]),
          [["GET", nonceUrl, "include"]]
        )
      }).pipe(Effect.provide(layer(() => jsonResponse("n0nce-42"))))
  )

  it.effect("a flipped nonce, timestamp or key fails verification", () =>
    Effect.gen(function* () {
      const payload = Option.getOrThrow(yield* (yield* DeviceAttestation).payload)
      assert.isFalse(verifySai({ ...payload, serverNonce: "n0nce-43" }))
      assert.isFalse(verifySai({ ...payload, clientEpochTimestamp: payload.clientEpochTimestamp + 1 }))
    }).pipe(Effect.provide(layer(() => jsonResponse("n0nce-42"))))
  )

  it.effect("native-app sessions skip attestation: no request, nothing returned", () =>
    Effect.gen(function* () {
      assert.isTrue(Option.isNone(yield* (yield* DeviceAttestation).payload))
      assert.deepStrictEqual((yield* StubFetch).requests, [])
      assert.strictEqual(yield* (yield* MemoryKeyDatabase).reads, 0)
    }).pipe(Effect.provide(layer(() => jsonResponse("n"), { device: { appType: "iOS" } })))
  )

  for (const [name, handler] of [
    ["a 404", () => jsonResponse({ errors: [{ code: 0, message: "NotFound" }] }, { status: 404 })],
    ["an empty nonce", () => jsonResponse("")],
    ["an object", () => jsonResponse({ nonce: "x" })],
    ["a network failure", () => Promise.reject(new TypeError("Failed to fetch"))]
  ] as const) {
    it.effect(`no nonce (${name}): NonceUnavailable is logged, nothing returned, no key touched`, () => {
      const recorded = recording()
      return Effect.gen(function* () {
        const attestation = yield* DeviceAttestation
        assert.isTrue(Option.isNone(yield* attestation.payload))
        const warnings = (yield* (yield* MemoryLogger).entries).filter((l) => l.level === "Warn").map((l) => l.text)
        assert.deepStrictEqual(warnings, ["Device attestation: NonceUnavailable; no payload"])
        assert.strictEqual((yield* Effect.flip(attestation.attempt)).reason, "NonceUnavailable")
        assert.strictEqual(yield* (yield* MemoryKeyDatabase).reads, 0)
        assert.deepStrictEqual(
          recorded.errors.filter((e) => (e.error as { _tag?: string })._tag === "AttestationError"),
          []
        )
      }).pipe(Effect.provide(layer(handler, {}, recorded)))
    })
  }

  it.effect("other failures are reported to the error reporter and return nothing", () => {
    const recorded = recording()
    return Effect.gen(function* () {
      yield* (yield* MemoryKeyDatabase).failing(["get"])
      assert.isTrue(Option.isNone(yield* (yield* DeviceAttestation).payload))
      assert.deepStrictEqual(
        recorded.errors.map((e) => [
          (e.error as { _tag: string })._tag,
          (e.error as { reason: string }).reason,
          e.context
        ]),
        [["AttestationError", "KeyUnavailable", { operation: "deviceAttestation" }]]
      )
    }).pipe(Effect.provide(layer(() => jsonResponse("n"), {}, recorded)))
  })

  it.effect("no key database names: KeyUnavailable, reported", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip((yield* DeviceAttestation).attempt)
      assert.strictEqual(error.reason, "KeyUnavailable")
    }).pipe(Effect.provide(layer(() => jsonResponse("n"), { boundAuthToken: { databaseName: undefined } })))
  )
})
