/**
 * The locale, translation roles, localization tables and share-links clients: every call's method, path, query, body
 * and headers, and the decoding of realistic answers. The users, friends and presence calls are published and are in
 * test/platform/contracts/social.test.ts.
 */
import * as Effect from "effect/Effect"
import {
  LocaleClient,
  LocalizationTablesClient,
  ShareLinksClient,
  TranslationRolesClient
} from "../../../src/platform/clients/PlatformClients.ts"
import { requestCases } from "./harness.ts"

const locale = { id: 1, locale: "en_us", name: "English(US)", nativeName: "English", language: { id: 41, name: "English", nativeName: "English", languageCode: "en", isRightToLeft: false } }

requestCases("LocaleClient", [
  {
    name: "getLocales",
    call: Effect.flatMap(LocaleClient, (c) => c.locale.getLocales({ query: { displayValueLocale: "es_es" } })),
    method: "GET",
    path: "/locale/v1/locales",
    query: { displayValueLocale: "es_es" },
    response: { data: [{ locale, isEnabledForFullExperience: true, isEnabledForSignupAndLogin: true, isEnabledForInGameUgc: true }] }
  },
  {
    name: "setUserSupportedLocale",
    call: Effect.flatMap(LocaleClient, (c) => c.locale.setUserSupportedLocale({ payload: { supportedLocaleCode: "es_es" } })),
    method: "POST",
    path: "/locale/v1/locales/set-user-supported-locale",
    body: { supportedLocaleCode: "es_es" },
    response: { success: true }
  },
  {
    name: "getSupportedLocales",
    call: Effect.flatMap(LocaleClient, (c) => c.locale.getSupportedLocales()),
    method: "GET",
    path: "/locale/v1/locales/supported-locales",
    response: { supportedLocales: [locale] }
  },
  {
    name: "getUserLocale",
    call: Effect.flatMap(LocaleClient, (c) => c.locale.getUserLocale()),
    method: "GET",
    path: "/locale/v1/locales/user-locale",
    response: { supportedLocale: locale, nativeLanguage: locale.language }
  },
  {
    name: "getUserLocusLocales",
    call: Effect.flatMap(LocaleClient, (c) => c.locale.getUserLocusLocales()),
    method: "GET",
    path: "/locale/v1/locales/user-localization-locus-supported-locales",
    response: { signupAndLogin: locale, generalExperience: locale, ugc: null, showRobloxTranslations: true }
  }
])

requestCases("TranslationRolesClient", [
  {
    name: "getCurrentUserGameRoles",
    call: Effect.flatMap(TranslationRolesClient, (c) => c.translationRoles.getCurrentUserGameRoles({ params: { gameId: 1001 } })),
    method: "GET",
    path: "/translationRoles/v1/game-localization-roles/games/1001/current-user/roles",
    response: { data: ["translator"] }
  },
  {
    name: "updateGameRole",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.updateGameRole({ params: { gameId: 1001 }, payload: { assigneeId: 2, assigneeType: "user", role: "translator", revoke: false } })),
    method: "PATCH",
    path: "/translationRoles/v1/game-localization-roles/games/1001",
    body: { assigneeId: 2, assigneeType: "user", role: "translator", revoke: false },
    response: {}
  },
  {
    name: "getRoleAssignees",
    call: Effect.flatMap(TranslationRolesClient, (c) => c.translationRoles.getRoleAssignees({ params: { gameId: 1001, role: "translator" } })),
    method: "GET",
    path: "/translationRoles/v1/game-localization-roles/games/1001/roles/translator/assignees",
    response: { data: [{ id: 2, type: "User", name: "BlueFox12" }, { id: 9001, type: 1, name: "Builders" }] },
    expected: { data: [{ id: 2, type: "user", name: "BlueFox12" }, { id: 9001, type: "group", name: "Builders" }] }
  },
  {
    name: "getCurrentUserRoleGames",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.getCurrentUserRoleGames({ params: { role: "translator" }, query: { exclusiveStartKey: "k", pageSize: 10, groupId: 9001 } })),
    method: "GET",
    path: "/translationRoles/v1/game-localization-roles/roles/translator/current-user",
    query: { exclusiveStartKey: "k", pageSize: "10", groupId: "9001" },
    response: { games: [{ gameId: 1001, assignee: { id: 1, type: "user" } }], nextPageCursor: "k2", previousPageCursor: null }
  },
  {
    name: "getCurrentUserRoleGames without a group filter (groupId 0)",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.getCurrentUserRoleGames({ params: { role: "translator" }, query: { pageSize: 10, groupId: 0 } })),
    method: "GET",
    path: "/translationRoles/v1/game-localization-roles/roles/translator/current-user",
    query: { pageSize: "10" },
    response: { games: [] }
  },
  {
    name: "getCurrentUserRoleGames without a group filter (negative groupId)",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.getCurrentUserRoleGames({ params: { role: "translator" }, query: { groupId: -5 } })),
    method: "GET",
    path: "/translationRoles/v1/game-localization-roles/roles/translator/current-user",
    response: { games: [] }
  }
])

