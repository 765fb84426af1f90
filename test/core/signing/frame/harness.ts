/** Test wiring for the security frame: a page on create.example.com, the frame on www.example.com. */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Crypto } from "../../../../src/core/browser/Crypto.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../../../src/core/config/PlatformConfig.ts"
import { FrameMetrics } from "../../../../src/core/signing/frame/FrameMetrics.ts"
import { SecurityFrame } from "../../../../src/core/signing/frame/SecurityFrame.ts"
import { MemoryFrames } from "../../../../src/testing/memory/MemoryFrames.ts"
import { BoundAuthTokenSigner } from "../../../../src/core/signing/token/BoundAuthTokenSigner.ts"
import { KeyStore } from "../../../../src/core/signing/keys/KeyStore.ts"
import { MemoryKeyDatabase } from "../../../../src/testing/memory/MemoryKeyDatabase.ts"
import { signingConfig } from "../harness.ts"

/** The page's origin. */
export const pageOrigin = "https://create.example.com"
/** The www origin, where the frame lives. */
export const wwwOrigin = "https://www.example.com"
/** The frame's URL. */
export const frameUrl = "https://www.example.com/hba/iframe"

/** One recorded metric. */
export interface RecordedMetric {
  readonly name: string
  readonly value: number
  readonly labelValues: Readonly<Record<string, string>>
}

/** The metrics recorded by {@link metricsLayer}. */
export class RecordedMetrics extends Context.Service<
  RecordedMetrics,
  { readonly all: Effect.Effect<ReadonlyArray<RecordedMetric>> }
>()("test/RecordedMetrics") {}

/** FrameMetrics that records into {@link RecordedMetrics}. */
export const metricsLayer = Layer.syncContext(() => {
  const all: Array<RecordedMetric> = []
  return Context.make(FrameMetrics, {
    record: (name, value, labelValues) => Effect.sync(() => void all.push({ name, value, labelValues }))
  }).pipe(Context.add(RecordedMetrics, { all: Effect.sync(() => [...all]) }))
})

/** The page side: SecurityFrame over memory frames at {@link pageOrigin}, recorded metrics, real WebCrypto. */
export const pageLayer = (config: PlatformConfigInput = signingConfig()) =>
  SecurityFrame.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        MemoryFrames.layer({ origin: pageOrigin }),
        PlatformConfig.layer(config),
        metricsLayer,
        Crypto.browser
      )
    )
  )

/** The frame page on www.example.com: its own config (same user), key store and memory frames. */
export const frameLayer = (config = signingConfig()) =>
  BoundAuthTokenSigner.layer.pipe(
    Layer.provideMerge(KeyStore.layer),
    Layer.provideMerge(
      Layer.mergeAll(
        MemoryKeyDatabase.layer(),
        Crypto.browser,
        MemoryFrames.layer({ origin: wwwOrigin }),
        PlatformConfig.layer(config)
      )
    )
  )

/** A well-formed 4-field token (not a valid signature: the page side checks the form only). */
export const token4 = `v1|${"A".repeat(43)}=|1700000000|${"B".repeat(86)}==`

/** A well-formed 5-field token. */
export const token5 = `${token4}|${"C".repeat(86)}==`

/** A `signSubdomainRequest` as the page posts it. */
export interface PostedSigningRequest {
  readonly msg: "signSubdomainRequest"
  readonly identifier: string
  readonly serializedSubdomainRequestData: string
}

/** The frame's answer with `batHeader` (and `identifier` unless undefined). */
export const batAnswer = (
  identifier: string | undefined,
  batHeader: Record<string, unknown>,
  extra: Record<string, unknown> = {}
) => ({
  msg: "dataFromHbaFrame",
  data: { type: "batHeader", ...(identifier === undefined ? {} : { identifier }), ...extra, batHeader }
})

/** The frame's "loaded" answer. */
export const loadedAnswer = { msg: "dataFromHbaFrame", data: { type: "loaded" } }

/** Let forked fibers run. */
export const settle = Effect.gen(function* () {
  for (let i = 0; i < 20; i++) yield* Effect.yieldNow
})

/** Play the frame: answer `checkLoadedRequest` with loaded, and each signing request with `answer(request)` (none when undefined). */
export const playFrame = (answer: (request: PostedSigningRequest) => unknown = () => undefined) =>
  Effect.flatMap(MemoryFrames, (frames) =>
    frames.onPost((post) => {
      const message = post.message as { msg?: string }
      if (message.msg === "checkLoadedRequest") post.respond(loadedAnswer)
      if (message.msg === "signSubdomainRequest") {
        const reply = answer(post.message as PostedSigningRequest)
        if (reply !== undefined) post.respond(reply)
      }
    })
  )

/** Play the frame (see {@link playFrame}) and fire the frame's load event: the page is `Loaded` afterwards. */
export const loadFrame = (answer?: (request: PostedSigningRequest) => unknown) =>
  Effect.gen(function* () {
    yield* playFrame(answer)
    yield* (yield* MemoryFrames).load
    yield* settle
  })

/** The signing requests the page posted to its frame, in order. */
export const postedSigningRequests = Effect.map(
  Effect.flatMap(MemoryFrames, (frames) => frames.frames),
  (frames) =>
    frames[0]!.posts.map((p) => p.message as PostedSigningRequest).filter((m) => m.msg === "signSubdomainRequest")
)
