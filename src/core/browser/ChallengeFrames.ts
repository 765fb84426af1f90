/**
 * ChallengeFrames: the visible, full-screen frame the hybrid challenge page loads in, and the messages its
 * window posts to this one.
 *
 * The browser layer appends an iframe to the container a mounted ChallengeHost gives (filling it; hidden until its
 * document has loaded; with the id and permissions policy the caller names), and listens
 * to `message` events on this window. Only events whose `source` is that iframe's window AND whose origin is
 * exactly the page's expected origin are queued; everything else is dropped on arrival, so a flood of messages
 * from other windows or origins can neither evict the page's messages nor grow memory. The data is still outside
 * input: the caller (the DOM presenter's message filter) decodes it and checks origin and source again. Nothing
 * is ever posted to the frame, so no target origin is involved.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import type * as Scope from "effect/Scope"
import { FrameError } from "./Frames.ts"

/** A message received by this window, raw. */
export interface RawFrameMessage {
  /** The sender's origin, as the browser reports it. */
  readonly origin: string
  /** The sender's window, opaque. */
  readonly source: unknown
  /** The posted value, not decoded. */
  readonly data: unknown
}

/** A challenge frame being shown. */
export interface ChallengeFrame {
  /** True when `source` is the frame's window. */
  readonly isSource: (source: unknown) => boolean
  /** The messages received since the frame was created, until it is removed. */
  readonly messages: Queue.Dequeue<RawFrameMessage>
}

/** What to show. */
export interface ChallengeFrameOptions {
  /** The page to load. */
  readonly url: string
  /** The exact origin the page's messages must come from (the page's own origin, e.g. the `www` origin). */
  readonly origin: string
  /** The element to fill (given by the ChallengeHost), opaque outside the browser layer. */
  readonly container: unknown
  /** The frame's accessible title. */
  readonly title: string
  /** The frame element's id, if any. */
  readonly id?: string
  /** The frame's permissions policy (its `allow` attribute), if any. */
  readonly allow?: string
}

/** How many unread frame messages are kept before the oldest is dropped. */
export const frameMessageBufferSize = 256

/** The shape of the challenge-frame capability. */
export interface ChallengeFramesShape {
  /** This window's origin (the page posts to it). */
  readonly origin: string
  /** Show a frame loading `url` in `container` until the scope closes (then it is removed). */
  readonly show: (options: ChallengeFrameOptions) => Effect.Effect<ChallengeFrame, FrameError, Scope.Scope>
}

/** The part of `window` the browser layer uses. */
export interface ChallengeFramesWindow {
  readonly location: { readonly origin: string }
  readonly document: Document
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void
  removeEventListener(type: "message", listener: (event: MessageEvent) => void): void
}

const isElement = (u: unknown): u is HTMLElement =>
  typeof u === "object" && u !== null && typeof (u as { appendChild?: unknown }).appendChild === "function"

const fromWindow = (window: ChallengeFramesWindow): ChallengeFramesShape => ({
  origin: window.location.origin,
  show: (options) =>
    Effect.acquireRelease(
      Effect.flatMap(Queue.sliding<RawFrameMessage>(frameMessageBufferSize), (queue) =>
        Effect.suspend(() => {
          if (!isElement(options.container)) return Effect.fail(new FrameError({ reason: "Unavailable" }))
          try {
            const iframe = window.document.createElement("iframe")
            const listener = (event: MessageEvent) => {
              if (event.source === null || event.source !== iframe.contentWindow || event.origin !== options.origin)
                return
              Queue.offerUnsafe(queue, { origin: event.origin, source: event.source, data: event.data })
            }
            window.addEventListener("message", listener)
            iframe.title = options.title
            if (options.id !== undefined) iframe.id = options.id
            if (options.allow !== undefined) iframe.setAttribute("allow", options.allow)
            iframe.referrerPolicy = "no-referrer"
            iframe.setAttribute("data-challenge-frame", "")
            // hidden until its document has loaded, so the person never sees a blank or half-drawn frame
            iframe.style.cssText = "display:block;width:100%;height:100%;border:0;margin:0;padding:0;visibility:hidden"
            iframe.addEventListener("load", () => void (iframe.style.visibility = "visible"), { once: true })
            iframe.src = options.url
            options.container.appendChild(iframe)
            return Effect.succeed({ iframe, listener, queue })
          } catch (cause) {
            return Effect.fail(new FrameError({ reason: "Unavailable", cause }))
          }
        })
      ),
      ({ iframe, listener, queue }) =>
        Effect.sync(() => {
          window.removeEventListener("message", listener)
          iframe.remove()
          Queue.shutdownUnsafe(queue)
        })
    ).pipe(
      Effect.map(({ iframe, queue }): ChallengeFrame => ({
        isSource: (source) => source !== null && source !== undefined && source === iframe.contentWindow,
        messages: queue
      }))
    )
})

const unavailable: ChallengeFramesShape = {
  origin: "null",
  show: () => Effect.fail(new FrameError({ reason: "Unavailable" }))
}

/** Visible challenge frames. */
export class ChallengeFrames extends Context.Service<ChallengeFrames, ChallengeFramesShape>()(
  "platform-web-client/core/browser/ChallengeFrames"
) {
  /** Challenge frames over a window-like object. */
  static fromWindow(window: ChallengeFramesWindow): Layer.Layer<ChallengeFrames> {
    return Layer.succeed(ChallengeFrames, fromWindow(window))
  }

  /** The browser's `window`; outside a browser no frame can be shown. */
  static readonly browser: Layer.Layer<ChallengeFrames> = Layer.sync(ChallengeFrames, () =>
    typeof window === "undefined" ? unavailable : fromWindow(window)
  )
}
