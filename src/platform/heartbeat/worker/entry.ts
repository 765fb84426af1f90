/**
 * The pulse worker's entry script: what `/worker-resources/script/?component=pageHeartbeat&version=1` serves,
 * bundled as a classic worker script. It runs {@link runPulseWorker} on the worker's own global scope.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { WorkerPort } from "../../../core/browser/WorkerPort.ts"
import { runPulseWorker } from "./pulseWorker.ts"

Effect.runFork(runPulseWorker.pipe(Effect.provide(WorkerPort.self)))
