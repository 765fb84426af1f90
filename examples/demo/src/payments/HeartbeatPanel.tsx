/**
 * A live panel of the page heartbeat: its status, what drives the pulses (the worker, or the page as a fallback),
 * the pulses and the heartbeats sent, and how long ago the user was last active. Move the mouse, scroll or press a
 * key and the next pulse sends a numbered `pageHeartbeat_v2`.
 */
import { Effect } from "effect"
import { PageHeartbeat } from "platform-web-client/heartbeat"
import { abbreviateNumber, formatDisplayDate, formatDuration } from "platform-web-client/text"
import { useRuntime, useSubscriptionRef } from "platform-web-client/react"
import { useEffect, useMemo, useState } from "react"

/** Re-render every second, for the "ago" times. */
const useNow = () => {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}

/** The heartbeat panel; starts the heartbeat while mounted. */
export function HeartbeatPanel() {
  const runtime = useRuntime()
  const heartbeat = useMemo(() => runtime.runSync(PageHeartbeat), [runtime])
  const state = useSubscriptionRef(heartbeat.state)
  const now = useNow()

  useEffect(() => {
    const fiber = runtime.runFork(Effect.scoped(Effect.andThen(heartbeat.run, Effect.never)))
    return () => fiber.interruptUnsafe()
  }, [runtime, heartbeat])

  const ago = (at: number | undefined) => (at === undefined ? "—" : `${formatDuration(now - at)} ago`)
  const config = state.config
  const active =
    state.lastActivityAt !== undefined && config !== undefined && now - state.lastActivityAt <= config.activityTimeoutMs

  return (
    <section className="panel" data-testid="heartbeat">
      <div className="panel-head">
        <h2>Page heartbeat</h2>
        <span className={`count hb-${state.status}`} data-testid="heartbeat-status">
          {state.status}
          {state.driver === undefined ? "" : ` · ${state.driver}`}
        </span>
      </div>
      <dl className="hb-grid">
        <dt>Pulses</dt>
        <dd data-testid="heartbeat-pulses">{abbreviateNumber(state.pulses)}</dd>
        <dt>Heartbeats sent</dt>
        <dd data-testid="heartbeat-count">{abbreviateNumber(state.heartbeats)}</dd>
        <dt>Last heartbeat</dt>
        <dd>
          {state.lastHeartbeatAt === undefined ? "—" : formatDisplayDate(state.lastHeartbeatAt)}{" "}
          <span className="muted">{ago(state.lastHeartbeatAt)}</span>
        </dd>
        <dt>Last activity</dt>
        <dd>
          {ago(state.lastActivityAt)}{" "}
          {active ? <span className="hb-live">● active</span> : <span className="muted">○ idle</span>}
        </dd>
        <dt>Settings</dt>
        <dd className="muted">
          {config === undefined
            ? "loading…"
            : `pulse ${formatDuration(config.heartbeatPulseIntervalMs)}, activity time-out ${formatDuration(config.activityTimeoutMs)}, rollout ${config.rolloutPermille} ‰, worker v${config.workerVersion}`}
        </dd>
      </dl>
    </section>
  )
}
