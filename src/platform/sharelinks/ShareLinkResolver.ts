/**
 * ShareLinkResolver: resolve a share link's code with the services' typed clients (built from `ShareLinksApi` and
 * `DeepLinksApi`, src/platform/api/, and executed through PlatformHttp, so the calls get the pipeline's CSRF,
 * signing, challenge and error rules):
 *
 * - {@link ShareLinkResolverShape.resolve}: `POST /v1/resolve-link` with `{ linkId: code, linkType }` on the
 *   share-links service (SHARE-2; `https://apis.{domain}/sharelinks`);
 * - {@link ShareLinkResolverShape.resolveV2}: `POST /v2/resolve` with `{ linkId: code }` on the deep-links service
 *   (a link that names no type; `https://apis.{domain}/deeplinks`, as the site's own pages call it).
 *
 * Any failure of the call (a required value missing, a request that does not encode, a non-2xx answer, no answer,
 * an answer that does not decode) is `RequestFailed`; its tag is logged at Debug, never the code.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { PlatformConfig } from "../../core/config/PlatformConfig.ts"
import type { PlatformHttp } from "../../core/http/PlatformHttp.ts"
import { DeepLinksApi } from "../api/deepLinks.ts"
import { ShareLinksApi } from "../api/shareLinks.ts"
import { makeCheckedClient } from "../clients/checkedClient.ts"
import type { PlatformCallError } from "../clients/errors.ts"
import type { ResolveLinkResponse, ResolveLinkV2Response } from "./schemas.ts"
import { ShareLinkError } from "./ShareLinkError.ts"
import { type ShareLinkType, shareLinkV2, type ShareLinkTypeOrV2 } from "./shareLinkTypes.ts"

/** The shape of the resolver. */
export interface ShareLinkResolverShape {
  /** The service's answer for a code of a type; a failed call or an undecodable answer is `RequestFailed`. */
  readonly resolve: (code: string, linkType: ShareLinkType) => Effect.Effect<ResolveLinkResponse, ShareLinkError>
  /** The service's answer for the code of a v2 link (linkType `V2` in its errors). */
  readonly resolveV2: (code: string) => Effect.Effect<ResolveLinkV2Response, ShareLinkError>
}

const requestFailed = (linkType: ShareLinkTypeOrV2) => (error: PlatformCallError) =>
  Effect.logDebug(`Share link resolution failed: ${error._tag}`).pipe(
    Effect.andThen(Effect.fail(new ShareLinkError({ linkType, reason: "RequestFailed" })))
  )

const fromRecord = <A>(table: Readonly<Record<string, A>>, key: string, linkType: ShareLinkTypeOrV2) =>
  Object.hasOwn(table, key)
    ? Effect.succeed(table[key]!)
    : Effect.fail(new ShareLinkError({ linkType, reason: "RequestFailed" }))

/** Share-link resolution. */
export class ShareLinkResolver extends Context.Service<ShareLinkResolver, ShareLinkResolverShape>()(
  "platform-web-client/platform/sharelinks/ShareLinkResolver"
) {
  /**
   * The resolver over the services' typed clients (base URLs `PlatformConfig.baseUrls.shareLinks` and
   * `PlatformConfig.baseUrls.deepLinks`).
   */
  static readonly layer: Layer.Layer<ShareLinkResolver, never, PlatformHttp | PlatformConfig> = Layer.effect(
    ShareLinkResolver,
    Effect.gen(function* () {
      const { shareLinks } = yield* makeCheckedClient(ShareLinksApi, "shareLinks")
      const { deepLinks } = yield* makeCheckedClient(DeepLinksApi, "deepLinks")
      return ShareLinkResolver.of({
        resolve: (code, linkType) =>
          Effect.catch(shareLinks.resolveLink({ payload: { linkId: code, linkType } }), requestFailed(linkType)),
        resolveV2: (code) =>
          Effect.catch(deepLinks.resolveLinkV2({ payload: { linkId: code } }), requestFailed(shareLinkV2))
      })
    })
  )

  /**
   * A resolver answering from tables (tests, demos): v1 answers keyed by `{linkType}:{code}`, v2 answers by code.
   * Anything else is `RequestFailed`.
   */
  static fromTable(
    table: Readonly<Record<string, ResolveLinkResponse>>,
    v2Table: Readonly<Record<string, ResolveLinkV2Response>> = {}
  ): Layer.Layer<ShareLinkResolver> {
    return Layer.succeed(ShareLinkResolver, {
      resolve: (code, linkType) => fromRecord(table, `${linkType}:${code}`, linkType),
      resolveV2: (code) => fromRecord(v2Table, code, shareLinkV2)
    })
  }
}
