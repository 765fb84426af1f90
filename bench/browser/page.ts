/**
 * The browser benchmark's page, served by the emulator on its www origin and driven by ./run.ts (protocol:
 * ./protocol.ts). It is a page as an app would write it: configured by the page's `<meta>` tags (the emulator
 * renders them), the demo's sign-in (device attestation, then `POST /hba/v1/sign-in`), and `browserPlatformLayer`
 * from the package's public entry point.
 *
 * 1. Cold page: with `?signin` in the URL (an empty IndexedDB: the key is created, attested and bound), sign in
 *    first; then build the signed layer and make the first signed call. The milestones go to `window.bench.cold`.
 * 2. The request benchmark (`window.bench.run`, `runInterleaved`): the same calls made by raw fetch (as a page would
 *    write them by hand: credentials, the CSRF token on the POST, status checked, JSON parsed) and by PlatformHttp
 *    without and with signing, each call through `ManagedRuntime.runPromise` as an event handler would.
 *
 * Every contender fetches in the browser's default cache mode: any other mode (`no-store`, `reload`, `no-cache`)
 * also skips Chromium's CORS preflight cache, so every signed call and every POST would be preceded by a preflight.
 * Concurrent GETs go to distinct URLs (`?call=i`): Chromium's HTTP cache lets one request per URL at a time reach
 * the network, whatever the answer's Cache-Control says, so concurrent GETs of one URL measure that lock
 * (`runCacheLocked` shows it), not the contenders.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import { browserPlatformLayer, PlatformConfig, PlatformHttp } from "platform-web-client"
import { type PlatformHttpShape } from "platform-web-client/http"
import { Signing } from "platform-web-client/signing"
import { signIn } from "../../examples/demo/src/signIn.ts"
import {
  type BatchResult,
  type BenchPage,
  type CallKind,
  type CallMainThread,
  type CallMode,
  type ColdPageResult,
  contenderNames,
  type ContenderName
} from "./protocol.ts"

const scriptStart = performance.now()

declare global {
  interface Window {
    bench: BenchPage
  }
}

/** The GET's path on the users service: the signed-in user. */
const getPath = "/v1/users/authenticated"

/** The POST's path on the users service: a lookup by ids. */
const postPath = "/v1/users"

/** The POST's body: a lookup of three users. */
const lookupBody = { userIds: [1, 2, 3] }

const status = (text: string) => {
  document.getElementById("status")!.textContent = text
}

/** The `i`-th call of a batch; it answers when its decoded body is in. */
type Call = (i: number) => Promise<unknown>

/** The contenders' calls of each kind. */
type Calls = Record<ContenderName, Record<CallKind, Call>>

