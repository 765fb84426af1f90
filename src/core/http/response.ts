/**
 * The response the pipeline works on: what one HTTP exchange gave back, built by the transport once the whole body
 * is read (./transport.ts). The status line, headers and final URL are read from fetch's Response when a rule first
 * asks for them, and kept: most calls never look at the status text or the URL, and in Chromium each of those
 * getters builds a new JS value, a cost that showed in the main thread's profile (docs/performance.md, "The request
 * path"). The body is the bytes received; `text` decodes them on first use and keeps the text, so
 * the rules that look at a body (the errors rule, decoding) never read or decode it twice.
 *
 * Why not `Response.text()` for the JSON calls, which only read text: measured in Chromium and Node, `text()` then
 * `JSON.parse` costs the same as `arrayBuffer()`, `TextDecoder` then `JSON.parse` (and as `json()`), so one reader
 * serves every caller, including those that need the exact bytes (./httpClient.ts).
 *
 * @module
 */
import type { HttpRequest } from "./request.ts"

const utf8 = new TextDecoder()

/** What a response says besides its body: fetch's Response has these fields (a test may give plain values). */
export interface ResponseHead {
  readonly status: number
  readonly statusText: string
  readonly headers: Headers
  /** The URL the response came from after any redirect fetch followed; "" when unknown. */
  readonly url: string
}

/** One HTTP response with its whole body. */
export class HttpResponse {
  /** The request as it was sent (after every rule). */
  readonly request: HttpRequest
  readonly #head: ResponseHead
  #status: number | undefined
  #statusText: string | undefined
  #headers: Headers | undefined
  #url: string | undefined
  /** The whole body (empty for none). */
  readonly bytes: Uint8Array<ArrayBuffer>
  #text: string | undefined

  /** A response of `request` with the status line, headers and URL of `head`, and the whole body `bytes`. */
  constructor(request: HttpRequest, head: ResponseHead, bytes: Uint8Array<ArrayBuffer>) {
    this.request = request
    this.#head = head
    this.bytes = bytes
  }

  /** The HTTP status (read from the head when first asked, then kept). */
  get status(): number {
    return (this.#status ??= this.#head.status)
  }

  /** The HTTP status text (read from the head when first asked, then kept). */
  get statusText(): string {
    return (this.#statusText ??= this.#head.statusText)
  }

  /** The response headers as fetch gave them (not copied). */
  get headers(): Headers {
    return (this.#headers ??= this.#head.headers)
  }

  /** The URL the response came from after any redirect fetch followed; "" when unknown. */
  get url(): string {
    return (this.#url ??= this.#head.url)
  }

  /** The body decoded as UTF-8 (decoded once). */
  get text(): string {
    return (this.#text ??= this.bytes.byteLength === 0 ? "" : utf8.decode(this.bytes))
  }

  /** True for a status from 200 to 299. */
  get ok(): boolean {
    return this.status >= 200 && this.status < 300
  }
}
