/**
 * The names of the three challenge headers (CHAL-3) and a check for any of them, with no dependency: the
 * on-demand challenge flow (./onDemand.ts) runs this check on every failed response before deciding to load the
 * rest of the flow.
 *
 * @module
 */

/** The names of the three challenge headers. */
export const challengeHeaderNames = {
  id: "rblx-challenge-id",
  type: "rblx-challenge-type",
  metadata: "rblx-challenge-metadata"
} as const

const names: ReadonlyArray<string> = Object.values(challengeHeaderNames)

/**
 * True when a response's `headers` carry at least one challenge header (even empty): exactly the responses that
 * `readChallengeHeaders` reads as `Partial` or `Complete`.
 */
export const hasChallengeHeader = (headers: Headers): boolean => names.some((name) => headers.has(name))

/** The challenge headers a response's `headers` carry, as a record (lower-case names), for `readChallengeHeaders`. */
export const challengeHeadersOf = (headers: Headers): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const name of names) {
    const value = headers.get(name)
    if (value !== null) out[name] = value
  }
  return out
}
