/**
 * What following a deep-link target does (DEEP-1 to DEEP-19): the route of each kind, the place-link
 * precedence, chat inside and outside app shells, share-link resolution; every target checked by the one target
 * rule (links/safeTarget.ts) before it goes into the plan: page navigations on the www origin, new tabs on the help
 * desk's origin, app hand-offs only inside native app shells, experience launches of the app protocol's
 * `experiences/start` route only. Nothing else leaves the www origin.
 *
 * Place links follow the precedence of DEEP-19: a link code goes to the game page with
 * `privateServerLinkCode`; else an access code to the launcher with `accessCode`; else launch data to the launcher
 * with `launchData` (and the instance id); else a join link joins normally (the launcher with the place and the
 * instance id, if any) and a web game-page link shows the game page.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import { onSite } from "../links/entityUrls.ts"
import { helpCenterUrl } from "../links/helpLinks.ts"
import { type AppRoute, safeAppTarget, safeTarget, UnsafeTargetError } from "../links/safeTarget.ts"
import { planShareLink, type ShareLinkContext } from "../sharelinks/planShareLink.ts"
import { planShareLinkV2 } from "../sharelinks/planShareLinkV2.ts"
import { ShareLinkError } from "../sharelinks/ShareLinkError.ts"
import { shareLinkV2 } from "../sharelinks/shareLinkTypes.ts"
import type { ShareLinkResolverShape } from "../sharelinks/ShareLinkResolver.ts"
import { type DeepLinkError, deepLinkError } from "./DeepLinkError.ts"
import type { DeepLinkTarget, PlaceTarget } from "./kinds.ts"
import { navigateStep, type NavigationPlan, type NavigationStep } from "./NavigationPlan.ts"
import type { RootPlaceLookupError, RootPlaceLookupShape } from "./RootPlaceLookup.ts"
import {
  chatAppLink,
  followUserPath,
  forumCommentPath,
  gamePagePath,
  groupPagePath,
  itemPagePath,
  launcherPath,
  pagePaths,
  profilePath
} from "./routes.ts"

/** Why a link was not followed. */
export type DeepLinkFailure = DeepLinkError | UnsafeTargetError | ShareLinkError | RootPlaceLookupError

/** The surroundings of planning. */
export interface PlanContext extends Omit<ShareLinkContext, "rootPlaceId"> {
  /** The help desk's origin: help-desk articles and support links open there, and nowhere else. */
  readonly helpDesk: string
  readonly rootPlaces: RootPlaceLookupShape
  readonly shareLinks: ShareLinkResolverShape
}

/** The log line of a chat link without a user id (DEEP-18). */
export const chatParametersMissingMessage = "Cannot start chat: valid parameters are missing"

/** The path a place link goes to; see the module documentation for the precedence. */
export const placePath = (target: PlaceTarget): string => {
  const { placeId } = target
  if (target.linkCode !== undefined) {
    return gamePagePath(placeId, {
      privateServerLinkCode: target.linkCode,
      shareLinkSourceType: target.shareLinkSourceType,
      referralUrl: target.referralUrl
    })
  }
  if (target.accessCode !== undefined) return launcherPath({ placeId, accessCode: target.accessCode })
  if (target.launchData !== undefined) {
    return launcherPath({ placeId, launchData: target.launchData, gameInstanceId: target.gameInstanceId })
  }
  return target.mode === "page"
    ? gamePagePath(placeId, { shareLinkSourceType: target.shareLinkSourceType, referralUrl: target.referralUrl })
    : launcherPath({ placeId, gameInstanceId: target.gameInstanceId })
}

const stepsOf = (
  target: DeepLinkTarget,
  context: PlanContext
): Effect.Effect<ReadonlyArray<NavigationStep>, DeepLinkFailure> => {
  const page = (path: string) => Effect.succeed([navigateStep(onSite(context.www, path))])
  switch (target.kind) {
    case "home":
    case "games":
    case "catalog":
    case "avatar":
    case "friends":
    case "gift_cards":
    case "notification_settings":
    case "account_info":
    case "privacy_settings":
    case "parental_controls":
    case "spending_settings":
      return page(pagePaths[target.kind])
    case "game_details":
      return Effect.flatMap(context.rootPlaces.rootPlaceId(target.universeId), (placeId) => page(gamePagePath(placeId)))
    case "profile":
      return page(profilePath(target.userId))
    case "item_details":
      return page(itemPagePath(target.itemType, target.itemId))
    case "navigation":
      return Effect.succeed([navigateStep(target.url)])
    case "external_web_link": {
      if ("url" in target) return Effect.succeed([externalWebStep(target.url, context)])
      const article = helpCenterUrl(context.helpDesk, target.helpArticle.locale, target.helpArticle.articleId)
      return Result.isSuccess(article)
        ? Effect.succeed([{ _tag: "OpenInNewTab", url: article.success }])
        : Effect.fail(
            deepLinkError("InvalidParameter", article.failure.reason === "InvalidLocale" ? "locale" : "articleId")
          )
    }
    case "placeId":
      return page(placePath(target))
    case "userId":
      return page(followUserPath(target.userId))
    case "group":
      return page(
        target.forumComment === undefined
          ? groupPagePath(target.groupId)
          : forumCommentPath(
              target.groupId,
              target.forumComment.categoryId,
              target.forumComment.postId,
              target.forumComment.commentId
            )
      )
    case "chat": {
      const userId = target.userId
      if (userId === undefined) {
        return Effect.logWarning(chatParametersMissingMessage).pipe(
          Effect.andThen(Effect.fail(deepLinkError("MissingParameter", "userId")))
        )
      }
      return Effect.succeed(
        context.nativeApp
          ? [{ _tag: "OpenApp", url: chatAppLink(context.appScheme, userId) }]
          : [{ _tag: "StartChat", userId }]
      )
    }
    case "share_links": {
      const { code, type } = target
      if (code === "") return Effect.fail(new ShareLinkError({ linkType: type, reason: "MissingCode" }))
      if (type === shareLinkV2) {
        return Effect.flatMap(context.shareLinks.resolveV2(code), (response) => planShareLinkV2(response, context))
      }
      return Effect.flatMap(context.shareLinks.resolve(code, type), (response) =>
        planShareLink({ type, code, source: target.source }, response, {
          ...context,
          rootPlaceId: context.rootPlaces.rootPlaceId
        })
      )
    }
  }
}

