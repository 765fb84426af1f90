/**
 * DevtoolsRecorder: what the devtools panel shows, framework-free. It turns the pipeline's events
 * ({@link PipelineEvent}, grouped by `call`) and query clients' events ({@link QueryEvent}) into a bounded list of
 * rows (./rows.ts): at most `maxRows` (default 200); when a new row would exceed it, the oldest row is dropped, and
 * later events of a dropped row are ignored.
 *
 * - `layer`: a PipelineObserver feeding the recorder; provide it where PlatformHttp is built.
 * - `watch(client)`: follow a query client's events until the returned function is called.
 * - `rows()` is the current list (the same array until something changes); `subscribe(listener)` tells a listener
 *   after changes, in a microtask (so that an event emitted while React renders never updates a component then).
 *
 * Nothing secret is kept: events carry no header value, token, signature or challenge metadata, and URLs are
 * redacted (../text/redactUrl.ts) before they are stored.
 *
 * @module
 */
import * as Layer from "effect/Layer"
import { type PipelineEvent, PipelineObserver } from "../http/observer.ts"
import type { Observable } from "../observable/Observable.ts"
import type { QueryEvent } from "../query/QueryEvent.ts"
import { applyPipelineEvent, type DevtoolsRow, queryRow, requestRow, settleQueryRow } from "./rows.ts"

/** The default row cap. */
export const defaultMaxRows = 200

/** Options of {@link make}. */
export interface DevtoolsOptions {
  /** The most rows kept (default 200, at least 1); the oldest is dropped first. */
  readonly maxRows?: number
}

/** A recorder (see the module doc). */
export interface DevtoolsRecorder {
  /** A PipelineObserver feeding this recorder: provide it where PlatformHttp is built. */
  readonly layer: Layer.Layer<never>
  /** Record one pipeline event. */
  readonly observe: (event: PipelineEvent) => void
  /** Record one query client event. */
  readonly observeQuery: (event: QueryEvent) => void
  /**
   * Record a query client's events (anything with an `events` Observable) until the returned function is called.
   * Watching a client already watched changes nothing (its events are recorded once); the returned function stops
   * watching it, whoever started.
   */
  readonly watch: (client: { readonly events: Observable<QueryEvent | undefined> }) => () => void
  /** The rows, oldest first; the same array until something changes. */
  readonly rows: () => ReadonlyArray<DevtoolsRow>
  /** Be told (in a microtask) after the rows change; returns the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void
  /** Forget every row. */
  readonly clear: () => void
}

/** The bounded list of rows and its listeners. */
interface RowList {
  /** The rows, oldest first; the same array until something changes. */
  readonly rows: () => ReadonlyArray<DevtoolsRow>
  /** The id of the next row. */
  readonly nextId: () => number
  /** Append `row`, dropping the oldest past `maxRows`. */
  readonly add: (row: DevtoolsRow) => void
  /** Replace the row `id` with `update` of it, unless it was dropped. */
  readonly replace: (id: number, update: (row: DevtoolsRow) => DevtoolsRow) => void
  /** Be told (in a microtask) after the rows change; returns the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void
  /** Forget every row. */
  readonly clear: () => void
}

/** An empty list of at most `maxRows` rows; its listeners are told once per microtask after changes. */
const makeRowList = (maxRows: number): RowList => {
  let rows: ReadonlyArray<DevtoolsRow> = []
  let nextId = 1
  const listeners = new Set<() => void>()
  let notifying = false

  const changed = () => {
    if (notifying) return
    notifying = true
    queueMicrotask(() => {
      notifying = false
      for (const listener of Array.from(listeners)) listener()
    })
  }

  return {
    rows: () => rows,
    nextId: () => nextId++,
    add: (row) => {
      const next = rows.length < maxRows ? [...rows] : rows.slice(rows.length - maxRows + 1)
      next.push(row)
      rows = next
      changed()
    },
    replace: (id, update) => {
      // Row ids are consecutive and rows leave from the front only: a row's index is its id minus the first one's.
      const index = rows.length === 0 ? -1 : id - rows[0]!.id
      if (index < 0) return // dropped
      const next = [...rows]
      next[index] = update(rows[index]!)
      rows = next
      changed()
    },
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    clear: () => {
      rows = []
      changed()
    }
  }
}

