/**
 * The script of the hba lab pages, bundled by the emulator. The page's `<meta>` tags configure the library.
 *
 * - `www` (on the www origin): without `?step=signed-in`, sign in as user 7 with device attestation, then reload
 *   with `?step=signed-in`; with it, send a signed POST (signed directly with this origin's key).
 * - `subdomain` (on the services' origin, another origin of the same site): send a signed POST, signed through the
 *   hidden security frame on the www origin (the library's page side, over the real site's postMessage protocol).
 *
 * The outcome is written as JSON into `#result` (and `data-done="true"`).
 */
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { Crypto } from "../../../core/browser/Crypto.ts"
import { Frames } from "../../../core/browser/Frames.ts"
import { KeyDatabase } from "../../../core/browser/KeyDatabase.ts"
import { KeyValueStore } from "../../../core/browser/KeyValueStore.ts"
import { PageMetadata } from "../../../core/browser/PageMetadata.ts"
import { Telemetry } from "../../../core/browser/Telemetry.ts"
import { platformConfigFromPageMetadataLayer } from "../../../core/config/fromPageMetadata.ts"
import { PlatformHttp } from "../../../core/http/PlatformHttp.ts"
import { FrameMetrics } from "../../../core/signing/frame/FrameMetrics.ts"
import { SecurityFrame } from "../../../core/signing/frame/SecurityFrame.ts"
import { platformLayer } from "../../../core/wiring/platformLayer.ts"
import { Signing } from "../../../core/signing/Signing.ts"
import { DeviceAttestation } from "../../../core/signing/attestation/DeviceAttestation.ts"

const show = (result: Record<string, unknown>) =>
  Effect.sync(() => {
    const element = document.getElementById("result")!
    element.textContent = JSON.stringify(result, null, 2)
    element.dataset["done"] = "true"
  })

const base = Layer.mergeAll(
  platformConfigFromPageMetadataLayer.pipe(Layer.provide(PageMetadata.browser)),
  KeyValueStore.browser,
  Telemetry.browser(undefined)
)

const signedPost = Effect.gen(function* () {
  const http = yield* PlatformHttp
  const answer = (yield* http.post({ service: "users", path: "/v1/users" }, { body: { userIds: [1, 2, 3] } })) as {
    readonly data: ReadonlyArray<unknown>
  }
  return answer.data.length
})

const www = Effect.gen(function* () {
  if (new URL(location.href).searchParams.get("step") !== "signed-in") {
    const payload = yield* (yield* DeviceAttestation).payload
    yield* (yield* PlatformHttp).post(
      { service: "hba", path: "/v1/sign-in" },
      {
        body: { userId: 7, ...(Option.isSome(payload) ? { secureAuthenticationIntent: payload.value } : {}) }
      }
    )
    yield* show({ step: "signed in", attested: Option.isSome(payload) })
    location.replace(`${location.pathname}?step=signed-in`)
    return
  }
  const users = yield* signedPost
  yield* show({ step: "signed POST", signer: "direct", users })
  return yield* Effect.never
}).pipe(
  Effect.provide(
    DeviceAttestation.layer.pipe(
      Layer.provideMerge(platformLayer({ signer: Signing.direct })),
      Layer.provideMerge(Layer.mergeAll(base, KeyDatabase.browser, Crypto.browser))
    )
  )
)

const subdomain = Effect.gen(function* () {
  const frame = yield* SecurityFrame
  const state = yield* frame.settled
  const users = yield* signedPost
  yield* show({ step: "signed POST", signer: "security frame", frameState: state, users })
  // like any page, keep the frame (and its metrics in flight) for the life of the page
  return yield* Effect.never
}).pipe(
  Effect.provide(
    platformLayer({ signer: Signing.viaSecurityFrame }).pipe(
      Layer.provideMerge(
        Layer.mergeAll(
          base,
          Crypto.browser,
          Frames.browser,
          FrameMetrics.layer.pipe(Layer.provide(FetchHttpClient.layer), Layer.provide(base))
        )
      )
    )
  )
)

const program = document.body.dataset["lab"] === "subdomain" ? subdomain : www
Effect.runPromise(program.pipe(Effect.scoped)).catch((error: unknown) => {
  const element = document.getElementById("result")!
  element.textContent = `failed: ${String(error)}`
  element.dataset["done"] = "true"
})
