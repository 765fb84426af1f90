/**
 * The analytics events the page's background features sent (payment flow, heartbeats), newest first, with their
 * delivery to the emulator's collector.
 */
import { useRuntime, useSubscriptionRef } from "platform-web-client/react"
import { useMemo } from "react"
import { AnalyticsEvents, type SentEvent } from "./analyticsLayer.ts"

const summary = (event: SentEvent): string => {
  const p = event.properties
  if (event.name === "pageHeartbeat_v2") return `#${String(p.sequence)} on ${String(p.pagePath)}`
  const parts = [p.status, p.purchase_event_type, p.view_name, p.view_message].filter(
    (x) => typeof x === "string" && x !== ""
  )
  return `${parts.join(" · ")}  (${String(p.triggering_context)}, ${String(p.purchase_flow_uuid).slice(0, 8)}…)`
}

/** The event list. */
export function EventLog() {
  const runtime = useRuntime()
  const ref = useMemo(() => runtime.runSync(AnalyticsEvents), [runtime])
  const events = useSubscriptionRef(ref)
  return (
    <section className="panel" data-testid="analytics-events">
      <div className="panel-head">
        <h2>Analytics events</h2>
        <span className="count">{events.length}</span>
      </div>
      {events.length === 0 ? (
        <p className="empty">No event yet.</p>
      ) : (
        <ul className="event-list">
          {[...events].reverse().map((event) => (
            <li
              key={event.id}
              data-testid="analytics-event"
              data-name={event.name}
              data-status={String(event.properties.status ?? "")}
            >
              <code>{event.name}</code> <span>{summary(event)}</span>{" "}
              <span className={`delivery ${event.delivery}`}>{event.delivery}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