/**
 * The step of an external web link: a page of the www origin is navigated to, a page of the help desk opens in a
 * new tab; anything else is a navigation the target check refuses (with the www rule's reason).
 */
const externalWebStep = (url: string, context: Pick<PlanContext, "www" | "helpDesk">): NavigationStep => {
  if (Result.isSuccess(safeTarget(url, context.www))) return navigateStep(url)
  const article = safeTarget(url, context.helpDesk)
  return Result.isSuccess(article) ? { _tag: "OpenInNewTab", url: article.success } : navigateStep(url)
}

/** The app routes handed to the app inside a native app shell. */
const shellRoutes: ReadonlyArray<AppRoute> = ["navigation/chat", "navigation/content_posts"]

/** The surroundings the target check of a plan's steps reads. */
export type GuardContext = Pick<PlanContext, "www" | "helpDesk" | "nativeApp" | "appScheme">

/**
 * One step with its target checked (links/safeTarget.ts): a navigation on the www origin, a new tab on the help
 * desk's origin, an app hand-off of the shell routes inside a native app shell only, an experience launch of the
 * app protocol's `experiences/start` route. Other steps move nothing and pass as they are.
 */
export const guardStep = (
  step: NavigationStep,
  context: GuardContext
): Result.Result<NavigationStep, UnsafeTargetError> => {
  switch (step._tag) {
    case "Navigate":
      return Result.map(safeTarget(step.url, context.www), navigateStep)
    case "OpenInNewTab":
      return Result.map(safeTarget(step.url, context.helpDesk), (url) => ({ _tag: "OpenInNewTab", url }))
    case "OpenApp":
      return context.nativeApp
        ? Result.map(safeAppTarget(step.url, context.appScheme, shellRoutes), (url) => ({ _tag: "OpenApp", url }))
        : Result.fail(new UnsafeTargetError({ reason: "NotInAppShell" }))
    case "LaunchExperience":
      return Result.map(safeAppTarget(step.url, context.appScheme, ["experiences/start"]), (url) => ({
        _tag: "LaunchExperience",
        url
      }))
    default:
      return Result.succeed(step)
  }
}

/** Every step of a plan checked by {@link guardStep}; the first refusal fails the whole plan. */
export const guardSteps = (
  steps: ReadonlyArray<NavigationStep>,
  context: GuardContext
): Result.Result<ReadonlyArray<NavigationStep>, UnsafeTargetError> => {
  const out: Array<NavigationStep> = []
  for (const step of steps) {
    const guarded = guardStep(step, context)
    if (Result.isFailure(guarded)) return Result.fail(guarded.failure)
    out.push(guarded.success)
  }
  return Result.succeed(out)
}

/**
 * A plan with every step checked ({@link guardSteps}). A refused target of a share link fails as that link type
 * (`UnsafeTarget`, the rule as detail), so its own failure event is logged; any other as the UnsafeTargetError.
 */
export const guardPlan = (
  plan: NavigationPlan,
  context: GuardContext
): Result.Result<NavigationPlan, DeepLinkFailure> => {
  const guarded = guardSteps(plan.steps, context)
  if (Result.isSuccess(guarded)) return Result.succeed({ target: plan.target, steps: guarded.success })
  const { target } = plan
  return Result.fail(
    target.kind === "share_links"
      ? new ShareLinkError({ linkType: target.type, reason: "UnsafeTarget", detail: guarded.failure.reason })
      : guarded.failure
  )
}

/** The plan of a target: its steps, every target checked by {@link guardPlan}. */
export const planTarget = (
  target: DeepLinkTarget,
  context: PlanContext
): Effect.Effect<NavigationPlan, DeepLinkFailure> =>
  Effect.flatMap(stepsOf(target, context), (steps) => Effect.fromResult(guardPlan({ target, steps }, context)))
