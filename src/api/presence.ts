/**
 * platform-web-client/api/presence: the presence service: users' presences. Its definition (`PresenceApi`: the typed
 * client's, the emulator's and the OpenAPI document's), one definition per endpoint (a page that calls one endpoint
 * alone, with `platformCall` of `platform-web-client/clients`, loads only that one) and the schemas of its requests and
 * answers.
 *
 * @module
 */
export {
  getPresences,
  maxPresenceIdsPerLookup,
  PresenceApi,
  PresenceGroup,
  PresenceRequest,
  PresenceType,
  UserPresence,
  UserPresencesResponse
} from "../platform/api/presence.ts"
