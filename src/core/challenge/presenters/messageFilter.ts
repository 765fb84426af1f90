/**
 * The DOM presenter's message filter: which received messages are the challenge page's.
 *
 * A message is accepted only when ALL hold:
 * - its origin is exactly one of the allowed origins (the `www` origin the hybrid page is served from; compared as
 *   strings, so `https://www.example.com.evil.test`, a trailing slash, `null` or `*` never match);
 * - its source is the frame's window;
 * - its data decodes as a page message (see messages.ts);
 * - once a message was accepted, origin and source are pinned: later messages must have that same origin and
 *   that same source.
 *
 * Rejected messages are dropped without a trace (never logged: they may carry anything).
 *
 * @module
 */
import * as Option from "effect/Option"
import type { RawFrameMessage } from "../../browser/ChallengeFrames.ts"
import { type ChallengePageMessage, decodePageMessage } from "./messages.ts"

/** A stateful filter for one presentation: the page message, or none for anything else. */
export type ChallengeMessageFilter = (message: RawFrameMessage) => Option.Option<ChallengePageMessage>

/** A filter accepting the messages of the frame whose window `isFrameWindow` recognises. */
export const makeChallengeMessageFilter = (options: {
  readonly allowedOrigins: ReadonlyArray<string>
  readonly isFrameWindow: (source: unknown) => boolean
}): ChallengeMessageFilter => {
  let pinned: { readonly origin: string; readonly source: unknown } | undefined
  return (message) => {
    if (typeof message !== "object" || message === null) return Option.none()
    const { data, origin, source } = message
    if (typeof origin !== "string") return Option.none()
    if (pinned !== undefined) {
      if (origin !== pinned.origin || source !== pinned.source) return Option.none()
    } else if (!options.allowedOrigins.includes(origin) || !options.isFrameWindow(source)) {
      return Option.none()
    }
    const decoded = decodePageMessage(data)
    if (Option.isSome(decoded) && pinned === undefined) pinned = { origin, source }
    return decoded
  }
}
