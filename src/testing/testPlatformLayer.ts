/**
 * The core layer for tests: PlatformHttp over a stub fetch, with every browser capability in memory, and, as in a
 * page (`browserPlatformLayer`), request signing and the challenge flow when asked for.
 *
 * @example
 * const layer = testPlatformLayer((request) => jsonResponse({ data: [] }), { user: { id: 1, authenticated: true } })
 * it.effect("…", () => Effect.gen(function*() { … yield* StubFetch … }).pipe(Effect.provide(layer)))
 *
 * // signed requests and challenges completed by a scripted presenter
 * testPlatformLayer(handler, config, { signing: true, challenges: { script: () => ScriptedChallengePresenter.abandon() } })
 *
 * For the same options it provides every service `browserPlatformLayer` provides (each browser capability by its
 * memory twin, the ChallengeComponent with `challenges`), plus the memory controls: a layer an app's
 * `createPlatformHooks(appLayer)` Provider accepts in place of the page's (test/testing/parity.test.tsx proves it for
 * every combination of options). `testPlatformLayerOver(fetchLayer, …)` is the same over another fetch (the msw
 * layer sends through the real one).
 *
 * @module
 */
import * as Layer from "effect/Layer"
import type * as HttpClient from "effect/http/HttpClient"
import { Crypto } from "../core/browser/Crypto.ts"
import type { Frames } from "../core/browser/Frames.ts"
import type { KeyDatabase } from "../core/browser/KeyDatabase.ts"
import type { MetaData } from "../core/browser/PageMetadata.ts"
import { ChallengeComponent } from "../core/challenge/presenters/ChallengeComponent.ts"
import { PlatformConfig, type PlatformConfigInput } from "../core/config/PlatformConfig.ts"
import type { CsrfStore } from "../core/csrf/CsrfStore.ts"
import type { PlatformHttp } from "../core/http/PlatformHttp.ts"
import type { SessionHeaders } from "../core/http/SessionHeaders.ts"
import { FrameMetrics } from "../core/signing/frame/FrameMetrics.ts"
import { Challenges } from "../core/challenge/Challenges.ts"
import { platformLayer } from "../core/wiring/platformLayer.ts"
import { Signing } from "../core/signing/Signing.ts"
import { MemoryCookies } from "./memory/MemoryCookies.ts"
import { MemoryFrames } from "./memory/MemoryFrames.ts"
import { MemoryKeyDatabase } from "./memory/MemoryKeyDatabase.ts"
import { type MemoryKeyValueStoreOptions, MemoryKeyValueStore } from "./memory/MemoryKeyValueStore.ts"
import { defaultMemoryUrl, MemoryNavigation } from "./memory/MemoryNavigation.ts"
import { MemoryPageMetadata } from "./memory/MemoryPageMetadata.ts"
import { MemoryTelemetry } from "./memory/MemoryTelemetry.ts"
import {
  type ChallengeScript,
  ScriptedChallengeControl,
  ScriptedChallengePresenter
} from "./ScriptedChallengePresenter.ts"
import { type ScriptRunAnswer, ScriptedScriptRunner, type ScriptedScriptRunnerControl } from "./ScriptedScriptRunner.ts"
import { StubFetch, type StubHandler } from "./StubFetch.ts"

/** How the scripted challenge flow of {@link testPlatformLayer} plays challenges. */
export interface TestChallengeOptions {
  /** Played for each challenge shown (default: completed with its own metadata). */
  readonly script?: ChallengeScript
  /** Whether a challenge host is mounted (default true). */
  readonly available?: boolean
  /** The answer of script-running challenges (default: every expected symbol true). */
  readonly answer?: ScriptRunAnswer
}

/** Starting state of the memory capabilities, and the optional signer and challenge flow. */
export interface TestPlatformOptions {
  readonly storage?: MemoryKeyValueStoreOptions
  readonly cookies?: Readonly<Record<string, string>>
  /** The page's URL (MemoryNavigation; its origin is the page's origin for signing). Default https://www.example.com/. */
  readonly url?: string
  readonly metadata?: Readonly<Record<string, MetaData>>
  /**
   * Sign requests as a page does (`Signing.auto`): on the www origin with the key in a MemoryKeyDatabase and real
   * WebCrypto, elsewhere through the security frame over MemoryFrames (play the frame with its control; the
   * frame's metrics go to the stub fetch). Whether a request is signed still follows the configuration.
   */
  readonly signing?: boolean
  /**
   * Run the challenge flow (`Challenges.layer`, loaded on demand as in a page) over the scripted presenter and
   * script runner; `true` for their defaults.
   */
  readonly challenges?: boolean | TestChallengeOptions
}

