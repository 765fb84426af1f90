/**
 * The devtools panel (loaded on demand by `PlatformDevtools`, ./index.ts; never by a production build): a fixed
 * box at the bottom right of the page, a toggle showing the number of rows, and when open a table of the
 * recorder's rows, newest first. (`PlatformDevtools` has the recorder record the query client: ./useRecordQueries.ts.)
 *
 * @module
 */
import { type CSSProperties, useState, useSyncExternalStore } from "react"
import type { DevtoolsRecorder } from "../../core/devtools/DevtoolsRecorder.ts"
import type { DevtoolsRow } from "../../core/devtools/rows.ts"
import type * as QueryClient from "../../core/query/QueryClient.ts"
import { isFailure, queryText, requestNotes, statusText } from "./describeRow.ts"

/** Props of the panel (and of `PlatformDevtools`). */
export interface DevtoolsPanelProps {
  /** The recorder whose `layer` was provided where PlatformHttp is built. */
  readonly recorder: DevtoolsRecorder
  /**
   * A query client to record; by default the nearest PlatformProvider's, if any. Place `<PlatformDevtools/>`
   * before the app's content inside the provider to see the first render's fetches (./useRecordQueries.ts).
   */
  readonly queryClient?: QueryClient.QueryClient<any> | undefined
  /** Start open (default: closed, only the toggle shows). */
  readonly initialIsOpen?: boolean
}

const box: CSSProperties = {
  position: "fixed",
  right: 8,
  bottom: 8,
  zIndex: 2147483000,
  maxWidth: "min(960px, calc(100vw - 16px))",
  font: "12px/1.4 ui-monospace, monospace",
  background: "#111",
  color: "#eee",
  borderRadius: 6,
  boxShadow: "0 2px 12px rgba(0,0,0,.4)"
}
const cell: CSSProperties = { padding: "2px 6px", verticalAlign: "top", whiteSpace: "nowrap" }
const urlCell: CSSProperties = { ...cell, whiteSpace: "normal", wordBreak: "break-all" }

function Row(props: { readonly row: DevtoolsRow }) {
  const { row } = props
  const color = isFailure(row) ? "#ff8a80" : undefined
  return row.kind === "request" ? (
    <tr data-row="request" style={{ color }}>
      <td style={cell}>{row.method}</td>
      <td style={urlCell}>{row.url}</td>
      <td style={cell}>{statusText(row)}</td>
      <td style={cell}>{row.status === undefined && row.failure === undefined ? "" : `${row.durationMs} ms`}</td>
      <td style={urlCell}>{requestNotes(row).join(" · ")}</td>
    </tr>
  ) : (
    <tr data-row="query" style={{ color: color ?? "#9ecbff" }}>
      <td style={cell}>{row.what === "mutation" ? "MUTATION" : "QUERY"}</td>
      <td style={urlCell}>{row.key}</td>
      <td style={cell} />
      <td style={cell} />
      <td style={urlCell}>{queryText(row)}</td>
    </tr>
  )
}

/** The panel: a toggle, and the rows when open. */
export default function DevtoolsPanel(props: DevtoolsPanelProps) {
  const { recorder } = props
  const [open, setOpen] = useState(props.initialIsOpen ?? false)
  const rows = useSyncExternalStore(recorder.subscribe, recorder.rows, recorder.rows)
  return (
    <aside data-platform-devtools="" aria-label="Platform devtools" style={box}>
      <div style={{ display: "flex", gap: 8, padding: 6 }}>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          Platform devtools · {rows.length} {rows.length === 1 ? "row" : "rows"}
        </button>
        {open && (
          <button type="button" onClick={recorder.clear}>
            Clear
          </button>
        )}
      </div>
      {open && (
        <div style={{ maxHeight: "40vh", overflow: "auto", padding: "0 6px 6px" }}>
          <table style={{ borderCollapse: "collapse", width: "100%" }}>
            <thead>
              <tr style={{ textAlign: "left", color: "#aaa" }}>
                <th style={cell}>Method</th>
                <th style={cell}>URL / key</th>
                <th style={cell}>Status</th>
                <th style={cell}>Time</th>
                <th style={cell}>What happened</th>
              </tr>
            </thead>
            <tbody>
              {[...rows].reverse().map((row) => (
                <Row key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </aside>
  )
}
