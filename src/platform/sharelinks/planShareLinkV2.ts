/**
 * What following a resolved v2 share link does. A v2 link (`{scheme}://navigation/share_links?code=…&v=v2`, or a
 * web share URL with `v=v2`) names no type: `POST /v2/resolve` on the deep-links service answers
 * `{ linkType, targetId, customData, status }` (src/platform/api/deepLinks.ts).
 *
 * - status Valid and linkType `Experience` (any case), with `targetId` a place id → the game page
 *   `/games/{targetId}`, then a join of that place with `customData` as its launch data (a `JoinGame` step): the
 *   same two steps as a valid experience invite, without an instance;
 * - status Valid and linkType `Moments`, with the post in `customData` (`{ postId, postCreatorId }`) → inside a
 *   native app shell the app-launcher link of the post is handed to the app, then the creator's profile (as a
 *   content post link);
 * - a target id, post or creator that is missing or not valid → `MissingField` / `InvalidField`;
 * - any other status (an unknown one included) → `Status`; any other link type (`Referral`, studio and
 *   trusted-connection links, school invites, and types not yet known) → `UnsupportedType`, with the type as detail
 *   when it is a plain name (letters, digits, `_`, at most 40), else `unknown`.
 *
 * Failures carry linkType `V2` and log `DeeplinkParserShareLinkV2ResolutionFailed`.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { momentsDataOf } from "../api/deepLinks.ts"
import type { NavigationStep } from "../deeplinks/NavigationPlan.ts"
import { contentPostAppLink, gamePagePath, profilePath } from "../deeplinks/routes.ts"
import { gameJoin, planTools, textFrom } from "./planShareLink.ts"
import { type ResolveLinkV2Response, statusDetail, statusOfAnswer } from "./schemas.ts"
import type { ShareLinkError } from "./ShareLinkError.ts"
import { shareLinkV2 } from "./shareLinkTypes.ts"

/** The v2 link types followed. */
export const followedV2LinkTypes = ["Experience", "Moments"] as const

/** What planning a v2 link needs from its surroundings. */
export interface ShareLinkV2Context {
  /** The www origin navigation targets are built on. */
  readonly www: string
  /** True inside a native app shell. */
  readonly nativeApp?: boolean | undefined
  /** The app scheme of app-scheme links. */
  readonly appScheme?: string | undefined
}

/** Plan the steps of a resolved v2 share link; see the module documentation. */
export const planShareLinkV2 = (
  response: ResolveLinkV2Response,
  context: ShareLinkV2Context
): Effect.Effect<ReadonlyArray<NavigationStep>, ShareLinkError> => {
  const status = statusOfAnswer(response.status)
  const { fail, page, resolved, required, done } = planTools(shareLinkV2, status, context.www)
  if (status !== "Valid") return fail("Status", statusDetail(response.status))
  const linkType = followedV2LinkTypes.find((t) => t.toLowerCase() === response.linkType.toLowerCase())
  if (linkType === undefined) {
    return fail("UnsupportedType", /^\w{1,40}$/.test(response.linkType) ? response.linkType : "unknown")
  }
  if (linkType === "Moments") {
    const post = momentsDataOf(response.customData)
    if (post === undefined)
      return fail(textFrom(response.customData) === undefined ? "MissingField" : "InvalidField", "customData")
    const postId = textFrom(post.postId)
    if (postId === undefined) return fail("MissingField", "postId")
    return Effect.flatMap(required("postCreatorId", post.postCreatorId), (creatorId) =>
      done(
        resolved({ v2LinkType: linkType }),
        ...(context.nativeApp === true && context.appScheme !== undefined
          ? [{ _tag: "OpenApp", url: contentPostAppLink(context.appScheme, creatorId, postId) } as const]
          : []),
        page(profilePath(creatorId))
      )
    )
  }
  return Effect.flatMap(required("targetId", response.targetId), (placeId) =>
    done(
      resolved({ v2LinkType: linkType, placeId }),
      page(gamePagePath(placeId)),
      gameJoin(placeId, { launchData: textFrom(response.customData) })
    )
  )
}
