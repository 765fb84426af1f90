import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { TestClock } from "effect/testing"
import {
  paymentItemTypes,
  paymentStatuses,
  type TriggeringContext,
  triggeringContexts
} from "../../../src/platform/payments/enums.ts"
import { PaymentFlow } from "../../../src/platform/payments/PaymentFlow.ts"
import { paymentFlowErrorNames } from "../../../src/platform/payments/PaymentFlowError.ts"
import { paymentPayloadKeys } from "../../../src/platform/payments/payload.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { MemoryPageLifecycle } from "../../../src/testing/memory/MemoryPageLifecycle.ts"
import { env, errorLines, events, flowCookies, uuid, uuidPattern } from "./harness.ts"

const started = (context: TriggeringContext, extra: Record<string, string> = {}) => ({
  name: "userPurchaseFlow",
  properties: {
    purchase_flow_uuid: uuid,
    triggering_context: context,
    view_name: "",
    purchase_event_type: "",
    view_message: "",
    status: "PaymentFlowStarted",
    refurl: "https://www.example.com/catalog/1234",
    prev_view_path: "",
    current_view_path: "/upgrades/robux",
    event_metadata: `{"item_type":"","item_id":""}`,
    ...extra
  }
})

const withFlow = `https://www.example.com/upgrades/robux?analyticId=${uuid}`

