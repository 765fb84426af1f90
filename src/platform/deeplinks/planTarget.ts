/**
 * What following a deep-link target does (DEEP-1 to DEEP-19): the route of each kind, the place-link
 * precedence, chat inside and outside app shells, share-link resolution; every navigation target checked
 * against the allow-list before it goes into the plan.
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
import { helpCenterUrl, supportLink } from "../links/helpLinks.ts"
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
import { guardAppLink, guardTarget, UnsafeTargetError } from "./targetGuard.ts"

/** Why a link was not followed. */
export type DeepLinkFailure = DeepLinkError | UnsafeTargetError | ShareLinkError | RootPlaceLookupError

/** The surroundings of planning. */
export interface PlanContext extends Omit<ShareLinkContext, "rootPlaceId"> {
  readonly allowedOrigins: ReadonlyArray<string>
  /** The help desk's origin: help-desk articles open there, and nowhere else. */
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
      if ("url" in target) return Effect.succeed([navigateStep(target.url)])
      const article = helpCenterUrl(context.helpDesk, target.helpArticle.locale, target.helpArticle.articleId)
      return Result.isSuccess(article)
        ? Effect.succeed([{ _tag: "OpenInNewTab", url: article.success }])
        : Effect.fail(deepLinkError("InvalidParameter", article.failure.reason === "InvalidLocale" ? "locale" : "articleId"))
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
      return Effect.flatMap(
        context.shareLinks.resolve(code, type),
        (response) =>
          planShareLink({ type, code, source: target.source }, response, {
            ...context,
            rootPlaceId: context.rootPlaces.rootPlaceId
          })
      )
    }
  }
}

/**
 * Check every navigation of a plan: web targets against the allow-list, new tabs against the help desk's host, app
 * links for their shape and the shell.
 */
export const guardSteps = (
  steps: ReadonlyArray<NavigationStep>,
  context: Pick<PlanContext, "allowedOrigins" | "nativeApp" | "appScheme" | "helpDesk">
): Result.Result<ReadonlyArray<NavigationStep>, UnsafeTargetError> => {
  const out: Array<NavigationStep> = []
  for (const step of steps) {
    if (step._tag === "Navigate") {
      const url = guardTarget(step.url, context.allowedOrigins)
      if (Result.isFailure(url)) return Result.fail(url.failure)
      out.push(navigateStep(url.success))
    } else if (step._tag === "OpenInNewTab") {
      const url = supportLink(step.url, context.helpDesk)
      if (Result.isFailure(url)) {
        return Result.fail(new UnsafeTargetError({ reason: url.failure.reason === "NotHttp" ? "Scheme" : "HostNotAllowed" }))
      }
      out.push({ _tag: "OpenInNewTab", url: url.success })
    } else if (step._tag === "OpenApp") {
      const url = context.nativeApp ? guardAppLink(step.url, context.appScheme) : guardAppLink("", "")
      if (Result.isFailure(url)) return Result.fail(url.failure)
      out.push(step)
    } else {
      out.push(step)
    }
  }
  return Result.succeed(out)
}

/** The plan of a target: its steps, every navigation checked by {@link guardSteps}. */
export const planTarget = (
  target: DeepLinkTarget,
  context: PlanContext
): Effect.Effect<NavigationPlan, DeepLinkFailure> =>
  Effect.flatMap(stepsOf(target, context), (steps) => {
    const guarded = guardSteps(steps, context)
    return Result.isSuccess(guarded) ? Effect.succeed({ target, steps: guarded.success }) : Effect.fail(guarded.failure)
  })
