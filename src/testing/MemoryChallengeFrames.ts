/**
 * MemoryChallengeFrames: challenge frames without a browser, for testing the DOM presenter and ChallengeHost.
 *
 * Each shown frame is a record (URL, container, title, removed or not) with an opaque window token, its
 * `source`. `dispatch` delivers a crafted message (any origin, source and data) to every frame showing, WITHOUT
 * the browser layer's source pre-check, so tests exercise the presenter's own checks; `postAsFrame` sends as the
 * newest frame's window.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import { ChallengeFrames, frameMessageBufferSize, type RawFrameMessage } from "../core/browser/ChallengeFrames.ts"
import { FrameError } from "../core/browser/Frames.ts"
import { layerWithControl } from "./memory/layerWithControl.ts"

/** A frame shown through the fake. */
export interface MemoryChallengeFrameRecord {
  readonly url: string
  /** The origin the presenter said the page's messages must come from. */
  readonly origin: string
  readonly container: unknown
  readonly title: string
  /** The frame element's id and permissions policy, when the presenter named them. */
  readonly id?: string | undefined
  readonly allow?: string | undefined
  readonly removed: boolean
  /** The frame's window token: messages from the frame carry it as `source`. */
  readonly source: object
}

/** The test-side control of memory challenge frames. */
export interface MemoryChallengeFramesShape {
  /** The frames shown so far, oldest first. */
  readonly frames: Effect.Effect<ReadonlyArray<MemoryChallengeFrameRecord>>
  /** Deliver a message to every frame showing now (no pre-check). */
  readonly dispatch: (message: RawFrameMessage) => Effect.Effect<void>
  /** Post `data` as the newest showing frame's window, from `origin`. */
  readonly postAsFrame: (data: unknown, origin: string) => Effect.Effect<void>
}

/** Control of the challenge frames provided by {@link MemoryChallengeFrames.layer}. */
export class MemoryChallengeFrames extends Context.Service<MemoryChallengeFrames, MemoryChallengeFramesShape>()(
  "platform-web-client/testing/MemoryChallengeFrames"
) {
  /** Memory challenge frames for a window at `origin`, and their control. */
  static layer(options: { readonly origin: string }): Layer.Layer<ChallengeFrames | MemoryChallengeFrames> {
    return layerWithControl(ChallengeFrames, MemoryChallengeFrames, () => {
      const frames: Array<{ record: MemoryChallengeFrameRecord; queue: Queue.Queue<RawFrameMessage> }> = []
      const showing = () => frames.filter((f) => !f.record.removed)
      return [
        ChallengeFrames.of({
          origin: options.origin,
          show: ({ allow, container, id, origin, title, url }) =>
            Effect.acquireRelease(
              Effect.suspend(() => {
                if (container === undefined || container === null) {
                  return Effect.fail(new FrameError({ reason: "Unavailable" }))
                }
                return Effect.map(Queue.sliding<RawFrameMessage>(frameMessageBufferSize), (queue) => {
                  const record = { url, origin, container, title, id, allow, removed: false, source: { frame: url } }
                  const entry = { record, queue }
                  frames.push(entry)
                  return entry
                })
              }),
              (entry) =>
                Effect.sync(() => {
                  entry.record = { ...entry.record, removed: true }
                  Queue.shutdownUnsafe(entry.queue)
                })
            ).pipe(
              Effect.map((entry) => ({
                isSource: (source: unknown) => source === entry.record.source,
                messages: entry.queue
              }))
            )
        }),
        MemoryChallengeFrames.of({
          frames: Effect.sync(() => frames.map((f) => f.record)),
          dispatch: (message) => Effect.sync(() => void showing().forEach((f) => Queue.offerUnsafe(f.queue, message))),
          postAsFrame: (data, origin) =>
            Effect.sync(() => {
              const newest = showing().at(-1)
              if (newest !== undefined) Queue.offerUnsafe(newest.queue, { origin, source: newest.record.source, data })
            })
        })
      ]
    })
  }
}
