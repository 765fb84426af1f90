/**
 * ScriptRunner: runs the script of a script-running challenge in a dedicated Web Worker, never on the page's main
 * thread and never with the page's origin, and reports the values of the symbols the challenge expects.
 *
 * The browser layer ({@link ScriptRunner.browser}) runs the script followed by a small harness in a worker started
 * inside a sandboxed frame with an opaque origin (./scriptSandbox.ts). The harness checks that every
 * expected symbol is a global property of the worker (`var`, `function` or `self.x = …` at the top level);
 * a function symbol is called `calls` times (its value: the single result, or the list of results when `calls`
 * is more than 1, awaited), any other symbol is taken as it is. It posts `{ ok: true, values }` (values as a JSON
 * string), `{ ok: false, missing }` or `{ ok: false, failed: true }`. The run is bounded by `timeLimit`: on time-out
 * (or interruption) the worker is terminated and what it holds (the sandbox frame) released.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import type * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import { sandboxedWorkerFactory } from "./scriptSandbox.ts"

/** A script to run. */
export interface ScriptRunRequest {
  /** The script's JavaScript source (already decoded from base64). */
  readonly source: string
  /** The global symbols the script must define. */
  readonly expectedSymbols: ReadonlyArray<string>
  /** How many times each function symbol is called (at least 1). */
  readonly calls: number
  /** How long the run may take. */
  readonly timeLimit: Duration.Input
}

/** The values of the expected symbols, by symbol. */
export type ScriptValues = Schema.JsonObject

/**
 * Why a run failed: the worker could not be started (`load`), a symbol was missing (`missingSymbol`), the
 * script or a symbol's call threw (`run`), the time limit passed (`timeout`), or the worker answered something
 * that is not a harness message (`badResult`).
 */
export class ScriptRunError extends Data.TaggedError("ScriptRunError")<{
  readonly reason: "load" | "missingSymbol" | "run" | "timeout" | "badResult"
  /** The missing symbol, for `missingSymbol`. */
  readonly symbol?: string | undefined
}> {}

/** The shape of the script runner. */
export interface ScriptRunnerShape {
  readonly run: (request: ScriptRunRequest) => Effect.Effect<ScriptValues, ScriptRunError>
}

/** The part of a Worker the runner uses. */
export interface ScriptWorker {
  onmessage: ((event: { readonly data: unknown }) => void) | null
  /** An error of the worker: the script failed (reason `run`), or, with `startFailed`, it never started (`load`). */
  onerror: ((event: { preventDefault(): void; readonly startFailed?: boolean }) => void) | null
  onmessageerror: ((event: unknown) => void) | null
  terminate(): void
}

/** Starts a worker running `source`; returns it with a function releasing what it holds (e.g. a sandbox frame). */
export type ScriptWorkerFactory = (source: string) => { readonly worker: ScriptWorker; readonly release: () => void }

/**
 * The harness appended to the script. Exported so its behaviour can be checked outside a browser; it is plain
 * JavaScript that only uses `self` and `postMessage`.
 */
export const scriptHarness = (expectedSymbols: ReadonlyArray<string>, calls: number): string =>
  `
;(async function (symbols, calls) {
  try {
    var values = {};
    for (var i = 0; i < symbols.length; i++) {
      var name = symbols[i];
      var value = self[name];
      if (value === undefined) { postMessage({ ok: false, missing: name }); return; }
      if (typeof value === "function") {
        var results = [];
        for (var n = 0; n < calls; n++) results.push(await value.call(self));
        values[name] = calls === 1 ? results[0] : results;
      } else {
        values[name] = value;
      }
    }
    postMessage({ ok: true, values: JSON.stringify(values) });
  } catch (error) {
    postMessage({ ok: false, failed: true });
  }
})(${JSON.stringify(expectedSymbols)}, ${JSON.stringify(Math.max(1, Math.floor(calls)))});
`

const HarnessMessage = Schema.Union([
  Schema.Struct({ ok: Schema.Literal(true), values: Schema.fromJsonString(Schema.JsonObject) }),
  Schema.Struct({ ok: Schema.Literal(false), missing: Schema.String }),
  Schema.Struct({ ok: Schema.Literal(false), failed: Schema.Literal(true) })
])

const runWith =
  (factory: ScriptWorkerFactory) =>
  (request: ScriptRunRequest): Effect.Effect<ScriptValues, ScriptRunError> =>
    Effect.scoped(
      Effect.gen(function* () {
        const { worker } = yield* Effect.acquireRelease(
          Effect.try({
            try: () => factory(request.source + scriptHarness(request.expectedSymbols, request.calls)),
            catch: () => new ScriptRunError({ reason: "load" })
          }),
          ({ release, worker }) =>
            Effect.sync(() => {
              worker.onmessage = null
              worker.onerror = null
              worker.onmessageerror = null
              try {
                worker.terminate()
              } finally {
                release()
              }
            })
        )
        const data = yield* Effect.callback<unknown, ScriptRunError>((resume) => {
          worker.onmessage = (event) => resume(Effect.succeed(event.data))
          worker.onerror = (event) => {
            event.preventDefault()
            resume(Effect.fail(new ScriptRunError({ reason: event.startFailed === true ? "load" : "run" })))
          }
          worker.onmessageerror = () => resume(Effect.fail(new ScriptRunError({ reason: "badResult" })))
        })
        const message = yield* Schema.decodeUnknownEffect(HarnessMessage)(data).pipe(
          Effect.mapError(() => new ScriptRunError({ reason: "badResult" }))
        )
        if (message.ok) return message.values
        return yield* Effect.fail(
          "missing" in message
            ? new ScriptRunError({ reason: "missingSymbol", symbol: message.missing })
            : new ScriptRunError({ reason: "run" })
        )
      })
    ).pipe(
      Effect.timeoutOrElse({
        duration: request.timeLimit,
        orElse: () => Effect.fail(new ScriptRunError({ reason: "timeout" }))
      })
    )

const unavailable: ScriptWorkerFactory = () => {
  throw new Error("no document to start a script sandbox in")
}

/** Runs challenge scripts in dedicated workers. */
export class ScriptRunner extends Context.Service<ScriptRunner, ScriptRunnerShape>()(
  "platform-web-client/core/browser/ScriptRunner"
) {
  /** A runner over a worker factory (the harness protocol and time limit as in the browser). */
  static fromWorkerFactory(factory: ScriptWorkerFactory): Layer.Layer<ScriptRunner> {
    return Layer.succeed(ScriptRunner, { run: runWith(factory) })
  }

  /**
   * Dedicated workers started inside a sandboxed frame with an opaque origin (./scriptSandbox.ts), one frame per
   * run. Outside a browser, or where the sandbox cannot start a worker (no `Worker`, a content security policy
   * forbidding `blob:` workers), every run fails with reason `load`.
   */
  static readonly browser: Layer.Layer<ScriptRunner> = Layer.sync(ScriptRunner, () => ({
    run: runWith(
      typeof window === "undefined" || typeof document === "undefined" || typeof MessageChannel === "undefined"
        ? unavailable
        : sandboxedWorkerFactory(window)
    )
  }))
}
