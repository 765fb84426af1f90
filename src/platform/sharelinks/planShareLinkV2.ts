/**
 * What following a resolved v2 share link does. A v2 link (`{scheme}://navigation/share_links?code=…&v=v2`, or a
 * web share URL with `v=v2`) names no type: `POST /v2/resolve` answers `{ linkType, targetId, customData, status }`.
 *
 * - status Valid and linkType `Experience` (any case), with `targetId` a place id → the game page
 *   `/games/{targetId}`, then a join of that place with `customData` as its launch data (a `JoinGame` step): the
 *   same two steps as a valid experience invite, without an instance;
 * - a target id that is missing or not a positive id → `MissingField` / `InvalidField` (`targetId`);
 * - any other status → `Status`; any other link type (`Referral`, studio and trusted-connection links, moments,
 *   school invites, and types not yet known) → `UnsupportedType`, with the type as detail when it is a plain name
 *   (letters, digits, `_`, at most 40), else `unknown`.
 *
 * Failures carry linkType `V2` and log `DeeplinkParserShareLinkV2ResolutionFailed`.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import type { NavigationStep } from "../deeplinks/NavigationPlan.ts"
import { gamePagePath } from "../deeplinks/routes.ts"
import { gameJoin, planTools, textFrom } from "./planShareLink.ts"
import type { ResolveLinkV2Response } from "./schemas.ts"
import type { ShareLinkError } from "./ShareLinkError.ts"
import { shareLinkStatusOf, shareLinkV2 } from "./shareLinkTypes.ts"

/** The v2 link types followed. */
export const followedV2LinkTypes = ["Experience"] as const

/** Plan the steps of a resolved v2 share link; see the module documentation. */
export const planShareLinkV2 = (
  response: ResolveLinkV2Response,
  context: { readonly www: string }
): Effect.Effect<ReadonlyArray<NavigationStep>, ShareLinkError> => {
  const status = shareLinkStatusOf(response.status)
  const { fail, page, resolved, required, done } = planTools(shareLinkV2, status, context.www)
  if (status !== "Valid") return fail("Status", status)
  const linkType = followedV2LinkTypes.find((t) => t.toLowerCase() === response.linkType.toLowerCase())
  if (linkType === undefined) {
    return fail("UnsupportedType", /^\w{1,40}$/.test(response.linkType) ? response.linkType : "unknown")
  }
  return Effect.flatMap(required("targetId", response.targetId), (placeId) =>
    done(
      resolved({ v2LinkType: linkType, placeId }),
      page(gamePagePath(placeId)),
      gameJoin(placeId, { launchData: textFrom(response.customData) })
    ))
}
