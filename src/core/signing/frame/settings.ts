/**
 * Tunables of the security frame's page side: the load and data time-outs (the spec's 1500 ms and 100 ms, the
 * real site's too) and the `origin_site` label of its metrics.
 *
 * @module
 */
import * as Context from "effect/Context"
import type * as Duration from "effect/Duration"

/** How long the page waits for the frame to load and answer `checkLoadedRequest` (default 1500 ms). */
export const SecurityFrameLoadTimeout = Context.Reference<Duration.Input>(
  "platform-web-client/core/signing/frame/SecurityFrameLoadTimeout",
  { defaultValue: () => "1500 millis" }
)

/** How long the page waits for the frame's answer to one signing request (default 100 ms). */
export const SecurityFrameDataTimeout = Context.Reference<Duration.Input>(
  "platform-web-client/core/signing/frame/SecurityFrameDataTimeout",
  { defaultValue: () => "100 millis" }
)

/**
 * The `origin_site` label of the frame's metrics: which site's pages they come from. Undefined (the default): the
 * page's sub-domain label under the site's domain (`create` on `create.example.com`), or the page's origin when it
 * is not on that domain (./originSite.ts). The real site's own pages send `creator_hub` and `ads_manager`; a page
 * that reports into the same dashboards sets its name here.
 */
export const SecurityFrameOriginSite = Context.Reference<string | undefined>(
  "platform-web-client/core/signing/frame/SecurityFrameOriginSite",
  { defaultValue: () => undefined }
)
