/**
 * The request log: one entry per request the emulator served (admin and image requests excepted), with the
 * security headers it carried (values redacted), its status and the emulator's verdicts ("csrf ok",
 * "fault 503 (f1)", "too many ids (101 > 100)", …). Read as JSON at `GET /admin/requests`.
 *
 * Nothing secret is stored: tokens keep their first four characters, cookies only their names.
 *
 * @module
 */
import { Context, Effect, Schema } from "effect"

/** One served request. */
export const LogEntry = Schema.Struct({
  /** Sequence number, from 1, increasing. */
  id: Schema.Int,
  /** When the request arrived (epoch milliseconds). */
  at: Schema.Number,
  durationMs: Schema.Number,
  /** `api` (the services) or `www` (pages). */
  server: Schema.Literals(["api", "www"]),
  /** The service the path belongs to (`users`, `friends`, …), `www`, or null when none. */
  service: Schema.NullOr(Schema.String),
  method: Schema.String,
  /** Path and query. */
  url: Schema.String,
  /** The `Origin` header, if any. */
  origin: Schema.NullOr(Schema.String),
  /** The signed-in user of the request's session, or null for a guest. */
  userId: Schema.NullOr(Schema.Int),
  /** The status sent, or null when the connection was dropped or closed before an answer. */
  status: Schema.NullOr(Schema.Int),
  /** Selected request headers; secret values redacted. */
  requestHeaders: Schema.Record(Schema.String, Schema.String),
  /** Selected response headers; secret values redacted. */
  responseHeaders: Schema.Record(Schema.String, Schema.String),
  verdicts: Schema.Array(Schema.String),
  /** How many ids the request asked for (its batch size), when it carries an id list. */
  ids: Schema.NullOr(Schema.Int)
})

/** The type of {@link LogEntry}. */
export type LogEntry = typeof LogEntry.Type

/** A slice of the log: entries after `since`, and the id to ask from next time. */
export const LogPage = Schema.Struct({
  entries: Schema.Array(LogEntry),
  lastId: Schema.Int
})

/** The type of {@link LogPage}. */
export type LogPage = typeof LogPage.Type

/** Request headers the log keeps, and whether their values are secret. */
export const loggedRequestHeaders: ReadonlyArray<readonly [name: string, secret: boolean]> = [
  ["x-csrf-token", true],
  ["x-bound-auth-token", true],
  ["x-platform-token", true],
  ["x-platform-proxy", true],
  ["rblx-challenge-id", false],
  ["rblx-challenge-type", false],
  ["rblx-challenge-metadata", true],
  ["rblx-challenge-meta", true],
  ["x-retry-attempt", false],
  ["accept-language", false],
  ["content-type", false],
  ["traceparent", false],
  ["cookie", true]
]

/** Response headers the log keeps, and whether their values are secret. */
export const loggedResponseHeaders: ReadonlyArray<readonly [name: string, secret: boolean]> = [
  ["x-csrf-token", true],
  ["retry-after", false],
  ["rblx-challenge-id", false],
  ["rblx-challenge-type", false],
  ["rblx-challenge-metadata", true],
  ["content-type", false]
]

/** Redact a secret: its first four characters and an ellipsis, or dots alone when it is short. */
export const redact = (value: string): string => (value.length <= 8 ? "•••" : `${value.slice(0, 4)}…`)

/** A cookie header with only the cookie names kept. */
export const redactCookies = (value: string): string =>
  value
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => `${part.split("=", 1)[0]}=•••`)
    .join("; ")

/** Keep the listed headers, redacting secret ones. */
export const selectHeaders = (
  headers: Readonly<Record<string, string | undefined>>,
  names: ReadonlyArray<readonly [string, boolean]>
): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [name, secret] of names) {
    const value = headers[name]
    if (value === undefined || value === "") continue
    out[name] = !secret ? value : name === "cookie" ? redactCookies(value) : redact(value)
  }
  return out
}

/** The log store: keeps the newest `limit` entries. */
export interface RequestLog {
  readonly nextId: () => number
  readonly append: (entry: LogEntry) => void
  /** Entries with an id above `since`, oldest first, at most `limit`. */
  readonly since: (since: number, limit?: number) => LogPage
  readonly clear: () => void
  /** How many entries are kept. */
  readonly size: () => number
}

/** A log keeping at most `limit` entries. */
export const makeRequestLog = (limit: number): RequestLog => {
  let entries: Array<LogEntry> = []
  let counter = 0
  return {
    nextId: () => ++counter,
    append: (entry) => {
      entries.push(entry)
      if (entries.length > limit) entries = entries.slice(entries.length - limit)
    },
    since: (since, max = 500) => {
      const page = entries.filter((entry) => entry.id > since).slice(0, max)
      return { entries: page, lastId: page.length > 0 ? page[page.length - 1]!.id : Math.max(since, 0) }
    },
    clear: () => {
      entries = []
    },
    size: () => entries.length
  }
}

/** What a handler can add to the entry of the request it serves. */
export interface RequestNotes {
  readonly verdicts: Array<string>
  ids: number | null
  /** Leave this request out of the log (static files). */
  skip: boolean
}

/** The notes of the request being served; undefined outside a request (e.g. in unit tests of handlers). */
export const CurrentNotes = Context.Reference<RequestNotes | undefined>("emulator/CurrentNotes", {
  defaultValue: () => undefined
})

/** Add a verdict to the current request's log entry. */
export const addVerdict = (verdict: string): Effect.Effect<void> =>
  Effect.map(CurrentNotes, (notes) => {
    notes?.verdicts.push(verdict)
  })

/** Record how many ids the current request carries. */
export const noteIds = (count: number): Effect.Effect<void> =>
  Effect.map(CurrentNotes, (notes) => {
    if (notes !== undefined) notes.ids = count
  })

/** Leave the current request out of the log. */
export const skipLog: Effect.Effect<void> = Effect.map(CurrentNotes, (notes) => {
  if (notes !== undefined) notes.skip = true
})
