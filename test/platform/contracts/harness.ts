/**
 * Contract tests of the typed clients against the platform's published service documents. Each case is one
 * published call: the request our client sends (method, path, query with its exact list encoding, body) is
 * asserted through a stub fetch against the published parameter styles, and two answers written by hand from the
 * published schema — one in the documented form (integer enums, every documented field), one in the live form
 * (enum names, fields and values the document does not list) — are decoded by the client's own schema.
 *
 * The fixtures are ours, written from the facts of the documents; nothing here reads them.
 */
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { publishedCalls } from "../api/publishedCalls.ts"
import { type Clients, clientsLayer, origin, sentOnce } from "../clients/harness.ts"

/** An answer and what the client decodes it to. */
export interface Fixture {
  readonly answer: unknown
  readonly decoded: unknown
}

/** One published call. */
export interface ContractCase {
  /** The published line: method and path template, e.g. `GET /v1/games/{universeId}/media`. */
  readonly published: string
  /** The client method that makes it (`group.endpoint`). */
  readonly method: string
  /** Call the client. */
  readonly call: Effect.Effect<unknown, unknown, Clients>
  /** The path sent, from the origin (`/{service}/v1/…`). */
  readonly path: string
  /** The query sent: every key and value, repeated keys as often as sent (order free). */
  readonly query?: ReadonlyArray<readonly [string, string]>
  /** The JSON body sent (exact), if any. */
  readonly body?: unknown
  /** An answer in the documented form. */
  readonly documented: Fixture
  /** An answer in the live form. */
  readonly live: Fixture
}

const sortedPairs = (pairs: Iterable<readonly [string, string]>) => [...pairs].map(([k, v]) => `${k}=${v}`).sort()

/** The published path template as a pattern over a sent path (each `{param}` one segment). */
const templatePattern = (service: string, template: string) =>
  new RegExp(`^/${service}${template.replace(/\{[^}]+\}/g, "[^/]+")}$`)

/** The published calls of one service, as one `describe` block: two tests per call. */
export const contractCases = (service: string, cases: ReadonlyArray<ContractCase>) =>
  describe(`${service}: the published calls`, () => {
    it("has one case per published call the library uses (publishedCalls.ts), with its client method", () => {
      assert.strictEqual(new Set(cases.map((c) => c.published)).size, cases.length)
      assert.deepStrictEqual(
        cases.map((c) => `${c.published} → ${c.method}`).sort(),
        (publishedCalls[service] ?? []).map(([call, method]) => `${call} → ${method}`).sort()
      )
    })
    for (const c of cases) {
      const [verb, template] = c.published.split(" ") as [string, string]
      for (const form of ["documented", "live"] as const) {
        it.effect(`${c.published} (${c.method}), ${form} answer`, () =>
          Effect.gen(function* () {
            const { value, sent, url } = yield* sentOnce(c.call, c.body)
            assert.strictEqual(sent.method, verb)
            assert.strictEqual(url.origin, origin)
            assert.strictEqual(url.pathname, c.path)
            assert.match(url.pathname, templatePattern(service, template))
            assert.deepStrictEqual(sortedPairs(url.searchParams), sortedPairs(c.query ?? []))
            assert.deepStrictEqual(value, c[form].decoded)
          }).pipe(Effect.provide(clientsLayer(c[form].answer)))
        )
      }
    }
  })
