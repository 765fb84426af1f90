/**
 * MemoryLogger: captures log lines (every level, Debug included) so tests can assert what was logged.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import type * as LogLevel from "effect/LogLevel"
import * as References from "effect/References"

/** One captured log line. */
export interface LogEntry {
  readonly level: LogLevel.LogLevel
  /** The string parts of the message joined with a space. */
  readonly text: string
  /** The message parts as logged. */
  readonly message: ReadonlyArray<unknown>
  /** The log annotations in effect when the line was logged. */
  readonly annotations: Readonly<Record<string, unknown>>
}

/** The test-side control of captured logs. */
export interface MemoryLoggerShape {
  /** The captured lines in order. */
  readonly entries: Effect.Effect<ReadonlyArray<LogEntry>>
  /** Forget the captured lines. */
  readonly clear: Effect.Effect<void>
}

/** Captured log lines; see {@link MemoryLogger.layer}. */
export class MemoryLogger extends Context.Service<MemoryLogger, MemoryLoggerShape>()(
  "platform-web-client/testing/memory/MemoryLogger"
) {
  /** Replace the loggers with one that captures every line, and lower the minimum log level to `All`. */
  static layer(): Layer.Layer<MemoryLogger> {
    return Layer.unwrap(
      Effect.sync(() => {
        let entries: Array<LogEntry> = []
        const logger = Logger.make<unknown, void>(({ fiber, logLevel, message }) => {
          const parts = Array.isArray(message) ? message : [message]
          entries.push({
            level: logLevel,
            text: parts.filter((p): p is string => typeof p === "string").join(" "),
            message: parts,
            annotations: { ...fiber.getRef(References.CurrentLogAnnotations) }
          })
        })
        return Layer.mergeAll(
          Layer.succeed(MemoryLogger, {
            entries: Effect.sync(() => [...entries]),
            clear: Effect.sync(() => void (entries = []))
          }),
          Logger.layer([logger]),
          Layer.succeed(References.MinimumLogLevel, "All")
        )
      })
    )
  }
}
