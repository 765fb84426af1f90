/**
 * DeepLinkNavigator: follow a deep link or share link (DEEP-15 to DEEP-20).
 *
 * `plan` works out what a link would do (parse, classify, resolve share links and root places, check every
 * target with the target rule of links/safeTarget.ts) without doing it: the demo's paste-a-link box shows it. `navigate` plans and
 * carries the plan out, and never fails: it answers true when the link was followed, and false when it was not,
 * after logging the named failure event (a Warning log line `{event}: {error message}` and a telemetry event
 * `{event}` with the error's `reason`, plus `linkType` for share links). A share link without a code is not
 * followed and logs no failure event (SHARE-18: no action is taken).
 *
 * Carrying out: navigations (on the www origin only), app hand-offs (inside native app shells only) and experience
 * launches of the desktop client protocol (`{scheme}://experiences/start?…`, a protocol navigation) go through the
 * native bridge inside the iOS app shell (falling back to the location when the app's handler is missing) and set
 * the location (`Navigation.assign`) everywhere else; help-desk articles open in a new tab
 * (`Navigation.openInNewTab`, on the help desk's origin only: `HelpDeskOrigin`, or `help.` + the www domain); start-chat
 * requests are published on {@link DeepLinkNavigatorShape.chatRequests}; game joins (the second step of a valid
 * experience invite with an instance: the game page first, then the join) are published on
 * {@link DeepLinkNavigatorShape.gameJoinRequests} for the page's game launcher (the desktop client protocol), which
 * starts the join without leaving the game page; a referrer that cannot be stored is logged
 * (`Error storing invite referrer:` and the error as one line, never the error object) and navigation goes on.
 *
 * @module
 */
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as PubSub from "effect/PubSub"
import * as Result from "effect/Result"
import * as Stream from "effect/Stream"
import { describeError } from "../../core/browser/errorSummary.ts"
import { KeyValueStore } from "../../core/browser/KeyValueStore.ts"
import { NativeBridge } from "../../core/browser/NativeBridge.ts"
import { Navigation } from "../../core/browser/Navigation.ts"
import { Telemetry } from "../../core/browser/Telemetry.ts"
import { isNativeApp, PlatformConfig } from "../../core/config/PlatformConfig.ts"
import { HelpDeskOrigin, helpDeskOriginOf } from "../links/SupportLinks.ts"
import { ShareLinkResolver } from "../sharelinks/ShareLinkResolver.ts"
import { inviteReferrerKey } from "../sharelinks/planShareLink.ts"
import { DeepLinkSettings } from "./DeepLinkSettings.ts"
import { navigationFailedEvent, shareLinkFailureEvents } from "./events.ts"
import { type DeepLinkTarget, deepLinkTarget } from "./kinds.ts"
import type { GameJoinRequest, NavigationPlan, NavigationStep } from "./NavigationPlan.ts"
import { parseDeepLink } from "./parseDeepLink.ts"
import { type DeepLinkFailure, guardPlan, type PlanContext, planTarget } from "./planTarget.ts"
import { RootPlaceLookup } from "./RootPlaceLookup.ts"

/** A request to open a chat with a user (published on the web, where the page's chat handles it). */
export interface StartChatRequest {
  readonly userId: number
}

/** The shape of the navigator. */
export interface DeepLinkNavigatorShape {
  /** What following `link` would do; nothing is done. */
  readonly plan: (link: unknown) => Effect.Effect<NavigationPlan, DeepLinkFailure>
  /** What following a target would do; nothing is done. */
  readonly planTarget: (target: DeepLinkTarget) => Effect.Effect<NavigationPlan, DeepLinkFailure>
  /** Follow `link`: true when followed, false (failure event logged) when not. Never fails. */
  readonly navigate: (link: unknown) => Effect.Effect<boolean>
  /** Follow a target already classified. */
  readonly navigateTo: (target: DeepLinkTarget) => Effect.Effect<boolean>
  /** Start-chat requests of chat links followed on the web. */
  readonly chatRequests: Stream.Stream<StartChatRequest>
  /**
   * Game joins of links followed (JoinGame steps), for the page's game launcher. Only what is published while a
   * subscriber listens reaches it: subscribe once, when the page starts.
   */
  readonly gameJoinRequests: Stream.Stream<GameJoinRequest>
}

/** The failure event name of a failure. */
export const failureEventOf = (failure: DeepLinkFailure): string =>
  failure._tag === "ShareLinkError" ? shareLinkFailureEvents[failure.linkType] : navigationFailedEvent

/** The log line written before a referrer that could not be stored. */
export const referrerStoreErrorMessage = "Error storing invite referrer:"

/** What carrying out a plan's steps uses: the page's capabilities and the channels requests are published on. */
interface StepRunner {
  readonly config: PlatformConfig["Service"]
  readonly navigation: Navigation["Service"]
  readonly bridge: NativeBridge["Service"]
  readonly telemetry: Telemetry["Service"]
  readonly store: KeyValueStore["Service"]
  readonly chats: PubSub.PubSub<StartChatRequest>
  readonly joins: PubSub.PubSub<GameJoinRequest>
}

/** The settings and plan context in force now (settings and help desk are read at each use). */
const currentPlanContext = (
  config: PlatformConfig["Service"],
  rootPlaces: RootPlaceLookup["Service"],
  shareLinks: ShareLinkResolver["Service"]
) =>
  Effect.map(Effect.all([DeepLinkSettings, HelpDeskOrigin]), ([settings, helpDesk]) => ({
    settings,
    context: {
      www: config.baseUrls.www,
      helpDesk: helpDesk ?? helpDeskOriginOf(config),
      nativeApp: isNativeApp(config.device),
      appScheme: settings.appSchemes[0] ?? "roblox",
      rootPlaces,
      shareLinks
    } satisfies PlanContext
  }))