describe("PaymentFlow: starting", () => {
  it.effect(
    "takes the uuid from analyticId, stores it with its context on the parent domain for 600 s, sends PaymentFlowStarted",
    () =>
      Effect.gen(function* () {
        const flow = yield* PaymentFlow
        const result = yield* flow.start("WebRobuxPurchase")
        assert.deepStrictEqual(result, Option.some({ uuid, context: "WebRobuxPurchase", viewPath: "" }))
        const [cookie] = yield* flowCookies
        assert.strictEqual(cookie?.domain, "example.com")
        assert.strictEqual(cookie?.path, "/")
        assert.strictEqual(cookie?.expiresAt, 600_000)
        assert.strictEqual(
          cookie?.value,
          `{"uuid":"${uuid}","context":"WebRobuxPurchase","viewPath":"/upgrades/robux"}`
        )
        assert.deepStrictEqual(yield* events, [started("WebRobuxPurchase")])
        assert.deepStrictEqual(yield* errorLines, [])
      }).pipe(Effect.provide(env({ url: withFlow })))
  )

  it.effect("generates a version 4 uuid without analyticId and keeps it for the flow's events", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      const result = yield* flow.start("WebPremiumPurchase", {
        viewName: "Premium Purchase",
        item: { type: "Bundle", id: 9 }
      })
      assert.isTrue(Option.isSome(result))
      const id = Option.getOrThrow(result).uuid
      assert.match(id, uuidPattern)
      yield* flow.sendEvent({ viewName: "Premium Purchase", eventType: "UserInput", viewMessage: "Subscribe" })
      const sent = yield* events
      assert.deepStrictEqual(
        sent.map((e) => e.properties.purchase_flow_uuid),
        [id, id]
      )
      assert.strictEqual(sent[0]?.properties.event_metadata, `{"item_type":"Bundle","item_id":"9"}`)
      assert.strictEqual(sent[0]?.properties.view_name, "Premium Purchase")
    }).pipe(Effect.provide(env()))
  )

  it.effect("an analyticId that is not a UUID is logged as StartFlowError and replaced", () =>
    Effect.gen(function* () {
      const result = yield* (yield* PaymentFlow).start("WebRobuxPurchase")
      assert.match(Option.getOrThrow(result).uuid, uuidPattern)
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] StartFlowError: analyticId is not a UUID; a new flow id was generated"
      ])
    }).pipe(Effect.provide(env({ url: "https://www.example.com/upgrades/robux?analyticId=nope" })))
  )

  it.effect("an upper-case analyticId is stored in lower case", () =>
    Effect.gen(function* () {
      const result = yield* (yield* PaymentFlow).start("WebRobuxPurchase")
      assert.strictEqual(Option.getOrThrow(result).uuid, uuid)
    }).pipe(Effect.provide(env({ url: `https://www.example.com/x?analyticId=${uuid.toUpperCase()}` })))
  )

  it.effect("native webviews record the webview variants of Robux and Premium purchases", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      assert.strictEqual(Option.getOrThrow(yield* flow.start("WebRobuxPurchase")).context, "WebViewRobuxPurchase")
      assert.deepStrictEqual(
        (yield* events).map((e) => e.properties.triggering_context),
        ["WebViewRobuxPurchase"]
      )
    }).pipe(Effect.provide(env({ url: withFlow, appType: "iOS" })))
  )

  it.effect("every triggering context can start a flow (reclassified on a webview)", () =>
    Effect.gen(function* () {
      for (const appType of ["None", "Android"] as const) {
        const contexts = yield* Effect.gen(function* () {
          const flow = yield* PaymentFlow
          const out: Array<string> = []
          for (const context of triggeringContexts) out.push(Option.getOrThrow(yield* flow.start(context)).context)
          return out
        }).pipe(Effect.provide(env({ url: withFlow, appType })))
        assert.strictEqual(contexts.length, 16)
        assert.deepStrictEqual(
          contexts,
          triggeringContexts.map((c) =>
            appType === "None"
              ? c === "WebViewRobuxPurchase"
                ? "WebRobuxPurchase"
                : c === "WebViewPremiumPurchase"
                  ? "WebPremiumPurchase"
                  : c
              : c === "WebRobuxPurchase"
                ? "WebViewRobuxPurchase"
                : c === "WebPremiumPurchase"
                  ? "WebViewPremiumPurchase"
                  : c
          )
        )
      }
    })
  )

  it.effect("starting over an active flow sends ExistingFlowOverwrittenBy for the old one first", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.start("WebCatalogRobuxUpsell")
      yield* flow.start("WebGamePassRobuxUpsell")
      const sent = yield* events
      assert.deepStrictEqual(
        sent.map((e) => [e.properties.status, e.properties.triggering_context, e.properties.view_message]),
        [
          ["PaymentFlowStarted", "WebCatalogRobuxUpsell", ""],
          ["ExistingFlowOverwrittenBy", "WebCatalogRobuxUpsell", "WebGamePassRobuxUpsell"],
          ["PaymentFlowStarted", "WebGamePassRobuxUpsell", ""]
        ]
      )
      assert.strictEqual(sent[1]?.properties.purchase_flow_uuid, uuid)
      assert.strictEqual(Option.getOrThrow(yield* flow.current).context, "WebGamePassRobuxUpsell")
    }).pipe(Effect.provide(env({ url: withFlow })))
  )

  it.effect(
    "starting the active flow again (same uuid and context, e.g. a reload) sends nothing and restarts its cookie",
    () =>
      Effect.gen(function* () {
        const flow = yield* PaymentFlow
        yield* flow.start("WebRobuxPurchase")
        yield* TestClock.adjust("500 seconds")
        yield* flow.start("WebRobuxPurchase")
        assert.strictEqual((yield* events).length, 1)
        assert.strictEqual((yield* flowCookies)[0]?.expiresAt, 1_100_000)
      }).pipe(Effect.provide(env({ url: withFlow })))
  )
})

