/**
 * A purchase-flow page: walk through a Robux (or Premium, gift, upsell…) purchase step by step and watch the
 * payment-flow events it emits, the flow cookie, and (in the inspector) the posts reaching the emulator.
 * Reloading the page, or leaving and coming back with the browser's back button, sends BrowserPageChanged.
 */
import { Effect, Option } from "effect"
import {
  PaymentFlow,
  type PaymentFlowContext,
  type PaymentItemType,
  paymentItemTypes,
  type TriggeringContext,
  triggeringContexts
} from "platform-web-client/payments"
import { PerformanceMetrics } from "platform-web-client/perf"
import { useRuntime } from "platform-web-client/react"
import { useCallback, useEffect, useMemo, useState } from "react"

/** One step of the walk-through. */
interface Step {
  readonly label: string
  readonly run: (
    flow: PaymentFlow["Service"],
    item: { readonly type: PaymentItemType; readonly id: number }
  ) => Effect.Effect<unknown>
}

const steps = (context: TriggeringContext): ReadonlyArray<Step> => [
  { label: "Start the flow", run: (flow, item) => flow.start(context, { viewName: "Robux Purchase", item }) },
  {
    label: "Show the purchase view",
    run: (flow, item) => flow.sendEvent({ viewName: "Robux Purchase", eventType: "ViewShown", item })
  },
  {
    label: "Press Buy",
    run: (flow, item) =>
      flow.sendEvent({ viewName: "Robux Purchase", eventType: "UserInput", viewMessage: "Buy", item })
  },
  {
    label: "Payment prepared",
    run: (flow, item) => flow.sendStatus("PassedPreparePaymentRequest", { viewName: "Checkout", item })
  },
  { label: "Captcha shown", run: (flow) => flow.sendStatus("Captcha", { viewName: "Checkout" }) },
  {
    label: "Checkout Success",
    run: (flow, item) => flow.sendEvent({ viewName: "Checkout Success", eventType: "ViewShown", item })
  }
]

/** The purchase-flow walk-through. */
export function PurchaseFlow() {
  const runtime = useRuntime()
  const flow = useMemo(() => runtime.runSync(PaymentFlow), [runtime])
  const metrics = useMemo(() => runtime.runSync(PerformanceMetrics), [runtime])
  const [context, setContext] = useState<TriggeringContext>("WebRobuxPurchase")
  const [itemType, setItemType] = useState<PaymentItemType>("Game Pass")
  const [current, setCurrent] = useState<PaymentFlowContext | undefined>(undefined)
  const item = { type: itemType, id: 1017 }

  const refresh = useCallback(
    () => runtime.runPromise(flow.current).then((found) => setCurrent(Option.getOrUndefined(found))),
    [runtime, flow]
  )
  const run = (effect: Effect.Effect<unknown>) => void runtime.runPromise(effect).then(refresh)

  useEffect(() => {
    // BrowserPageChanged on reload, back/forward and restores from the back/forward cache, while mounted
    const tracking = runtime.runFork(Effect.scoped(Effect.andThen(flow.trackPageChanges, Effect.never)))
    // one measurement per page view: how long the page took to show this panel
    runtime.runFork(
      metrics.record({
        featureName: "PaymentsDemo",
        measureName: "PanelShown",
        value: Math.round(performance.now()),
        metricsType: "Sequence"
      })
    )
    void refresh()
    return () => tracking.interruptUnsafe()
  }, [runtime, flow, metrics, refresh])

  return (
    <section className="panel" data-testid="purchase-flow">
      <div className="panel-head">
        <h2>Purchase flow</h2>
        <span className="count" data-testid="flow-state">
          {current === undefined ? "no active flow" : `${current.context} · ${current.uuid.slice(0, 8)}…`}
        </span>
      </div>
      <p className="muted">
        Each step sends a payment-flow event (<code>userPurchaseFlow</code>). Checkout Success ends the flow: its cookie
        is cleared and <code>PaymentFlowEnded</code> is sent. Add <code>?analyticId=&lt;uuid&gt;</code> to the URL to
        continue a flow id.
      </p>
      <div className="flow-options">
        <label>
          Context{" "}
          <select
            value={context}
            onChange={(e) => setContext(e.target.value as TriggeringContext)}
            data-testid="flow-context"
          >
            {triggeringContexts.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>{" "}
        <label>
          Item{" "}
          <select value={itemType} onChange={(e) => setItemType(e.target.value as PaymentItemType)}>
            {paymentItemTypes.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ol className="flow-steps">
        {steps(context).map((step) => (
          <li key={step.label}>
            <button type="button" onClick={() => run(step.run(flow, item))} data-testid={`step-${step.label}`}>
              {step.label}
            </button>
          </li>
        ))}
      </ol>
      <div className="flow-extra">
        <button
          type="button"
          onClick={() =>
            run(flow.sendStatus("Abandoned", { viewName: "Robux Purchase" }).pipe(Effect.andThen(flow.end())))
          }
        >
          Abandon
        </button>{" "}
        <button type="button" onClick={() => run(flow.sendEvent({}))} title="Logs WrongUsageOfMethod in the console">
          Wrong usage
        </button>{" "}
        <button
          type="button"
          onClick={() =>
            run(metrics.record({ featureName: "PaymentsDemo", measureName: "Click", value: 1, metricsType: "Counter" }))
          }
        >
          Record a measurement
        </button>
      </div>
    </section>
  )
}
