import * as Effect from "effect/Effect"
import * as Duration from "effect/Duration"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Layer from "effect/Layer"
const runtime = ManagedRuntime.make(Layer.empty)
const p = () => Promise.resolve(1)
const N = 100000
const ops: Record<string, () => Promise<unknown>> = {
  promise: () => runtime.runPromise(Effect.promise(p)),
  tryPromiseSignal: () => runtime.runPromise(Effect.tryPromise({ try: (signal) => p(), catch: () => 1 })),
  timeout: () => runtime.runPromise(Effect.timeoutOrElse(Effect.promise(p), { duration: Duration.seconds(60), orElse: () => Effect.fail(1) })),
  withFiber5: () => runtime.runPromise(Effect.withFiber(() => Effect.withFiber(() => Effect.withFiber(() => Effect.withFiber(() => Effect.withFiber(() => Effect.promise(p))))))),
  flatMap10: () => { let e: Effect.Effect<number> = Effect.promise(p); for (let i = 0; i < 10; i++) e = Effect.flatMap(e, (x) => Effect.succeed(x + 1)); return runtime.runPromise(e) },
  map10: () => { let e: Effect.Effect<number> = Effect.promise(p); for (let i = 0; i < 10; i++) e = Effect.map(e, (x) => x + 1); return runtime.runPromise(e) },
}
for (const [name, op] of Object.entries(ops)) {
  for (let i = 0; i < 5000; i++) await op()
  let best = Infinity
  for (let r = 0; r < 3; r++) {
    const c = process.cpuUsage()
    for (let i = 0; i < N; i++) await op()
    const cu = process.cpuUsage(c)
    best = Math.min(best, (cu.user + cu.system) / N)
  }
  console.log(name.padEnd(18), best.toFixed(2), "µs cpu")
}
