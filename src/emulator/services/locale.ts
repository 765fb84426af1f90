/**
 * The locale service over the world's locales. A signed-in user's locale starts as `en_us` and changes with
 * `set-user-supported-locale` (an unknown code is 400 code 1, a null code clears it back to the default; guests get
 * 401). Guests reading their locale get the default.
 *
 * @module
 */
import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import type { Locale } from "../../platform/api/locale.ts"
import { LocaleApi } from "../../platform/api/locale.ts"
import { toHttpApi } from "../../platform/api/httpApi.ts"
import { EmulatorState } from "../EmulatorState.ts"
import type { WorldLocale } from "../world/World.ts"
import { localizationState } from "./localizationState.ts"
import { badRequest, currentUserId, requireUserId } from "./support.ts"

/** The locale API as served, under `/locale`. */
export const ServedLocaleApi = toHttpApi(LocaleApi).prefix("/locale")

/** The default locale of a user. */
export const defaultLocale = "en_us"

const localeOf = (locale: WorldLocale, index: number): Locale => ({
  id: index + 1,
  locale: locale.code,
  name: locale.name,
  nativeName: locale.nativeName,
  language: {
    id: index + 1,
    name: locale.name.replace(/ \(.*\)$/, ""),
    nativeName: locale.nativeName,
    languageCode: locale.language,
    isRightToLeft: false
  }
})

/** Handlers of the locale service. */
export const LocaleHandlers = HttpApiBuilder.group(
  ServedLocaleApi,
  "locale",
  Effect.fn(function* (handlers) {
    const { world } = yield* EmulatorState
    const state = localizationState(world)
    const all = world.locales.map(localeOf)
    const userLocale = (userId: number | undefined) => {
      const code = (userId === undefined ? undefined : state.userLocales.get(userId)) ?? defaultLocale
      return all.find((l) => l.locale === code)!
    }
    return handlers.handleAll({
      getLocales: () =>
        Effect.succeed({
          data: all.map((locale) => ({
            locale,
            isEnabledForFullExperience: true,
            isEnabledForSignupAndLogin: true,
            isEnabledForInGameUgc: !locale.locale.startsWith("zh")
          }))
        }),
      setUserSupportedLocale: ({ payload }) =>
        Effect.gen(function* () {
          const userId = yield* requireUserId
          const code = payload.supportedLocaleCode
          if (code === null || code === undefined) {
            state.userLocales.delete(userId)
            return { success: true }
          }
          if (!all.some((l) => l.locale === code)) {
            return yield* badRequest(1, "The locale is not supported.", `unknown locale ${code}`)
          }
          state.userLocales.set(userId, code)
          return { success: true }
        }),
      getSupportedLocales: () => Effect.succeed({ supportedLocales: all }),
      getUserLocale: () =>
        Effect.map(currentUserId, (userId) => {
          const locale = userLocale(userId)
          return { supportedLocale: locale, nativeLanguage: locale.language ?? null }
        }),
      getUserLocusLocales: () =>
        Effect.map(currentUserId, (userId) => {
          const locale = userLocale(userId)
          return { signupAndLogin: locale, generalExperience: locale, ugc: locale, showRobloxTranslations: true }
        })
    })
  })
)
