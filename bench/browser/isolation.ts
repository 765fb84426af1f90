/**
 * Serve the benchmark page cross-origin isolated: Chromium coarsens `performance.now()` to 100 µs steps (with jitter)
 * in a page that is not, and to 5 µs in one that is (`crossOriginIsolated === true`). The emulator's www origin sends
 * no Cross-Origin-Opener-Policy / Cross-Origin-Embedder-Policy, so the driver adds them to the page's document
 * response through the DevTools Protocol's Fetch domain: only responses of type Document on the www origin are
 * paused, so no call the benchmark measures passes through the interception.
 *
 * What the page then needs from the emulator: under `Cross-Origin-Embedder-Policy: require-corp` a cross-origin
 * subresource must be CORS-approved or say `Cross-Origin-Resource-Policy`; every call of the page goes to the
 * services origin in CORS mode (the emulator answers with CORS headers), its script and configuration are
 * same-origin, so nothing else is needed. One side effect of the interception: a document the DevTools Protocol hands
 * over (`Fetch.fulfillRequest`; `Fetch.continueResponse` with added headers does not make the page isolated in
 * Chromium 150) has no address space of its own, so Chromium's Local Network Access treats it as public and blocks
 * its calls to loopback until the page has the `local-network-access` permission: the driver grants it to the www
 * origin, as a user would at the prompt. Every contender's calls go through that same check.
 *
 * @module
 */
import type { BrowserContext, CDPSession } from "playwright-core"

/** The headers that make a document cross-origin isolated. */
export const isolationHeaders: ReadonlyArray<{ readonly name: string; readonly value: string }> = [
  { name: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { name: "Cross-Origin-Embedder-Policy", value: "require-corp" }
]

/**
 * From now on, every document `cdp`'s page loads from `origin` is served with {@link isolationHeaders}, and the
 * origin may call loopback hosts (`context`'s permission).
 */
export const serveIsolated = async (context: BrowserContext, cdp: CDPSession, origin: string): Promise<void> => {
  await context.grantPermissions(["local-network-access"], { origin })
  cdp.on("Fetch.requestPaused", async (event) => {
    const kept = (event.responseHeaders ?? []).filter(
      (header) => !isolationHeaders.some((added) => added.name.toLowerCase() === header.name.toLowerCase())
    )
    try {
      const { base64Encoded, body } = await cdp.send("Fetch.getResponseBody", { requestId: event.requestId })
      await cdp.send("Fetch.fulfillRequest", {
        requestId: event.requestId,
        responseCode: event.responseStatusCode ?? 200,
        responseHeaders: [...kept, ...isolationHeaders],
        body: base64Encoded ? body : Buffer.from(body).toString("base64")
      })
    } catch (cause) {
      // A document whose body cannot be read (a redirect) goes on as it came, not isolated: the page's own check
      // (`crossOriginIsolated`) then stops the run, rather than the request staying paused until a time-out.
      console.warn(`isolation: ${event.request.url} served as it came (${String(cause)})`)
      await cdp.send("Fetch.continueRequest", { requestId: event.requestId }).catch(() => undefined)
    }
  })
  await cdp.send("Fetch.enable", {
    patterns: [{ urlPattern: `${origin}/*`, resourceType: "Document", requestStage: "Response" }]
  })
}
