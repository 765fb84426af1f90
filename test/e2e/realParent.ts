/**
 * A minimal parent side of the security frame written from the real site's protocol alone, sharing no code with the
 * library: it is what a page of the site (a creator or ads tool on another sub-domain) does, reduced to its steps.
 * `realParent` runs inside the browser page (`page.evaluate(realParent, options)`), so it is self-contained.
 *
 * 1. Create the iframe `hba-frame` (0×0, fixed, `z-index: -1`) at `{www}/hba/iframe`; accept messages only when
 *    `event.origin` is the www origin and `msg` is `dataFromHbaFrame`.
 * 2. On its load, post `{ msg: "checkLoadedRequest" }` to the www origin; wait for `data.type === "loaded"` (1500 ms).
 * 3. Per request, post `{ msg: "signSubdomainRequest", identifier: crypto.randomUUID(), serializedSubdomainRequestData:
 *    JSON.stringify({ url, requestInit }) }`; take the first `batHeader` answer whose identifier is absent or equal.
 *    The real page waits 100 ms; this one waits `dataTimeoutMs` (the test's machine is shared and loaded: the
 *    protocol is under test here, not the speed; the round trips are returned).
 * 4. Send the request with fetch, `batHeader`'s token added (and the anti-forgery token the server gives on a 403).
 */

/** What the test tells the parent. */
export interface RealParentOptions {
  /** The www origin, where the frame lives. */
  readonly www: string
  /** The URL of the signed POST (on the page's own origin). */
  readonly url: string
  /** Its JSON body. */
  readonly body: string
  /** How long to wait for each answer (default 1000 ms). */
  readonly dataTimeoutMs?: number
}

/** A `batHeader` answer as received. */
export interface BatHeaderAnswer {
  readonly type: "batHeader"
  readonly identifier?: string
  readonly isError?: boolean
  readonly batHeader: Record<string, string>
}

/** What the parent saw. */
export interface RealParentResult {
  readonly loaded: boolean
  /** Each POST sent: the identifier asked, the frame's answer, the server's status. */
  readonly posts: ReadonlyArray<{
    readonly identifier: string
    readonly answer: BatHeaderAnswer
    readonly status: number
  }>
  /** The answer to a signing request for a foreign host. */
  readonly foreign: { readonly identifier: string; readonly answer: BatHeaderAnswer }
  /** Milliseconds from each signing request to its answer. */
  readonly roundTripsMs: ReadonlyArray<number>
}

/** The parent side; runs in the browser page (no imports, no outer variables). */
export const realParent = async (options: RealParentOptions): Promise<RealParentResult> => {
  const { body, url, www } = options
  const dataTimeoutMs = options.dataTimeoutMs ?? 1000
  const inbox: Array<{ type: string; identifier?: string }> = []
  const wakers: Array<() => void> = []
  window.addEventListener("message", (event) => {
    if (event.origin !== www || event.data?.msg !== "dataFromHbaFrame") return
    inbox.push(event.data.data)
    for (const wake of wakers.splice(0)) wake()
  })
  const next = (accept: (data: { type: string; identifier?: string }) => boolean, ms: number) =>
    new Promise<any>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
      const look = () => {
        const index = inbox.findIndex(accept)
        if (index < 0) return void wakers.push(look)
        clearTimeout(timer)
        resolve(inbox.splice(index, 1)[0])
      }
      look()
    })

  const frame = document.createElement("iframe")
  frame.id = "hba-frame"
  frame.src = `${www}/hba/iframe`
  frame.style.cssText = "position:fixed;width:0;height:0;border:0;z-index:-1"
  const loaded = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }))
  document.body.appendChild(frame)
  await loaded
  frame.contentWindow!.postMessage({ msg: "checkLoadedRequest" }, www)
  await next((data) => data.type === "loaded", 1500)

  const roundTripsMs: Array<number> = []
  const sign = async (target: string, requestInit: { method: string; body?: string }) => {
    const identifier = crypto.randomUUID()
    const sentAt = performance.now()
    frame.contentWindow!.postMessage(
      {
        msg: "signSubdomainRequest",
        identifier,
        serializedSubdomainRequestData: JSON.stringify({ url: target, requestInit })
      },
      www
    )
    const answer: BatHeaderAnswer = await next(
      (data) => data.type === "batHeader" && (data.identifier === undefined || data.identifier === identifier),
      dataTimeoutMs
    )
    roundTripsMs.push(performance.now() - sentAt)
    return { identifier, answer }
  }

  const posts: Array<{ identifier: string; answer: BatHeaderAnswer; status: number }> = []
  let csrf: string | null = null
  for (let attempt = 0; attempt < 2; attempt++) {
    const requestInit = { method: "POST", body }
    const { answer, identifier } = await sign(url, requestInit)
    const headers: Record<string, string> = { "content-type": "application/json" }
    if (answer.isError !== true) headers["x-bound-auth-token"] = answer.batHeader["x-bound-auth-token"]!
    if (csrf !== null) headers["x-csrf-token"] = csrf
    const response = await fetch(url, { ...requestInit, headers, credentials: "include" })
    posts.push({ identifier, answer, status: response.status })
    csrf = response.headers.get("x-csrf-token")
    if (response.status !== 403 || csrf === null) break
  }
  const foreign = await sign("https://foreign.example/v1/steal", { method: "GET" })
  return { loaded: true, posts, foreign, roundTripsMs }
}
