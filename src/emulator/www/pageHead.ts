/**
 * The tags of a page the emulator serves to a session (every HTML answer of both origins gets them:
 * ./withPageTags.ts): the real site's tags (./pageTags.ts) for the session's user, its current anti-forgery token in
 * `<body>`, and in the dev mode the emulator's configuration tags (./devTags.ts), since the real ones cannot say
 * where prefixed services are. Host mode gives the real tags only.
 *
 * @module
 */
import { serviceNames, type ServiceBaseUrls } from "../../core/config/PlatformConfig.ts"
import type { EmulatorStateShape } from "../EmulatorState.ts"
import type { Session } from "../platform/session.ts"
import { siteBaseUrls } from "../urls.ts"
import { devModeTags } from "./devTags.ts"
import { csrfTokenTag, type PageUser, realHeadTags } from "./pageTags.ts"

/** What a page carries: tags for `<head>` and for the start of `<body>`. */
export interface PageTags {
  readonly head: string
  readonly body: string
}

/** The host names of the services (not www), each once, in the order of `serviceNames`. */
export const apiHostsOf = (baseUrls: ServiceBaseUrls): ReadonlyArray<string> => [
  ...new Set(serviceNames.filter((name) => name !== "www").map((name) => new URL(baseUrls[name]).hostname))
]

/** The signed-in user of `session` as a page shows it; undefined for a guest or a user the world does not have. */
const pageUser = (state: EmulatorStateShape, session: Session): PageUser | undefined => {
  const user = session.userId === undefined ? undefined : state.world.users.get(session.userId)
  return user === undefined
    ? undefined
    : {
        id: user.id,
        name: user.name,
        displayName: user.displayName,
        createdMs: Date.parse(user.created),
        hasVerifiedBadge: user.hasVerifiedBadge
      }
}

/**
 * The tags of a page served to `session` at `now` (see the module doc). Asks for the session's current token, so a
 * session without one gets it now, as on the real site.
 */
export const pageTagsFor = (state: EmulatorStateShape, session: Session, now: number): PageTags => {
  const { hostMode } = state.options
  const baseUrls = siteBaseUrls(state)
  const real = realHeadTags({
    domain: hostMode?.domain ?? new URL(state.urls.origin).hostname,
    isTestingSite: false,
    user: pageUser(state, session),
    apiHosts: apiHostsOf(baseUrls),
    pageName: ""
  })
  const { origin, wwwOrigin } = state.urls
  return {
    head: hostMode === undefined ? `${real}\n${devModeTags({ origin, wwwOrigin, baseUrls })}` : real,
    body: csrfTokenTag(state.csrf.current(session.key, now))
  }
}
