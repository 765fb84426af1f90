/**
 * The tunables of the challenge flow. The spec does not give these values ("not shown"); the defaults are ours
 * and documented in docs/challenges.md. Override one with `Effect.provideService` or `Layer.succeed`.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"

/**
 * How long the challenge page has to report `challengePageLoaded` (true) before the challenge fails with kind
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

/** The path of the hybrid challenge page on the `www` origin (spec §2: "a path under /challenge/cdn/hybrid"). */
export const ChallengePagePath = Context.Reference<string>(
  "platform-web-client/core/challenge/ChallengePagePath",
  { defaultValue: () => "/challenge/cdn/hybrid" }
)
