import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Layer from "effect/Layer"
const runtime = ManagedRuntime.make(Layer.empty)
const p = () => Promise.resolve(1)
const N = 100000
const ops: Record<string, () => Promise<unknown>> = {
  promise: () => runtime.runPromise(Effect.promise(p)),
  callbackTimer: () => runtime.runPromise(Effect.callback<number>((resume, signal) => {
    const timer = setTimeout(() => resume(Effect.succeed(0)), 60000)
    p().then((v) => { clearTimeout(timer); resume(Effect.succeed(v)) })
    return Effect.sync(() => clearTimeout(timer))
  })),
  forkSleep: () => runtime.runPromise(Effect.flatMap(Effect.forkChild(Effect.sleep("60 seconds")), (f) => Effect.ensuring(Effect.promise(p), Fiber.interrupt(f)))),
  abortTimeout: () => runtime.runPromise(Effect.tryPromise({ try: (signal) => { const t = AbortSignal.timeout(60000); return p() }, catch: () => 1 })),
  abortAny: () => runtime.runPromise(Effect.tryPromise({ try: (signal) => { const t = AbortSignal.any([signal, AbortSignal.timeout(60000)]); return p() }, catch: () => 1 })),
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
