/**
 * The emulator's hardware-backed-authentication state for one instance: server nonces, the public key bound to
 * each session at sign-in, and the tokens seen recently (replay detection).
 *
 * - A nonce is issued to a session, valid for {@link nonceLifetimeMs} and usable once.
 * - A key is bound to a session key (`cookie:u42`) when a sign-in's attestation checks out; a new sign-in replaces it.
 * - Every verified token is remembered (by its first signature) for twice the timestamp window; the same token
 *   again is a replay.
 * - The last 1000 metrics posted by security frames are kept.
 *
 * Each emulator instance owns one (`EmulatorState.hba`); instances never share it. Keys are WebCrypto keys (see
 * verify.ts), so the emulator runs wherever `crypto.subtle` does: Node, or a browser under msw.
 *
 * @module
 */

/** How long a nonce stays valid. */
export const nonceLifetimeMs = 5 * 60_000

/** Accepted clock difference between client and emulator, both ways (seconds). */
export const timestampWindowSeconds = 60

/** The hba state of one emulator instance. */
export interface HbaState {
  /** A fresh nonce for the session. */
  readonly issueNonce: (sessionKey: string, now: number) => string
  /** True (and the nonce is used up) when the session was issued `nonce` less than 5 minutes ago. */
  readonly consumeNonce: (sessionKey: string, nonce: string, now: number) => boolean
  /** Bind an ECDSA P-256 public key (imported by verify.ts's `importP256PublicKey`) to a session. */
  readonly bind: (sessionKey: string, key: CryptoKey) => void
  /** The key bound to a session. */
  readonly keyOf: (sessionKey: string) => CryptoKey | undefined
  /** Remember a verified token (its first signature); false when it was seen within the replay horizon (a replay). */
  readonly remember: (signature: string, now: number) => boolean
  /** Keep a metric posted by a security frame. */
  readonly recordMetric: (metric: RecordedFrameMetric) => void
  /** The metrics posted so far, oldest first. */
  readonly metrics: () => ReadonlyArray<RecordedFrameMetric>
  /** Forget everything. */
  readonly reset: () => void
}

/** A metric as a security frame posted it. */
export interface RecordedFrameMetric {
  readonly name: string
  readonly value: number
  readonly labelValues: Readonly<Record<string, string>>
}

/** Fresh hba state. */
export const makeHbaState = (): HbaState => {
  let nonces = new Map<string, { readonly session: string; readonly issuedAt: number }>()
  let keys = new Map<string, CryptoKey>()
  let seen = new Map<string, number>()
  let metrics: Array<RecordedFrameMetric> = []
  const horizonMs = 2 * timestampWindowSeconds * 1000
  return {
    issueNonce: (session, now) => {
      const nonce = crypto.randomUUID().replaceAll("-", "")
      nonces.set(nonce, { session, issuedAt: now })
      return nonce
    },
    consumeNonce: (session, nonce, now) => {
      const issued = nonces.get(nonce)
      if (issued === undefined) return false
      nonces.delete(nonce)
      return issued.session === session && now - issued.issuedAt <= nonceLifetimeMs
    },
    bind: (session, key) => {
      keys.set(session, key)
    },
    keyOf: (session) => keys.get(session),
    remember: (token, now) => {
      for (const [t, at] of seen) if (now - at > horizonMs) seen.delete(t)
      if (seen.has(token)) return false
      seen.set(token, now)
      return true
    },
    recordMetric: (metric) => {
      metrics.push(metric)
      if (metrics.length > 1000) metrics = metrics.slice(-1000)
    },
    metrics: () => [...metrics],
    reset: () => {
      metrics = []
      nonces = new Map()
      keys = new Map()
      seen = new Map()
    }
  }
}
