/**
 * The message protocol between the page and the heartbeat's pulse worker.
 *
 * Page → worker: `{ type: "start", pulseIntervalMs }` (re)starts the pulses, numbering them again from 1;
 * `{ type: "stop" }` stops them. Worker → page: `{ type: "pulse", sequence }` every `pulseIntervalMs`, the first
 * one `pulseIntervalMs` after `start`. Both sides decode what they receive with these Schemas and ignore (with a
 * Debug line) anything else.
 *
 * @module
 */
import * as Schema from "effect/Schema"

const PositiveInt = Schema.Int.check(Schema.isGreaterThan(0))

/** Start (or restart) pulsing every `pulseIntervalMs`. */
export const StartPulses = Schema.Struct({ type: Schema.Literal("start"), pulseIntervalMs: PositiveInt })

/** Stop pulsing. */
export const StopPulses = Schema.Struct({ type: Schema.Literal("stop") })

/** A message to the pulse worker. */
export const ToPulseWorker = Schema.Union([StartPulses, StopPulses])

/** The type of {@link ToPulseWorker}. */
export type ToPulseWorker = typeof ToPulseWorker.Type

/** A pulse, numbered from 1 since the last `start`. */
export const Pulse = Schema.Struct({ type: Schema.Literal("pulse"), sequence: PositiveInt })

/** The type of {@link Pulse}. */
export type Pulse = typeof Pulse.Type
