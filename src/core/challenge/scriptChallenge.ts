/**
 * The script-running challenge (CHAL-6, CHAL-21, CHAL-23, CHAL-30): its script runs in a dedicated Web Worker (ScriptRunner),
 * the expected global symbols are checked, and the result goes to the challenge service as the metadata's
 * sharedParameters say. The flow then posts the continue call (ChallengeHandler does, as for every challenge).
 *
 * Steps (the spec shows the calls, not their order; this order is ours, see docs/challenges.md):
 *
 * 1. Decode `contentInlineBase64` (base64 of UTF-8 JavaScript).
 * 2. `shouldAnalyze`: upload the script (`fileBase64` = contentInlineBase64) and keep its `scriptLocation`.
 * 3. `useContinueMode`: run the inline script; its result goes in the continue call's metadata
 *    (`{ userId, challengeId, payload, payloadV2, scriptLocation? }`).
 *    Otherwise (session mode, also without sharedParameters): init a session (`scriptLocation` empty unless
 *    uploaded), run the session's `content` (base64; the inline script when empty) expecting the session's
 *    symbols (the metadata's when the session lists none) with `expectedNumCalls` calls, submit the result,
 *    redeem the session; the continue metadata is `{ userId, challengeId }`.
 *
 * `payload` is the JSON of the symbol values; `payloadV2` is that JSON in base64. The continue call's
 * challengeID is `sharedParameters.genericChallengeId` when non-empty, else the header's challenge id.
 *
 * Failures invalidate the challenge (kind `invalidated`) with the codes of CHAL-30:
 * FAILED_PREP (`Could not prep the cook successfully: {detail}`: bad script encoding, upload or init failed,
 * the worker could not start), FAILED_MIREPOIX (`Burnt the mirepoix :/.`: an expected symbol is missing),
 * FAILED_SIMMER (`Simmer was too short!`: the script threw, ran out of time or answered nonsense) and
 * UNKNOWN (`Unknown error`: submit or redeem failed). Each call to the challenge service is bounded by
 * `ChallengeCallTimeout` (a call that times out fails as a failed call does) and the script's run by
 * `ScriptChallengeTimeLimit`.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Base64 from "effect/encoding/Base64"
import * as Result from "effect/Result"
import type * as Schema from "effect/Schema"
import { ScriptRunError, ScriptRunner } from "../browser/ScriptRunner.ts"
import { boundedCall } from "./boundedCall.ts"
import { ChallengeApi } from "./ChallengeApi.ts"
import { ChallengeError, unknownErrorDetail } from "./ChallengeError.ts"
import type { ScriptChallengeErrorCode } from "./enums.ts"
import type { Challenge } from "./metadata.ts"
import { ScriptChallengeTimeLimit } from "./settings.ts"

/** What a completed challenge hands to the continue call and the re-sent request. */
export interface ChallengeCompletion {
  /** The id of the challenge that completed (the page's new id, if it reported one): the re-sent request's id under the spec's flow. */
  readonly challengeId: string
  /** The challengeID of the continue call. */
  readonly continueId: string
  /** The metadata of the continue call (as a JSON string) and of the re-sent request (base64 of the JSON). */
  readonly metadata: Schema.JsonObject
}

/** The messages of the script challenge's error codes (CHAL-30, quoted). */
export const scriptErrorMessages = {
  FAILED_PREP: (detail: string) => `Could not prep the cook successfully: ${detail}`,
  FAILED_MIREPOIX: "Burnt the mirepoix :/.",
  FAILED_SIMMER: "Simmer was too short!",
  UNKNOWN: unknownErrorDetail
} as const

/** The details of FAILED_PREP. */
export const prepFailures = {
  scriptEncoding: "the script is not valid base64",
  upload: "the script could not be uploaded",
  initSession: "the session could not be started",
  sessionScriptEncoding: "the session script is not valid base64",
  worker: "the worker could not be started"
} as const

const invalidated = (code: ScriptChallengeErrorCode, detail: string) =>
  ChallengeError.of("invalidated", detail, { challengeType: "ScriptRunning", code })

