/**
 * PipelineObserver: an optional observer of what the pipeline does to each call, for developer tools (a devtools
 * panel listing the requests, as the library itself saw them) and diagnostics.
 *
 * PlatformHttp looks for a PipelineObserver when it is built. Without one, the pipeline emits nothing and pays
 * nothing: the event sites are skipped and the send/receive rule is not in the pipeline at all. With one, every
 * call gets a number (`call`, unique per observer) and the rules emit {@link PipelineEvent}s as they act, in the
 * order they happen. A plain GET gives `RequestSent`, `ResponseReceived`; a POST whose token was stale gives
 * `RequestSent`, `ResponseReceived` (403), `CsrfResent`, `RequestSent`, `ResponseReceived`.
 *
 * Events carry no secret: no header value, no token, no signature, no challenge id or metadata, no body; only the
 * method, the URL (as the caller gave it), statuses, durations, a batch's number of ids, and the reasons the library's
 * errors name. The
 * observer is called synchronously as the pipeline goes; one that throws is ignored (it never affects a request).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import type { ChallengeErrorReason } from "../challenge/ChallengeError.ts"
import type { SigningFailureReason } from "../signing/SigningFailure.ts"

/** What one call went through, event by event; `call` groups the events of one call. */
export type PipelineEvent =
  /**
   * One HTTP exchange starts (every send: the first and each re-send). `platform`: to one of the platform's hosts.
   * `batchSize`: present when the request is made by a BatchProcessor's process function, the number of keys
   * (ids) of that batch; `batchAttempt` with it, which attempt the batch is (1: first send, 2: the first retry of
   * its keys, …).
   */
  | {
      readonly _tag: "RequestSent"
      readonly call: number
      readonly method: string
      readonly url: string
      readonly platform: boolean
      readonly batchSize?: number
      readonly batchAttempt?: number
    }
  /** The exchange's response arrived, body included, after `durationMs` (Effect's clock). */
  | { readonly _tag: "ResponseReceived"; readonly call: number; readonly status: number; readonly durationMs: number }
  /** The exchange got no response: fetch failed (network, CORS, DNS). */
  | { readonly _tag: "FetchFailed"; readonly call: number }
  /** The exchange took longer than its time-out; the fetch was aborted. */
  | { readonly _tag: "TimedOut"; readonly call: number; readonly timeoutMs: number }
  /** A request carrying a secret was answered with a redirect, which it never follows (`status` 0: opaque). */
  | { readonly _tag: "RedirectRefused"; readonly call: number; readonly status: number }
  /** A platform host's 403 carried a new anti-forgery token: it was stored and the request is re-sent once. */
  | { readonly _tag: "CsrfResent"; readonly call: number }
  /** The request was signed (x-bound-auth-token). */
  | { readonly _tag: "Signed"; readonly call: number }
  /** The request went out unsigned: the signer's reason, or `NotPlatformHost` (never offered to the signer). */
  | { readonly _tag: "NotSigned"; readonly call: number; readonly reason: SigningFailureReason | "NotPlatformHost" }
  /** A platform host's failed response carried challenge headers: the request is held for the challenge flow. */
  | { readonly _tag: "ChallengeHeld"; readonly call: number; readonly challengeType: string | undefined }
  /** The challenge was completed: the held request is re-sent. */
  | { readonly _tag: "ChallengeContinued"; readonly call: number }
  /** The challenge failed; the call fails with the ChallengeError. */
  | { readonly _tag: "ChallengeFailed"; readonly call: number; readonly reason: ChallengeErrorReason }
  /**
   * The challenged response went on to the caller as it was: no challenge flow is installed, the headers were
   * partial, or no challenge component is mounted (the log says which).
   */
  | { readonly _tag: "ChallengeUnhandled"; readonly call: number }

/** The shape of an observer: `observe` receives every event; `nextCall` numbers the calls. */
export interface PipelineObserverShape {
  readonly observe: (event: PipelineEvent) => void
  readonly nextCall: () => number
}

/** Emits one event to the observer (which may throw: ignored). */
export type Emit = (event: PipelineEvent) => void

/** The observer of the pipelines built in its context; optional. */
export class PipelineObserver extends Context.Service<PipelineObserver, PipelineObserverShape>()(
  "platform-web-client/core/http/PipelineObserver"
) {
  /** An observer calling `observe` with every event; calls are numbered from 1. */
  static make(observe: (event: PipelineEvent) => void): PipelineObserverShape {
    let calls = 0
    return { observe, nextCall: () => ++calls }
  }

  /** {@link PipelineObserver.make} as a layer: provide it where PlatformHttp is built. */
  static layer(observe: (event: PipelineEvent) => void): Layer.Layer<PipelineObserver> {
    return Layer.sync(PipelineObserver, () => PipelineObserver.make(observe))
  }
}

/** The emit function of an observer: never throws. */
export const emitter =
  (observer: PipelineObserverShape): Emit =>
  (event) => {
    try {
      observer.observe(event)
    } catch {
      // an observer never affects a request
    }
  }
