/**
 * ShareLinkResolver: resolve a share link's code and type through the share-links service
 * (`POST /v1/resolve-link` with `{ linkId, linkType }`, platform-features §7).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { PlatformHttp } from "../../core/http/PlatformHttp.ts"
import { ResolveLinkResponse } from "./schemas.ts"
import { ShareLinkError } from "./ShareLinkError.ts"
import type { ShareLinkType } from "./shareLinkTypes.ts"

/** The shape of the resolver. */
export interface ShareLinkResolverShape {
  /** The service's answer for a code of a type; a failed call or an undecodable answer is `RequestFailed`. */
  readonly resolve: (code: string, linkType: ShareLinkType) => Effect.Effect<ResolveLinkResponse, ShareLinkError>
}

/** Share-link resolution. */
export class ShareLinkResolver extends Context.Service<ShareLinkResolver, ShareLinkResolverShape>()(
  "platform-web-client/platform/sharelinks/ShareLinkResolver"
) {
  /** The resolver over PlatformHttp; the cause of a failure is logged at Debug with its tag (never the code). */
  static readonly layer: Layer.Layer<ShareLinkResolver, never, PlatformHttp> = Layer.effect(
    ShareLinkResolver,
    Effect.gen(function*() {
      const http = yield* PlatformHttp
      return ShareLinkResolver.of({
        resolve: (code, linkType) =>
          http.post({ service: "shareLinks", path: "/v1/resolve-link" }, {
            body: { linkId: code, linkType },
            schema: ResolveLinkResponse,
            operation: "resolveShareLink"
          }).pipe(
            Effect.catch((error) =>
              Effect.logDebug(`Share link resolution failed: ${error._tag}`).pipe(
                Effect.andThen(Effect.fail(new ShareLinkError({ linkType, reason: "RequestFailed" })))
              )
            )
          )
      })
    })
  )

  /** A resolver answering from a table keyed by `{linkType}:{code}` (tests, demos); others are `RequestFailed`. */
  static fromTable(table: Readonly<Record<string, ResolveLinkResponse>>): Layer.Layer<ShareLinkResolver> {
    return Layer.succeed(ShareLinkResolver, {
      resolve: (code, linkType) => {
        const key = `${linkType}:${code}`
        return Object.hasOwn(table, key)
          ? Effect.succeed(table[key]!)
          : Effect.fail(new ShareLinkError({ linkType, reason: "RequestFailed" }))
      }
    })
  }
}
