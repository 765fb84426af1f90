/**
 * The names of the three challenge headers (spec §3) and a check for any of them, with no dependency: the
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
 * True when `headers` carries at least one challenge header with a string value (even empty), whatever the
 * spelling of its name: exactly the responses that `readChallengeHeaders` reads as `Partial` or `Complete`.
 */
export const hasChallengeHeader = (headers: Readonly<Record<string, unknown>>): boolean => {
  for (const name of names) if (typeof headers[name] === "string") return true
  for (const key of Object.keys(headers)) {
    if (names.includes(key.toLowerCase()) && typeof headers[key] === "string") return true
  }
  return false
}
