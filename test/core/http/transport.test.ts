import { assert, describe, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Result from "effect/Result"
import * as TestClock from "effect/testing/TestClock"
import { makeRequest, withJsonBody } from "../../../src/core/http/request.ts"
import { defaultMaxResponseBytes, MaxResponseBytes } from "../../../src/core/http/responseBody.ts"
import { fetchTransport, makeTransport } from "../../../src/core/http/transport.ts"

/** A fetch answering `response()`, recording what it was called with. */
const recordingFetch = (response: () => Response | Promise<Response>) => {
  const calls: Array<{ readonly input: unknown; readonly init: RequestInit | undefined }> = []
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ input, init })
    return Promise.resolve(response())
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

const json =
  (body: BodyInit | null, init: ResponseInit = {}) =>
  () =>
    new Response(body, { status: 200, headers: { "content-type": "application/json" }, ...init })

describe("fetchTransport", () => {
  it.effect("hands fetch the request as it is and answers with the whole body, read once", () => {
    const stub = recordingFetch(json(`{"a":1}`, { status: 201, statusText: "Created" }))
    const request = Result.getOrThrow(
      withJsonBody(
        {
          ...makeRequest("POST", "https://h/x", { q: [1, 2] }, { "X-Extra": "e" }),
          credentials: "include",
          redirect: "manual"
        },
        { b: 2 },
        "op"
      )
    )
    return Effect.gen(function* () {
      const response = yield* fetchTransport(request)
      assert.strictEqual(stub.calls.length, 1)
      const { init, input } = stub.calls[0]!
      assert.strictEqual(input, "https://h/x?q=1%2C2")
      assert.strictEqual(init?.method, "POST")
      assert.deepStrictEqual(init?.headers, {
        accept: "application/json",
        "x-extra": "e",
        "content-type": "application/json"
      })
      assert.strictEqual(init?.body, `{"b":2}`)
      assert.strictEqual(init?.credentials, "include")
      assert.strictEqual(init?.redirect, "manual")
      assert.instanceOf(init?.signal, AbortSignal)
      assert.strictEqual(response.status, 201)
      assert.strictEqual(response.statusText, "Created")
      assert.strictEqual(response.headers.get("content-type"), "application/json")
      assert.strictEqual(response.text, `{"a":1}`)
      assert.strictEqual(response.text, `{"a":1}`)
      assert.strictEqual(response.request, request)
      assert.isTrue(response.ok)
    }).pipe(Effect.provideService(FetchHttpClient.Fetch, stub.fetch))
  })

  it.effect("keeps binary bodies byte for byte; an empty or null body is empty", () =>
    Effect.gen(function* () {
      const bytes = new Uint8Array([0, 255, 128, 10, 13, 0xc3])
      const binary = yield* fetchTransport(makeRequest("GET", "https://h/report")).pipe(
        Effect.provideService(FetchHttpClient.Fetch, recordingFetch(() => new Response(bytes)).fetch)
      )
      assert.deepStrictEqual([...binary.bytes], [...bytes])
      const noContent = yield* fetchTransport(makeRequest("GET", "https://h/x")).pipe(
        Effect.provideService(FetchHttpClient.Fetch, recordingFetch(() => new Response(null, { status: 204 })).fetch)
      )
      assert.strictEqual(noContent.status, 204)
      assert.strictEqual(noContent.bytes.byteLength, 0)
      assert.strictEqual(noContent.text, "")
    })
  )

  it.effect("a body without end is read only up to the cap: the stream is cancelled, ResponseTooLargeError", () => {
    let pulled = 0
    let cancelled = false
    const chunk = new Uint8Array(64 * 1024)
    const endless = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull: (controller) => {
            pulled += chunk.length
            controller.enqueue(chunk)
          },
          cancel: () => {
            cancelled = true
          }
        }),
        { status: 200 }
      )
    return Effect.gen(function* () {
      const error = yield* Effect.flip(
        fetchTransport(makeRequest("GET", "https://h/endless")).pipe(
          Effect.provideService(FetchHttpClient.Fetch, recordingFetch(endless).fetch),
          Effect.provideService(MaxResponseBytes, 1024 * 1024)
        )
      )
      assert.strictEqual(error._tag, "ResponseTooLargeError")
      assert.deepInclude(error, { url: "https://h/endless", method: "GET", status: 200, limitBytes: 1024 * 1024 })
      assert.strictEqual(error.message, "Response from https://h/endless is larger than 1048576 bytes")
      assert.isTrue(cancelled)
      // the stream is pulled ahead by at most its high-water mark (one chunk) past the cap
      assert.isAtMost(pulled, 1024 * 1024 + 2 * chunk.length)
    })
  })

  it.effect("the default cap is 16 MiB: a 17 MiB body fails, whatever length it declares", () => {
    const size = 17 * 1024 * 1024
    const big = () => new Response(new Uint8Array(size), { status: 200, headers: { "content-length": "10" } })
    return Effect.gen(function* () {
      assert.strictEqual(defaultMaxResponseBytes, 16 * 1024 * 1024)
      const error = yield* Effect.flip(
        fetchTransport(makeRequest("GET", "https://h/big")).pipe(
          Effect.provideService(FetchHttpClient.Fetch, recordingFetch(big).fetch)
        )
      )
      assert.strictEqual(error._tag, "ResponseTooLargeError")
      assert.strictEqual(error._tag === "ResponseTooLargeError" && error.limitBytes, defaultMaxResponseBytes)
      const lifted = yield* fetchTransport(makeRequest("GET", "https://h/big")).pipe(
        Effect.provideService(FetchHttpClient.Fetch, recordingFetch(big).fetch),
        Effect.provideService(MaxResponseBytes, Infinity)
      )
      assert.strictEqual(lifted.bytes.byteLength, size)
    })
  })

  it.effect("a body handed out as a view into a larger buffer: the response's bytes own exactly the body", () =>
    Effect.gen(function* () {
      const slab = new Uint8Array(100).map((_, i) => i)
      const view = () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => {
              controller.enqueue(new Uint8Array(slab.buffer, 10, 5))
              controller.close()
            }
          })
        )
      const response = yield* fetchTransport(makeRequest("GET", "https://h/x")).pipe(
        Effect.provideService(FetchHttpClient.Fetch, recordingFetch(view).fetch)
      )
      assert.deepStrictEqual([...new Uint8Array(response.bytes.buffer)], [10, 11, 12, 13, 14])
    })
  )

  it.effect("a body of exactly the cap is read whole; a body in many chunks is joined byte for byte", () =>
    Effect.gen(function* () {
      const parts = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6])]
      const chunked = () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start: (controller) => {
              for (const part of parts) controller.enqueue(part)
              controller.close()
            }
          })
        )
      const response = yield* fetchTransport(makeRequest("GET", "https://h/x")).pipe(
        Effect.provideService(FetchHttpClient.Fetch, recordingFetch(chunked).fetch),
        Effect.provideService(MaxResponseBytes, 6)
      )
      assert.deepStrictEqual([...response.bytes], [1, 2, 3, 4, 5, 6])
      const over = yield* Effect.flip(
        fetchTransport(makeRequest("GET", "https://h/x")).pipe(
          Effect.provideService(FetchHttpClient.Fetch, recordingFetch(chunked).fetch),
          Effect.provideService(MaxResponseBytes, 5)
        )
      )
      assert.strictEqual(over._tag, "ResponseTooLargeError")
    })
  )

  it.effect("the status line, headers and URL are read from fetch's Response only when asked, each once", () => {
    const reads: Array<string> = []
    class CountingResponse extends Response {
      override get status() {
        reads.push("status")
        return super.status
      }
      override get statusText() {
        reads.push("statusText")
        return super.statusText
      }
      override get headers() {
        reads.push("headers")
        return super.headers
      }
      override get url() {
        reads.push("url")
        return "https://h/final"
      }
    }
    const stub = recordingFetch(() => {
      const response = new CountingResponse(`{"a":1}`, { status: 418, statusText: "Teapot", headers: { "x-a": "1" } })
      reads.length = 0 // what the Response constructor itself read
      return response
    })
    return Effect.gen(function* () {
      const response = yield* fetchTransport(makeRequest("GET", "https://h/x"))
      assert.deepStrictEqual(reads, [])
      assert.deepStrictEqual([response.status, response.status, response.ok], [418, 418, false])
      assert.deepStrictEqual(reads, ["status"])
      assert.strictEqual(response.headers.get("x-a"), "1")
      assert.strictEqual(response.headers.get("x-a"), "1")
      assert.deepStrictEqual(
        [response.url, response.url, response.statusText, response.statusText],
        ["https://h/final", "https://h/final", "Teapot", "Teapot"]
      )
      assert.deepStrictEqual(reads, ["status", "headers", "url", "statusText"])
    }).pipe(Effect.provideService(FetchHttpClient.Fetch, stub.fetch))
  })

  it.effect("a body still being read when the time-out passes: TimeoutError, the fetch aborted", () =>
    Effect.gen(function* () {
      let signal: AbortSignal | undefined
      const endless = ((_: unknown, init?: RequestInit) => {
        signal = init?.signal ?? undefined
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => {
            controller.enqueue(new TextEncoder().encode(`{"partial":`))
            signal?.addEventListener("abort", () => controller.error(signal?.reason))
          }
        })
        return Promise.resolve(new Response(body))
      }) as typeof globalThis.fetch
      const fiber = yield* Effect.forkChild(
        Effect.flip(
          fetchTransport({ ...makeRequest("GET", "https://h/slow"), timeoutMs: 1000 }).pipe(
            Effect.provideService(FetchHttpClient.Fetch, endless)
          )
        )
      )
      yield* Effect.yieldNow
      yield* TestClock.adjust(999)
      assert.isFalse(signal?.aborted)
      yield* TestClock.adjust(1)
      const error = yield* Fiber.join(fiber)
      assert.deepStrictEqual(
        [error._tag, error.message],
        ["TimeoutError", "Request to https://h/slow got no response within 1000 ms"]
      )
      assert.isTrue(signal?.aborted)
    })
  )

  it.effect("a rejected fetch is a FetchError carrying what fetch threw", () =>
    Effect.gen(function* () {
      const thrown = new TypeError("Failed to fetch")
      const error = yield* Effect.flip(
        fetchTransport(makeRequest("DELETE", "https://h/x")).pipe(
          Effect.provideService(FetchHttpClient.Fetch, () => Promise.reject(thrown))
        )
      )
      assert.strictEqual(error._tag, "FetchError")
      assert.strictEqual(error.cause, thrown)
      assert.strictEqual(error.method, "DELETE")
      assert.strictEqual(error.message, "Request to https://h/x failed before a response arrived")
    })
  )

  it.effect("a body that fails while read, or whose reading throws at once, is a FetchError carrying the cause", () =>
    Effect.gen(function* () {
      const broken = new Error("connection reset")
      const failingBody = new ReadableStream({ start: (controller) => controller.error(broken) })
      const midway = yield* Effect.flip(
        fetchTransport(makeRequest("GET", "https://h/x")).pipe(
          Effect.provideService(FetchHttpClient.Fetch, recordingFetch(() => new Response(failingBody)).fetch)
        )
      )
      assert.strictEqual(midway._tag, "FetchError")
      assert.strictEqual(midway.cause, broken)
      const thrown = new TypeError("body unusable")
      const response = new Response("x")
      Object.defineProperty(response, "body", {
        get: () => {
          throw thrown
        }
      })
      const atOnce = yield* Effect.flip(
        fetchTransport(makeRequest("GET", "https://h/y")).pipe(
          Effect.provideService(FetchHttpClient.Fetch, recordingFetch(() => response).fetch)
        )
      )
      assert.deepStrictEqual([atOnce._tag, atOnce.cause, atOnce.url], ["FetchError", thrown, "https://h/y"])
    })
  )

  it.effect("interrupting the send aborts the fetch", () =>
    Effect.gen(function* () {
      let signal: AbortSignal | undefined
      const hanging = ((_: unknown, init?: RequestInit) => {
        signal = init?.signal ?? undefined
        return new Promise<Response>(() => {})
      }) as typeof globalThis.fetch
      const fiber = yield* Effect.forkChild(
        fetchTransport(makeRequest("GET", "https://h/x")).pipe(Effect.provideService(FetchHttpClient.Fetch, hanging))
      )
      yield* Effect.yieldNow
      assert.isFalse(signal?.aborted)
      yield* Fiber.interrupt(fiber)
      assert.isTrue(signal?.aborted)
    })
  )

  it.effect("FetchHttpClient.RequestInit gives defaults; the request's own fields win", () => {
    const stub = recordingFetch(json("{}"))
    return Effect.gen(function* () {
      yield* fetchTransport({ ...makeRequest("GET", "https://h/x"), credentials: "same-origin" })
      const init = stub.calls[0]!.init
      assert.strictEqual(init?.cache, "no-store")
      assert.strictEqual(init?.credentials, "same-origin")
      assert.strictEqual(init?.method, "GET")
    }).pipe(
      Effect.provideService(FetchHttpClient.Fetch, stub.fetch),
      Effect.provideService(FetchHttpClient.RequestInit, { cache: "no-store", credentials: "omit", method: "PUT" })
    )
  })

  it.effect("a transport made in a context (a layer's) uses its fetch, unless the caller provides one", () =>
    Effect.gen(function* () {
      const layers = recordingFetch(json(`"layer"`))
      const callers = recordingFetch(json(`"caller"`))
      const transport = makeTransport(Context.make(FetchHttpClient.Fetch, layers.fetch))
      assert.strictEqual((yield* transport(makeRequest("GET", "https://h/1"))).text, `"layer"`)
      const overridden = yield* transport(makeRequest("GET", "https://h/2")).pipe(
        Effect.provideService(FetchHttpClient.Fetch, callers.fetch)
      )
      assert.strictEqual(overridden.text, `"caller"`)
      assert.deepStrictEqual([layers.calls.length, callers.calls.length], [1, 1])
    })
  )

  it.effect("without a provided fetch, the global fetch of the moment is called (a fetch patched later is used)", () =>
    Effect.gen(function* () {
      const original = globalThis.fetch
      const stub = recordingFetch(json(`"patched"`))
      globalThis.fetch = stub.fetch
      try {
        const response = yield* fetchTransport(makeRequest("GET", "https://h/late"))
        assert.strictEqual(response.text, `"patched"`)
        assert.strictEqual(stub.calls.length, 1)
      } finally {
        globalThis.fetch = original
      }
    })
  )
})