describe("PaymentFlow: events", () => {
  it.effect(
    "sends ViewShown and UserInput with the payload of PAY-7; refurl cut to 200 characters; view paths chain",
    () =>
      Effect.gen(function* () {
        const flow = yield* PaymentFlow
        yield* flow.start("WebCatalogRobuxUpsell")
        yield* flow.sendEvent({ viewName: "Robux Upsell", eventType: "ViewShown", item: { type: "Game Pass", id: 77 } })
        yield* flow.sendEvent({ viewName: "Robux Upsell", eventType: "UserInput", viewMessage: "Buy Robux" })
        const sent = yield* events
        assert.strictEqual(sent.length, 3)
        assert.deepStrictEqual(Object.keys(sent[1]!.properties), [...paymentPayloadKeys])
        assert.deepStrictEqual(sent[1], {
          name: "userPurchaseFlow",
          properties: {
            purchase_flow_uuid: uuid,
            triggering_context: "WebCatalogRobuxUpsell",
            view_name: "Robux Upsell",
            purchase_event_type: "ViewShown",
            view_message: "",
            status: "",
            refurl: "https://www.example.com/" + "r".repeat(176),
            prev_view_path: "/upgrades/robux",
            current_view_path: "/upgrades/robux",
            event_metadata: `{"item_type":"Game Pass","item_id":"77"}`
          }
        })
        assert.strictEqual(String(sent[1]?.properties.refurl).length, 200)
        assert.strictEqual(sent[2]!.properties.purchase_event_type, "UserInput")
        assert.strictEqual(sent[2]!.properties.view_message, "Buy Robux")
      }).pipe(Effect.provide(env({ url: withFlow, referrer: "https://www.example.com/" + "r".repeat(300) })))
  )

  it.effect(
    "refurl is the referrer redacted (docs/security.md): no user info, no value off the allow-list, no fragment; the path is kept",
    () =>
      Effect.gen(function* () {
        const flow = yield* PaymentFlow
        yield* flow.start("WebRobuxPurchase")
        const sent = yield* events
        assert.strictEqual(
          sent[0]!.properties.refurl,
          "https://www.example.com/login/callback?token=[redacted]&x=[redacted]&placeId=1920#[redacted]"
        )
        const lines = (yield* (yield* MemoryLogger).entries).map((line) => line.text).join("\n")
        for (const text of [JSON.stringify(sent), lines]) {
          assert.notInclude(text, "SECRET")
          assert.notInclude(text, "user:pw")
          assert.notInclude(text, "frag")
        }
      }).pipe(
        Effect.provide(
          env({
            url: withFlow,
            referrer: "https://user:pw@www.example.com/login/callback?token=SECRET&x=1&placeId=1920#frag"
          })
        )
      )
  )

  it.effect("every event type, status and item type (PAY-3 to PAY-5) is sent as given", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.start("WebRobuxPurchase")
      for (const eventType of ["ViewShown", "UserInput"] as const) yield* flow.sendEvent({ eventType })
      for (const type of paymentItemTypes)
        yield* flow.sendEvent({ viewName: "Checkout", item: { type, id: `id-${type}` } })
      const statuses = paymentStatuses.filter((s) => s !== "PaymentFlowEnded")
      for (const status of statuses) yield* flow.sendStatus(status, { viewName: "Checkout" })
      const sent = (yield* events).slice(1)
      assert.deepStrictEqual(
        sent.slice(0, 2).map((e) => e.properties.purchase_event_type),
        ["ViewShown", "UserInput"]
      )
      assert.deepStrictEqual(
        sent.slice(2, 8).map((e) => e.properties.event_metadata),
        paymentItemTypes.map((type) => JSON.stringify({ item_type: type, item_id: `id-${type}` }))
      )
      assert.deepStrictEqual(paymentItemTypes, ["Game Pass", "Private Server", "Bundle", "Package", "Place", "Product"])
      assert.deepStrictEqual(
        sent.slice(8).map((e) => e.properties.status),
        statuses
      )
      assert.strictEqual(statuses.length, 12)
      assert.deepStrictEqual(yield* errorLines, [])
    }).pipe(Effect.provide(env({ url: withFlow })))
  )

  it.effect("Checkout Success ends the flow: the event, then the cookie cleared and PaymentFlowEnded", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.start("WebRobuxPurchase")
      yield* flow.sendEvent({ viewName: "Checkout Success", eventType: "ViewShown" })
      assert.deepStrictEqual(yield* flowCookies, [])
      assert.deepStrictEqual(
        (yield* events).map((e) => [e.properties.view_name, e.properties.purchase_event_type, e.properties.status]),
        [
          ["", "", "PaymentFlowStarted"],
          ["Checkout Success", "ViewShown", ""],
          ["Checkout Success", "", "PaymentFlowEnded"]
        ]
      )
      assert.deepStrictEqual(yield* flow.current, Option.none())
      yield* flow.sendEvent({ viewName: "Robux Purchase", eventType: "ViewShown" })
      assert.strictEqual((yield* events).length, 3)
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] SendEventWithoutUuidOrContext: no payment flow is active"
      ])
    }).pipe(Effect.provide(env({ url: withFlow })))
  )

  it.effect(
    "a Success status on the Checkout Success view ends it too; end() and PaymentFlowEnded end it explicitly",
    () =>
      Effect.gen(function* () {
        const flow = yield* PaymentFlow
        yield* flow.start("WebRobuxPurchase")
        yield* flow.sendStatus("Success", { viewName: "Checkout Success" })
        assert.deepStrictEqual(
          (yield* events).map((e) => e.properties.status),
          ["PaymentFlowStarted", "Success", "PaymentFlowEnded"]
        )
        yield* flow.start("WebGiftCardPurchase")
        yield* flow.end({ viewMessage: "closed" })
        yield* flow.start("WebPremiumPurchase")
        yield* flow.sendStatus("PaymentFlowEnded")
        assert.deepStrictEqual(
          (yield* events)
            .slice(3)
            .map((e) => [e.properties.triggering_context, e.properties.status, e.properties.view_message]),
          [
            ["WebGiftCardPurchase", "PaymentFlowStarted", ""],
            ["WebGiftCardPurchase", "PaymentFlowEnded", "closed"],
            ["WebPremiumPurchase", "PaymentFlowStarted", ""],
            ["WebPremiumPurchase", "PaymentFlowEnded", ""]
          ]
        )
        assert.deepStrictEqual(yield* flowCookies, [])
      }).pipe(Effect.provide(env({ url: withFlow })))
  )

  it.effect("resume gives the flow to a mid-purchase page when its context is expected", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.start("WebCatalogRobuxUpsell")
      assert.strictEqual(Option.getOrThrow(yield* flow.resume()).uuid, uuid)
      assert.strictEqual(
        Option.getOrThrow(yield* flow.resume(["WebRobuxPurchase", "WebCatalogRobuxUpsell"])).uuid,
        uuid
      )
      assert.deepStrictEqual(yield* errorLines, [])
    }).pipe(Effect.provide(env({ url: withFlow })))
  )
})

