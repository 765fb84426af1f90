/**
 * The features that depend on the device facts, over every app type the real site renders: device attestation
 * (skipped in a native app and where the page turns it off) and payment reclassification.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { Crypto } from "../../../src/core/browser/Crypto.ts"
import type { AppType, DeviceInfo, PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { KeyStore } from "../../../src/core/signing/keys/KeyStore.ts"
import { DeviceAttestation } from "../../../src/core/signing/attestation/DeviceAttestation.ts"
import { isPaymentWebview, reclassifyContext } from "../../../src/platform/payments/reclassify.ts"
import { MemoryKeyDatabase } from "../../../src/testing/memory/MemoryKeyDatabase.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { platformHttpLayer, recording } from "../http/harness.ts"
import { signingConfig } from "../signing/harness.ts"

/** Attempt attestation with `config` over a server that answers a nonce; the attempt and the requests made. */
const attest = (overrides: PlatformConfigInput) =>
  Effect.gen(function* () {
    const payload = yield* (yield* DeviceAttestation).payload
    return { attested: Option.isSome(payload), requests: (yield* StubFetch).requests.length }
  }).pipe(
    Effect.provide(
      DeviceAttestation.layer.pipe(
        Layer.provideMerge(KeyStore.layer),
        Layer.provideMerge(Layer.mergeAll(MemoryKeyDatabase.layer(), Crypto.browser, MemoryLogger.layer())),
        Layer.provideMerge(
          PlatformHttp.layerNoDeps.pipe(
            Layer.provideMerge(platformHttpLayer(() => jsonResponse("n0nce"), signingConfig(overrides), recording()))
          )
        )
      )
    )
  )

describe("device attestation and the device facts", () => {
  const cases: ReadonlyArray<[string, DeviceInfo, boolean]> = [
    [
      "a browser as the site renders it (unknown, not in app)",
      { deviceType: "Computer", appType: "Unknown", flags: { isInApp: false } },
      true
    ],
    ["the Android app (in app)", { deviceType: "Phone", appType: "Android", flags: { isInApp: true } }, false],
    ["the win32 app (in app)", { deviceType: "Computer", appType: "Win32", flags: { isInApp: true } }, false],
    [
      "the universal app with no in-app fact (its app type decides)",
      { deviceType: "Tablet", appType: "UniversalApp" },
      false
    ],
    [
      "an unknown app type the server says is in app",
      { deviceType: "Phone", appType: "Unknown", flags: { isInApp: true } },
      false
    ],
    [
      "an app type the server says is not in app",
      { deviceType: "Phone", appType: "Android", flags: { isInApp: false } },
      true
    ],
    ["the library's own None", { deviceType: "Computer", appType: "None" }, true]
  ]
  for (const [what, device, attested] of cases) {
    it.effect(`${what}: ${attested ? "attests" : "skips attestation, no request"}`, () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* attest({ device }), { attested, requests: attested ? 1 : 0 })
      })
    )
  }

  it.effect(
    "a page that turns attestation off (the site's secure-authentication-intent flag) skips it, no request",
    () =>
      Effect.gen(function* () {
        assert.deepStrictEqual(yield* attest({ boundAuthToken: { attestationEnabled: false } }), {
          attested: false,
          requests: 0
        })
        assert.deepStrictEqual(yield* attest({ boundAuthToken: { attestationEnabled: true } }), {
          attested: true,
          requests: 1
        })
      })
  )
})

describe("payment reclassification over the real app types", () => {
  const webview: ReadonlyArray<[AppType, boolean]> = [
    ["Android", true],
    ["iOS", true],
    ["Amazon", true],
    ["UWP", true],
    ["Xbox", false],
    ["Win32", false],
    ["UniversalApp", false],
    ["Unknown", false],
    ["None", false]
  ]
  for (const [appType, isWebview] of webview) {
    it(`${appType}: ${isWebview ? "the webview" : "the web"} variants`, () => {
      assert.strictEqual(isPaymentWebview(appType), isWebview)
      assert.strictEqual(
        reclassifyContext("WebRobuxPurchase", appType),
        isWebview ? "WebViewRobuxPurchase" : "WebRobuxPurchase"
      )
      assert.strictEqual(
        reclassifyContext("WebViewPremiumPurchase", appType),
        isWebview ? "WebViewPremiumPurchase" : "WebPremiumPurchase"
      )
    })
  }
})
