/**
 * The locale and translation roles services against their published documents: the locale calls and their body
 * (`userRequest` with a code, or null to clear it), and the roles calls: the role in the path, the role change body,
 * the current user's games paged by `exclusiveStartKey` with the assignee as `{ id, assigneeType }`; answers in the
 * documented form (names or codes) and the live form (capitalised names, values the document does not list, extra
 * fields).
 */
import * as Effect from "effect/Effect"
import { LocaleClient, TranslationRolesClient } from "../../../src/platform/clients/PlatformClients.ts"
import { contractCases, type Fixture } from "./harness.ts"

const same = (answer: unknown): Fixture => ({ answer, decoded: answer })
const locale = (code: string, id: number) => ({
  id,
  locale: code,
  name: "English(US)",
  nativeName: "English",
  language: { id: 41, name: "English", nativeName: "English", languageCode: "en", isRightToLeft: false }
})
const withExtra = <A extends object>(value: A) => ({ ...value, newField: true })

contractCases("locale", [
  {
    published: "GET /v1/locales",
    method: "locale.getLocales",
    call: Effect.flatMap(LocaleClient, (c) => c.locale.getLocales({ query: { displayValueLocale: "es_es" } })),
    path: "/locale/v1/locales",
    query: [["displayValueLocale", "es_es"]],
    documented: same({
      data: [
        {
          locale: locale("en_us", 1),
          isEnabledForFullExperience: true,
          isEnabledForSignupAndLogin: true,
          isEnabledForInGameUgc: false
        }
      ]
    }),
    live: {
      answer: {
        data: [
          {
            locale: withExtra(locale("en-us", 1)),
            isEnabledForFullExperience: true,
            isEnabledForSignupAndLogin: true,
            isEnabledForInGameUgc: true,
            isEnabledForVoice: true
          }
        ]
      },
      decoded: {
        data: [
          {
            locale: locale("en-us", 1),
            isEnabledForFullExperience: true,
            isEnabledForSignupAndLogin: true,
            isEnabledForInGameUgc: true
          }
        ]
      }
    }
  },
  {
    published: "POST /v1/locales/set-user-supported-locale",
    method: "locale.setUserSupportedLocale",
    call: Effect.flatMap(LocaleClient, (c) =>
      c.locale.setUserSupportedLocale({ payload: { supportedLocaleCode: null } })
    ),
    path: "/locale/v1/locales/set-user-supported-locale",
    body: { supportedLocaleCode: null },
    documented: same({ success: true }),
    live: { answer: { success: false, reason: "x" }, decoded: { success: false } }
  },
  {
    published: "GET /v1/locales/supported-locales",
    method: "locale.getSupportedLocales",
    call: Effect.flatMap(LocaleClient, (c) => c.locale.getSupportedLocales()),
    path: "/locale/v1/locales/supported-locales",
    documented: same({ supportedLocales: [locale("en_us", 1), locale("es_es", 2)] }),
    live: {
      answer: { supportedLocales: [withExtra(locale("pt-br", 7))] },
      decoded: { supportedLocales: [locale("pt-br", 7)] }
    }
  },
  {
    published: "GET /v1/locales/user-locale",
    method: "locale.getUserLocale",
    call: Effect.flatMap(LocaleClient, (c) => c.locale.getUserLocale()),
    path: "/locale/v1/locales/user-locale",
    documented: same({ supportedLocale: locale("en_us", 1), nativeLanguage: locale("en_us", 1).language }),
    live: {
      answer: { supportedLocale: null, nativeLanguage: null },
      decoded: { supportedLocale: null, nativeLanguage: null }
    }
  },
  {
    published: "GET /v1/locales/user-localization-locus-supported-locales",
    method: "locale.getUserLocusLocales",
    call: Effect.flatMap(LocaleClient, (c) => c.locale.getUserLocusLocales()),
    path: "/locale/v1/locales/user-localization-locus-supported-locales",
    documented: same({
      signupAndLogin: locale("en_us", 1),
      generalExperience: locale("en_us", 1),
      ugc: locale("en_us", 1),
      showRobloxTranslations: true
    }),
    live: {
      answer: {
        signupAndLogin: locale("en_us", 1),
        generalExperience: locale("de_de", 4),
        ugc: null,
        showRobloxTranslations: false,
        voice: null
      },
      decoded: {
        signupAndLogin: locale("en_us", 1),
        generalExperience: locale("de_de", 4),
        ugc: null,
        showRobloxTranslations: false
      }
    }
  }
])