/** Move to `url`: through the native bridge inside the iOS app shell (the location when it is not handled). */
const goTo = (runner: StepRunner, url: string): Effect.Effect<void> =>
  runner.config.device.appType === "iOS"
    ? Effect.flatMap(runner.bridge.navigate(url), (posted) => (posted ? Effect.void : runner.navigation.assign(url)))
    : runner.navigation.assign(url)

/** Store an invite's referrer for its place; a store that fails is logged as one line and navigation goes on. */
const storeReferrer = (
  store: KeyValueStore["Service"],
  step: Extract<NavigationStep, { readonly _tag: "StoreReferrer" }>
): Effect.Effect<void> =>
  Effect.flatMap(Clock.currentTimeMillis, (now) =>
    store.set(
      inviteReferrerKey(step.placeId),
      JSON.stringify({
        referrerId: step.referrerId,
        linkId: step.linkId,
        clientEpochTimestamp: Math.floor(now / 1000)
      })
    )
  ).pipe(Effect.catch((error) => Effect.logWarning(referrerStoreErrorMessage, describeError(error))))

/** Carry out one step of a plan. */
const runStep = (runner: StepRunner, step: NavigationStep): Effect.Effect<void> => {
  switch (step._tag) {
    case "Navigate":
    case "OpenApp":
    case "LaunchExperience":
      return goTo(runner, step.url)
    case "OpenInNewTab":
      return runner.navigation.openInNewTab(step.url)
    case "StartChat":
      return Effect.asVoid(PubSub.publish(runner.chats, { userId: step.userId }))
    case "JoinGame":
      return Effect.asVoid(PubSub.publish(runner.joins, step.request))
    case "TrackEvent":
      return runner.telemetry.trackEvent(step.name, step.properties)
    case "StoreReferrer":
      return storeReferrer(runner.store, step)
  }
}

/** Log a link not followed: its failure event as a Warning and in telemetry (a share link without a code: Info). */
const reportFailure = (telemetry: Telemetry["Service"], failure: DeepLinkFailure): Effect.Effect<void> => {
  if (failure._tag === "ShareLinkError" && failure.reason === "MissingCode") {
    return Effect.logInfo(`Share link ${failure.linkType} has no code: no action taken`)
  }
  const event = failureEventOf(failure)
  const properties =
    failure._tag === "ShareLinkError"
      ? { reason: failure.reason, linkType: failure.linkType }
      : { reason: failure.reason }
  return Effect.logWarning(`${event}: ${failure.message}`).pipe(Effect.andThen(telemetry.trackEvent(event, properties)))
}

/** Deep-link navigation. */
export class DeepLinkNavigator extends Context.Service<DeepLinkNavigator, DeepLinkNavigatorShape>()(
  "platform-web-client/platform/deeplinks/DeepLinkNavigator"
) {
  /** The navigator over the page's capabilities, the share-links resolver and the root-place lookup. */
  static readonly layer: Layer.Layer<
    DeepLinkNavigator,
    never,
    PlatformConfig | Navigation | NativeBridge | Telemetry | KeyValueStore | ShareLinkResolver | RootPlaceLookup
  > = Layer.effect(
    DeepLinkNavigator,
    Effect.gen(function* () {
      const config = yield* PlatformConfig
      const rootPlaces = yield* RootPlaceLookup
      const shareLinks = yield* ShareLinkResolver
      const runner: StepRunner = {
        config,
        navigation: yield* Navigation,
        bridge: yield* NativeBridge,
        telemetry: yield* Telemetry,
        store: yield* KeyValueStore,
        chats: yield* PubSub.unbounded<StartChatRequest>(),
        joins: yield* PubSub.unbounded<GameJoinRequest>()
      }
      const contextNow = currentPlanContext(config, rootPlaces, shareLinks)

      const planTargetNow = (target: DeepLinkTarget) =>
        Effect.flatMap(contextNow, ({ context }) => planTarget(target, context))

      const plan = (link: unknown) =>
        Effect.flatMap(contextNow, ({ context, settings }) => {
          const parsed = parseDeepLink(link, settings)
          if (Result.isFailure(parsed)) return Effect.fail(parsed.failure)
          const target = deepLinkTarget(parsed.success, { www: context.www, linkOrigins: settings.linkOrigins })
          return Result.isFailure(target) ? Effect.fail(target.failure) : planTarget(target.success, context)
        })

      const report = (failure: DeepLinkFailure) => Effect.as(reportFailure(runner.telemetry, failure), false)
      const carryOut = (planned: Effect.Effect<NavigationPlan, DeepLinkFailure>) =>
        Effect.matchEffect(planned, {
          onFailure: report,
          onSuccess: (planned) =>
            // checked again right before anything moves (the plan could come from elsewhere in the future)
            Effect.flatMap(contextNow, ({ context }) => {
              const guarded = guardPlan(planned, context)
              return Result.isFailure(guarded)
                ? report(guarded.failure)
                : Effect.as(
                    Effect.forEach(guarded.success.steps, (step) => runStep(runner, step), { discard: true }),
                    true
                  )
            })
        })

      return DeepLinkNavigator.of({
        plan,
        planTarget: planTargetNow,
        navigate: (link) => carryOut(plan(link)),
        navigateTo: (target) => carryOut(planTargetNow(target)),
        chatRequests: Stream.fromPubSub(runner.chats),
        gameJoinRequests: Stream.fromPubSub(runner.joins)
      })
    })
  )
}
