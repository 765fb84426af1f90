/** Test wiring for the challenge flow: PlatformHttp with the ChallengeHandler (built up front) over a stub fetch. */
import * as Base64 from "effect/encoding/Base64"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { PlatformConfigInput } from "../../../src/core/config/PlatformConfig.ts"
import { ChallengeHandler } from "../../../src/core/challenge/ChallengeHandler.ts"
import { platformLayer } from "../../../src/core/wiring/platformLayer.ts"
import { type ChallengeScript, ScriptedChallengePresenter } from "../../../src/testing/ScriptedChallengePresenter.ts"
import { type ScriptRunAnswer, ScriptedScriptRunner } from "../../../src/testing/ScriptedScriptRunner.ts"
import type { RecordedRequest, StubHandler } from "../../../src/testing/StubFetch.ts"
import { jsonResponse } from "../../../src/testing/StubFetch.ts"
import { MemoryLogger } from "../../../src/testing/memory/MemoryLogger.ts"
import { ChallengeComponent } from "../../../src/core/challenge/presenters/ChallengeComponent.ts"
import { DomChallengePresenter } from "../../../src/core/challenge/presenters/DomChallengePresenter.ts"
import { MemoryChallengeFrames } from "../../../src/testing/MemoryChallengeFrames.ts"
import { PlatformConfig } from "../../../src/core/config/PlatformConfig.ts"
import { StubFetch } from "../../../src/testing/StubFetch.ts"
import { MemoryKeyValueStore } from "../../../src/testing/memory/MemoryKeyValueStore.ts"
import { MemoryTelemetry } from "../../../src/testing/memory/MemoryTelemetry.ts"

/** The app endpoint the tests call. */
export const appUrl = "https://apis.example.com/v1/things"
/** The continue endpoint under the default configuration. */
export const continueUrl = "https://apis.example.com/challenge/v1/continue"

/** Base64 of the JSON of a value. */
export const b64 = (value: unknown): string => Base64.encode(JSON.stringify(value))

/** Captcha metadata protecting `actionType`. */
export const captchaMetadata = (actionType = "FollowUser") => ({
  unifiedCaptchaId: "uc-1",
  dataExchangeBlob: "blob",
  actionType
})

/** The three challenge headers. */
export const challengeHeaders = (id: string, type: string, metadata: unknown) => ({
  "rblx-challenge-id": id,
  "rblx-challenge-type": type,
  "rblx-challenge-metadata": typeof metadata === "string" ? metadata : b64(metadata)
})

/** A 403 carrying the three challenge headers. */
export const challenged = (id = "c-1", type = "Captcha", metadata: unknown = captchaMetadata()) =>
  jsonResponse(
    { errors: [{ code: 0, message: "Challenge is required" }] },
    {
      status: 403,
      headers: challengeHeaders(id, type, metadata)
    }
  )

/** Whether a request is a re-send (it carries a challenge id). */
export const isResend = (r: RecordedRequest) => r.headers["rblx-challenge-id"] !== undefined

/**
 * A platform where app calls are challenged until re-sent with a challenge id, and continue answers `{}` (the
 * flow completes) unless `onContinue` says otherwise.
 */
export const platform = (
  options: {
    readonly app?: StubHandler
    readonly onContinue?: (body: Record<string, unknown>, index: number) => Response
  } = {}
): StubHandler => {
  let continues = 0
  return (request, index) => {
    if (request.url === continueUrl) {
      return options.onContinue?.(JSON.parse(request.body ?? "{}"), continues++) ?? jsonResponse({})
    }
    if (options.app !== undefined) return options.app(request, index)
    return isResend(request) ? jsonResponse({ ok: true }) : challenged()
  }
}

/** PlatformHttp with the challenge flow, a scripted presenter and runner, and a capturing logger. */
export const challengeLayer = (
  handler: StubHandler,
  script?: ChallengeScript,
  options: {
    readonly config?: PlatformConfigInput
    readonly available?: boolean
    readonly runner?: ScriptRunAnswer
  } = {}
) =>
  platformLayer({ challenges: ChallengeHandler.layer }).pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        StubFetch.layer(handler),
        PlatformConfig.layer(options.config ?? {}),
        MemoryKeyValueStore.layer(),
        MemoryTelemetry.layer()
      )
    ),
    Layer.provideMerge(
      ScriptedChallengePresenter.layer(script, options.available === undefined ? {} : { available: options.available })
    ),
    Layer.provideMerge(ScriptedScriptRunner.layer(options.runner)),
    Layer.provideMerge(MemoryLogger.layer())
  )

/** A stub handler that forwards every request to the network (e.g. to an emulator), as recorded. */
export const forwardToNetwork: StubHandler = (request) =>
  fetch(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body === undefined ? {} : { body: request.body })
  })

/** Let real promises (the stub fetch) settle: yield to the event loop. */
export const settle = Effect.promise(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))

/** Yield to the event loop until `condition` holds (at most 500 turns, then fail the test). */
export const waitFor = <R>(
  condition: Effect.Effect<boolean, never, R>,
  what = "condition"
): Effect.Effect<void, never, R> =>
  Effect.gen(function* () {
    for (let turn = 0; turn < 500; turn++) {
      if (yield* condition) return
      yield* settle
    }
    return yield* Effect.die(new Error(`timed out waiting for ${what}`))
  })

/** The page's (and the www) origin under the default configuration. */
export const wwwOrigin = "https://www.example.com"

/** PlatformHttp with the challenge flow over the DOM presenter, memory challenge frames and a component. */
export const domChallengeLayer = (handler: StubHandler) =>
  platformLayer({ challenges: ChallengeHandler.layer }).pipe(
    Layer.provideMerge(DomChallengePresenter.layer),
    Layer.provideMerge(Layer.mergeAll(ChallengeComponent.layer, MemoryChallengeFrames.layer({ origin: wwwOrigin }))),
    Layer.provideMerge(
      Layer.mergeAll(
        StubFetch.layer(handler),
        PlatformConfig.layer({}),
        MemoryKeyValueStore.layer(),
        MemoryTelemetry.layer()
      )
    ),
    Layer.provideMerge(ScriptedScriptRunner.layer()),
    Layer.provideMerge(MemoryLogger.layer())
  )
