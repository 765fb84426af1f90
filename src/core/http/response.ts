/**
 * The response the pipeline works on: what one HTTP exchange gave back, built by the transport from the bytes it
 * read (./transport.ts): status, status text, the headers fetch gave (not copied), the URL the answer actually came
 * from, and the whole body, read once. `text` decodes it on first use and keeps it, so the rules that look at a body
 * (the errors rule, decoding) never read or decode it twice.
 *
 * @module
 */
import type { HttpRequest } from "./request.ts"

const utf8 = new TextDecoder()

/** One HTTP response with its whole body. */
export class HttpResponse {
  /** The request as it was sent (after every rule). */
  readonly request: HttpRequest
  readonly status: number
  readonly statusText: string
  /** The response headers as fetch gave them. */
  readonly headers: Headers
  /** The URL the response came from after any redirect fetch followed; "" when unknown. */
  readonly url: string
  /** The whole body (empty for none). */
  readonly bytes: Uint8Array<ArrayBuffer>
  #text: string | undefined

  constructor(
    request: HttpRequest,
    status: number,
    statusText: string,
    headers: Headers,
    url: string,
    bytes: Uint8Array<ArrayBuffer>
  ) {
    this.request = request
    this.status = status
    this.statusText = statusText
    this.headers = headers
    this.url = url
    this.bytes = bytes
  }

  /** The body decoded as UTF-8 (decoded once). */
  get text(): string {
    return this.#text ??= this.bytes.byteLength === 0 ? "" : utf8.decode(this.bytes)
  }

  /** True for a status from 200 to 299. */
  get ok(): boolean {
    return this.status >= 200 && this.status < 300
  }
}
