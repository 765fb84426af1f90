/**
 * MemoryFrames: the Frames capability without a browser, for testing both sides of the security frame.
 *
 * - Hidden frames are records (URL, posted messages, removed or not). Their `load` event fires when the test says
 *   so ({@link MemoryFramesShape.load}).
 * - Posting follows `postMessage`'s origin rule: a message posted with a target origin other than the frame's
 *   origin is recorded but not delivered (the browser drops it silently). Delivered posts go to the handler set
 *   with {@link MemoryFramesShape.onPost}, which can play the frame and answer with `respond`.
 * - `dispatch` delivers a crafted message, with any origin, data and source, to this window's listeners whose
 *   expected sender (origin AND window) it matches, exactly as the browser layer filters before queueing; replies
 *   made with `FrameMessage.reply` go to the message's `onReply` callback, under the same origin rule.
 * - The window is framed by a parent whose messages carry {@link MemoryFramesShape.parent} as their `source`
 *   (what `Frames.isParent` recognises).
 *
 * Everything is synchronous and deterministic; the `…Unsafe` functions can be called from plain callbacks (e.g.
 * to connect two MemoryFrames, page and frame, in one test).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import {
  FrameError,
  type FrameMessage,
  Frames,
  isExactOrigin,
  isExpectedSender,
  messageBufferSize,
  type MessageSender
} from "../../core/browser/Frames.ts"
import { layerWithControl } from "./layerWithControl.ts"

/** A message posted through the fake. */
export interface PostedMessage {
  readonly message: unknown
  readonly targetOrigin: string
  /** False when the target origin did not match the receiver's origin (the browser would drop it). */
  readonly delivered: boolean
}

/** A hidden frame created through the fake. */
export interface MemoryFrameRecord {
  readonly url: string
  /** The `id` it was created with, if any. */
  readonly id: string | undefined
  /** The frame's origin (of its URL). */
  readonly origin: string
  /** The messages posted to it, in order. */
  readonly posts: ReadonlyArray<PostedMessage>
  /** True once its scope closed. */
  readonly removed: boolean
  /** The opaque window token messages from this frame carry as `source`. */
  readonly source: object
}

/** A post delivered to a hidden frame, with a way to answer as the frame. */
export interface DeliveredPost {
  readonly frame: MemoryFrameRecord
  readonly message: unknown
  /** Send `data` to the page as this frame (origin: the frame's origin unless given, source: the frame). */
  readonly respond: (data: unknown, origin?: string) => void
}

/** A message to deliver to this window. */
export interface IncomingMessage {
  readonly origin: string
  readonly data: unknown
  /** The sender's window token (e.g. a frame's `source`, or `parent`); a fresh object when left out. */
  readonly source?: unknown
  /** Receives replies the listener sends back (only those whose target origin equals `origin`). */
  readonly onReply?: (message: unknown, targetOrigin: string) => void
}

/** The test-side control of memory frames. */
export interface MemoryFramesShape {
  /** The frames created so far, oldest first. */
  readonly frames: Effect.Effect<ReadonlyArray<MemoryFrameRecord>>
  /** Fire the `load` event of the newest frame. */
  readonly load: Effect.Effect<void>
  /** Deliver a message to this window's listeners. */
  readonly dispatch: (message: IncomingMessage) => Effect.Effect<void>
  /** {@link dispatch}, callable outside Effect. */
  readonly dispatchUnsafe: (message: IncomingMessage) => void
  /** Handle every delivered post to a hidden frame (replaces the previous handler). */
  readonly onPost: (handler: (post: DeliveredPost) => void) => Effect.Effect<void>
  /** Every reply sent with `FrameMessage.reply`, delivered or not. */
  readonly replies: Effect.Effect<ReadonlyArray<PostedMessage>>
  /** The window token of this window's parent: dispatch with it as `source` to post as the parent. */
  readonly parent: object
  /** How many dispatched messages were dropped because no listener expected their sender. */
  readonly dropped: Effect.Effect<number>
}

interface FrameState {
  readonly url: string
  readonly id: string | undefined
  readonly origin: string
  readonly posts: Array<PostedMessage>
  removed: boolean
  readonly source: object
  readonly loaded: Deferred.Deferred<void>
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin
  } catch {
    return "null"
  }
}

const snapshot = (f: FrameState): MemoryFrameRecord => ({
  url: f.url,
  id: f.id,
  origin: f.origin,
  posts: [...f.posts],
  removed: f.removed,
  source: f.source
})

/** A listener of this window: its queue and the senders it accepts. */
interface Listener {
  readonly queue: Queue.Queue<FrameMessage>
  readonly from: MessageSender
}

/** The fake's memory: frames made, listeners, replies sent, the post handler and the count of dropped messages. */
interface FramesMemory {
  readonly parent: object
  readonly frames: Array<FrameState>
  readonly listeners: Set<Listener>
  readonly replies: Array<PostedMessage>
  handler: ((post: DeliveredPost) => void) | undefined
  dropped: number
}

