/**
 * platform-web-client/api/users: the users service: the signed-in user and user lookups. Its definition (`UsersApi`:
 * the typed client's, the emulator's and the OpenAPI document's), one definition per endpoint (a page that calls one
 * endpoint alone, with `platformCall` of `platform-web-client/clients`, loads only that one) and the schemas of its
 * requests and answers.
 *
 * @module
 */
export {
  AuthenticatedUser,
  getAuthenticatedUser,
  LookupUser,
  lookupUsers,
  maxUserIdsPerLookup,
  UserLookupRequest,
  UsersApi,
  UsersGroup
} from "../platform/api/users.ts"