describe("PaymentFlow: cookie lifetime (TestClock)", () => {
  it.effect("the flow lives 600 s after its last event", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.start("WebRobuxPurchase")
      yield* TestClock.adjust("599 seconds")
      assert.isTrue(Option.isSome(yield* flow.current))
      yield* TestClock.adjust("1 second")
      assert.deepStrictEqual(yield* flow.current, Option.none())
      yield* flow.sendStatus("Continue")
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] StatusEventWithoutContext: no payment flow is active for status Continue"
      ])
    }).pipe(Effect.provide(env({ url: withFlow })))
  )

  it.effect("every event restarts the 600 s", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.start("WebRobuxPurchase")
      yield* TestClock.adjust("300 seconds")
      yield* flow.sendEvent({ viewName: "Robux Purchase", eventType: "ViewShown" })
      yield* TestClock.adjust("599 seconds")
      assert.isTrue(Option.isSome(yield* flow.current))
      assert.strictEqual((yield* flowCookies)[0]?.expiresAt, 900_000)
      yield* TestClock.adjust("1 second")
      assert.deepStrictEqual(yield* flow.current, Option.none())
    }).pipe(Effect.provide(env({ url: withFlow })))
  )
})

describe("PaymentFlow: page changes", () => {
  for (const navigationType of ["reload", "back_forward"] as const) {
    it.effect(`a ${navigationType} with an active flow sends BrowserPageChanged`, () =>
      Effect.gen(function* () {
        const flow = yield* PaymentFlow
        yield* flow.trackPageChanges
        const sent = yield* events
        assert.deepStrictEqual(
          sent.map((e) => [e.properties.status, e.properties.view_message, e.properties.purchase_flow_uuid]),
          [["BrowserPageChanged", navigationType, uuid]]
        )
      }).pipe(
        Effect.provide(
          env({
            navigationType,
            cookies: {
              paymentFlowContext: `{"uuid":"${uuid}","context":"WebRobuxPurchase","viewPath":"/upgrades/robux"}`
            }
          })
        )
      )
    )
  }

  it.effect(
    "a restore from the back/forward cache sends BrowserPageChanged while tracking; a plain navigation sends nothing",
    () =>
      Effect.gen(function* () {
        const flow = yield* PaymentFlow
        const lifecycle = yield* MemoryPageLifecycle
        yield* flow.start("WebRobuxPurchase")
        yield* Effect.scoped(
          Effect.gen(function* () {
            yield* flow.trackPageChanges
            yield* Effect.yieldNow
            assert.strictEqual(yield* lifecycle.subscribers, 1)
            yield* lifecycle.restoreFromCache
            yield* lifecycle.restoreFromCache
            yield* Effect.yieldNow
          })
        )
        assert.strictEqual(yield* lifecycle.subscribers, 0)
        yield* lifecycle.restoreFromCache
        assert.deepStrictEqual(
          (yield* events).map((e) => [e.properties.status, e.properties.view_message]),
          [
            ["PaymentFlowStarted", ""],
            ["BrowserPageChanged", "bfcache_restore"],
            ["BrowserPageChanged", "bfcache_restore"]
          ]
        )
      }).pipe(Effect.provide(env({ url: withFlow })))
  )

  it.effect("without a flow, page changes send and log nothing", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.trackPageChanges
      yield* Effect.yieldNow
      yield* (yield* MemoryPageLifecycle).restoreFromCache
      yield* Effect.yieldNow
      assert.deepStrictEqual(yield* events, [])
      assert.deepStrictEqual(yield* errorLines, [])
    }).pipe(Effect.provide(env({ navigationType: "reload" })))
  )
})