requestCases("LocalizationTablesClient", [
  {
    name: "requestAutoLocalizationTableAssets",
    call: Effect.flatMap(LocalizationTablesClient, (c) =>
      c.autoLocalizationTable.requestAutoLocalizationTableAssets({ params: { gameId: 1001 } })),
    method: "POST",
    path: "/localizationTables/v1/auto-localization-table/games/1001/assets-generation-request",
    response: {}
  },
  {
    name: "requestAutoLocalizationTableCleanup",
    call: Effect.flatMap(LocalizationTablesClient, (c) =>
      c.autoLocalizationTable.requestAutoLocalizationTableCleanup({ params: { gameId: 1001 }, payload: { maxAgeForFlush: "7.00:00:00" } })),
    method: "POST",
    path: "/localizationTables/v1/auto-localization-table/games/1001/auto-scrape-cleanup-request",
    body: { maxAgeForFlush: "7.00:00:00" },
    response: {}
  },
  {
    name: "patchAutoLocalizationTable",
    call: Effect.flatMap(LocalizationTablesClient, (c) =>
      c.autoLocalizationTable.patchAutoLocalizationTable({
        params: { gameId: 1001 },
        headers: { "roblox-game-id": 1001 },
        payload: { entries: [{ source: "Play", context: "Menu" }], metadata: { placeInformation: { placeId: 100010 } } }
      })),
    method: "PATCH",
    path: "/localizationTables/v1/auto-localization-table/games/1001",
    headers: { "Roblox-Game-Id": "1001" },
    body: { entries: [{ source: "Play", context: "Menu" }], metadata: { placeInformation: { placeId: 100010 } } },
    response: {}
  },
  {
    name: "patchAutoLocalizationTable without the optional header",
    call: Effect.flatMap(LocalizationTablesClient, (c) =>
      c.autoLocalizationTable.patchAutoLocalizationTable({ params: { gameId: 1001 }, headers: {}, payload: { entries: [] } })),
    method: "PATCH",
    path: "/localizationTables/v1/auto-localization-table/games/1001",
    headers: { "Roblox-Game-Id": undefined },
    body: { entries: [] },
    response: {}
  }
])

requestCases("ShareLinksClient", [
  {
    name: "resolveLink",
    call: Effect.flatMap(ShareLinksClient, (c) => c.shareLinks.resolveLink({ payload: { linkId: "abc123", linkType: "ExperienceInvite" } })),
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
    call: Effect.flatMap(ShareLinksClient, (c) => c.shareLinks.resolveLinkV2({ payload: { linkId: "4e2a9c" } })),
    method: "POST",
    path: "/shareLinks/v2/resolve",
    body: { linkId: "4e2a9c" },
    response: { linkType: "Experience", targetId: "100010", customData: null, status: "Valid", extra: 1 },
    expected: { linkType: "Experience", targetId: "100010", customData: null, status: "Valid" }
  }
])
