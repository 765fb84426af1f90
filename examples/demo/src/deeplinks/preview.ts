/**
 * The paste-a-link box's model: what a link parses to and where following it would go, worked out with the
 * library's DeepLinkNavigator.plan (share links are resolved against the emulator, root places looked up), and
 * never followed: nothing here navigates, stores or sends anything.
 *
 * @module
 */
import { Effect, Layer, Result } from "effect"
import { PlatformConfig } from "platform-web-client"
import { failureEventOf } from "platform-web-client/deeplinks"
import { shareLinkTypes } from "platform-web-client/api/share-links"
import { NativeBridge, Navigation } from "platform-web-client/browser"
import {
  type DeepLink,
  DeepLinkNavigator,
  DeepLinkSettings,
  type DeepLinkTarget,
  defaultDeepLinkSettings,
  type NavigationStep,
  parseDeepLink,
  RootPlaceLookup
} from "platform-web-client/deeplinks"
import { ShareLinkResolver, statusesByType } from "platform-web-client/sharelinks"
import { seededShareLinkCode, seededShareLinkV2Codes } from "platform-web-client/emulator/browser"

/** The redirector host the demo's example links use (a stand-in for the platform's link shortener). */
export const demoRedirectorHost = "go.example.com"

/** The deep-link settings of the demo: the defaults plus the demo's redirector host. */
export const demoDeepLinkSettings = { ...defaultDeepLinkSettings, redirectorHosts: [demoRedirectorHost] }

/**
 * The navigator for the preview, over the app's runtime (PlatformConfig, PlatformHttp, Telemetry, KeyValueStore come
 * from there; Navigation is added here, as the core layer does not carry it). Only `plan` is used.
 */
export const previewLayer = DeepLinkNavigator.layer.pipe(
  Layer.provide(
    Layer.mergeAll(ShareLinkResolver.layer, RootPlaceLookup.layer, NativeBridge.browser, Navigation.browser)
  )
)

/** What the box shows for a link. */
export interface LinkPreview {
  /** The parser's result: the parsed link, or the reason it was refused. */
  readonly parsed: { readonly ok: true; readonly link: DeepLink } | { readonly ok: false; readonly message: string }
  /** What the link asks for, when it got that far. */
  readonly target: DeepLinkTarget | undefined
  /** What following it would do, in words (empty when it would not be followed). */
  readonly steps: ReadonlyArray<string>
  /** Why it would not be followed, and the event that would be logged (none for a share link without a code). */
  readonly failure: { readonly message: string; readonly event: string | undefined } | undefined
}

/** One step in words. */
export const describeStep = (step: NavigationStep, appType: string): string => {
  switch (step._tag) {
    case "Navigate":
      return appType === "iOS" ? `navigate through the iOS app's bridge to ${step.url}` : `go to ${step.url}`
    case "OpenApp":
      return `hand ${step.url} to the app`
    case "LaunchExperience":
      return `start the experience through the client protocol: ${step.url}`
    case "OpenInNewTab":
      return `open ${step.url} in a new tab`
    case "StartChat":
      return `start a chat with user ${step.userId} (start-chat request)`
    case "JoinGame": {
      const { placeId, gameInstanceId } = step.request
      const server = gameInstanceId === undefined ? "" : ` server ${gameInstanceId}`
      return `start joining place ${placeId}${server} (game-join request for the page's launcher)`
    }
    case "StoreReferrer":
      return `remember user ${step.referrerId} as referrer for place ${step.placeId}`
    case "TrackEvent":
      return `send analytics event ${step.name}`
  }
}

/** The preview of `input`. Never fails. */
export const previewLink = (input: string) =>
  Effect.gen(function* () {
    const config = yield* PlatformConfig
    const parsed = parseDeepLink(input, demoDeepLinkSettings)
    const plan = yield* Effect.result(
      DeepLinkNavigator.use((n) => n.plan(input)).pipe(Effect.provideService(DeepLinkSettings, demoDeepLinkSettings))
    )
    const preview: LinkPreview = {
      parsed: Result.isSuccess(parsed)
        ? { ok: true, link: parsed.success }
        : { ok: false, message: parsed.failure.message },
      target: Result.isSuccess(plan) ? plan.success.target : undefined,
      steps: Result.isSuccess(plan) ? plan.success.steps.map((s) => describeStep(s, config.device.appType)) : [],
      failure: Result.isSuccess(plan)
        ? undefined
        : {
            message: plan.failure.message,
            event:
              plan.failure._tag === "ShareLinkError" && plan.failure.reason === "MissingCode"
                ? undefined
                : failureEventOf(plan.failure)
          }
    }
    return preview
  })

/** An example link with a label. */
export interface ExampleLink {
  readonly label: string
  readonly link: string
}

/** Example links: one per kind of link form, then every seeded share link of the emulator. */
export const exampleLinks = (www: string): ReadonlyArray<ExampleLink> => {
  const wrapped = (link: string) =>
    `https://${demoRedirectorHost}/Ab12?af_dp=${encodeURIComponent(encodeURIComponent(link))}&af_web_dp=${encodeURIComponent(
      encodeURIComponent(`${www}/home`)
    )}`
  const share = (type: string, code: string) => `${www}/share?code=${code}&type=${type}`
  return [
    { label: "home (app link)", link: "roblox://navigation/home" },
    { label: "game details by universe", link: "roblox://navigation/game_details?gameId=1" },
    { label: "join a place with launch data", link: "roblox://placeId=1&launchData=%7B%22a%22%3A1%7D" },
    { label: "follow a user into a game", link: "roblox://userId=2" },
    { label: "privacy settings", link: "roblox://navigation/privacy_settings" },
    { label: "group forum comment", link: `${www}/groups/3#!/forums/1/post/2/comment/4` },
    { label: "bundle details", link: "roblox://navigation/item_details?itemType=Bundle&itemId=5" },
    { label: "chat (web: a start-chat request)", link: "roblox://navigation/chat?userId=2" },
    {
      label: "help-desk article (new tab)",
      link: "roblox://navigation/external_web_link?domain=zendesk&locale=ko&articleId=1234"
    },
    {
      label: "wrapped twice in a redirector",
      link: wrapped(`roblox://navigation/share_links?code=server-valid&type=Server`)
    },
    { label: "refused: javascript:", link: "javascript:alert(1)" },
    {
      label: "refused: look-alike host",
      link: "roblox://navigation/external_web_link?url=https%3A%2F%2Fwww.example.com.evil.net%2F"
    },
    { label: "refused: protocol-relative", link: "//evil.net/home" },
    ...shareLinkTypes.flatMap((type) =>
      statusesByType[type].map((status) => {
        const code = seededShareLinkCode(type, status)
        return { label: `share: ${type} ${status}`, link: share(type, code) }
      })
    ),
    {
      label: "share: affiliate, fallback profile",
      link: share("ExperienceAffiliate", "experience-affiliate-fallback-profile")
    },
    {
      label: "share: affiliate, no experience",
      link: share("ExperienceAffiliate", "experience-affiliate-no-experience")
    },
    { label: "share: invite without an instance", link: share("ExperienceInvite", "experience-invite-no-instance") },
    {
      label: "share: real form (stamp, profile source)",
      link: `${www}/share?code=profile-valid&type=Profile&stamp=1718000000000&source=ProfileShare`
    },
    { label: "share: without a code", link: `${www}/share?type=ExperienceDetails` },
    ...seededShareLinkV2Codes.map((code) => ({
      label: `share v2: ${code}`,
      link: `roblox://navigation/share_links?code=${code}&v=v2`
    }))
  ]
}
