/**
 * Anti-forgery tokens, as the platform issues them: each session has a current token; a POST, PATCH, PUT or DELETE
 * without it (or with an older one) is answered 403 with a fresh token in `x-csrf-token`, which the client stores
 * and re-sends. Tokens rotate after `rotationMs` and on demand (`POST /admin/csrf/rotate`).
 *
 * Tokens come from a generator seeded with the emulator's seed, so a run issues the same tokens every time.
 *
 * @module
 */
import { deriveSeed, makeRandom, type Random } from "../world/random.ts"

/** The header carrying the token both ways. */
export const csrfHeader = "x-csrf-token"

/** The message of the 403 answer. */
export const csrfFailureMessage = "Token Validation Failed"

/** The outcome of checking a request's token. */
export type CsrfCheck = "ok" | "missing" | "stale"

/** The token store. */
export interface CsrfTokens {
  /** The session's current token, minted when it has none or its token expired. */
  readonly current: (session: string, now: number) => string
  /** Check a presented token against the session's current one. */
  readonly check: (session: string, presented: string | undefined, now: number) => CsrfCheck
  /** Expire every session's token; returns how many were expired. */
  readonly rotate: () => number
  /** Forget every token and restart the generator. */
  readonly reset: () => void
}

/** Methods that need the token. */
export const needsCsrf = (method: string): boolean =>
  method === "POST" || method === "PATCH" || method === "PUT" || method === "DELETE"

/** A store seeded with `seed`; tokens expire after `rotationMs` (0 = only on rotate). */
export const makeCsrfTokens = (seed: number, rotationMs: number): CsrfTokens => {
  let random: Random = makeRandom(deriveSeed(seed, "csrf"))
  let tokens = new Map<string, { readonly token: string; readonly issuedAt: number }>()
  const current = (session: string, now: number): string => {
    const existing = tokens.get(session)
    if (existing !== undefined && (rotationMs <= 0 || now - existing.issuedAt < rotationMs)) return existing.token
    const token = random.string(12)
    tokens.set(session, { token, issuedAt: now })
    return token
  }
  return {
    current,
    check: (session, presented, now) => {
      const token = current(session, now)
      if (presented === undefined || presented === "") return "missing"
      return presented === token ? "ok" : "stale"
    },
    rotate: () => {
      const count = tokens.size
      tokens = new Map()
      return count
    },
    reset: () => {
      tokens = new Map()
      random = makeRandom(deriveSeed(seed, "csrf"))
    }
  }
}
