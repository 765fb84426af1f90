/**
 * Table-driven request tests of the typed clients: each case calls one method against a stub fetch that answers
 * the case's response, then asserts the exact method, path, query, body and headers sent and the decoded value.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { prefixedBaseUrls } from "../../../src/core/config/PlatformConfig.ts"
import { platformClientsLayer } from "../../../src/platform/clients/PlatformClients.ts"
import { jsonResponse, StubFetch } from "../../../src/testing/StubFetch.ts"
import { testPlatformLayer } from "../../../src/testing/testPlatformLayer.ts"

/** Every service lives under `https://platform.test/{service}`. */
export const origin = "https://platform.test"

/** The base URLs the tests use. */
export const baseUrls = prefixedBaseUrls(origin)

/** What the cases may use: every client, and the stub. */
export type Clients = Layer.Success<ReturnType<typeof clientsLayer>>

/** One request test. */
export interface RequestCase {
  /** The endpoint's name (the test's title). */
  readonly name: string
  /** Call the client. */
  readonly call: Effect.Effect<unknown, unknown, Clients>
  readonly method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE"
  /** The path from the origin, e.g. `/catalog/v1/bundles/5/details`. */
  readonly path: string
  /** The query parameters as decoded by URLSearchParams (exact: no others may be sent). */
  readonly query?: Readonly<Record<string, string>>
  /** The JSON body sent (exact), if any. */
  readonly body?: unknown
  /** Headers that must be sent with these values (undefined: must not be sent). */
  readonly headers?: Readonly<Record<string, string | undefined>>
  /** The answer: JSON, or bytes for a binary download. */
  readonly response: unknown
  /** The decoded value; defaults to `response`. */
  readonly expected?: unknown
}

/** The layer every case runs in: the clients over PlatformHttp over a stub answering `response`. */
export const clientsLayer = (response: unknown) =>
  platformClientsLayer.pipe(
    Layer.provideMerge(
      testPlatformLayer(
        () =>
          response instanceof Uint8Array
            ? new Response(response.slice(), { status: 200, headers: { "content-type": "application/octet-stream" } })
            : jsonResponse(response),
        { baseUrls, user: { id: 1, name: "Tester", displayName: "Tester", authenticated: true } }
      )
    )
  )

/**
 * Run `call` against the stub; assert it sent exactly one request, with this JSON body (or none when `body` is
 * undefined); answer the call's value, the request and its URL.
 */
export const sentOnce = <A, E, R>(call: Effect.Effect<A, E, R>, body: unknown) =>
  Effect.gen(function* () {
    const value = yield* call
    const { requests } = yield* StubFetch
    assert.strictEqual(requests.length, 1, "exactly one request")
    const sent = requests[0]!
    if (body === undefined) assert.isUndefined(sent.body)
    else assert.deepStrictEqual(JSON.parse(sent.body!), body)
    return { value, sent, url: new URL(sent.url) }
  })

/** Run the cases of one service as one `describe` block. */
export const requestCases = (title: string, cases: ReadonlyArray<RequestCase>) =>
  describe(title, () => {
    it("has one case per endpoint name", () => {
      const names = cases.map((c) => c.name)
      assert.deepStrictEqual(names.length, new Set(names).size)
    })
    for (const c of cases) {
      it.effect(`${c.name}: ${c.method} ${c.path}`, () =>
        Effect.gen(function* () {
          const { value, sent, url } = yield* sentOnce(c.call, c.body)
          assert.strictEqual(sent.method, c.method)
          assert.strictEqual(url.origin + url.pathname, origin + c.path)
          assert.deepStrictEqual(Object.fromEntries(url.searchParams), c.query ?? {})
          assert.strictEqual(url.searchParams.size, Object.keys(c.query ?? {}).length, "no repeated parameters")
          for (const [name, v] of Object.entries(c.headers ?? {}))
            assert.strictEqual(sent.headers[name.toLowerCase()], v)
          assert.deepStrictEqual(value, c.expected ?? c.response)
        }).pipe(Effect.provide(clientsLayer(c.response)))
      )
    }
  })
