/**
 * Frames: hidden iframes and cross-window messages (`postMessage`), as the security frame needs them on both
 * sides: the page creates a hidden frame and posts to it; the frame listens to its parent and answers.
 *
 * Safety rules enforced here, for every caller:
 * - a message is only ever posted to an EXACT origin (`scheme://host[:port]`, as `URL.origin` serialises it);
 *   `*`, `/`, paths and anything else fail with `InvalidTargetOrigin` and nothing is posted;
 * - a listener says which senders it expects ({@link MessageSender}: their origin AND their window); both are
 *   checked inside the `message` event listener, BEFORE anything is queued, so messages from any other window or
 *   origin (a flood from an embedded frame of another site, say) are dropped on arrival and can never evict an
 *   expected message from the listener's bounded queue;
 * - `data` is outside input (`unknown`) even from an expected sender: decode it with a Schema.
 *
 * Only this module touches `document`, `window.postMessage` and `message` events.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Data from "effect/Data"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"

/** Why a frame operation failed. */
export type FrameErrorReason = "InvalidTargetOrigin" | "Unavailable" | "PostFailed"

/** A frame operation failed; the message never includes the posted data. */
export class FrameError extends Data.TaggedError("FrameError")<{
  readonly reason: FrameErrorReason
  readonly cause?: unknown
}> {
  override get message(): string {
    return `Frame operation failed: ${this.reason}`
  }
}

/** True when `origin` is an exact serialised origin (`https://www.example.com`), never `*` or a URL with a path. */
export const isExactOrigin = (origin: string): boolean => {
  if (origin === "*" || origin === "/" || origin === "null") return false
  try {
    return new URL(origin).origin === origin
  } catch {
    return false
  }
}

/** A message received by this window from a sender the listener accepts. */
export interface FrameMessage {
  /** The sender's origin, as the browser reports it. */
  readonly origin: string
  /** The message, not decoded. */
  readonly data: unknown
  /** The sender's window, opaque; compare with {@link HiddenFrame.isSource}. */
  readonly source: unknown
  /** Post back to the sender's window, to exactly `targetOrigin`. */
  readonly reply: (message: unknown, targetOrigin: string) => Effect.Effect<void, FrameError>
}

/** A hidden iframe created by this window. */
export interface HiddenFrame {
  /** Completes when the frame's document has loaded (its `load` event). */
  readonly loaded: Effect.Effect<void>
  /** Post to the frame's window, to exactly `targetOrigin`. */
  readonly post: (message: unknown, targetOrigin: string) => Effect.Effect<void, FrameError>
  /** True when `source` (of a received message) is this frame's window. */
  readonly isSource: (source: unknown) => boolean
}

/** How a hidden iframe is created. */
export interface HiddenFrameOptions {
  /** The iframe element's `id` (none by default). */
  readonly id?: string
}

/**
 * The senders a listener accepts. Both checks must pass; they run on every `message` event before the message is
 * queued, and a check that throws rejects the message.
 */
export interface MessageSender {
  /** True for an accepted sender origin; compare EXACTLY (`(origin) => origin === www`), never by prefix or regex. */
  readonly origin: (origin: string) => boolean
  /** True for an accepted sender window: {@link HiddenFrame.isSource} of a frame, or {@link FramesShape.isParent}. */
  readonly source: (source: unknown) => boolean
}

/** True when the message is from an accepted sender; a check that throws counts as a rejection. */
export const isExpectedSender = (from: MessageSender, origin: string, source: unknown): boolean => {
  try {
    return source !== null && source !== undefined && from.origin(origin) && from.source(source)
  } catch {
    return false
  }
}

/** How many received messages (from accepted senders) a listener buffers before dropping the oldest. */
export const messageBufferSize = 256

/** The shape of the frames capability. */
export interface FramesShape {
  /** This window's origin. */
  readonly origin: string
  /**
   * Create a hidden iframe loading `url`: 0×0, borderless, fixed, behind the page (`z-index: -1`), out of the tab
   * order and the accessibility tree; it is removed when the scope closes.
   */
  readonly hidden: (url: string, options?: HiddenFrameOptions) => Effect.Effect<HiddenFrame, FrameError, Scope.Scope>
  /** True when `source` (of a received message) is the window that frames this one (never true for a top window). */
  readonly isParent: (source: unknown) => boolean
  /**
   * Listen to the messages this window receives from the senders `from` accepts, from now until the scope closes.
   * Messages from any other sender are dropped on arrival, never queued. The queue keeps the newest
   * {@link messageBufferSize} unread accepted messages (even an accepted sender cannot grow memory).
   */
  readonly messages: (from: MessageSender) => Effect.Effect<Queue.Dequeue<FrameMessage>, never, Scope.Scope>
}

