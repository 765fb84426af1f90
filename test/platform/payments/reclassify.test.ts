import { assert, describe, it } from "@effect/vitest"
import type { AppType } from "../../../src/core/config/PlatformConfig.ts"
import { type TriggeringContext, triggeringContexts } from "../../../src/platform/payments/enums.ts"
import { isPaymentWebview, reclassifyContext, webviewAppTypes } from "../../../src/platform/payments/reclassify.ts"

const appTypes: ReadonlyArray<AppType> = ["None", "iOS", "Android", "Amazon", "UWP", "Xbox"]

describe("platform reclassification", () => {
  it("native webviews are Amazon, UWP, iOS and Android (not Xbox, not a browser)", () => {
    assert.deepStrictEqual(webviewAppTypes, ["Amazon", "UWP", "iOS", "Android"])
    assert.deepStrictEqual(appTypes.map(isPaymentWebview), [false, true, true, true, true, false])
  })

  it("maps every context on every app type", () => {
    const expected = (context: TriggeringContext, webview: boolean): TriggeringContext => {
      if (context === "WebRobuxPurchase" || context === "WebViewRobuxPurchase") {
        return webview ? "WebViewRobuxPurchase" : "WebRobuxPurchase"
      }
      if (context === "WebPremiumPurchase" || context === "WebViewPremiumPurchase") {
        return webview ? "WebViewPremiumPurchase" : "WebPremiumPurchase"
      }
      return context
    }
    let checked = 0
    for (const appType of appTypes) {
      for (const context of triggeringContexts) {
        assert.strictEqual(
          reclassifyContext(context, appType),
          expected(context, isPaymentWebview(appType)),
          `${context} on ${appType}`
        )
        checked++
      }
    }
    assert.strictEqual(checked, 96)
  })

  it("spelled out: the four mapped contexts", () => {
    assert.strictEqual(reclassifyContext("WebRobuxPurchase", "iOS"), "WebViewRobuxPurchase")
    assert.strictEqual(reclassifyContext("WebPremiumPurchase", "Android"), "WebViewPremiumPurchase")
    assert.strictEqual(reclassifyContext("WebViewRobuxPurchase", "None"), "WebRobuxPurchase")
    assert.strictEqual(reclassifyContext("WebViewPremiumPurchase", "Xbox"), "WebPremiumPurchase")
    assert.strictEqual(reclassifyContext("WebCatalogRobuxUpsell", "UWP"), "WebCatalogRobuxUpsell")
    assert.strictEqual(reclassifyContext("WebGiftCardPurchase", "Amazon"), "WebGiftCardPurchase")
  })
})
