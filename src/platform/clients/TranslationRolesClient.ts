/**
 * The typed client of the translation roles service, from its definition, through PlatformHttp. Besides the checks
 * every method makes (checkedClient.ts), the listing of the games where the current user holds a role sends the
 * `groupId` filter only when it is greater than 0 (spec §5).
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { TranslationRolesApi } from "../api/translationRoles.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The translation roles client: `client.translationRoles.<endpoint>(request)`. */
export class TranslationRolesClient extends Context.Service<
  TranslationRolesClient,
  CheckedClientOf<typeof TranslationRolesApi>
>()("platform-web-client/platform/clients/TranslationRolesClient") {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.translationRoles`. */
  static readonly layer = Layer.effect(
    TranslationRolesClient,
    Effect.map(makeCheckedClient(TranslationRolesApi, "translationRoles"), (client) => {
      const list = client.translationRoles.getCurrentUserRoleGames
      const getCurrentUserRoleGames: typeof list = (request) => {
        const query = request?.query
        if (query?.groupId === undefined || query.groupId === null || query.groupId > 0) return list(request)
        const { groupId: _dropped, ...rest } = query
        return list({ ...request, query: rest })
      }
      return { translationRoles: { ...client.translationRoles, getCurrentUserRoleGames } }
    })
  )
}