/** A fetch for the test layers: the `FetchHttpClient.Fetch` it provides and the StubFetch recording what it sends. */
export type TestFetchLayer = Layer.Layer<StubFetch | HttpClient.HttpClient>

/** The memory capabilities with their controls (MemoryKeyValueStore, MemoryTelemetry, …) over `fetch`. */
const memoryCapabilities = (fetch: TestFetchLayer, options: TestPlatformOptions) =>
  Layer.mergeAll(
    fetch,
    MemoryKeyValueStore.layer(options.storage),
    MemoryCookies.layer(options.cookies),
    MemoryNavigation.layer(options.url),
    MemoryPageMetadata.layer(options.metadata),
    MemoryTelemetry.layer()
  )

/** The memory capabilities with their controls (MemoryKeyValueStore, MemoryTelemetry, …) and a stub fetch. */
export const testBrowserLayer = (handler: StubHandler, options: TestPlatformOptions = {}) =>
  memoryCapabilities(StubFetch.layer(handler), options)

/** What {@link testPlatformLayer} provides with `options`: the pipeline, the capabilities and their controls. */
export type TestPlatformServices<O extends TestPlatformOptions> =
  | Layer.Success<ReturnType<typeof testBrowserLayer>>
  | PlatformHttp
  | CsrfStore
  | SessionHeaders
  | PlatformConfig
  | (O["signing"] extends true ? KeyDatabase | MemoryKeyDatabase | Frames | MemoryFrames | Crypto : never)
  | (O["challenges"] extends true | TestChallengeOptions
      ? ChallengeComponent | ScriptedChallengeControl | ScriptedScriptRunnerControl
      : never)

/** The memory capabilities `Signing.auto` signs over, the page at `url`. */
const signingCapabilities = (url: string) =>
  Layer.mergeAll(
    MemoryKeyDatabase.layer(),
    MemoryFrames.layer({ origin: new URL(url).origin }),
    Crypto.browser,
    FrameMetrics.layer
  )

/**
 * The scripted presenter and script runner, and the ChallengeComponent a page's `<ChallengeHost/>` attaches to (the
 * scripted presenter shows the challenges: a mounted host's modal stays closed).
 */
const scriptedFlow = (options: true | TestChallengeOptions) => {
  const { script, available, answer } = options === true ? {} : options
  return Layer.mergeAll(
    ScriptedChallengePresenter.layer(script, available === undefined ? {} : { available }),
    ScriptedScriptRunner.layer(answer),
    ChallengeComponent.layer
  )
}

/** {@link testPlatformLayer} over another fetch layer (`StubFetch.layer(handler)`, `StubFetch.passThrough`). */
export const testPlatformLayerOver = <const O extends TestPlatformOptions = {}>(
  fetch: TestFetchLayer,
  config: PlatformConfigInput = {},
  options: O = {} as O
): Layer.Layer<TestPlatformServices<O>> => {
  const base = Layer.merge(memoryCapabilities(fetch, options), PlatformConfig.layer(config))
  const signing =
    options.signing === true
      ? { signer: Signing.auto.pipe(Layer.provideMerge(signingCapabilities(options.url ?? defaultMemoryUrl))) }
      : {}
  const challenges =
    options.challenges === undefined || options.challenges === false
      ? {}
      : { challenges: Challenges.layer.pipe(Layer.provideMerge(scriptedFlow(options.challenges))) }
  // Checked by the compiler for every option on; what `O` leaves off is left out of the type only.
  const everything: Layer.Layer<TestPlatformServices<{ signing: true; challenges: true }>> = platformLayer({
    ...signing,
    ...challenges
  }).pipe(Layer.provideMerge(base))
  return everything as Layer.Layer<TestPlatformServices<O>>
}

/**
 * PlatformHttp (with CsrfStore, SessionHeaders) over {@link testBrowserLayer} and a configuration from values;
 * with `signing` and `challenges`, the signer and the challenge flow a page gets from `browserPlatformLayer`, over
 * memory capabilities (see {@link TestPlatformOptions}); every service `browserPlatformLayer` provides for the same
 * options (see the module doc).
 */
export const testPlatformLayer = <const O extends TestPlatformOptions = {}>(
  handler: StubHandler,
  config: PlatformConfigInput = {},
  options: O = {} as O
): Layer.Layer<TestPlatformServices<O>> => testPlatformLayerOver(StubFetch.layer(handler), config, options)
