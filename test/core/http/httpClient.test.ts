import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as HttpBody from "effect/http/HttpBody"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Schema from "effect/Schema"
import * as Result from "effect/Result"
import * as Stream from "effect/Stream"
import { fromHttpClientRequest, toHttpClient } from "../../../src/core/http/httpClient.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { platformHttpLayer } from "./harness.ts"

const url = "https://apis.example.com/v1/things"

describe("fromHttpClientRequest", () => {
  it("the URL with its parameters, the headers without content-length, the body", () => {
    const request = HttpClientRequest.post(`${url}#frag`).pipe(
      HttpClientRequest.setUrlParams({ b: "2 3", a: 1 }),
      HttpClientRequest.setHeader("X-Extra", "e"),
      (r) => HttpClientRequest.bodyText(r, `{"a":1}`, "application/json")
    )
    const light = Result.getOrThrow(fromHttpClientRequest(request))
    assert.strictEqual(light.method, "POST")
    assert.strictEqual(light.url, `${url}?b=2+3&a=1`)
    assert.deepStrictEqual({ ...light.headers }, { "x-extra": "e", "content-type": "application/json" })
    assert.strictEqual(new TextDecoder().decode(light.body as Uint8Array), `{"a":1}`)
  })

  it("a URL that has a query already gets the parameters after it; no parameters, no `?`", () => {
    const withQuery = Result.getOrThrow(
      fromHttpClientRequest(HttpClientRequest.get(`${url}?x=1`).pipe(HttpClientRequest.setUrlParam("y", "2")))
    )
    assert.strictEqual(withQuery.url, `${url}?x=1&y=2`)
    assert.strictEqual(Result.getOrThrow(fromHttpClientRequest(HttpClientRequest.get(url))).url, url)
  })

  it("a stream body is a RequestEncodeError: the pipeline sends bodies it can sign and re-send", () => {
    const request = HttpClientRequest.post(url).pipe(
      HttpClientRequest.setBody(HttpBody.stream(Stream.make(new Uint8Array([1]))))
    )
    const result = fromHttpClientRequest(request)
    assert.isTrue(Result.isFailure(result))
    assert.strictEqual(
      Result.isFailure(result) && result.failure.message,
      `Request of POST ${url} could not be encoded: stream bodies are not sent by PlatformHttp`
    )
  })
})

describe("toHttpClient", () => {
  it.effect("sends through the pipeline (its headers and credentials) and reads the response's bytes every way", () =>
    Effect.gen(function* () {
      const client = toHttpClient(yield* PlatformHttp)
      const response = yield* client.execute(HttpClientRequest.get(url).pipe(HttpClientRequest.setUrlParam("q", "1")))
      const sent = (yield* StubFetch).requests[0]!
      assert.strictEqual(sent.url, `${url}?q=1`)
      assert.strictEqual(sent.credentials, "include")
      assert.strictEqual(sent.headers["accept-language"], "fr-fr")
      assert.strictEqual(response.status, 200)
      assert.strictEqual(response.headers["x-answer"], "42")
      assert.strictEqual(yield* response.text, `{"a":1}`)
      assert.deepStrictEqual(yield* response.json, { a: 1 })
      assert.strictEqual(new TextDecoder().decode(yield* response.arrayBuffer), `{"a":1}`)
      assert.deepStrictEqual(yield* HttpClientResponse.schemaBodyJson(Schema.Struct({ a: Schema.Number }))(response), {
        a: 1
      })
      const chunks = yield* Stream.runCollect(response.stream)
      assert.strictEqual(new TextDecoder().decode(chunks[0]), `{"a":1}`)
      assert.strictEqual(response.url, `${url}?q=1`)
      assert.strictEqual(response.request.url, url)
    }).pipe(
      Effect.provide(
        platformHttpLayer(() => jsonResponse({ a: 1 }, { headers: { "x-answer": "42" } }), {
          locale: { urlLocale: "fr-fr" }
        })
      )
    )
  )

  it.effect("a non-2xx answer is the pipeline's ResponseError, never a response", () =>
    Effect.gen(function* () {
      const client = toHttpClient(yield* PlatformHttp)
      const error = yield* Effect.flip(client.execute(HttpClientRequest.get(url)))
      assert.strictEqual(error._tag, "ResponseError")
      assert.strictEqual(error._tag === "ResponseError" && error.codes[0], 7)
    }).pipe(Effect.provide(platformHttpLayer(() => jsonResponse({ errors: [{ code: 7 }] }, { status: 400 }))))
  )

  it.effect("a body that is not JSON: json fails with a DecodeError of the response", () =>
    Effect.gen(function* () {
      const response = yield* toHttpClient(yield* PlatformHttp).execute(HttpClientRequest.get(url))
      const error = yield* Effect.flip(response.json)
      assert.strictEqual(error.reason._tag, "DecodeError")
      assert.strictEqual(yield* response.text, "<p>")
    }).pipe(Effect.provide(platformHttpLayer(() => new Response("<p>", { status: 200 }))))
  )
})