/** The message a listener receives for `incoming`; its replies are recorded and delivered under the origin rule. */
const receivedMessage = (m: FramesMemory, incoming: IncomingMessage, source: unknown): FrameMessage => ({
  origin: incoming.origin,
  data: incoming.data,
  source,
  reply: (data, targetOrigin) =>
    Effect.suspend(() => {
      if (!isExactOrigin(targetOrigin)) return Effect.fail(new FrameError({ reason: "InvalidTargetOrigin" }))
      const delivered = targetOrigin === incoming.origin
      m.replies.push({ message: data, targetOrigin, delivered })
      if (delivered) incoming.onReply?.(data, targetOrigin)
      return Effect.void
    })
})

/** Deliver `incoming` to every listener expecting its sender; counted as dropped when none does. */
const dispatchTo = (m: FramesMemory, incoming: IncomingMessage): void => {
  const source = incoming.source ?? {}
  const message = receivedMessage(m, incoming, source)
  let accepted = false
  for (const listener of m.listeners) {
    if (!isExpectedSender(listener.from, incoming.origin, source)) continue
    accepted = true
    Queue.offerUnsafe(listener.queue, message)
  }
  if (!accepted) m.dropped++
}

/** Post to a frame: recorded, and handed to the post handler when the target origin is the frame's. */
const postTo = (m: FramesMemory, frame: FrameState, message: unknown, targetOrigin: string) =>
  Effect.suspend(() => {
    if (!isExactOrigin(targetOrigin)) return Effect.fail(new FrameError({ reason: "InvalidTargetOrigin" }))
    if (frame.removed) return Effect.fail(new FrameError({ reason: "Unavailable" }))
    const delivered = targetOrigin === frame.origin
    frame.posts.push({ message, targetOrigin, delivered })
    if (delivered) {
      m.handler?.({
        frame: snapshot(frame),
        message,
        respond: (data, origin = frame.origin) => dispatchTo(m, { origin, data, source: frame.source })
      })
    }
    return Effect.void
  })

/** A hidden frame loading `url`, recorded until its scope closes. */
const hiddenFrame = (m: FramesMemory, url: string, id: string | undefined) =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const frame: FrameState = {
        url,
        id,
        origin: originOf(url),
        posts: [],
        removed: false,
        source: { frame: url },
        loaded: Deferred.makeUnsafe<void>()
      }
      m.frames.push(frame)
      return frame
    }),
    (frame) => Effect.sync(() => void (frame.removed = true))
  ).pipe(
    Effect.map((frame) => ({
      loaded: Deferred.await(frame.loaded),
      isSource: (source: unknown) => source === frame.source,
      post: (message: unknown, targetOrigin: string) => postTo(m, frame, message, targetOrigin)
    }))
  )

/** A listener's queue of the messages from the senders `from` accepts, until its scope closes. */
const listen = (m: FramesMemory, from: MessageSender) =>
  Effect.acquireRelease(
    Effect.map(Queue.sliding<FrameMessage>(messageBufferSize), (queue) => {
      const listener = { queue, from }
      m.listeners.add(listener)
      return listener
    }),
    (listener) => Effect.sync(() => void m.listeners.delete(listener))
  ).pipe(Effect.map(({ queue }) => queue))

/** The test-side control over the fake's memory. */
const controlOf = (m: FramesMemory): MemoryFramesShape => ({
  frames: Effect.sync(() => m.frames.map(snapshot)),
  load: Effect.suspend(() => {
    const newest = m.frames[m.frames.length - 1]
    return newest === undefined ? Effect.void : Effect.asVoid(Deferred.succeed(newest.loaded, undefined))
  }),
  dispatch: (message) => Effect.sync(() => dispatchTo(m, message)),
  dispatchUnsafe: (message) => dispatchTo(m, message),
  onPost: (next) => Effect.sync(() => void (m.handler = next)),
  replies: Effect.sync(() => [...m.replies]),
  parent: m.parent,
  dropped: Effect.sync(() => m.dropped)
})

/** Control of the memory Frames provided by {@link MemoryFrames.layer}. */
export class MemoryFrames extends Context.Service<MemoryFrames, MemoryFramesShape>()(
  "platform-web-client/testing/memory/MemoryFrames"
) {
  /** Memory frames for a window at `origin` (e.g. `https://create.example.com`), and their control. */
  static layer(options: { readonly origin: string }): Layer.Layer<Frames | MemoryFrames> {
    return layerWithControl(Frames, MemoryFrames, () => {
      const m: FramesMemory = {
        parent: { parentOf: options.origin },
        frames: [],
        listeners: new Set(),
        replies: [],
        handler: undefined,
        dropped: 0
      }
      return [
        Frames.of({
          origin: options.origin,
          hidden: (url, frameOptions = {}) => hiddenFrame(m, url, frameOptions.id),
          isParent: (source) => source === m.parent,
          messages: (from) => listen(m, from)
        }),
        MemoryFrames.of(controlOf(m))
      ]
    })
  }
}
