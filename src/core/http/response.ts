/**
 * The response the pipeline works on: what one HTTP exchange gave back, built by the transport once the whole body
 * is read (./transport.ts). The status line, headers and final URL are read from fetch's Response when a rule first
 * asks for them, and kept (most calls never look at the status text or the URL, and in Chromium each of those
 * getters builds a new JS value). The body is held as the transport read it:
 *
 * - as text, for the calls that only ever read text (PlatformHttp's JSON calls: `HttpRequest.responseAs` "text");
 *   `bytes` is then the UTF-8 encoding of that text, made on first use;
 * - else as the bytes received, byte for byte; `text` decodes them as UTF-8 (as `Response.text()` does) on first
 *   use.
 *
 * Either way each form is made once, so the rules that look at a body (the errors rule, decoding) never read or
 * decode it twice.
 *
 * @module
 */
import type { HttpRequest } from "./request.ts"

const utf8 = new TextDecoder()
const utf8Encoder = new TextEncoder()

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
  #bytes: Uint8Array<ArrayBuffer> | undefined
  #text: string | undefined

  /** A response of `request` with the status line, headers and URL of `head`, and the whole `body` read. */
  constructor(request: HttpRequest, head: ResponseHead, body: Uint8Array<ArrayBuffer> | string) {
    this.request = request
    this.#head = head
    if (typeof body === "string") this.#text = body
    else this.#bytes = body
  }

  get status(): number {
    return this.#status ??= this.#head.status
  }

  get statusText(): string {
    return this.#statusText ??= this.#head.statusText
  }

  /** The response headers as fetch gave them (not copied). */
  get headers(): Headers {
    return this.#headers ??= this.#head.headers
  }

  /** The URL the response came from after any redirect fetch followed; "" when unknown. */
  get url(): string {
    return this.#url ??= this.#head.url
  }

  /** The whole body (empty for none); for a body read as text, the UTF-8 encoding of {@link text} (made once). */
  get bytes(): Uint8Array<ArrayBuffer> {
    return this.#bytes ??= utf8Encoder.encode(this.#text!) as Uint8Array<ArrayBuffer>
  }

  /** The body decoded as UTF-8 (decoded once). */
  get text(): string {
    return this.#text ??= this.#bytes!.byteLength === 0 ? "" : utf8.decode(this.#bytes)
  }

  /** True for a status from 200 to 299. */
  get ok(): boolean {
    return this.status >= 200 && this.status < 300
  }
}
