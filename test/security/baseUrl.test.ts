// @vitest-environment happy-dom
/**
 * Class: a relative URL is judged where fetch sends it, against the document's base URL (`<base href>` included),
 * not against the page's location: a `<base>` pointing at another host cannot make a relative request look like one
 * to the platform. Exact requests asserted: the URL fetch was handed and every secret header.
 */
import { afterEach, assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { jsonResponse, StubFetch } from "../../src/testing/StubFetch.ts"
import { secretsIn, securityLayer, seeded } from "./support.ts"

const ok = () => jsonResponse({ ok: true })

describe("relative URLs and the document's base URL", () => {
  afterEach(() => {
    document.head.innerHTML = ""
  })

  it.effect("with <base href> on another host, a relative POST carries no secret, signature or trace header", () => {
    document.head.innerHTML = `<base href="https://evil.net/app/">`
    return Effect.gen(function* () {
      assert.strictEqual(document.baseURI, "https://evil.net/app/")
      yield* (yield* PlatformHttp).post("v1/things", { body: { a: 1 } })
      const requests = (yield* StubFetch).requests
      assert.strictEqual(requests.length, 1)
      assert.deepStrictEqual(secretsIn(requests[0]!.headers), {})
    }).pipe(Effect.provide(securityLayer(ok)))
  })

  it.effect(
    "with <base href> on a platform host, the same relative POST carries its secrets (positive control)",
    () => {
      document.head.innerHTML = `<base href="https://apis.example.com/">`
      return Effect.gen(function* () {
        yield* (yield* PlatformHttp).post("v1/things", { body: { a: 1 } })
        const sent = secretsIn((yield* StubFetch).requests[0]!.headers)
        assert.strictEqual(sent["x-csrf-token"], seeded.csrf)
        assert.strictEqual(sent["x-bound-auth-token"], "v1|hash|1|sig-of-apis.example.com")
      }).pipe(Effect.provide(securityLayer(ok)))
    }
  )
})
