/**
 * The typed client of the locale (locales, the user's locale) service, from its definition, through PlatformHttp. See checkedClient.ts for
 * what every method checks and how it fails.
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import { LocaleApi } from "../api/locale.ts"
import { type CheckedClientOf, makeCheckedClient } from "./checkedClient.ts"

/** The locale client: `client.<group>.<endpoint>(request)`. */
export class LocaleClient extends Context.Service<LocaleClient, CheckedClientOf<typeof LocaleApi>>()(
  "platform-web-client/platform/clients/LocaleClient"
) {
  /** The client over PlatformHttp, calling `PlatformConfig.baseUrls.locale`. */
  static readonly layer = Layer.effect(LocaleClient, makeCheckedClient(LocaleApi, "locale"))
}
