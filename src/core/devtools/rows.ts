/**
 * The rows of the devtools panel and how events change them. A request row is one pipeline call (its events share
 * `call`): method, redacted URL, every exchange's status and duration, the CSRF re-sends, the challenge, signing,
 * the batch's number of ids and attempt (a batch re-sent after a failure is a new row with attempt 2, 3, …). A query row is one thing a query client did: a fetch (why, how it settled), a cache
 * hit, a de-duplicated read, a hydration, an eviction, or a mutation (its outcome).
 *
 * Rows are immutable: an event that changes a row replaces it with a new object (what a React store needs).
 *
 * What a row shows of the outside is written as logs write it (docs/security.md "Nothing secret in a log"): the URL by
 * the URL rule, which fails closed (../text/redactUrl.ts); the challenge type a server's header named, printable
 * (../text/printableText.ts) and cut to {@link maxChallengeTypeLength} characters.
 *
 * @module
 */
import type { PipelineEvent } from "../http/observer.ts"
import type { FetchReason, QueryEvent } from "../query/QueryEvent.ts"
import { printableText } from "../text/printableText.ts"
import { redactUrl } from "../text/redactUrl.ts"

/** The longest challenge type a row shows (the platform's are single words). */
export const maxChallengeTypeLength = 40

/** A challenge type from a server's header as a row shows it: printable, cut to {@link maxChallengeTypeLength}. */
const shownChallengeType = (type: string | undefined): string | undefined =>
  type === undefined ? undefined : printableText(type).slice(0, maxChallengeTypeLength)

/** Where a call's challenge went: held for the flow, then continued (re-sent) or failed; or left unhandled. */
export interface ChallengeState {
  readonly type: string | undefined
  readonly state: "held" | "continued" | "failed" | "unhandled"
  /** The ChallengeError's reason, when it failed. */
  readonly reason: string | undefined
}

/** One pipeline call. */
export interface RequestRow {
  readonly kind: "request"
  /** The row's number in its recorder (1, 2, …; never reused). */
  readonly id: number
  /** The pipeline's call number. */
  readonly call: number
  readonly method: string
  /** The URL, redacted (../text/redactUrl.ts: only the allow-listed parameters' plain values shown). */
  readonly url: string
  /** To one of the platform's hosts. */
  readonly platform: boolean
  /** Sends so far: 1, plus one per re-send (CSRF, challenge). */
  readonly sends: number
  /** The last response's status; undefined while waiting or when no response came. */
  readonly status: number | undefined
  /** The durations of the exchanges that got a response, summed (Effect's clock), in ms. */
  readonly durationMs: number
  /** Why the last exchange got no usable response. */
  readonly failure: "FetchFailed" | "TimedOut" | "RedirectRefused" | undefined
  /** How many times a stale anti-forgery token made the pipeline re-send. */
  readonly csrfResent: number
  /** "signed", or why the (last) send went unsigned; undefined when no signer is installed. */
  readonly signing: "signed" | { readonly notSigned: string } | undefined
  readonly challenge: ChallengeState | undefined
  /** The number of ids of the batch the request was made for (a BatchProcessor's process function). */
  readonly batchSize: number | undefined
  /** Which attempt that batch is: 1 for its first send, 2 and more for a batch re-sent after a failure. */
  readonly batchAttempt: number | undefined
}

/** One thing a query client did. `key` is the cache key, or the mutation's name. */
export interface QueryRow {
  readonly kind: "query"
  readonly id: number
  readonly key: string
  readonly what: "fetch" | "cache-hit" | "deduplicated" | "hydrated" | "evicted" | "mutation"
  /** Why a fetch ran. */
  readonly reason: FetchReason | undefined
  /** A cache hit on a result past its freshness time (a refetch follows). */
  readonly stale: boolean
  /** How a fetch or mutation settled; undefined while it runs and for the other rows. */
  readonly outcome: "success" | "failure" | "defect" | "interrupted" | undefined
  /** A failed optimistic mutation whose update was rolled back. */
  readonly rolledBack: boolean
}

/** A row of the panel. */
export type DevtoolsRow = RequestRow | QueryRow

/** A request row for a call's first `RequestSent`. */
export const requestRow = (id: number, event: Extract<PipelineEvent, { _tag: "RequestSent" }>): RequestRow => ({
  kind: "request",
  id,
  call: event.call,
  method: event.method,
  url: redactUrl(event.url),
  platform: event.platform,
  sends: 1,
  status: undefined,
  durationMs: 0,
  failure: undefined,
  csrfResent: 0,
  signing: undefined,
  challenge: undefined,
  batchSize: event.batchSize,
  batchAttempt: event.batchAttempt
})

/** `row` after `event` (one of its call's). */
export const applyPipelineEvent = (row: RequestRow, event: PipelineEvent): RequestRow => {
  switch (event._tag) {
    case "RequestSent":
      return { ...row, sends: row.sends + 1, status: undefined, failure: undefined }
    case "ResponseReceived":
      return { ...row, status: event.status, durationMs: row.durationMs + event.durationMs }
    case "FetchFailed":
    case "TimedOut":
      return { ...row, failure: event._tag }
    case "RedirectRefused":
      return { ...row, failure: event._tag, status: event.status }
    case "CsrfResent":
      return { ...row, csrfResent: row.csrfResent + 1 }
    case "Signed":
      return { ...row, signing: "signed" }
    case "NotSigned":
      return { ...row, signing: { notSigned: event.reason } }
    case "ChallengeHeld":
      return { ...row, challenge: { type: shownChallengeType(event.challengeType), state: "held", reason: undefined } }
    case "ChallengeContinued":
      return { ...row, challenge: { type: row.challenge?.type, state: "continued", reason: undefined } }
    case "ChallengeFailed":
      return { ...row, challenge: { type: row.challenge?.type, state: "failed", reason: event.reason } }
    case "ChallengeUnhandled":
      return { ...row, challenge: { type: undefined, state: "unhandled", reason: undefined } }
  }
}

/** A query row for an event that starts one (every event but `Settled`, `Interrupted` and `MutationSettled`). */
export const queryRow = (id: number, event: QueryEvent): QueryRow | undefined => {
  const row = { kind: "query", id, reason: undefined, stale: false, outcome: undefined, rolledBack: false } as const
  switch (event._tag) {
    case "Fetch":
      return { ...row, key: event.key, what: "fetch", reason: event.reason }
    case "CacheHit":
      return { ...row, key: event.key, what: "cache-hit", stale: event.stale }
    case "Deduplicated":
      return { ...row, key: event.key, what: "deduplicated" }
    case "Hydrated":
      return { ...row, key: event.key, what: "hydrated" }
    case "Evicted":
      return { ...row, key: event.key, what: "evicted" }
    case "MutationStart":
      return { ...row, key: event.name, what: "mutation" }
    default:
      return undefined
  }
}

/** A fetch or mutation row after the event that settled it. */
export const settleQueryRow = (
  row: QueryRow,
  event: Extract<QueryEvent, { _tag: "Settled" | "Interrupted" | "MutationSettled" }>
): QueryRow =>
  event._tag === "Interrupted"
    ? { ...row, outcome: "interrupted" }
    : event._tag === "Settled"
      ? { ...row, outcome: event.outcome }
      : { ...row, outcome: event.outcome, rolledBack: event.rolledBack }
