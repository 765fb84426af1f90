/**
 * ScriptedScriptRunner: a ScriptRunner for tests (Node has no Web Worker). Every run is recorded and answered by
 * your function; the default answers `true` for every expected symbol.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import {
  type ScriptRunError,
  ScriptRunner,
  type ScriptRunRequest,
  type ScriptValues
} from "../core/browser/ScriptRunner.ts"
import { layerWithControl } from "./memory/layerWithControl.ts"

/** Answers the `index`-th run (0-based). */
export type ScriptRunAnswer = (request: ScriptRunRequest, index: number) => Effect.Effect<ScriptValues, ScriptRunError>

/** The test-side control of the scripted runner. */
export interface ScriptedScriptRunnerControlShape {
  /** Every run request so far, in order. */
  readonly requests: Effect.Effect<ReadonlyArray<ScriptRunRequest>>
}

/** Control of the runner provided by {@link ScriptedScriptRunner.layer}. */
export class ScriptedScriptRunnerControl extends Context.Service<
  ScriptedScriptRunnerControl,
  ScriptedScriptRunnerControlShape
>()("platform-web-client/testing/ScriptedScriptRunnerControl") {}

/** Every expected symbol is `true`. */
export const allSymbolsTrue: ScriptRunAnswer = (request) =>
  Effect.succeed(Object.fromEntries(request.expectedSymbols.map((symbol) => [symbol, true])))

/** Scripted script runs. */
export const ScriptedScriptRunner = {
  /** A runner answering with `answer`, and its control. */
  layer(answer: ScriptRunAnswer = allSymbolsTrue): Layer.Layer<ScriptRunner | ScriptedScriptRunnerControl> {
    return layerWithControl(ScriptRunner, ScriptedScriptRunnerControl, () => {
      const requests: Array<ScriptRunRequest> = []
      return [
        ScriptRunner.of({ run: (request) => Effect.suspend(() => answer(request, requests.push(request) - 1)) }),
        ScriptedScriptRunnerControl.of({ requests: Effect.sync(() => [...requests]) })
      ]
    })
  }
}