const prepFailed = (detail: string) => invalidated("FAILED_PREP", scriptErrorMessages.FAILED_PREP(detail))
const unknownFailure = () => invalidated("UNKNOWN", scriptErrorMessages.UNKNOWN)

const utf8 = new TextDecoder("utf-8", { fatal: true })

const decodeScript = (base64: string, detail: string): Effect.Effect<string, ChallengeError> => {
  const bytes = Base64.decode(base64.trim())
  if (Result.isFailure(bytes)) return Effect.fail(prepFailed(detail))
  try {
    return Effect.succeed(utf8.decode(bytes.success))
  } catch {
    return Effect.fail(prepFailed(detail))
  }
}

const runFailure = (error: ScriptRunError): ChallengeError => {
  switch (error.reason) {
    case "load":
      return prepFailed(prepFailures.worker)
    case "missingSymbol":
      return invalidated("FAILED_MIREPOIX", scriptErrorMessages.FAILED_MIREPOIX)
    default:
      return invalidated("FAILED_SIMMER", scriptErrorMessages.FAILED_SIMMER)
  }
}

/** Run a script-running challenge up to (not including) its continue call. */
export const runScriptChallenge = (
  challenge: Extract<Challenge, { readonly type: "ScriptRunning" }>
): Effect.Effect<ChallengeCompletion, ChallengeError, ScriptRunner | ChallengeApi> =>
  Effect.gen(function* () {
    const api = yield* ChallengeApi
    const runner = yield* ScriptRunner
    const timeLimit = yield* ScriptChallengeTimeLimit
    const meta = challenge.metadata
    const { userId, challengeId } = meta
    const shared = meta.sharedParameters
    const continueId =
      shared !== undefined && shared.genericChallengeId !== "" ? shared.genericChallengeId : challenge.id
    const timestamp = yield* Clock.currentTimeMillis

    const inline = yield* decodeScript(meta.contentInlineBase64, prepFailures.scriptEncoding)
    const scriptLocation =
      shared?.shouldAnalyze === true
        ? (yield* boundedCall(
            "POST /v1/upload",
            api.upload({ userId, timestamp, fileBase64: meta.contentInlineBase64 })
          ).pipe(Effect.mapError(() => prepFailed(prepFailures.upload)))).scriptLocation
        : ""

    const run = (source: string, expectedSymbols: ReadonlyArray<string>, calls: number) =>
      runner.run({ source, expectedSymbols, calls, timeLimit }).pipe(
        Effect.mapError(runFailure),
        Effect.map((values) => {
          const payload = JSON.stringify(values)
          return { payload, payloadV2: Base64.encode(payload) }
        })
      )

    if (shared?.useContinueMode === true) {
      const result = yield* run(inline, meta.expectedSymbols, 1)
      return {
        challengeId: challenge.id,
        continueId,
        metadata: { userId, challengeId, ...result, ...(scriptLocation === "" ? {} : { scriptLocation }) }
      }
    }

    const session = yield* boundedCall(
      "POST /v1/initSession",
      api.initSession({ challengeId, userId, timestamp, scriptLocation })
    ).pipe(Effect.mapError(() => prepFailed(prepFailures.initSession)))
    const source =
      session.content === "" ? inline : yield* decodeScript(session.content, prepFailures.sessionScriptEncoding)
    const symbols = session.expectedSymbols.length > 0 ? session.expectedSymbols : meta.expectedSymbols
    const result = yield* run(source, symbols, Math.max(1, session.expectedNumCalls))
    yield* boundedCall("POST /v1/submit", api.submit({ userId, challengeId, ...result })).pipe(
      Effect.mapError(unknownFailure)
    )
    yield* boundedCall("POST /v1/redeemSession", api.redeemSession({ userId, challengeId })).pipe(
      Effect.mapError(unknownFailure)
    )
    return { challengeId: challenge.id, continueId, metadata: { userId, challengeId } }
  })