/**
 * The recording of pipeline events in `list`: a row per call, from its first send; events of calls not sent yet
 * (signing precedes the first send) are held, for at most `maxRows` calls, and replayed on their row.
 */
const makePipelineRecording = (list: RowList, maxRows: number) => {
  // The row of each call.
  const calls = new Map<number, number>()
  const unsent = new Map<number, Array<PipelineEvent>>()
  const observe = (event: PipelineEvent) => {
    const id = calls.get(event.call)
    if (id !== undefined)
      return list.replace(id, (row) => (row.kind === "request" ? applyPipelineEvent(row, event) : row))
    if (event._tag !== "RequestSent") {
      const early = unsent.get(event.call)
      if (early !== undefined) early.push(event)
      else {
        if (unsent.size >= maxRows) unsent.delete(unsent.keys().next().value!)
        unsent.set(event.call, [event])
      }
      return
    }
    let row = requestRow(list.nextId(), event)
    for (const early of unsent.get(event.call) ?? []) row = applyPipelineEvent(row, early)
    unsent.delete(event.call)
    if (calls.size >= maxRows) calls.delete(calls.keys().next().value!)
    calls.set(event.call, row.id)
    list.add(row)
  }
  const clear = () => {
    calls.clear()
    unsent.clear()
  }
  return { observe, clear }
}

/** A recorder keeping at most `maxRows` rows. */
export const make = (options?: DevtoolsOptions): DevtoolsRecorder => {
  const maxRows = Math.max(1, Math.floor(options?.maxRows ?? defaultMaxRows))
  const list = makeRowList(maxRows)
  const { add, replace } = list
  const pipeline = makePipelineRecording(list, maxRows)
  // The row of each key's fetch in flight, of each mutation name's runs in flight (oldest first).
  const fetches = new Map<string, number>()
  const mutations = new Map<string, Array<number>>()
  // The clients watched, by their events, each with the function that stops watching it.
  const watched = new Map<Observable<QueryEvent | undefined>, () => void>()

  const observeQuery = (event: QueryEvent) => {
    switch (event._tag) {
      case "Settled":
      case "Interrupted": {
        const id = fetches.get(event.key)
        fetches.delete(event.key)
        if (id !== undefined) replace(id, (row) => (row.kind === "query" ? settleQueryRow(row, event) : row))
        return
      }
      case "MutationSettled": {
        const running = mutations.get(event.name)
        const id = running?.shift()
        if (running?.length === 0) mutations.delete(event.name)
        if (id !== undefined) replace(id, (row) => (row.kind === "query" ? settleQueryRow(row, event) : row))
        return
      }
      default: {
        const row = queryRow(list.nextId(), event)!
        if (event._tag === "Fetch") fetches.set(event.key, row.id)
        if (event._tag === "MutationStart") {
          const running = mutations.get(event.name)
          if (running === undefined) mutations.set(event.name, [row.id])
          else running.push(row.id)
        }
        add(row)
      }
    }
  }

  return {
    layer: PipelineObserver.layer(pipeline.observe),
    observe: pipeline.observe,
    observeQuery,
    watch: ({ events }) => {
      let stop = watched.get(events)
      if (stop === undefined) {
        const unsubscribe = events.subscribe((event) => {
          if (event !== undefined) observeQuery(event)
        })
        stop = () => {
          unsubscribe()
          watched.delete(events)
        }
        watched.set(events, stop)
      }
      return stop
    },
    rows: list.rows,
    subscribe: list.subscribe,
    clear: () => {
      pipeline.clear()
      fetches.clear()
      mutations.clear()
      list.clear()
    }
  }
}
