import { assert, describe, it } from "@effect/vitest"
import { describeError, errorSummary, maxErrorMessageLength } from "../../../src/core/browser/errorSummary.ts"
import { FetchError, ResponseDecodeError, ResponseError } from "../../../src/core/http/errors.ts"

const secretUrl = "https://user:pw@apis.example.com/v1/things?token=SECRET&x=1#frag"
const shownUrl = "https://apis.example.com/v1/things?token=[redacted]&x=[redacted]#[redacted]"

describe("errorSummary and describeError (what logs and error reports show of an error)", () => {
  it("redact the URL of an error's url field in its message; the error's url field keeps it", () => {
    const decode = new ResponseDecodeError({ operation: "getThings", url: secretUrl, issue: "SECRET is not a number" })
    assert.deepStrictEqual(errorSummary(decode), {
      tag: "ResponseDecodeError",
      message: `Response of getThings (${shownUrl}) did not match its schema: [redacted] is not a number`
    })
    assert.strictEqual(decode.url, secretUrl)
    assert.include(decode.message, shownUrl)
    const fetchError = new FetchError({ url: secretUrl, method: "GET", cause: new TypeError(`bad ${secretUrl}`) })
    assert.strictEqual(describeError(fetchError), `FetchError: Request to ${shownUrl} failed before a response arrived`)
    const response = new ResponseError({
      status: 500,
      statusText: "",
      url: secretUrl,
      method: "GET",
      codes: [],
      headers: {}
    })
    assert.strictEqual(describeError(response), `ResponseError: Response from ${shownUrl} returned an error code 500`)
  })

  it("append the server's message a ResponseError carries: the error's own message stays the spec's sentence", () => {
    const response = new ResponseError({
      status: 400,
      statusText: "",
      url: secretUrl,
      method: "GET",
      codes: [7],
      headers: {},
      serverMessage: "Too many ids"
    })
    assert.strictEqual(response.message, `Response from ${shownUrl} returned an error code 400`)
    assert.strictEqual(response.url, secretUrl)
    assert.strictEqual(
      describeError(response),
      `ResponseError: Response from ${shownUrl} returned an error code 400: Too many ids`
    )
  })

  it("leave errors without a url as they are: a name, a string, a tag alone; long messages are cut", () => {
    assert.strictEqual(describeError(new TypeError("offline")), "TypeError: offline")
    assert.strictEqual(describeError("plain words"), "Unknown: plain words")
    assert.strictEqual(describeError({ _tag: "Stopped" }), "Stopped")
    assert.strictEqual(errorSummary(new Error("x".repeat(600))).message.length, maxErrorMessageLength)
  })

  it("redact a URL the caller names and, on request, every URL written in the message, before the message is cut", () => {
    const url = "https://api.example.com/v1/x?token=SECRETSECRETSECRETSECRET"
    const defect = new Error(`rule failed: ${"y".repeat(440)} ${url}`)
    assert.strictEqual(
      errorSummary(defect, { url }).message,
      `rule failed: ${"y".repeat(440)} https://api.example.com/v1/x?token=[redacted]`
    )
    assert.notInclude(errorSummary(defect, { url }).message, "SECRETSEC")
    const quoting = new Error(`see https://docs.example.net/a?sig=S1GSECRET (and ${url})`)
    assert.strictEqual(
      describeError(quoting, { everyUrl: true }),
      "Error: see https://docs.example.net/a?sig=[redacted] (and https://api.example.com/v1/x?token=[redacted])"
    )
  })

  it("write tag and message printable: line breaks, controls and separators as one space, bidi controls removed", () => {
    const forged = new Error("bad input\n[ERROR] forged line\r\n\u2028next\u0085 and \u202Eexe.gpj\u202C end\u0007")
    assert.strictEqual(describeError(forged), "Error: bad input [ERROR] forged line next  and exe.gpj end ")
    assert.strictEqual(describeError({ _tag: "Odd\nTag\u2066", message: "m" }), "Odd Tag: m")
    const url = "https://api.example.com/v1/x?token=SECRET1234"
    assert.strictEqual(
      describeError(new Error(`at ${url}\u2029SECRET1234`), { url }),
      "Error: at https://api.example.com/v1/x?token=[redacted] [redacted]"
    )
  })
})
