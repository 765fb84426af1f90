/**
 * Reading a response body with a size cap, enforced while the bytes arrive: a server (or anything between it and
 * the page) that answers with more than the cap never makes the page hold more than the cap in memory. The
 * platform's calls answer JSON or small files; the cap is a backstop against a runaway or hostile answer, not a
 * limit a call is expected to meet.
 *
 * - A body is read chunk by chunk from its stream; past the cap the stream is cancelled and the read fails. A
 *   compressed answer counts by its decoded bytes (what the page would hold), so a declared `content-length` (the
 *   compressed size) decides nothing, and the response's headers are not read here (the pipeline reads them only
 *   when a rule asks: ./response.ts).
 * - A response without a body (204, HEAD) is empty; with the cap lifted (`Infinity`) the body is read whole.
 *
 * @module
 */
import * as Context from "effect/Context"

/** The cap on one response body, in bytes, unless a call sets its own: 16 MiB. */
export const defaultMaxResponseBytes = 16 * 1024 * 1024

/**
 * The largest response body a call accepts, in bytes (default {@link defaultMaxResponseBytes}); past it the call
 * fails with a ResponseTooLargeError. `Effect.provideService(call, MaxResponseBytes, 64 * 1024 * 1024)` raises it
 * for one call (a large download); `Infinity` lifts it.
 */
export const MaxResponseBytes = Context.Reference<number>("platform-web-client/core/http/MaxResponseBytes", {
  defaultValue: () => defaultMaxResponseBytes
})

/** The body of `response` is over `limit` bytes. */
export class BodyTooLarge {
  readonly _tag = "BodyTooLarge"
  readonly limit: number
  constructor(limit: number) {
    this.limit = limit
  }
}

/**
 * The bytes of `chunks`, `total` long, as one array that owns its whole buffer (`bytes.buffer` is exactly the body:
 * a stream may hand out views into a larger, shared buffer, which callers reading `.buffer` must never see).
 */
const joined = (chunks: ReadonlyArray<Uint8Array>, total: number): Uint8Array<ArrayBuffer> => {
  const only = chunks[0]
  if (
    chunks.length === 1 &&
    only!.byteOffset === 0 &&
    only!.buffer instanceof ArrayBuffer &&
    only!.buffer.byteLength === total
  ) {
    return only as Uint8Array<ArrayBuffer>
  }
  const bytes = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.length
  }
  return bytes
}

/**
 * Read `response`'s body, at most `limit` bytes, handing the bytes to `done`, a {@link BodyTooLarge} or what the read
 * threw to `failed`. Callbacks rather than a promise, as the transport's exchange works (one hop on the way back).
 */
export const readBodyCapped = (
  response: Response,
  limit: number,
  done: (bytes: Uint8Array<ArrayBuffer>) => void,
  failed: (cause: unknown) => void
): void => {
  const body = limit === Infinity ? null : response.body
  if (body === null) {
    response.arrayBuffer().then((buffer) => done(new Uint8Array(buffer)), failed)
    return
  }
  const reader = body.getReader()
  const chunks: Array<Uint8Array> = []
  let total = 0
  const next = (): void => {
    reader.read().then(({ done: ended, value }) => {
      if (ended) return done(joined(chunks, total))
      total += value.length
      if (total > limit) {
        reader.cancel().catch(() => {})
        return failed(new BodyTooLarge(limit))
      }
      chunks.push(value)
      next()
    }, failed)
  }
  next()
}
