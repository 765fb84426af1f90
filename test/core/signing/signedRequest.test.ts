/**
 * What a token covers, checked against what fetch itself sends: PlatformHttp signs (the default 5-field form) and a
 * fetch stand-in builds the Fetch API's own `Request` from what it is handed, reading its URL and the exact body
 * bytes. The independent node:crypto verifier checks each token against THAT URL and those bytes: sig1 over the
 * URL as sent, sig2 over its pathname, the body hash over the bytes sent (text as UTF-8, bytes as they are, no
 * body = the hash of ""), for every method the pipeline sends.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { type HttpMethod, type HttpRequest, type HttpRequestBody, makeRequest } from "../../../src/core/http/request.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { directSignerLayer, publicSpki } from "./harness.ts"
import { verifyPathSignature, verifyToken } from "./verifier.ts"

/** A request as fetch sent it: the Fetch API's own reading of the URL (less any fragment), the method, the body bytes. */
interface Sent {
  readonly url: string
  readonly method: string
  readonly body: Uint8Array
  readonly token: string | null
}

/** A fetch that records what the Fetch API would send for each call, and answers `{}`. */
const fetchRecorder = () => {
  const sent: Array<Sent> = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    sent.push({
      // what reaches the server: a fragment is part of the Request's URL but never of the HTTP request
      url: request.url.replace(/#.*$/s, ""),
      method: request.method,
      body: new Uint8Array(await request.arrayBuffer()),
      token: request.headers.get("x-bound-auth-token")
    })
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } })
  }) as typeof globalThis.fetch
  return { fetch, sent }
}

/** PlatformHttp signing directly, over `fetch`. */
const pageOver = (fetch: typeof globalThis.fetch) =>
  PlatformHttp.layer.pipe(
    Layer.provideMerge(directSignerLayer()),
    Layer.provideMerge(Layer.mergeAll(Layer.succeed(FetchHttpClient.Fetch, fetch), MemoryKeyValueStore.layer()))
  )

const emptyHash = "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="

/** Send each request through PlatformHttp; each must verify against what fetch sent. */
const sendAndVerify = (recorder: ReturnType<typeof fetchRecorder>, requests: ReadonlyArray<HttpRequest>) =>
  Effect.gen(function* () {
    const http = yield* PlatformHttp
    for (const request of requests) yield* http.execute(request)
    const spki = yield* publicSpki
    assert.strictEqual(recorder.sent.length, requests.length)
    for (const sent of recorder.sent) {
      const label = `${sent.method} ${sent.url}`
      assert.isNotNull(sent.token, label)
      assert.strictEqual(verifyToken(sent.token!, sent, spki), "verified", label)
      assert.strictEqual(verifyPathSignature(sent.token!, sent, spki), "verified", label)
    }
    return recorder.sent
  })

const withBody = (method: HttpMethod, url: string, body: HttpRequestBody): HttpRequest => ({
  ...makeRequest(method, url),
  body
})

describe("a token covers what fetch sends", () => {
  it.effect(
    'every method the pipeline sends is signed, HEAD and OPTIONS included; without a body the hash is of ""',
    () => {
      const recorder = fetchRecorder()
      const methods: ReadonlyArray<HttpMethod> = ["GET", "HEAD", "OPTIONS", "DELETE", "POST", "PUT", "PATCH"]
      return Effect.gen(function* () {
        const sent = yield* sendAndVerify(
          recorder,
          methods.map((method) => makeRequest(method, "https://apis.example.com/v1/things"))
        )
        assert.deepStrictEqual(
          sent.map((s) => s.method),
          [...methods]
        )
        assert.deepStrictEqual(
          sent.map((s) => s.token!.split("|")[1]),
          methods.map(() => emptyHash)
        )
        assert.deepStrictEqual(
          sent.map((s) => s.token!.split("|").length),
          methods.map(() => 5)
        )
      }).pipe(Effect.provide(pageOver(recorder.fetch)))
    }
  )

  it.effect(
    "the URL exactly as fetch sends it: resolved, dot segments removed, percent-encoded, the query kept, the fragment dropped",
    () => {
      const recorder = fetchRecorder()
      return Effect.gen(function* () {
        const sent = yield* sendAndVerify(recorder, [
          makeRequest("GET", "https://APIS.example.com/v1/a b/./c/../d?q=ü&r=a b#part"),
          makeRequest("GET", "https://apis.example.com"),
          makeRequest("DELETE", "https://apis.example.com:443/v1/x/%7e/?", { cursor: "a&b", n: 2 }),
          makeRequest("GET", "https://bücher.example.com/ä")
        ])
        assert.deepStrictEqual(
          sent.map((s) => s.url),
          [
            "https://apis.example.com/v1/a%20b/d?q=%C3%BC&r=a%20b",
            "https://apis.example.com/",
            "https://apis.example.com/v1/x/%7e/?&cursor=a%26b&n=2",
            "https://xn--bcher-kva.example.com/%C3%A4"
          ]
        )
      }).pipe(Effect.provide(pageOver(recorder.fetch)))
    }
  )

  it.effect(
    "the body hash is of exactly the bytes sent: text as UTF-8 (a lone surrogate as U+FFFD, as fetch sends it), bytes as they are",
    () => {
      const recorder = fetchRecorder()
      const bytes = Uint8Array.from([0x00, 0xff, 0xfe, 0x80, 0x7b])
      return Effect.gen(function* () {
        const sent = yield* sendAndVerify(recorder, [
          withBody("POST", "https://apis.example.com/v1/text", JSON.stringify({ name: "héllo ✓ 𝄞" })),
          withBody("PUT", "https://apis.example.com/v1/bytes", bytes),
          withBody("PATCH", "https://apis.example.com/v1/surrogate", "a\uD800b"),
          withBody("POST", "https://apis.example.com/v1/empty", "")
        ])
        assert.deepStrictEqual([...sent[1]!.body], [...bytes])
        assert.deepStrictEqual([...sent[2]!.body], [0x61, 0xef, 0xbf, 0xbd, 0x62])
        assert.strictEqual(sent[3]!.token!.split("|")[1], emptyHash)
      }).pipe(Effect.provide(pageOver(recorder.fetch)))
    }
  )

  it.effect("JSON calls: the body PlatformHttp encodes is the body signed", () => {
    const recorder = fetchRecorder()
    return Effect.gen(function* () {
      const http = yield* PlatformHttp
      yield* http.post(
        { service: "apis", path: "/v1/things" },
        { body: { name: "thing", tags: ["é"] }, params: { dry: true } }
      )
      yield* http.put({ service: "apis", path: "/v1/things/1" }, { body: null })
      const spki = yield* publicSpki
      assert.deepStrictEqual(
        recorder.sent.map((s) => [s.method, s.url, new TextDecoder().decode(s.body)]),
        [
          ["POST", "https://apis.example.com/v1/things?dry=true", '{"name":"thing","tags":["é"]}'],
          ["PUT", "https://apis.example.com/v1/things/1", "null"]
        ]
      )
      for (const s of recorder.sent) assert.strictEqual(verifyToken(s.token!, s, spki), "verified")
    }).pipe(Effect.provide(pageOver(recorder.fetch)))
  })
})
