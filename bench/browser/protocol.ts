/**
 * What the browser benchmark's page (./page.ts) and its driver (./run.ts) say to each other: the page puts a
 * {@link BenchPage} on `window.bench`; the driver calls it through Playwright and reads plain JSON back.
 *
 * @module
 */

/** Who makes the calls: fetch by hand, or PlatformHttp without or with request signing. */
export type ContenderName = "raw fetch" | "PlatformHttp" | "PlatformHttp signed"

/** The contenders, in the order the tables list them. */
export const contenderNames: ReadonlyArray<ContenderName> = ["raw fetch", "PlatformHttp", "PlatformHttp signed"]

/** What is called: `GET /users/v1/users/authenticated` (concurrent: `?call=i` added), or `POST /users/v1/users` with three ids (CSRF token sent). */
export type CallKind = "GET" | "POST"

/** One call after the other, or all started at once. */
export type CallMode = "sequential" | "concurrent"

/** What one batch of calls measured in the page. */
export interface BatchResult {
  /** Each call's time, from just before it is made to its decoded answer, in ms (performance.now). */
  readonly latencies: ReadonlyArray<number>
  /** From the first call made to the last answer, in ms. */
  readonly totalMs: number
  /**
   * Concurrent mode: how long the loop that starts every call held the main thread, in ms (the calls' synchronous
   * parts). Sequential mode: 0.
   */
  readonly startLoopMs: number
  /**
   * Per call, from the Resource Timing entry of its answer: `responseStart - requestStart` (the request on the
   * wire, the server's work, the first byte back) in ms, in the order the answers ended. Empty when the entries
   * did not match the calls one to one.
   */
  readonly serverMs: ReadonlyArray<number>
  /** Long tasks (over 50 ms) seen during the batch: their count and summed duration in ms. */
  readonly longTasks: { readonly count: number; readonly totalMs: number }
}

/** One call's main-thread time measured in the page, in ms (performance.now). */
export interface CallMainThread {
  /** The call's synchronous start: from just before the call is made until it returns its promise. */
  readonly startMs: number
  /**
   * From just before the call is made until it calls `fetch`: the rules on the way out and, for a signed call, its
   * signing (the WebCrypto work runs off the main thread; this is wall time, not main-thread time).
   */
  readonly toFetchMs: number
  /**
   * The delivery: from the moment fetch's promise resolves (the response's headers are in) until the call's promise
   * resolves with the decoded answer (the body read and parsed, every rule's way back, the Effect fiber's resume).
   */
  readonly deliveryMs: number
}

/** Milestones of a cold page, in ms since navigation start (performance.now). */
export interface ColdPageResult {
  /** The page's module script began to run. */
  readonly scriptStart: number
  /** The page's configuration was read (its `<meta>` tags). */
  readonly configured: number
  /** Device attestation and sign-in done (a key created, attested and bound); absent with a stored key. */
  readonly signedIn?: number
  /** The first signed call's decoded answer: first data. */
  readonly firstData: number
  /** How many users that first call returned (3: the call did its work). */
  readonly users: number
}

/** The page's interface on `window.bench`. */
export interface BenchPage {
  /** Resolves with the cold-page milestones once the first data is in, or rejects with what went wrong. */
  readonly cold: Promise<ColdPageResult>
  /** Warm every contender up (connections, preflights, the CSRF token, JIT): `calls` calls of each kind each. */
  readonly warmUp: (calls: number) => Promise<void>
  /**
   * One signed GET to each of the `calls` URLs of a concurrent batch, one after the other: their CORS preflights
   * are then in the browser's preflight cache (for the emulator's 600 s), as a page that called them before.
   */
  readonly warmUrls: (calls: number) => Promise<void>
  /** Run one batch of `calls` calls (concurrent GETs each to its own URL, `?call=i`). */
  readonly run: (contender: ContenderName, kind: CallKind, mode: CallMode, calls: number) => Promise<BatchResult>
  /**
   * `calls` sequential calls of each contender, interleaved call by call (raw fetch, PlatformHttp, signed, then the
   * next in rotating order), so that a busy moment of the machine slows all three alike: each call's latency, by
   * contender.
   */
  readonly runInterleaved: (kind: CallKind, calls: number) => Promise<Record<ContenderName, ReadonlyArray<number>>>
  /**
   * `calls` sequential calls of each contender, interleaved call by call as {@link runInterleaved}, each call's
   * main-thread time measured in the page ({@link CallMainThread}), by contender.
   */
  readonly runMainThread: (
    kind: CallKind,
    calls: number
  ) => Promise<Record<ContenderName, ReadonlyArray<CallMainThread>>>
  /** Run `calls` concurrent GETs with raw fetch, every one to the same URL (the HTTP cache's lock). */
  readonly runCacheLocked: (calls: number) => Promise<BatchResult>
  /**
   * The WebCrypto floor of a 5-field signature in this browser: `calls` in a row of SHA-256 then an ECDSA P-256
   * signature, alongside a second signature (a key of the page's own; no pipeline), each one's time in ms.
   */
  readonly runCryptoFloor: (calls: number) => Promise<ReadonlyArray<number>>
}
