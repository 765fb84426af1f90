// @vitest-environment happy-dom
import { assert, describe, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import { Cookies } from "../../../src/core/browser/Cookies.ts"
import { Navigation } from "../../../src/core/browser/Navigation.ts"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../../src/core/http/PlatformHttp.ts"
import { Challenges } from "../../../src/core/challenge/Challenges.ts"
import { ChallengeComponent } from "../../../src/core/challenge/presenters/ChallengeComponent.ts"
import { setHeader } from "../../../src/core/http/request.ts"
import { RequestSigner } from "../../../src/core/signing/RequestSigner.ts"
import { booleanOptionsMessage, browserPlatformLayer } from "../../../src/core/wiring/platformLayer.ts"
import { jsonResponse, makeStubFetch } from "../../../src/testing/StubFetch.ts"

describe("browserPlatformLayer", () => {
  it.effect("reads the config from the page's <meta> tags and calls through the browser's fetch", () => {
    document.head.innerHTML = `
      <meta name="platform-hosts" data-domain="example.org">
      <meta name="user-data" data-userid="77" data-name="ada">
      <meta name="locale-data" data-url-locale="fr-fr">`
    localStorage.setItem("x-csrf-token", "from-storage")
    const stub = makeStubFetch(() => jsonResponse({ ok: 1 }))
    return Effect.gen(function* () {
      const config = yield* PlatformConfig
      assert.strictEqual(config.user.id, 77)
      assert.isTrue(config.user.authenticated)
      const body = yield* (yield* PlatformHttp).post({ service: "friends", path: "/v1/x" })
      assert.deepStrictEqual(body, { ok: 1 })
      const [request] = stub.shape.requests
      assert.strictEqual(request!.url, "https://friends.example.org/v1/x")
      assert.strictEqual(request!.headers["accept-language"], "fr-fr")
      assert.strictEqual(request!.headers["x-csrf-token"], "from-storage")
      assert.strictEqual(request!.credentials, "include")
    }).pipe(
      Effect.provide(browserPlatformLayer().pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, stub.fetch))))
    )
  })

  it.effect(
    "provides the page's cookies and navigation, which platform features use (payments, deep links, help links)",
    () => {
      document.cookie = "upsell=seen; path=/"
      return Effect.gen(function* () {
        assert.strictEqual(yield* (yield* Cookies).get("upsell"), "seen")
        assert.strictEqual(yield* (yield* Navigation).current, window.location.href)
      }).pipe(Effect.provide(browserPlatformLayer({ config: {} })))
    }
  )

  it.effect(
    "signs with the signer it is given (the pipeline asks it for platform hosts) and provides what the challenge layer adds",
    () => {
      const stub = makeStubFetch(() => jsonResponse({ ok: 1 }))
      const signed: Array<string> = []
      const signer = Layer.succeed(
        RequestSigner,
        RequestSigner.of({
          sign: (request) =>
            Effect.sync(() => {
              signed.push(request.url)
              return setHeader(request, "x-bound-auth-token", "signed-by-the-given-layer")
            })
        })
      )
      return Effect.gen(function* () {
        yield* (yield* PlatformHttp).post({ service: "friends", path: "/v1/follow" })
        assert.deepStrictEqual(signed, ["https://friends.example.org/v1/follow"])
        assert.strictEqual(stub.shape.requests[0]!.headers["x-bound-auth-token"], "signed-by-the-given-layer")
        const component = yield* ChallengeComponent
        assert.isFunction(component.attach)
      }).pipe(
        Effect.provide(
          browserPlatformLayer({
            config: { baseUrls: { friends: "https://friends.example.org" } },
            signer,
            challenges: Challenges.browser
          }).pipe(Layer.provide(Layer.succeed(FetchHttpClient.Fetch, stub.fetch)))
        )
      )
    }
  )

  it("throws a TypeError naming the layers for the boolean options it took before (not a page without a signer)", () => {
    const before: object = { signing: true, challenges: true }
    assert.throws(() => browserPlatformLayer(before as {}), TypeError, booleanOptionsMessage)
    const onlySigning: object = { signing: false }
    assert.throws(() => browserPlatformLayer(onlySigning as {}), TypeError, booleanOptionsMessage)
    const onlyChallenges: object = { challenges: true }
    assert.throws(() => browserPlatformLayer(onlyChallenges as {}), TypeError, booleanOptionsMessage)
    assert.doesNotThrow(() => browserPlatformLayer({ config: {} }))
  })
})
