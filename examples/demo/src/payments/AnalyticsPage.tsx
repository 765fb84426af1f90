/**
 * The background-features page of the demo: the purchase-flow walk-through, the live heartbeat panel and the
 * events they sent. Needs a runtime with {@link analyticsLayer}'s services.
 */
import { EventLog } from "./EventLog.tsx"
import { HeartbeatPanel } from "./HeartbeatPanel.tsx"
import { PurchaseFlow } from "./PurchaseFlow.tsx"
import "./payments.css"

/** Purchase flow, heartbeat and event log, side by side. */
export function AnalyticsPage() {
  return (
    <div className="analytics-page">
      <div className="analytics-column">
        <PurchaseFlow />
        <HeartbeatPanel />
      </div>
      <EventLog />
    </div>
  )
}
