/**
 * What the emulator recorded of the background features: analytics events (payment-flow events among them),
 * page heartbeats and performance-measurement batches, in arrival order, for the demo and for tests
 * (`GET /apis/analytics/v1/recorded`). One recorder per emulator instance; the newest 2000 entries are kept.
 *
 * @module
 */
import { Context, Schema } from "effect"

/** One recorded thing. */
export const Recorded = Schema.Union([
  Schema.Struct({
    id: Schema.Int,
    at: Schema.Number,
    kind: Schema.Literal("event"),
    name: Schema.String,
    properties: Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number, Schema.Boolean]))
  }),
  Schema.Struct({
    id: Schema.Int,
    at: Schema.Number,
    kind: Schema.Literal("heartbeat"),
    sequence: Schema.Number,
    properties: Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number, Schema.Boolean]))
  }),
  Schema.Struct({
    id: Schema.Int,
    at: Schema.Number,
    kind: Schema.Literal("measurements"),
    count: Schema.Int,
    items: Schema.Array(Schema.Unknown)
  }),
  Schema.Struct({
    id: Schema.Int,
    at: Schema.Number,
    kind: Schema.Literal("telemetry"),
    type: Schema.String,
    name: Schema.String
  })
])

/** The type of {@link Recorded}. */
export type Recorded = typeof Recorded.Type

/** A page of recordings after `since`, and the id to ask from next time. */
export const RecordedPage = Schema.Struct({ entries: Schema.Array(Recorded), lastId: Schema.Int })

/** The type of {@link RecordedPage}. */
export type RecordedPage = typeof RecordedPage.Type

/** A recording without its id (given when it is stored). */
export type NewRecording = Recorded extends infer R ? (R extends Recorded ? Omit<R, "id"> : never) : never

/** The recorder of one emulator instance. */
export interface AnalyticsRecorderShape {
  readonly record: (entry: NewRecording) => void
  readonly since: (since: number) => RecordedPage
  readonly clear: () => void
}

/** How many recordings are kept. */
export const recorderLimit = 2000

/** A fresh recorder. */
export const makeAnalyticsRecorder = (): AnalyticsRecorderShape => {
  let entries: Array<Recorded> = []
  let counter = 0
  return {
    record: (entry) => {
      entries.push({ ...entry, id: ++counter } as Recorded)
      if (entries.length > recorderLimit) entries = entries.slice(entries.length - recorderLimit)
    },
    since: (since) => {
      const page = entries.filter((entry) => entry.id > since)
      return { entries: page, lastId: page.length > 0 ? page[page.length - 1]!.id : Math.max(since, 0) }
    },
    clear: () => {
      entries = []
    }
  }
}

/** The recorder, shared by the analytics routes of one emulator instance. */
export class AnalyticsRecorder extends Context.Service<AnalyticsRecorder, AnalyticsRecorderShape>()(
  "emulator/AnalyticsRecorder"
) {}
