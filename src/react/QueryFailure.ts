/**
 * QueryFailure: what a suspense hook throws when its query failed, for the nearest {@link QueryErrorBoundary}: the
 * typed error (or the defect's message) and a way to run the query again. Its message names the cache key and the
 * error's tag only (no values, nothing secret).
 *
 * @module
 */
import type { EffectResult } from "../core/query/result.ts"

/** The outcome a failed query reached the boundary with. */
export type QueryFailureOutcome<E> = Extract<EffectResult<never, E>, { readonly _tag: "Failure" | "Defect" }>

const describe = (outcome: QueryFailureOutcome<unknown>): string => {
  if (outcome._tag === "Defect") return "died"
  const error = outcome.error
  const tag = typeof error === "object" && error !== null && "_tag" in error ? String(error._tag) : typeof error
  return `failed with ${tag}`
}

/** See the module doc. */
export class QueryFailure<E = unknown> extends Error {
  readonly _tag = "QueryFailure"
  /** The query's cache key. */
  readonly key: string
  /** The typed failure, or the defect. */
  readonly outcome: QueryFailureOutcome<E>
  /** Run the query again (what the boundary's reset does). */
  readonly retry: () => void
  constructor(key: string, outcome: QueryFailureOutcome<E>, retry: () => void) {
    super(`Query ${key} ${describe(outcome)}`)
    this.key = key
    this.outcome = outcome
    this.retry = retry
  }
}
