/**
 * The request inspector: the emulator's request log (its source of truth: what arrived, with which security
 * headers, what the emulator decided), as a timeline. Batched lookups show their id count, retries are marked,
 * secret header values arrive already redacted. A challenged request shows as held (its 403 carries the challenge),
 * then the challenge service's continue call, then the re-sent request, marked as a retry after the challenge.
 * Fault buttons drive the emulator's admin API.
 */
import { Effect } from "effect"
import { challengeHeaderNames } from "platform-web-client/challenge"
import { defaultHeaderNames } from "platform-web-client/http"
import { useRuntime } from "platform-web-client/react"
import { useEffect, useMemo, useRef, useState } from "react"
import type { LogEntry } from "platform-web-client/emulator/browser"
import { EmulatorAdmin } from "../emulatorAdmin.ts"
import { describeError } from "../errors.ts"

/**
 * Request headers the inspector shows: the headers the library writes (PlatformConfig's header names: anti-forgery
 * token, bound-auth token, session token and proxy, challenge meta, retry attempt), the challenge headers of a
 * re-sent request, and the cookie (names only, as the emulator logs it).
 */
const securityHeaders = [...Object.values(defaultHeaderNames), ...Object.values(challengeHeaderNames), "cookie"]

/** Entries logged before this page was opened are not shown. */
const pageOpenedAt = performance.timeOrigin - 250

interface Row {
  readonly entry: LogEntry
  /** Why this request is a retry ("403", "503", "challenge", …), when it repeats a failed one. */
  readonly retryOf: string | undefined
  /** Its part in a challenge: held (answered with a challenge), the continue call, or the re-sent request. */
  readonly challenge: "held" | "continue" | "retry" | undefined
}

/** Answered 403 with a challenge by the emulator's gate. */
const isHeld = (entry: LogEntry) => entry.status === 403 && entry.verdicts.some((v) => v.startsWith("challenge issued"))

/** The challenge service's continue call. */
const isContinue = (entry: LogEntry) =>
  entry.service === "challenge" && entry.url.split("?")[0]!.endsWith("/v1/continue")

const failed = (entry: LogEntry) => entry.status === null || entry.status >= 400

/** Remove and return the first entry of `list` that `test` accepts. */
const take = (list: Array<LogEntry>, test: (entry: LogEntry) => boolean): LogEntry | undefined => {
  const index = list.findIndex(test)
  return index === -1 ? undefined : list.splice(index, 1)[0]
}

/**
 * Mark the re-sent requests. The library marks its re-sends with the retry-attempt header: such a request repeats
 * the oldest failed request to the same method and URL not re-sent yet (batched calls to one URL may be in flight
 * side by side). A request carrying a challenge id repeats a held one, however long the person took. An unmarked
 * request shortly after a failed one to the same URL (a batch retried, a page asked again) counts as a retry too.
 */
const toRows = (entries: ReadonlyArray<LogEntry>): Array<Row> => {
  const unanswered = new Map<string, Array<LogEntry>>()
  const lastByKey = new Map<string, LogEntry>()
  return entries.map((entry) => {
    const key = `${entry.method} ${entry.url}`
    const previous = lastByKey.get(key)
    lastByKey.set(key, entry)
    const pending = unanswered.get(key) ?? []
    unanswered.set(key, pending)
    const held = entry.requestHeaders[challengeHeaderNames.id] === undefined ? undefined : take(pending, isHeld)
    let retryOf: string | undefined
    if (held !== undefined) retryOf = "challenge"
    else if (entry.requestHeaders[defaultHeaderNames.retryAttempt] !== undefined) {
      const repeated = take(pending, () => true)
      retryOf = repeated === undefined ? "failure" : String(repeated.status ?? "dropped")
    } else if (previous !== undefined && failed(previous) && entry.at - previous.at < 5000) {
      take(pending, (e) => e === previous)
      retryOf = String(previous.status ?? "dropped")
    }
    if (failed(entry)) pending.push(entry)
    const challenge = held !== undefined ? "retry" : isHeld(entry) ? "held" : isContinue(entry) ? "continue" : undefined
    return { entry, retryOf, challenge }
  })
}

/** Signature verdicts in colour: verified, or missing / refused. */
const verdictClass = (verdict: string) =>
  verdict === "signature verified"
    ? "verdict signed"
    : /^(bad signature|signature missing|stale timestamp|replayed token)/.test(verdict)
      ? "verdict unsigned"
      : "verdict"

const statusClass = (status: number | null) =>
  status === null ? "status-none" : status >= 500 ? "status-5xx" : status >= 400 ? "status-4xx" : "status-2xx"

