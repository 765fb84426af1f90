/**
 * The pages the fault scenarios run: PlatformHttp as an app composes it (plain, signing directly with this
 * origin's key database, signing through the security frame, or with the challenge flow), over memory
 * capabilities and the scenario's browser (its fetch, logger and telemetry).
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { emulatorKeyLocation } from "../../src/emulator/hba/pages.ts"
import { Crypto } from "../../src/core/browser/Crypto.ts"
import type { KeyDatabase } from "../../src/core/browser/KeyDatabase.ts"
import type { ChallengePresenter } from "../../src/core/challenge/presenters/ChallengePresenter.ts"
import type { ScriptRunner } from "../../src/core/browser/ScriptRunner.ts"
import { PlatformConfig, type PlatformConfigInput } from "../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { FrameMetrics } from "../../src/core/signing/frame/FrameMetrics.ts"
import { Challenges } from "../../src/core/challenge/Challenges.ts"
import { platformLayer } from "../../src/core/wiring/platformLayer.ts"
import { Signing } from "../../src/core/signing/Signing.ts"
import { DeviceAttestation } from "../../src/core/signing/attestation/DeviceAttestation.ts"
import { MemoryFrames } from "../../src/testing/memory/MemoryFrames.ts"
import { MemoryKeyValueStore, type MemoryStorageMode } from "../../src/testing/memory/MemoryKeyValueStore.ts"
import { pageConfig, type Scenario } from "./harness.ts"

/** The signed-in user of the signing scenarios (the emulator binds the key to this user's session). */
export const signedInUser = { id: 7, name: "Signed", displayName: "Signed", authenticated: true } as const

/**
 * Request signing on, for every request to the emulator's services (their origin, plain http on 127.0.0.1, is an
 * origin entry of the allow-list), with every missing-signature event sampled.
 */
export const signingSettings = (scenario: Scenario) => ({
  enabled: true,
  allowedHostSuffixes: [scenario.emulator.origin],
  sampleRatePerMillion: 1_000_000,
  eventSampleRatePerMillion: 1_000_000,
  ...emulatorKeyLocation
})

/** The capabilities under every page: configuration, local storage (in a mode), and the scenario's shared parts. */
const capabilities = (scenario: Scenario, config: PlatformConfigInput, storage: MemoryStorageMode = "available") =>
  Layer.mergeAll(
    PlatformConfig.layer(pageConfig(scenario.emulator, config)),
    MemoryKeyValueStore.layer({ mode: storage })
  ).pipe(Layer.provideMerge(scenario.shared))

/** A page with the plain pipeline (no signing, no challenge flow), its local storage in `storage` mode. */
export const plainPage = (
  scenario: Scenario,
  options: { readonly storage?: MemoryStorageMode; readonly config?: PlatformConfigInput } = {}
) => platformLayer().pipe(Layer.provideMerge(capabilities(scenario, options.config ?? {}, options.storage)))

/** A page on the www origin: signs directly with the key in `database` (shared between the scenario's pages). */
export const directSigningPage = (
  scenario: Scenario,
  database: Layer.Layer<KeyDatabase>,
  user: PlatformConfigInput["user"] = signedInUser
) =>
  DeviceAttestation.layer.pipe(
    Layer.provideMerge(platformLayer({ signer: Signing.direct })),
    Layer.provideMerge(
      Layer.mergeAll(
        capabilities(scenario, { user: user ?? {}, boundAuthToken: signingSettings(scenario) }),
        database,
        Crypto.browser
      )
    )
  )

/**
 * A page on another origin of the site (the services' origin): signs through the hidden security frame on the
 * www origin, over MemoryFrames (the scenario plays the frame through the MemoryFrames control). Frame metrics
 * are posted to the emulator.
 */
export const frameSigningPage = (scenario: Scenario) => {
  const base = capabilities(scenario, { boundAuthToken: signingSettings(scenario) })
  const metrics = FrameMetrics.layer.pipe(Layer.provide(FetchHttpClient.layer), Layer.provide(base))
  return platformLayer({ signer: Signing.viaSecurityFrame }).pipe(
    Layer.provideMerge(
      Layer.mergeAll(base, MemoryFrames.layer({ origin: scenario.emulator.origin }), Crypto.browser, metrics)
    )
  )
}

/** A page with the challenge flow (loaded on demand), over `presenter` (the scripted presenter or the DOM one and its frames). */
export const challengePage = <R>(
  scenario: Scenario,
  presenter: Layer.Layer<ChallengePresenter | ScriptRunner | R, never, PlatformConfig>
) => {
  const base = capabilities(scenario, {})
  return platformLayer({ challenges: Challenges.layer }).pipe(Layer.provideMerge(presenter), Layer.provideMerge(base))
}

/**
 * Sign in as {@link signedInUser} with device attestation, as a page of the www origin does: the emulator binds the
 * attested key (from `database`) to the new session and sets the session cookie in the scenario's browser.
 */
export const signIn = (scenario: Scenario, database: Layer.Layer<KeyDatabase>) =>
  Effect.gen(function* () {
    const payload = yield* (yield* DeviceAttestation).payload
    if (Option.isNone(payload)) return yield* Effect.die(new Error("no attestation payload"))
    const answer = yield* (yield* PlatformHttp).post(
      { service: "hba", path: "/v1/sign-in" },
      {
        body: { userId: signedInUser.id, secureAuthenticationIntent: payload.value }
      }
    )
    if ((answer as { keyBound?: unknown }).keyBound !== true) {
      return yield* Effect.die(new Error(`sign-in did not bind the key: ${JSON.stringify(answer)}`))
    }
  }).pipe(Effect.provide(directSigningPage(scenario, database, { id: undefined, authenticated: false })), Effect.orDie)

/** The live Clock, `skewMs` off (a browser whose clock is wrong); sleeping is not affected. */
export const skewedClock = (skewMs: number) =>
  Clock.clockWith((live) =>
    Effect.succeed<Clock.Clock>({
      currentTimeMillisUnsafe: () => live.currentTimeMillisUnsafe() + skewMs,
      currentTimeMillis: Effect.sync(() => live.currentTimeMillisUnsafe() + skewMs),
      currentTimeNanosUnsafe: () => live.currentTimeNanosUnsafe() + BigInt(skewMs) * 1_000_000n,
      currentTimeNanos: Effect.sync(() => live.currentTimeNanosUnsafe() + BigInt(skewMs) * 1_000_000n),
      monotonicTimeNanosUnsafe: () => live.monotonicTimeNanosUnsafe(),
      monotonicTimeNanos: live.monotonicTimeNanos,
      sleep: (duration) => live.sleep(duration)
    })
  )
