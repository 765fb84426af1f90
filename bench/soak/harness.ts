/**
 * The soak harness: one part of the library driven step after step for a long run, with the heap measured (after a
 * forced garbage collection) at evenly spaced checkpoints and the time of each stretch between two checkpoints.
 *
 * A part runs under a TestClock: the windows, cooldowns, expiries and idle times of the library pass in virtual
 * time, which each step advances as a page would (a batched lookup waits for its window), so a run of a few seconds
 * is hours of a page's life. What is measured is real: the heap and the wall-clock time per operation.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as References from "effect/References"
import type * as Scope from "effect/Scope"
import { TestClock } from "effect/testing"
import { performance } from "node:perf_hooks"

/** One step of a part: `operations` of its kind (a lookup, a request, a page), numbered from `first`. */
export type Step = (first: number) => Effect.Effect<void, unknown, TestClock.TestClock>

/** A part of the soak suite. */
export interface SoakPart {
  readonly name: string
  /** What one operation is, for the table. */
  readonly operation: string
  /** Operations per step (a batched lookup asks for a batch's worth of keys at once). */
  readonly perStep: number
  /** The share of the suite's operation count this part runs (default 1): less for a part whose steps are slow. */
  readonly scale?: number
  /** Build the part's services in the scope and answer its step. */
  readonly setup: Effect.Effect<Step, unknown, Scope.Scope | TestClock.TestClock>
}

/** What a run of one part measured. */
export interface SoakResult {
  readonly name: string
  readonly operation: string
  readonly operations: number
  /** Heap growth over the second half of the run, in MB per 10,000 operations. */
  readonly growthMbPer10k: number
  /** Heap used after the run (after a collection), in MB. */
  readonly heapEndMb: number
  /** Mean time per operation over the first and the last stretch, in µs. */
  readonly startMicros: number
  readonly endMicros: number
}

const collect = (): number => {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc === undefined) throw new Error("the soak measures the heap after a collection: run it with node --expose-gc")
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

const mb = (bytes: number) => bytes / 2 ** 20

/** Logs say nothing during a soak (a warning per cache key would be the loudest thing measured). */
const quiet = Layer.succeed(References.MinimumLogLevel, "None")

/**
 * Run `part` for about `operations` operations in `checkpoints` stretches (the first stretch warms up: its time is
 * the start figure; the heap is compared between the middle checkpoint and the last).
 */
export const soak = (part: SoakPart, operations: number, checkpoints = 10): Promise<SoakResult> => {
  const steps = Math.max(checkpoints, Math.round((operations * (part.scale ?? 1)) / part.perStep))
  const perStretch = Math.floor(steps / checkpoints)
  const program = Effect.gen(function* () {
    const step = yield* part.setup
    const heaps: Array<number> = [collect()]
    const times: Array<number> = []
    let n = 0
    for (let c = 0; c < checkpoints; c++) {
      const started = performance.now()
      for (let s = 0; s < perStretch; s++, n++) yield* step(n * part.perStep)
      times.push(((performance.now() - started) * 1000) / (perStretch * part.perStep))
      heaps.push(collect())
    }
    const half = checkpoints >> 1
    const lastHalfOperations = (checkpoints - half) * perStretch * part.perStep
    return {
      name: part.name,
      operation: part.operation,
      operations: n * part.perStep,
      growthMbPer10k: (mb(heaps[checkpoints]! - heaps[half]!) / lastHalfOperations) * 10_000,
      heapEndMb: mb(heaps[checkpoints]!),
      startMicros: times[0]!,
      endMicros: times[checkpoints - 1]!
    } satisfies SoakResult
  })
  return Effect.runPromise(Effect.scoped(program).pipe(Effect.provide(Layer.merge(TestClock.layer(), quiet))))
}

const fixed = (value: number, digits: number) => value.toFixed(digits)

/** The results as a Markdown table. */
export const table = (results: ReadonlyArray<SoakResult>): string =>
  [
    "| part | operation | operations | heap growth, last half (MB / 10k ops) | heap after (MB) | per op, first stretch (µs) | per op, last stretch (µs) |",
    "|---|---|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.operation} | ${r.operations} | ${fixed(r.growthMbPer10k, 2)} | ${fixed(r.heapEndMb, 1)} | ${fixed(
          r.startMicros,
          1
        )} | ${fixed(r.endMicros, 1)} |`
    )
  ].join("\n")
