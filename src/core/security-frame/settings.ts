/**
 * Tunables of the security frame (spec §9: "Security frame load time-out 1500 ms; data time-out 100 ms").
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Duration from "effect/Duration"

/** How long the page waits for the frame to load and answer `checkLoadedRequest` (default 1500 ms). */
export const SecurityFrameLoadTimeout = Context.Reference<Duration.Input>(
  "platform-web-client/core/security-frame/SecurityFrameLoadTimeout",
  { defaultValue: () => "1500 millis" }
)

/** How long the page waits for the frame's answer to one signing request (default 100 ms). */
export const SecurityFrameDataTimeout = Context.Reference<Duration.Input>(
  "platform-web-client/core/security-frame/SecurityFrameDataTimeout",
  { defaultValue: () => "100 millis" }
)
