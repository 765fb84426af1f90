/**
 * platform-web-client/challenge: the challenge flow. Its layers for the pipeline (`Challenges.browser`,
 * `Challenges.layer`), the handler, the presenter (DOM frame or your own), the challenge API, the decoded challenge
 * and its kinds, the challenge enumerations, the typed error, the time-outs and the choice between the spec's flow
 * and the real site's (`ChallengeProtocol`).
 *
 * @module
 */
export {
  type ChallengeFlowNeeds,
  type ChallengeLayers,
  Challenges,
  flowUnavailableLog
} from "./core/challenge/Challenges.ts"
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
} from "./core/challenge/presenters/ChallengePresenter.ts"
export { DomChallengePresenter } from "./core/challenge/presenters/DomChallengePresenter.ts"
export {
  type ActiveChallenge,
  type AttachedHost,
  ChallengeComponent,
  type ChallengeComponentShape
} from "./core/challenge/presenters/ChallengeComponent.ts"
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
/**
 * The challenge enumerations, each a Schema of its documented values (decode outside values with it; `openEnum`
 * makes an open one): the action a challenge protects (`ChallengeType`: Login … Marketplace), two-step verification
 * types and media types, the account enforcements (ForceAuthenticator, ForceTwoStepVerification, BlockSession), the
 * proof-of-space and tile puzzle types (the spec's and the real platform's spellings), the script challenge's error
 * codes (FAILED_PREP, FAILED_MIREPOIX, FAILED_SIMMER, UNKNOWN) and the challenge service's further codes.
 */
export {
  ChallengeEnforcement,
  ChallengeServiceErrorCode,
  ChallengeType,
  MediaType,
  type Open,
  openEnum,
  ProofOfSpaceArtifactPuzzleType,
  ProofOfSpacePuzzleType,
  RostilePuzzleType,
  ScriptChallengeErrorCode,
  TilePuzzleType,
  TwoStepVerificationType
} from "./core/challenge/enums.ts"
export { scriptErrorMessages } from "./core/challenge/scriptChallenge.ts"
export {
  ChallengeApiSettings,
  ChallengeCallTimeout,
  ChallengePageLoadTimeout,
  ChallengePagePath,
  ChallengeProtocol,
  type ChallengeProtocolSettings,
  ChallengeSolveTimeout,
  HybridPageSettings,
  MaxFollowUpChallenges,
  realSiteChallengeProtocol,
  ScriptChallengeTimeLimit,
  specChallengeProtocol
} from "./core/challenge/settings.ts"
export { hybridPageParams } from "./core/challenge/presenters/hybridPage.ts"
export { challengeHeaderNames } from "./core/challenge/headers.ts"
