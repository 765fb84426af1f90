/**
 * The browser entry of the security frame page (`/hba/iframe` on the www origin). Bundle it as an ES module and
 * load it from the frame page, which the server renders with the usual `<meta>` tags of PlatformConfig (the
 * signed-in user and the bound-auth-token settings) and, optionally:
 *
 * ```html
 * <meta name="hba-frame" data-allowed-parent-origins="http://127.0.0.1:5174, https://partner-tools.example.com:8443">
 * ```
 *
 * naming exact parent origins allowed besides the default rule (an https origin on the default port strictly under
 * the platform's domain; ./allowedParents.ts). Items that are not exact origins are ignored. The frame page's
 * script calls {@link startSecurityFrame} (importing this module has no side effect).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Crypto } from "../../browser/Crypto.ts"
import { Frames, isExactOrigin } from "../../browser/Frames.ts"
import { KeyDatabase } from "../../browser/KeyDatabase.ts"
import { PageMetadata } from "../../browser/PageMetadata.ts"
import { platformConfigFromPageMetadataLayer } from "../../config/fromPageMetadata.ts"
import { BoundAuthTokenSigner } from "../token/BoundAuthTokenSigner.ts"
import { KeyStore } from "../keys/KeyStore.ts"
import { serveSecurityFrame } from "./frameSide.ts"

/** The `<meta name>` of the frame's own settings. */
export const frameMetaTag = "hba-frame"

/** Exact origins from a comma-separated attribute value; anything else is dropped. */
export const parseAllowedParentOrigins = (value: string | undefined): ReadonlyArray<string> =>
  (value ?? "")
    .split(",")
    .map((item) => item.trim())
    .filter(isExactOrigin)

/** Everything the frame needs in a browser. */
export const securityFrameBrowserLayer = BoundAuthTokenSigner.layer.pipe(
  Layer.provideMerge(KeyStore.layer),
  Layer.provideMerge(
    Layer.mergeAll(
      KeyDatabase.browser,
      Crypto.browser,
      Frames.browser,
      PageMetadata.browser,
      platformConfigFromPageMetadataLayer.pipe(Layer.provide(PageMetadata.browser))
    )
  )
)

/** The frame program with the browser's capabilities. */
export const securityFrameProgram = Effect.gen(function* () {
  const meta = yield* (yield* PageMetadata).get(frameMetaTag)
  return yield* serveSecurityFrame({ allowedParentOrigins: parseAllowedParentOrigins(meta?.["allowedParentOrigins"]) })
}).pipe(Effect.scoped, Effect.provide(securityFrameBrowserLayer))

/** Start the frame in this browser window; it runs for the life of the page. */
export const startSecurityFrame = (): void => void Effect.runFork(securityFrameProgram)