const checkedPost =
  (target: () => { postMessage(message: unknown, targetOrigin: string): void } | null | undefined) =>
  (message: unknown, targetOrigin: string): Effect.Effect<void, FrameError> =>
    Effect.suspend(() => {
      if (!isExactOrigin(targetOrigin)) return Effect.fail(new FrameError({ reason: "InvalidTargetOrigin" }))
      try {
        const window = target()
        if (window === null || window === undefined) return Effect.fail(new FrameError({ reason: "Unavailable" }))
        window.postMessage(message, targetOrigin)
        return Effect.void
      } catch (cause) {
        return Effect.fail(new FrameError({ reason: "PostFailed", cause }))
      }
    })

/** The part of `window` the browser layer uses. */
export interface FramesWindow {
  readonly location: { readonly origin: string }
  /** The framing window (the window itself when it is a top window). */
  readonly parent: unknown
  readonly document: Document
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void
}

const fromWindow = (window: FramesWindow): FramesShape => ({
  origin: window.location.origin,
  hidden: (url, options = {}) =>
    Effect.acquireRelease(
      Effect.suspend(() => {
        try {
          const loaded = Deferred.makeUnsafe<void>()
          const iframe = window.document.createElement("iframe")
          if (options.id !== undefined) iframe.id = options.id
          iframe.src = url
          iframe.title = "security frame"
          iframe.tabIndex = -1
          iframe.setAttribute("aria-hidden", "true")
          iframe.style.cssText = "position:fixed;width:0;height:0;border:0;z-index:-1"
          iframe.addEventListener("load", () => Deferred.doneUnsafe(loaded, Effect.void), { once: true })
          window.document.body.appendChild(iframe)
          return Effect.succeed({ iframe, loaded })
        } catch (cause) {
          return Effect.fail(new FrameError({ reason: "Unavailable", cause }))
        }
      }),
      ({ iframe }) => Effect.sync(() => iframe.remove())
    ).pipe(
      Effect.map(({ iframe, loaded }): HiddenFrame => ({
        loaded: Deferred.await(loaded),
        post: checkedPost(() => iframe.contentWindow),
        isSource: (source) => source !== null && source === iframe.contentWindow
      }))
    ),
  isParent: (source) => source !== null && source !== undefined && window.parent !== window && source === window.parent,
  messages: (from) =>
    Effect.acquireRelease(
      Effect.map(Queue.sliding<FrameMessage>(messageBufferSize), (queue) => {
        const listener = (event: MessageEvent) => {
          const source = event.source
          if (!isExpectedSender(from, event.origin, source)) return
          Queue.offerUnsafe(queue, {
            origin: event.origin,
            data: event.data,
            source,
            reply: checkedPost(() => source as Window | null)
          })
        }
        window.addEventListener("message", listener)
        return { queue, listener }
      }),
      ({ listener, queue }) =>
        Effect.sync(() => {
          window.removeEventListener("message", listener)
          Queue.shutdownUnsafe(queue)
        })
    ).pipe(Effect.map(({ queue }) => queue))
})

const unavailable: FramesShape = {
  origin: "null",
  hidden: () => Effect.fail(new FrameError({ reason: "Unavailable" })),
  isParent: () => false,
  messages: () => Queue.bounded<FrameMessage>(1)
}

/** Hidden iframes and cross-window messages. */
export class Frames extends Context.Service<Frames, FramesShape>()("platform-web-client/core/browser/Frames") {
  /** Frames over a window-like object. */
  static fromWindow(window: FramesWindow): Layer.Layer<Frames> {
    return Layer.succeed(Frames, fromWindow(window))
  }

  /** The browser's `window`; outside a browser no frame can be created and no message arrives. */
  static readonly browser: Layer.Layer<Frames> = Layer.sync(Frames, () =>
    typeof window === "undefined" ? unavailable : fromWindow(window)
  )
}
