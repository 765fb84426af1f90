/**
 * platform-web-client/heartbeat-worker: the page heartbeat's pulse worker, as a script. Importing it starts the
 * pulses on the worker's own global scope (its one side effect): bundle it as a classic worker script and serve it
 * where `PageHeartbeat` loads its worker (`/worker-resources/script/?component=PageHeartbeatWorker&v={n}` on the www
 * origin; see docs/analytics.md). The page side is `PageHeartbeat` in `platform-web-client/heartbeat`.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { WorkerPort } from "./core/browser/WorkerPort.ts"
import { runPulseWorker } from "./platform/heartbeat/worker/pulseWorker.ts"

Effect.runFork(runPulseWorker.pipe(Effect.provide(WorkerPort.self)))