contractCases("translationRoles", [
  {
    published: "GET /v1/game-localization-roles/games/{gameId}/current-user/roles",
    method: "translationRoles.getCurrentUserGameRoles",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.getCurrentUserGameRoles({ params: { gameId: 1001 } })
    ),
    path: "/translationRoles/v1/game-localization-roles/games/1001/current-user/roles",
    documented: same({ data: ["translator"] }),
    live: { answer: { data: ["translator", "reviewer"] }, decoded: { data: ["translator", "reviewer"] } }
  },
  {
    published: "PATCH /v1/game-localization-roles/games/{gameId}",
    method: "translationRoles.updateGameRole",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.updateGameRole({
        params: { gameId: 1001 },
        payload: { assigneeId: 9001, assigneeType: "groupRole", role: "translator", revoke: true }
      })
    ),
    path: "/translationRoles/v1/game-localization-roles/games/1001",
    body: { assigneeId: 9001, assigneeType: "groupRole", role: "translator", revoke: true },
    documented: same({}),
    // an acknowledgement's extra fields are kept as sent
    live: { answer: { ok: true }, decoded: { ok: true } }
  },
  {
    published: "GET /v1/game-localization-roles/games/{gameId}/roles/{role}/assignees",
    method: "translationRoles.getRoleAssignees",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.getRoleAssignees({ params: { gameId: 1001, role: "translator" } })
    ),
    path: "/translationRoles/v1/game-localization-roles/games/1001/roles/translator/assignees",
    documented: same({
      data: [
        { id: 2, name: "BlueFox12", type: "user" },
        { id: 9001, name: "Builders", type: "group" },
        { id: 77, name: "Editors", type: "groupRole" }
      ]
    }),
    live: {
      answer: {
        data: [
          { id: 2, name: "BlueFox12", type: "User" },
          { id: 9001, name: null, type: 1 },
          { id: 5, name: "Bot", type: "service" }
        ]
      },
      decoded: {
        data: [
          { id: 2, name: "BlueFox12", type: "user" },
          { id: 9001, name: null, type: "group" },
          { id: 5, name: "Bot", type: { _tag: "Unknown", value: "service" } }
        ]
      }
    }
  },
  {
    published: "GET /v1/game-localization-roles/roles/{role}/current-user",
    method: "translationRoles.getCurrentUserRoleGames",
    call: Effect.flatMap(TranslationRolesClient, (c) =>
      c.translationRoles.getCurrentUserRoleGames({
        params: { role: "translator" },
        query: { exclusiveStartKey: "k", pageSize: 10, groupId: 9001 }
      })
    ),
    path: "/translationRoles/v1/game-localization-roles/roles/translator/current-user",
    query: [
      ["exclusiveStartKey", "k"],
      ["pageSize", "10"],
      ["groupId", "9001"]
    ],
    documented: same({
      games: [{ gameId: 1001, assignee: { id: 1, assigneeType: "user" } }],
      nextPageCursor: "k2",
      previousPageCursor: null
    }),
    live: {
      answer: {
        games: [
          { gameId: 1001, assignee: { id: 9001, assigneeType: "Group", name: "Builders" } },
          { gameId: 1002, assignee: null }
        ],
        nextPageCursor: null
      },
      decoded: {
        games: [
          { gameId: 1001, assignee: { id: 9001, assigneeType: "group" } },
          { gameId: 1002, assignee: null }
        ],
        nextPageCursor: null
      }
    }
  }
])
