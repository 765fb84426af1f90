/**
 * Rule (only with a PipelineObserver, ../observer.ts; the innermost): each HTTP exchange as the observer sees it:
 * `RequestSent` as the request goes to the transport (with the batch's number of ids and its attempt when a
 * BatchProcessor's process function makes it as the batch's call, see ../../batch/currentBatch.ts), then `ResponseReceived` with its status and duration,
 * `TimedOut` when its time-out passed, or `FetchFailed` when no response came. An interruption ends it without
 * any.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { CurrentBatch, isBatchCall } from "../../batch/currentBatch.ts"
import type { Emit } from "../observer.ts"
import type { Rule } from "../pipeline.ts"
import type { Targets } from "../targets.ts"

/** Emit each exchange's sending and outcome. */
export const exchangeEvents =
  (targets: Targets, emit: Emit): Rule =>
  (request, send) =>
    Effect.withFiber((fiber) => {
      const clock = fiber.getRef(Clock.Clock)
      const start = clock.currentTimeMillisUnsafe()
      const call = request.call ?? 0
      const sent = {
        _tag: "RequestSent",
        call,
        method: request.method,
        url: request.url,
        platform: targets(request.url).platform
      } as const
      const batch = fiber.getRef(CurrentBatch)
      emit(
        batch === undefined || !isBatchCall(batch, call)
          ? sent
          : { ...sent, batchSize: batch.size, batchAttempt: batch.attempt }
      )
      return send(request).pipe(
        Effect.map((response) => {
          emit({
            _tag: "ResponseReceived",
            call,
            status: response.status,
            durationMs: clock.currentTimeMillisUnsafe() - start
          })
          return response
        }),
        Effect.mapError((error) => {
          if (error._tag === "FetchError") emit({ _tag: "FetchFailed", call })
          else if (error._tag === "TimeoutError") emit({ _tag: "TimedOut", call, timeoutMs: error.timeoutMs })
          return error
        })
      )
    })
