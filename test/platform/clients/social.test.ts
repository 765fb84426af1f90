/**
 * The share-links client, and two rules of our own on published calls: the translation roles listing's `groupId`
 * filter only above 0 (API-18), and the spec's optional `Roblox-Game-Id` header of the automatic table's ingestion.
 * The published calls themselves are in test/platform/contracts/.
 */
import * as Effect from "effect/Effect"
import {
  DeepLinksClient,
  LocalizationTablesClient,
  ShareLinksClient,
  TranslationRolesClient
} from "../../../src/platform/clients/PlatformClients.ts"
import { requestCases } from "./harness.ts"

requestCases("TranslationRolesClient", [
  {
    name: "getCurrentUserRoleGames without a group filter (groupId 0)",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.getCurrentUserRoleGames({
        params: { role: "translator" },
        query: { pageSize: 10, groupId: 0 }
      })
    ),
    method: "GET",
    path: "/translationRoles/v1/game-localization-roles/roles/translator/current-user",
    query: { pageSize: "10" },
    response: { games: [] }
  },
  {
    name: "getCurrentUserRoleGames without a group filter (negative groupId)",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.getCurrentUserRoleGames({ params: { role: "translator" }, query: { groupId: -5 } })
    ),
    method: "GET",
    path: "/translationRoles/v1/game-localization-roles/roles/translator/current-user",
    response: { games: [] }
  }
])

requestCases("LocalizationTablesClient", [
  {
    name: "patchAutoLocalizationTable with the spec's optional Roblox-Game-Id header",
    call: Effect.flatMap(LocalizationTablesClient, (c) =>
      c.autoLocalizationTable.patchAutoLocalizationTable({
        params: { gameId: 1001 },
        headers: { "roblox-game-id": 1001 },
        payload: { entries: [{ source: "Play", context: "Menu" }], metadata: { placeInformation: { placeId: 100010 } } }
      })
    ),
    method: "PATCH",
    path: "/localizationTables/v1/auto-localization-table/games/1001/ingestion",
    headers: { "Roblox-Game-Id": "1001" },
    body: { entries: [{ source: "Play", context: "Menu" }], metadata: { placeInformation: { placeId: 100010 } } },
    response: {}
  },
  {
    name: "patchAutoLocalizationTable without the optional header",
    call: Effect.flatMap(LocalizationTablesClient, (c) =>
      c.autoLocalizationTable.patchAutoLocalizationTable({
        params: { gameId: 1001 },
        headers: {},
        payload: { entries: [] }
      })
    ),
    method: "PATCH",
    path: "/localizationTables/v1/auto-localization-table/games/1001/ingestion",
    headers: { "Roblox-Game-Id": undefined },
    body: { entries: [] },
    response: {}
  }
])

requestCases("ShareLinksClient", [
  {
    name: "resolveLink",
    call: Effect.flatMap(ShareLinksClient, (c) =>
      c.shareLinks.resolveLink({ payload: { linkId: "abc123", linkType: "ExperienceInvite" } })
    ),
    method: "POST",
    path: "/shareLinks/v1/resolve-link",
    body: { linkId: "abc123", linkType: "ExperienceInvite" },
    response: {
      experienceInviteData: { status: "Valid", placeId: 100010, instanceId: "9b3c", inviterId: 2, launchData: null },
      privateServerInviteData: null,
      somethingNew: { x: 1 }
    },
    expected: {
      experienceInviteData: { status: "Valid", placeId: 100010, instanceId: "9b3c", inviterId: 2, launchData: null },
      privateServerInviteData: null
    }
  },
  {
    name: "resolveLinkV2",
    call: Effect.flatMap(DeepLinksClient, (c) => c.deepLinks.resolveLinkV2({ payload: { linkId: "4e2a9c" } })),
    method: "POST",
    path: "/deepLinks/v2/resolve",
    body: { linkId: "4e2a9c" },
    response: { linkType: "Experience", targetId: "100010", customData: null, status: "Valid", extra: 1 },
    expected: { linkType: "Experience", targetId: "100010", customData: null, status: "Valid" }
  }
])
