/**
 * platform-web-client/challenge: the challenge flow. The pipeline with challenges (`PlatformHttpWithChallenges`), the
 * handler, the presenter (DOM frame or your own), the challenge API, the decoded challenge and its kinds, the typed
 * error and the time-outs.
 *
 * @module
 */
export { type ChallengeFlowNeeds, type ChallengeLayers, Challenges, flowUnavailableLog } from "./core/wiring/Challenges.ts"
export {
  ChallengeHandler,
  type ChallengeHandlerShape,
  type ChallengeResolution
} from "./core/challenge/ChallengeHandler.ts"
export {
  type ChallengeModal,
  challengeModal,
  type ChallengePresentation,
  ChallengePresenter,
  type ChallengePresenterShape
} from "./core/challenge/ChallengePresenter.ts"
export { DomChallengePresenter } from "./core/challenge/DomChallengePresenter.ts"
export {
  type ActiveChallenge,
  type AttachedHost,
  ChallengeComponent,
  type ChallengeComponentShape
} from "./core/challenge/ChallengeComponent.ts"
export { ChallengeError, type ChallengeErrorReason, isChallengeError } from "./core/challenge/ChallengeError.ts"
export {
  ChallengeApi,
  type ChallengeApiError,
  type ChallengeApiShape,
  ContinueRequest,
  ContinueResponse,
  InitSessionRequest,
  InitSessionResponse,
  RedeemSessionRequest,
  SubmitRequest,
  UploadRequest,
  UploadResponse,
  XboxTokenResponse
} from "./core/challenge/ChallengeApi.ts"
export {
  type Challenge,
  isFrameChallenge,
  type KnownChallengeType,
  knownChallengeTypes
} from "./core/challenge/metadata.ts"
export { ChallengeType } from "./core/challenge/enums.ts"
export {
  ChallengeApiSettings,
  ChallengeCallTimeout,
  ChallengePageLoadTimeout,
  ChallengePagePath,
  ChallengeSolveTimeout,
  MaxFollowUpChallenges,
  ScriptChallengeTimeLimit
} from "./core/challenge/settings.ts"
export { challengeHeaderNames } from "./core/challenge/headers.ts"
