/**
 * The words the devtools panel shows for a row: its status column and its notes (CSRF re-send, challenge,
 * signing, batch, query cache behaviour). Plain functions, so that the panel stays markup.
 *
 * @module
 */
import type { DevtoolsRow, QueryRow, RequestRow } from "../../core/devtools/rows.ts"

const failureText = { FetchFailed: "fetch failed", TimedOut: "timed out", RedirectRefused: "redirect refused" } as const

/** The status column: the last status, why none came, or `…` while waiting. */
export const statusText = (row: RequestRow): string =>
  row.failure !== undefined
    ? row.failure === "RedirectRefused" && row.status !== 0
      ? `${row.status} redirect refused`
      : failureText[row.failure]
    : row.status === undefined
      ? "…"
      : String(row.status)

const challengeText = (row: RequestRow): string | undefined => {
  const c = row.challenge
  if (c === undefined) return undefined
  if (c.state === "unhandled") return "challenge unhandled"
  const type = c.type === undefined ? "challenge" : `challenge ${c.type}`
  if (c.state === "failed") return `${type} held → failed (${c.reason})`
  return c.state === "continued" ? `${type} held → continued` : `${type} held`
}

/** The notes of a request row, in the order things happen. */
export const requestNotes = (row: RequestRow): ReadonlyArray<string> => {
  const notes: Array<string> = []
  if (row.batchSize !== undefined)
    notes.push(`batch: ${row.batchSize} ${row.batchSize === 1 ? "id" : "ids"} in one call`)
  if (row.signing === "signed") notes.push("signed")
  else if (row.signing !== undefined) notes.push(`not signed: ${row.signing.notSigned}`)
  if (row.csrfResent > 0) notes.push(row.csrfResent === 1 ? "CSRF re-sent" : `CSRF re-sent ×${row.csrfResent}`)
  const challenge = challengeText(row)
  if (challenge !== undefined) notes.push(challenge)
  if (row.sends > 1) notes.push(`${row.sends} sends`)
  if (!row.platform) notes.push("not a platform host")
  return notes
}

const outcomeText = (row: QueryRow): string =>
  row.outcome === undefined ? "running" : row.rolledBack ? `${row.outcome}, rolled back` : row.outcome

/** What a query row says happened. */
export const queryText = (row: QueryRow): string => {
  switch (row.what) {
    case "fetch":
      return row.reason === "mount"
        ? `fetched → ${outcomeText(row)}`
        : `refetched (${row.reason}) → ${outcomeText(row)}`
    case "cache-hit":
      return row.stale ? "cache hit (stale)" : "cache hit"
    case "deduplicated":
      return "de-duplicated (joined the request in flight)"
    case "hydrated":
      return "hydrated"
    case "evicted":
      return "evicted"
    case "mutation":
      return `mutation → ${outcomeText(row)}`
  }
}

/** Whether a row is a failure (shown in red). */
export const isFailure = (row: DevtoolsRow): boolean =>
  row.kind === "request"
    ? row.failure !== undefined || (row.status !== undefined && row.status >= 400) || row.challenge?.state === "failed"
    : row.outcome === "failure" || row.outcome === "defect"
