/**
 * platform-web-client/auth-intent: a signed-out visitor's intent (`AuthIntent`): the games they asked to
 * join or follow, kept across sign-in.
 *
 * @module
 */
export {
  addGameIntent,
  AuthIntent,
  authIntentKey,
  type AuthIntentShape,
  type GameIntent,
  GameIntentSchema,
  maxAuthIntentGames,
  mergeGameIntents
} from "./platform/auth-intent/AuthIntent.ts"