describe("PaymentFlow: the error names of PAY-15, logged and never thrown", () => {
  it("names every error of PAY-15", () => {
    assert.deepStrictEqual(paymentFlowErrorNames, [
      "WrongUsageOfMethod",
      "WrongDataInCookie",
      "StatusEventWithoutContext",
      "MidPurchaseStepWithoutValidContext",
      "SendEventWithoutUuidOrContext",
      "LoadPreExistingContextError",
      "SendStatusEventError",
      "SendUserEventError",
      "StartFlowError",
      "EventsRegisterError",
      "PerformanceNavigationTypeError"
    ])
  })

  it.effect("WrongUsageOfMethod: an empty event, an unknown context, status or event type", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.start("WebRobuxPurchase")
      yield* flow.sendEvent({})
      yield* flow.sendEvent({ viewName: "", viewMessage: "" })
      yield* flow.start("WebSomethingElse" as never)
      yield* flow.sendStatus("Finished" as never)
      yield* flow.sendEvent({ eventType: "Clicked" as never })
      yield* flow.sendEvent({ viewName: "Checkout", item: { type: "Car" as never, id: 1 } })
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] WrongUsageOfMethod: a payment event needs a view name, an event type or a message",
        "[PaymentFlow] WrongUsageOfMethod: a payment event needs a view name, an event type or a message",
        "[PaymentFlow] WrongUsageOfMethod: start needs a triggering context of the spec and valid options",
        "[PaymentFlow] WrongUsageOfMethod: sendStatus needs a payment status of the spec and valid parts",
        "[PaymentFlow] WrongUsageOfMethod: sendEvent got a value that is not a payment event",
        "[PaymentFlow] WrongUsageOfMethod: sendEvent got a value that is not a payment event"
      ])
      assert.strictEqual((yield* events).length, 1)
    }).pipe(Effect.provide(env({ url: withFlow })))
  )

  it.effect("WrongDataInCookie: a cookie that is not a flow is logged and removed", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.sendEvent({ viewName: "Robux Purchase" })
      assert.deepStrictEqual(yield* flowCookies, [])
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] WrongDataInCookie: the flow cookie does not hold a valid flow; it was removed",
        "[PaymentFlow] SendEventWithoutUuidOrContext: no payment flow is active"
      ])
    }).pipe(
      Effect.provide(env({ cookies: { paymentFlowContext: `{"uuid":"not-a-uuid","context":"WebRobuxPurchase"}` } }))
    )
  )

  it.effect("StatusEventWithoutContext, SendEventWithoutUuidOrContext, MidPurchaseStepWithoutValidContext", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.sendStatus("Captcha")
      yield* flow.end()
      yield* flow.sendEvent({ eventType: "ViewShown" })
      assert.deepStrictEqual(yield* flow.resume(), Option.none())
      yield* flow.start("WebRobuxPurchase")
      assert.deepStrictEqual(yield* flow.resume(["WebPremiumPurchase"]), Option.none())
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] StatusEventWithoutContext: no payment flow is active for status Captcha",
        "[PaymentFlow] StatusEventWithoutContext: no payment flow is active to end",
        "[PaymentFlow] SendEventWithoutUuidOrContext: no payment flow is active",
        "[PaymentFlow] MidPurchaseStepWithoutValidContext: no payment flow is active",
        "[PaymentFlow] MidPurchaseStepWithoutValidContext: the active flow's context WebRobuxPurchase is not one of WebPremiumPurchase"
      ])
    }).pipe(Effect.provide(env({ url: withFlow })))
  )

  it.effect("LoadPreExistingContextError: start overwrites a corrupt flow cookie", () =>
    Effect.gen(function* () {
      const result = yield* (yield* PaymentFlow).start("WebRobuxPurchase")
      assert.strictEqual(Option.getOrThrow(result).uuid, uuid)
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] LoadPreExistingContextError: the flow cookie does not hold a valid flow; it was removed"
      ])
      assert.deepStrictEqual(
        (yield* events).map((e) => e.properties.status),
        ["PaymentFlowStarted"]
      )
    }).pipe(Effect.provide(env({ url: withFlow, cookies: { paymentFlowContext: "%%%garbage" } })))
  )

  it.effect("SendUserEventError and SendStatusEventError: the event tracker failing is logged, the flow goes on", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      assert.isTrue(Option.isSome(yield* flow.start("WebRobuxPurchase")))
      yield* flow.sendEvent({ viewName: "Robux Purchase", eventType: "ViewShown" })
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] SendStatusEventError: the event tracker failed: TypeError",
        "[PaymentFlow] SendUserEventError: the event tracker failed: TypeError"
      ])
      assert.isTrue(Option.isSome(yield* flow.current))
    }).pipe(Effect.provide(env({ url: withFlow, trackerDies: true })))
  )

  it.effect("StartFlowError: a flow cookie that cannot be stored starts nothing", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      assert.deepStrictEqual(yield* flow.start("WebRobuxPurchase"), Option.none())
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] StartFlowError: the flow cookie could not be stored; the flow was not started"
      ])
      assert.deepStrictEqual(yield* events, [])
    }).pipe(Effect.provide(env({ url: withFlow, cookiesDisabled: true })))
  )

  it.effect("EventsRegisterError and PerformanceNavigationTypeError", () =>
    Effect.gen(function* () {
      yield* (yield* PaymentFlow).trackPageChanges
      yield* Effect.yieldNow
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] PerformanceNavigationTypeError: The page's navigation type could not be read",
        "[PaymentFlow] EventsRegisterError: The page lifecycle listener could not be added"
      ])
    }).pipe(Effect.provide(env({ navigationType: "unreadable", failSubscribe: true })))
  )

  it.effect("a defect of a capability is logged under the operation's name, never thrown", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      assert.deepStrictEqual(yield* flow.start("WebRobuxPurchase"), Option.none())
      yield* flow.sendEvent({ viewName: "Checkout" })
      yield* flow.sendStatus("Continue")
      yield* flow.end()
      assert.deepStrictEqual(yield* flow.current, Option.none())
      assert.deepStrictEqual(yield* flow.resume(), Option.none())
      assert.deepStrictEqual(yield* errorLines, [
        "[PaymentFlow] StartFlowError: unexpected failure: RangeError",
        "[PaymentFlow] SendUserEventError: unexpected failure: RangeError",
        "[PaymentFlow] SendStatusEventError: unexpected failure: RangeError",
        "[PaymentFlow] SendStatusEventError: unexpected failure: RangeError",
        "[PaymentFlow] LoadPreExistingContextError: unexpected failure: RangeError",
        "[PaymentFlow] MidPurchaseStepWithoutValidContext: unexpected failure: RangeError"
      ])
    }).pipe(Effect.provide(env({ url: withFlow, cookiesDie: true })))
  )

  it.effect("the error name is a log annotation", () =>
    Effect.gen(function* () {
      const flow = yield* PaymentFlow
      yield* flow.sendEvent({})
      const [entry] = yield* (yield* MemoryLogger).entries
      assert.strictEqual(entry?.annotations.paymentFlowError, "WrongUsageOfMethod")
    }).pipe(Effect.provide(env()))
  )
})