function RequestRow(props: { readonly row: Row; readonly start: number }) {
  const { challenge, entry, retryOf } = props.row
  const headers = securityHeaders.filter((name) => entry.requestHeaders[name] !== undefined)
  const issued = entry.responseHeaders[defaultHeaderNames.csrf]
  const local = entry.service !== null && entry.server === "api" ? entry.url.slice(entry.service.length + 1) : entry.url
  const path = local.split("?")[0]
  return (
    <li
      className={`entry ${statusClass(entry.status)}`}
      data-testid="request"
      data-method={entry.method}
      data-url={entry.url}
      data-status={entry.status ?? "none"}
      data-retry={retryOf === undefined ? undefined : "1"}
      data-challenge={challenge}
    >
      <div className="line">
        <span className="t">+{((entry.at - props.start) / 1000).toFixed(2)}s</span>
        <span className={`method m-${entry.method.toLowerCase()}`}>{entry.method}</span>
        <span className={`status ${statusClass(entry.status)}`}>{entry.status ?? "dropped"}</span>
        <span className="service" title={entry.service ?? undefined}>
          {entry.service ?? "—"}
        </span>
        <span className="url" title={entry.url}>
          {path}
        </span>
        <span className="dur">
          <span className="bar" style={{ width: `${Math.min(60, 2 + entry.durationMs / 10)}px` }} />
          {entry.durationMs} ms
        </span>
      </div>
      <div className="chips">
        {retryOf !== undefined && (
          <span className="chip retry" data-testid="retry">
            ↻ retry after {retryOf}
          </span>
        )}
        {challenge === "held" && (
          <span className="chip challenge" data-testid="challenge">
            held for a challenge
          </span>
        )}
        {challenge === "continue" && (
          <span className="chip challenge" data-testid="challenge">
            challenge continue
          </span>
        )}
        {entry.ids !== null && (
          <span className="chip batch" data-testid="batch">
            {entry.ids} {entry.ids === 1 ? "id" : "ids"} in one call
          </span>
        )}
        {entry.verdicts.map((verdict, i) => (
          <span key={i} className={`chip ${verdictClass(verdict)}`} data-testid="verdict">
            {verdict}
          </span>
        ))}
        {headers.map((name) => (
          <span key={name} className="chip header" data-testid="header">
            {name}: <code>{entry.requestHeaders[name]}</code>
          </span>
        ))}
        {issued !== undefined && (
          <span className="chip issued" data-testid="issued">
            issued x-csrf-token: <code>{issued}</code>
          </span>
        )}
      </div>
    </li>
  )
}

function FaultControls(props: { readonly onError: (message: string | undefined) => void }) {
  const runtime = useRuntime<EmulatorAdmin>()
  const run = (label: string, call: (admin: EmulatorAdmin["Service"]) => Effect.Effect<unknown, unknown>) => () => {
    runtime
      .runPromiseExit(EmulatorAdmin.use(call))
      .then((exit) =>
        props.onError(exit._tag === "Success" ? undefined : `${label} failed: ${describeError(exit.cause)}`)
      )
  }
  return (
    <div className="faults" aria-label="Fault injection">
      <button
        type="button"
        data-testid="fault-503"
        onClick={run("Inject 503", (admin) =>
          admin.addFault({ payload: { kind: "status", status: 503, path: "/games/v1/games/list", times: 1 } })
        )}
      >
        503 on next game page
      </button>
      <button
        type="button"
        onClick={run("Inject latency", (admin) =>
          admin.addFault({ payload: { kind: "latency", ms: 1500, path: "/presence/*", times: 3 } })
        )}
      >
        1.5 s latency on presence
      </button>
      <button type="button" data-testid="rotate-csrf" onClick={run("Rotate token", (admin) => admin.rotateCsrf())}>
        Rotate CSRF token
      </button>
      <button type="button" onClick={run("Clear faults", (admin) => admin.clearFaults())}>
        Clear faults
      </button>
    </div>
  )
}

/** The request inspector panel: polls the emulator's log and shows it as a timeline. */
export function Inspector() {
  const runtime = useRuntime<EmulatorAdmin>()
  const [entries, setEntries] = useState<ReadonlyArray<LogEntry>>([])
  const [showPreflights, setShowPreflights] = useState(false)
  const [problem, setProblem] = useState<string | undefined>(undefined)
  const [cutoff, setCutoff] = useState(0)
  const lastId = useRef(0)
  const list = useRef<HTMLOListElement>(null)

  useEffect(() => {
    let stopped = false
    const poll = () =>
      runtime
        // eslint-disable-next-line react-hooks/rules-of-hooks -- an Effect service's `use`, not React's `use` hook
        .runPromiseExit(EmulatorAdmin.use((admin) => admin.requests({ query: { since: lastId.current, limit: 500 } })))
        .then((exit) => {
          if (stopped) return
          if (exit._tag === "Success") {
            lastId.current = exit.value.lastId
            const fresh = exit.value.entries.filter((e) => e.at >= pageOpenedAt)
            if (fresh.length > 0) setEntries((old) => [...old, ...fresh].slice(-400))
            setProblem(undefined)
          } else {
            setProblem("The emulator's request log is not reachable.")
          }
          timer = setTimeout(poll, 400)
        })
    let timer = setTimeout(poll, 0)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [runtime])

  const rows = useMemo(() => {
    const visible = entries.filter((e) => e.id > cutoff && (showPreflights || e.method !== "OPTIONS"))
    return toRows(visible)
  }, [entries, cutoff, showPreflights])

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: "nearest" })
  }, [rows.length])

  const start = rows[0]?.entry.at ?? 0
  const retries = rows.filter((r) => r.retryOf !== undefined).length
  return (
    <section className="panel inspector" aria-labelledby="inspector-title">
      <div className="panel-head">
        <h2 id="inspector-title">Request inspector</h2>
        <span className="muted" data-testid="inspector-summary">
          {rows.length} requests · {retries} retried
        </span>
      </div>
      <div className="inspector-tools">
        <label>
          <input type="checkbox" checked={showPreflights} onChange={(e) => setShowPreflights(e.target.checked)} /> CORS
          preflights
        </label>
        <button type="button" onClick={() => setCutoff(entries.at(-1)?.id ?? cutoff)}>
          Clear
        </button>
      </div>
      <FaultControls onError={setProblem} />
      {problem !== undefined && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="empty">No requests yet.</p>
      ) : (
        <ol className="timeline" ref={list} data-testid="timeline">
          {rows.map((row) => (
            <RequestRow key={row.entry.id} row={row} start={start} />
          ))}
        </ol>
      )}
    </section>
  )
}
