/**
 * The tunables of the challenge flow. The spec does not give these values ("not shown"); the defaults are ours
 * and documented in docs/challenges.md. Override one with `Effect.provideService` or `Layer.succeed`, in the
 * context of the requests that may be challenged (the flow reads them when a challenge is solved).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"

/**
 * How long the challenge page has to post its first message (any message that does not end the challenge; the
 * real page's first is `challengeDisplayed` or `challengeInitialized`) before the challenge fails with kind
 * `loadfailed`. Default 30 seconds.
 */
export const ChallengePageLoadTimeout = Context.Reference<Duration.Duration>(
  "platform-web-client/core/challenge/ChallengePageLoadTimeout",
  { defaultValue: () => Duration.seconds(30) }
)

/**
 * How long a challenge shown in the frame may take in all, from when the frame is shown until the page reports an
 * outcome: a person is solving it, so the bound is generous. Past it the frame is removed and the challenge fails
 * with kind `abandoned` (`The challenge was not completed in time.`), so a page that loaded but never reports an
 * outcome cannot hold the single challenge slot forever. Default 15 minutes.
 */
export const ChallengeSolveTimeout = Context.Reference<Duration.Duration>(
  "platform-web-client/core/challenge/ChallengeSolveTimeout",
  { defaultValue: () => Duration.minutes(15) }
)

/**
 * How long each call the flow makes to the challenge service may take (the continue call, and the script
 * challenge's upload, init, submit and redeem) before it counts as failed, as a failed call would. Default 30 s.
 */
export const ChallengeCallTimeout = Context.Reference<Duration.Duration>(
  "platform-web-client/core/challenge/ChallengeCallTimeout",
  { defaultValue: () => Duration.seconds(30) }
)

/** How long the script of a script-running challenge may run in its Worker. Default 10 seconds. */
export const ScriptChallengeTimeLimit = Context.Reference<Duration.Duration>(
  "platform-web-client/core/challenge/ScriptChallengeTimeLimit",
  { defaultValue: () => Duration.seconds(10) }
)

/**
 * How many follow-up challenges (from continue answers) one challenge may lead to. One more fails the flow with
 * `Subsequent challenges failed!`, so a misbehaving server can never keep the person in a loop. Default 3.
 */
export const MaxFollowUpChallenges = Context.Reference<number>(
  "platform-web-client/core/challenge/MaxFollowUpChallenges",
  { defaultValue: () => 3 }
)

/** Settings of the challenge service client. */
export interface ChallengeApiSettings {
  /**
   * Path prepended to every challenge-service path, after the `challenge` base URL of PlatformConfig. Default
   * `""` (the base URL already names the service); use e.g. `"/challenge"` when the service shares a host.
   */
  readonly basePath: string
  /** The API key that init, redeem and upload carry, when configured. */
  readonly apiKey: string | undefined
  /** The header that carries the API key. Default `x-api-key` (the spec does not name it). */
  readonly apiKeyHeader: string
}

/** The challenge service client's settings. */
export const ChallengeApiSettings = Context.Reference<ChallengeApiSettings>(
  "platform-web-client/core/challenge/ChallengeApiSettings",
  { defaultValue: () => ({ basePath: "", apiKey: undefined, apiKeyHeader: "x-api-key" }) }
)

/** The path of the hybrid challenge page on the `www` origin (CHAL-1). */
export const ChallengePagePath = Context.Reference<string>("platform-web-client/core/challenge/ChallengePagePath", {
  defaultValue: () => "/challenge/cdn/hybrid"
})

/** The hybrid page's display parameters (its `dark-mode`, `barista-mode` and `app-type` query parameters). */
export interface HybridPageSettings {
  /** The page's dark theme. Default `true`, as the platform's own pages ask for it. */
  readonly darkMode: boolean
  /** A transparent page background, so the page's modal appears over ours. Default `true`. */
  readonly baristaMode: boolean
  /** The app type the page's challenges report with their metrics. Default `unknown` (the page's own default). */
  readonly appType: string
}

/** The hybrid page's display parameters. */
export const HybridPageSettings = Context.Reference<HybridPageSettings>(
  "platform-web-client/core/challenge/HybridPageSettings",
  { defaultValue: () => ({ darkMode: true, baristaMode: true, appType: "unknown" }) }
)

/**
 * Where the spec and the real site differ in finishing a challenge shown in the frame (docs/challenges.md, "The
 * spec's flow and the real site's"). Script-running challenges run in this page, so the flow always posts their
 * continue call.
 */
export interface ChallengeProtocolSettings {
  /**
   * The id and type the re-sent request carries in `rblx-challenge-id` and `rblx-challenge-type`:
   * - `"completed"` (the spec: "retried with the new challenge id"): the id of the challenge that completed (the id
   *   the page reported, else the challenge's; after follow-ups, the last follow-up's) and its type;
   * - `"original"` (the real site): the id and type headers of the challenged response, exactly as received.
   *
   * Either way `rblx-challenge-metadata` is base64 of the JSON of the last completion's metadata.
   */
  readonly resendIdentity: "completed" | "original"
  /**
   * Who posts the continue call when a challenge shown in the frame completes:
   * - `"client"` (the spec's flow): this library posts it, and shows a follow-up challenge the answer names in a
   *   new frame;
   * - `"page"` (the real hybrid page): the page posts it itself and shows follow-ups in the same frame, reporting
   *   `challengeCompleted` only once none remains; the library then re-sends the request at once (a second continue
   *   call for an answered challenge would fail).
   */
  readonly frameContinue: "client" | "page"
}

/** The spec's flow: the default of {@link ChallengeProtocol}. */
export const specChallengeProtocol: ChallengeProtocolSettings = { resendIdentity: "completed", frameContinue: "client" }

/** The real site's flow, for pages showing the real hybrid page: `Layer.succeed(ChallengeProtocol, realSiteChallengeProtocol)`. */
export const realSiteChallengeProtocol: ChallengeProtocolSettings = {
  resendIdentity: "original",
  frameContinue: "page"
}

/** How the flow finishes a frame challenge and re-sends the request; default {@link specChallengeProtocol}. */
export const ChallengeProtocol = Context.Reference<ChallengeProtocolSettings>(
  "platform-web-client/core/challenge/ChallengeProtocol",
  { defaultValue: () => specChallengeProtocol }
)