/** A raw fetch's answer: its JSON, or an error for a status outside 2xx. */
const json = (response: Response): Promise<unknown> => {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}`)
  return response.json()
}

const setUp = async () => {
  // the page's tags are its configuration: nothing to fetch
  const configured = performance.now()
  const signedIn = new URL(location.href).searchParams.has("signin")
    ? await Effect.runPromise(signIn(location.origin)).then((state) => {
        if (state._tag !== "KeyBound") throw new Error(`sign-in left the page unsigned: ${JSON.stringify(state)}`)
        return performance.now()
      })
    : undefined
  const signedRuntime = ManagedRuntime.make(browserPlatformLayer({ signer: Signing.browser }))
  const signedHttp = await signedRuntime.runPromise(PlatformHttp)
  const first = await signedRuntime.runPromise(
    signedHttp.post({ service: "users", path: postPath }, { body: lookupBody })
  )
  const cold: ColdPageResult = {
    scriptStart,
    configured,
    ...(signedIn === undefined ? {} : { signedIn }),
    firstData: performance.now(),
    users: (first as { readonly data: ReadonlyArray<unknown> }).data.length
  }
  const unsignedRuntime = ManagedRuntime.make(browserPlatformLayer())
  const unsignedHttp = await unsignedRuntime.runPromise(PlatformHttp)
  const usersBaseUrl = (await unsignedRuntime.runPromise(PlatformConfig)).baseUrls.users
  return {
    cold,
    calls: makeCalls(usersBaseUrl, unsignedRuntime, unsignedHttp, signedRuntime, signedHttp),
    // raw fetch's GET, every call to the same URL
    cacheLockedGet: () =>
      fetch(`${usersBaseUrl}${getPath}`, { credentials: "include", headers: { accept: "application/json" } }).then(json)
  }
}

const makeCalls = (
  usersBaseUrl: string,
  unsignedRuntime: ManagedRuntime.ManagedRuntime<PlatformHttp, never>,
  unsignedHttp: PlatformHttpShape,
  signedRuntime: ManagedRuntime.ManagedRuntime<PlatformHttp, never>,
  signedHttp: PlatformHttpShape
): Calls => {
  const getUrl = `${usersBaseUrl}${getPath}`
  /** The URL of the `i`-th GET: the same for every sequential call (-1), its own for each concurrent one. */
  const getUrlOf = (i: number) => (i < 0 ? getUrl : `${getUrl}?call=${i}`)
  const postUrl = `${usersBaseUrl}${postPath}`
  const body = JSON.stringify(lookupBody)
  let csrfToken = ""
  const rawPost = (): Promise<unknown> =>
    fetch(postUrl, {
      method: "POST",
      credentials: "include",
      headers: { accept: "application/json", "content-type": "application/json", "x-csrf-token": csrfToken },
      body
    }).then((response) => {
      // as a page would by hand: a 403 with a new token is re-sent once with it
      const token = response.headers.get("x-csrf-token")
      if (response.status === 403 && token !== null && token !== csrfToken) {
        csrfToken = token
        return rawPost()
      }
      return json(response)
    })
  const through = (runtime: ManagedRuntime.ManagedRuntime<PlatformHttp, never>, http: PlatformHttpShape) => ({
    GET: (i: number) => runtime.runPromise(http.get(getUrlOf(i))),
    POST: () => runtime.runPromise(http.post(postUrl, { body: lookupBody }))
  })
  return {
    "raw fetch": {
      GET: (i) => fetch(getUrlOf(i), { credentials: "include", headers: { accept: "application/json" } }).then(json),
      POST: rawPost
    },
    PlatformHttp: through(unsignedRuntime, unsignedHttp),
    "PlatformHttp signed": through(signedRuntime, signedHttp)
  }
}

/** Long tasks, as the browser reports them. */
const longTasks: Array<PerformanceEntry> = []
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: "longtask", buffered: true })
performance.setResourceTimingBufferSize(100_000)

/** Time `calls` calls of `call`, one after the other or all at once. */
const measure = async (call: Call, mode: CallMode, calls: number): Promise<BatchResult> => {
  performance.clearResourceTimings()
  longTasks.length = 0
  const latencies: Array<number> = []
  let startLoopMs = 0
  const start = performance.now()
  if (mode === "sequential") {
    for (let i = 0; i < calls; i++) {
      const before = performance.now()
      await call(-1)
      latencies.push(performance.now() - before)
    }
  } else {
    const pending: Array<Promise<number>> = []
    for (let i = 0; i < calls; i++) {
      const before = performance.now()
      pending.push(call(i).then(() => performance.now() - before))
    }
    startLoopMs = performance.now() - start
    latencies.push(...(await Promise.all(pending)))
  }
  const totalMs = performance.now() - start
  // let the long-task observer deliver what it saw
  await new Promise((resolve) => setTimeout(resolve, 0))
  const entries = (performance.getEntriesByType("resource") as Array<PerformanceResourceTiming>).filter(
    (entry) => entry.initiatorType === "fetch" && entry.startTime >= start
  )
  return {
    latencies,
    totalMs,
    startLoopMs,
    serverMs: entries.length === calls ? entries.map((entry) => entry.responseStart - entry.requestStart) : [],
    longTasks: { count: longTasks.length, totalMs: longTasks.reduce((sum, task) => sum + task.duration, 0) }
  }
}

/**
 * When the latest fetch was called and when its promise resolved (performance.now): every contender calls the global
 * `fetch` at call time (PlatformHttp's transport looks it up per call), so this wrapper sees each of them alike. Its
 * own `then` is attached first, so it runs before the caller's continuation.
 */
let fetchCalledAt = Number.NaN
let fetchResolvedAt = Number.NaN
const pageFetch = globalThis.fetch
globalThis.fetch = (input, init) => {
  fetchCalledAt = performance.now()
  const response = pageFetch(input, init)
  response.then(
    () => {
      fetchResolvedAt = performance.now()
    },
    () => {}
  )
  return response
}

/** One call with its main-thread time: its synchronous start and its delivery (./protocol.ts CallMainThread). */
const timeMainThread = async (call: Call): Promise<CallMainThread> => {
  fetchCalledAt = Number.NaN
  fetchResolvedAt = Number.NaN
  const before = performance.now()
  const answer = call(-1)
  const started = performance.now()
  await answer
  const delivered = performance.now()
  return { startMs: started - before, toFetchMs: fetchCalledAt - before, deliveryMs: delivered - fetchResolvedAt }
}

const ready = setUp()

/**
 * `calls` sequential calls of each contender, interleaved call by call (rotating which goes first), each timed by
 * `time`: the times by contender.
 */
/**
 * The WebCrypto floor of one 5-field signature in this browser: SHA-256 of the POST's body, then the ECDSA P-256
 * signature of a string that holds the digest, alongside the signature of the path string (as the signer does), with a
 * non-extractable key of the page's own; `calls` in a row, each one's time in ms. No pipeline, no key store, no
 * base64: what any signing page pays.
 */
const cryptoFloor = async (calls: number): Promise<ReadonlyArray<number>> => {
  const algorithm = { name: "ECDSA", hash: "SHA-256" }
  const { privateKey } = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
    "sign",
    "verify"
  ])
  const encoder = new TextEncoder()
  const body = encoder.encode(JSON.stringify(lookupBody))
  const times: Array<number> = []
  for (let i = 0; i < calls; i++) {
    const before = performance.now()
    const timestamp = Math.floor(Date.now() / 1000)
    await Promise.all([
      crypto.subtle
        .digest("SHA-256", body)
        .then((digest) =>
          crypto.subtle.sign(
            algorithm,
            privateKey,
            encoder.encode(`${btoa(String.fromCharCode(...new Uint8Array(digest)))}|${timestamp}|${postPath}|POST`)
          )
        ),
      crypto.subtle.sign(algorithm, privateKey, encoder.encode(`|${timestamp}|${postPath}|POST`))
    ])
    times.push(performance.now() - before)
  }
  return times
}

const interleaved = async <A>(
  kind: CallKind,
  calls: number,
  time: (call: Call) => Promise<A>
): Promise<Record<ContenderName, Array<A>>> => {
  const all = (await ready).calls
  const times: Record<ContenderName, Array<A>> = { "raw fetch": [], PlatformHttp: [], "PlatformHttp signed": [] }
  for (let i = 0; i < calls; i++) {
    for (let k = 0; k < contenderNames.length; k++) {
      const contender = contenderNames[(i + k) % contenderNames.length]!
      times[contender].push(await time(all[contender][kind]))
    }
  }
  return times
}

window.bench = {
  cold: ready.then((setup) => setup.cold),
  warmUp: async (calls) => {
    const { calls: all } = await ready
    for (const contender of Object.values(all)) {
      for (let i = 0; i < calls; i++) {
        await contender.GET(-1)
        await contender.POST(-1)
      }
    }
  },
  warmUrls: async (calls) => {
    const signed = (await ready).calls["PlatformHttp signed"].GET
    for (let i = 0; i < calls; i++) await signed(i)
  },
  run: async (contender, kind, mode, calls) => measure((await ready).calls[contender][kind], mode, calls),
  runInterleaved: async (kind, calls) =>
    interleaved(kind, calls, async (call) => {
      const before = performance.now()
      await call(-1)
      return performance.now() - before
    }),
  runMainThread: async (kind, calls) => interleaved(kind, calls, timeMainThread),
  runCacheLocked: async (calls) => measure((await ready).cacheLockedGet, "concurrent", calls),
  runCryptoFloor: cryptoFloor
}

ready.then(
  (setup) => status(JSON.stringify(setup.cold)),
  (error: unknown) => status(`failed: ${String(error)}`)
)
