/**
 * Deep-link kinds (DEEP-11 to DEEP-13) and the classifier that reads a parsed link as one of them.
 *
 * App links (`roblox://…`):
 * - `navigation/{kind}?…` and `{kind}?…` for every kind name (`roblox://navigation/game_details?gameId=1`);
 *   `profile?groupId=` is the group's page; a group's forum comment is
 *   `group?groupId=&forumCategoryId=&forumPostId=&forumCommentId=` (`postId`, `commentId` also read);
 *   `navigation?path=/bundles` is a `navigation` to a path of the site;
 * - the form without a path: `placeId=…` (join a place), `userId=…` (join a user), `groupId=…` (a group);
 * - `experiences/start?placeId=…` (the experience launcher).
 *
 * Web links (only from the www origin, or an origin of `linkOrigins`, read as the www site's; a leading locale
 * segment such as `/de/` is ignored):
 * `/home`, `/games`, `/catalog`, `/giftcards`, `/my/avatar`, `/users/friends`, `/my/account#!/{section}`,
 * `/games/{placeId}` (the game page), `/games/start?placeId=…` or `?userId=…` (a join), `/users/{userId}/profile`,
 * `/groups/{groupId}` (with a forum comment in the fragment), `/catalog/{id}`, `/bundles/{id}`, `/looks/{id}`,
 * `/share?code=…&type=…` (also `/share-links`, `/share_links`; other parameters such as `stamp` are ignored, `source`
 * is a profile link's friendship source); any other path is a `navigation` to that path on the www origin.
 *
 * `external_web_link` comes in two forms: `?url=https://…` (the URL itself, followed only when it is a safe target
 * on the www origin, or opened in a new tab on the help desk's: decided when planned, links/safeTarget.ts) and
 * `?domain={support domain}&locale=…&articleId=…` (a help-desk article, opened in a new tab; see
 * {@link supportDomains}).
 *
 * Share links with `v=v2` name no type (`share_links?code=…&v=v2`): their type is `V2` and the service tells what
 * they are. A `type` that is not one of the spec's (an unknown or future type) refuses the link
 * (`InvalidParameter`, detail `type`).
 *
 * Parameter names match without regard to case. Ids are positive safe integers written in digits; codes and
 * instance ids are letters, digits, `-` and `_`. A wrong value refuses the link (`InvalidParameter`): nothing is
 * silently dropped.
 *
 * @module
 */
import * as Result from "effect/Result"
import { localePrefix } from "../../core/http/localePrefix.ts"
import { isSitePath, onSite, onSiteOf } from "../links/entityUrls.ts"
import { idOf } from "../links/ids.ts"
import { exactOrigin, safeTarget } from "../links/safeTarget.ts"
import { shareLinkTypeOf, shareLinkV2, type ShareLinkTypeOrV2 } from "../sharelinks/shareLinkTypes.ts"
import { type DeepLinkError, deepLinkError } from "./DeepLinkError.ts"
import { type DeepLink, queryParam } from "./parseDeepLink.ts"

/** Every deep-link kind (DEEP-11). */
export const deepLinkKinds = [
  "game_details",
  "profile",
  "home",
  "games",
  "avatar",
  "catalog",
  "friends",
  "item_details",
  "navigation",
  "placeId",
  "userId",
  "share_links",
  "chat",
  "gift_cards",
  "notification_settings",
  "account_info",
  "privacy_settings",
  "parental_controls",
  "spending_settings",
  "group",
  "external_web_link"
] as const

/** A deep-link kind. */
export type DeepLinkKind = (typeof deepLinkKinds)[number]

/** Kinds that carry no parameter: a fixed page. */
export type PageKind =
  | "home"
  | "games"
  | "catalog"
  | "avatar"
  | "friends"
  | "gift_cards"
  | "notification_settings"
  | "account_info"
  | "privacy_settings"
  | "parental_controls"
  | "spending_settings"

/** Item types with a details page (DEEP-9). */
export const itemTypes = ["Asset", "Bundle", "Look"] as const

/** An item type with a details page. */
export type ItemType = (typeof itemTypes)[number]

/** A place link: a join (app links, `/games/start`) or the game page (web `/games/{id}`). */
export interface PlaceTarget {
  readonly kind: "placeId"
  readonly placeId: number
  /** `join`: without a code or launch data the game is joined normally; `page`: the game page is shown. */
  readonly mode: "join" | "page"
  /** A private-server link code (`linkCode` or `privateServerLinkCode`). */
  readonly linkCode?: string
  readonly accessCode?: string
  readonly launchData?: string
  readonly gameInstanceId?: string
  /** A referral URL: a safe target on the www origin, as the URL parser writes it. */
  readonly referralUrl?: string
  readonly shareLinkSourceType?: string
}

/** A forum comment of a group. */
export interface ForumComment {
  readonly categoryId: number
  readonly postId: number
  readonly commentId: number
}

/** What a deep link asks for: its kind and the parameters the kind needs, validated. */
export type DeepLinkTarget =
  | { readonly kind: PageKind }
  | { readonly kind: "game_details"; readonly universeId: number }
  | { readonly kind: "profile"; readonly userId: number }
  | { readonly kind: "item_details"; readonly itemType: ItemType; readonly itemId: number }
  | { readonly kind: "navigation"; readonly url: string }
  | PlaceTarget
  | { readonly kind: "userId"; readonly userId: number }
  | {
      readonly kind: "share_links"
      /** The link's type; `V2` for a v2 link (`v=v2`), whose type the service tells. */
      readonly type: ShareLinkTypeOrV2
      /** Empty when the link has none: such a link is not followed. */
      readonly code: string
      /** The `source` parameter (a profile link's friendship source), when present. */
      readonly source?: string
    }
  | { readonly kind: "chat"; readonly userId: number | undefined }
  | { readonly kind: "group"; readonly groupId: number; readonly forumComment?: ForumComment }
  | { readonly kind: "external_web_link"; readonly url: string }
  | {
      readonly kind: "external_web_link"
      /** A help-desk article (`domain={support domain}&locale=…&articleId=…`); checked when planned. */
      readonly helpArticle: { readonly locale?: string; readonly articleId?: string }
    }

/** Options of {@link deepLinkTarget}. */
export interface ClassifyOptions {
  /** The www base URL: web links from its origin are read, and every path a link asks for is put on it. */
  readonly www: string
  /**
   * Other origins whose web links are read as links of the www site (their path is followed on the www origin);
   * links from any other origin are `ForeignHost`.
   */
  readonly linkOrigins?: ReadonlyArray<string> | undefined
}

type Classified = Result.Result<DeepLinkTarget, DeepLinkError>

const fail = (reason: DeepLinkError["reason"], detail?: string): Result.Result<never, DeepLinkError> =>
  Result.fail(deepLinkError(reason, detail))

const pageKinds: ReadonlySet<string> = new Set<PageKind>([
  "home",
  "games",
  "catalog",
  "avatar",
  "friends",
  "gift_cards",
  "notification_settings",
  "account_info",
  "privacy_settings",
  "parental_controls",
  "spending_settings"
])

/** The `/my/account` fragment section of each account kind (DEEP-2). */
export const accountSections = {
  notification_settings: "notifications",
  account_info: "info",
  privacy_settings: "privacy",
  parental_controls: "parental-controls",
  spending_settings: "billing"
} as const

/**
 * The `domain` values of `external_web_link` links that name the help desk (the platform's help desk is a Zendesk
 * site: `external_web_link?domain=zendesk&locale=ko&articleId=1234`). Any other domain is refused.
 */
export const supportDomains: ReadonlyArray<string> = ["zendesk"]

/** A positive safe integer written in decimal digits, or undefined (links/ids.ts). */
export { idOf }

/** True for a game instance id: letters, digits and `-`, at most 64. */
export const isGameInstanceId = (value: string): boolean => instancePattern.test(value)

const codePattern = /^[A-Za-z0-9_-]{1,200}$/
const instancePattern = /^[A-Za-z0-9-]{1,64}$/
const sourceTypePattern = /^[A-Za-z0-9_]{1,64}$/
const maxFreeText = 1024

/** A required id parameter (the first of `names` present). */
const requiredId = (link: DeepLink, ...names: ReadonlyArray<string>): Result.Result<number, DeepLinkError> => {
  for (const name of names) {
    const raw = queryParam(link, name)
    if (raw === undefined) continue
    const id = idOf(raw)
    return id === undefined ? fail("InvalidParameter", name) : Result.succeed(id)
  }
  return fail("MissingParameter", names[0])
}

/** An optional parameter checked against `pattern` (free text up to 1024 characters without one). */
const optional = (
  link: DeepLink,
  names: ReadonlyArray<string>,
  pattern?: RegExp
): Result.Result<string | undefined, DeepLinkError> => {
  for (const name of names) {
    const raw = queryParam(link, name)
    if (raw === undefined || raw === "") continue
    const ok = pattern === undefined ? raw.length <= maxFreeText : pattern.test(raw)
    return ok ? Result.succeed(raw) : fail("InvalidParameter", name)
  }
  return Result.succeed(undefined)
}

/** The referral URL of a place link, when it is a safe target on the www origin. */
const referralUrlOf = (link: DeepLink, www: string): Result.Result<string | undefined, DeepLinkError> =>
  Result.flatMap(optional(link, ["referralUrl"]), (raw) => {
    if (raw === undefined) return Result.succeed(undefined)
    const safe = safeTarget(raw, www)
    return Result.isSuccess(safe) ? Result.succeed(safe.success) : fail("InvalidParameter", "referralUrl")
  })

const placeTarget = (link: DeepLink, placeId: number, mode: PlaceTarget["mode"], www: string): Classified => {
  const fields = {
    linkCode: optional(link, ["linkCode", "privateServerLinkCode"], codePattern),
    accessCode: optional(link, ["accessCode"], codePattern),
    launchData: optional(link, ["launchData"]),
    gameInstanceId: optional(link, ["gameInstanceId"], instancePattern),
    referralUrl: referralUrlOf(link, www),
    shareLinkSourceType: optional(link, ["shareLinkSourceType"], sourceTypePattern)
  }
  const target: Record<string, unknown> = { kind: "placeId", placeId, mode }
  for (const [key, r] of Object.entries(fields)) {
    if (Result.isFailure(r)) return Result.fail(r.failure)
    if (r.success !== undefined) target[key] = r.success
  }
  return Result.succeed(target as unknown as PlaceTarget)
}

const forumCommentOf = (hash: string): ForumComment | undefined => {
  const m = /^#!?\/forums\/(\d+)\/post\/(\d+)\/comment\/(\d+)\/?$/i.exec(hash)
  if (m === null) return undefined
  const [categoryId, postId, commentId] = [idOf(m[1]), idOf(m[2]), idOf(m[3])]
  return categoryId === undefined || postId === undefined || commentId === undefined
    ? undefined
    : { categoryId, postId, commentId }
}

const groupTarget = (groupId: number, forumComment: ForumComment | undefined): Classified =>
  Result.succeed(forumComment === undefined ? { kind: "group", groupId } : { kind: "group", groupId, forumComment })

const shareTarget = (link: DeepLink): Classified => {
  const code = queryParam(link, "code") ?? ""
  if (code !== "" && !codePattern.test(code)) return fail("InvalidParameter", "code")
  if (queryParam(link, "v")?.toLowerCase() === "v2")
    return Result.succeed({ kind: "share_links", type: shareLinkV2, code })
  const rawType = queryParam(link, "type")
  if (rawType === undefined || rawType === "") return fail("MissingParameter", "type")
  const type = shareLinkTypeOf(rawType)
  if (type === undefined) return fail("InvalidParameter", "type")
  const source = queryParam(link, "source")
  if (source !== undefined && !sourceTypePattern.test(source)) return fail("InvalidParameter", "source")
  return Result.succeed(
    source === undefined ? { kind: "share_links", type, code } : { kind: "share_links", type, code, source }
  )
}

/** A site path (`/bundles?x=1`) put on the www site; a path that names another host is refused. */
const sitePath = (path: string, www: string): Classified =>
  isSitePath(path) && path.length <= maxFreeText
    ? Result.succeed({ kind: "navigation", url: onSite(www, path) })
    : fail("InvalidParameter", "path")

/** The target of kind `kind` with its parameters from the link's query. */
const fromKind = (kind: DeepLinkKind, link: DeepLink, options: ClassifyOptions): Classified => {
  if (pageKinds.has(kind)) return Result.succeed({ kind: kind as PageKind })
  switch (kind) {
    case "game_details":
      return Result.map(requiredId(link, "gameId", "universeId"), (universeId) => ({ kind, universeId }))
    case "profile":
      // `profile?groupId=` is a group's profile: its page
      if (queryParam(link, "userId") === undefined && queryParam(link, "groupId") !== undefined) {
        return fromKind("group", link, options)
      }
      return Result.map(requiredId(link, "userId"), (userId) => ({ kind, userId }))
    case "userId":
      return Result.map(requiredId(link, "userId"), (userId) => ({ kind, userId }))
    case "item_details": {
      const rawType = queryParam(link, "itemType")
      if (rawType === undefined) return fail("MissingParameter", "itemType")
      const itemType = itemTypes.find((t) => t.toLowerCase() === rawType.toLowerCase())
      if (itemType === undefined) return fail("InvalidParameter", "itemType")
      return Result.map(requiredId(link, "itemId"), (itemId) => ({ kind, itemType, itemId }))
    }
    case "placeId": {
      const placeId = requiredId(link, "placeId")
      return Result.isFailure(placeId)
        ? Result.fail(placeId.failure)
        : placeTarget(link, placeId.success, "join", options.www)
    }
    case "share_links":
      return shareTarget(link)
    case "chat": {
      const raw = queryParam(link, "userId")
      if (raw === undefined || raw === "") return Result.succeed({ kind, userId: undefined })
      const userId = idOf(raw)
      return userId === undefined ? fail("InvalidParameter", "userId") : Result.succeed({ kind, userId })
    }
    case "group": {
      const groupId = requiredId(link, "groupId")
      if (Result.isFailure(groupId)) return Result.fail(groupId.failure)
      const ids = [["forumCategoryId"], ["forumPostId", "postId"], ["forumCommentId", "commentId"]].map((names) =>
        names.map((n) => queryParam(link, n)).find((v) => v !== undefined)
      )
      if (ids.every((v) => v === undefined)) return groupTarget(groupId.success, undefined)
      const [categoryId, postId, commentId] = ids.map(idOf)
      if (categoryId === undefined || postId === undefined || commentId === undefined) {
        return fail("InvalidParameter", "forum comment")
      }
      return groupTarget(groupId.success, { categoryId, postId, commentId })
    }
    case "external_web_link": {
      const domain = queryParam(link, "domain")
      if (domain !== undefined) {
        if (!supportDomains.includes(domain.toLowerCase())) return fail("InvalidParameter", "domain")
        const locale = optional(link, ["locale"], /^[^\s]{1,40}$/)
        const articleId = optional(link, ["articleId"], /^[^\s]{1,40}$/)
        if (Result.isFailure(locale)) return Result.fail(locale.failure)
        if (Result.isFailure(articleId)) return Result.fail(articleId.failure)
        return Result.succeed({
          kind,
          helpArticle: {
            ...(locale.success === undefined ? {} : { locale: locale.success }),
            ...(articleId.success === undefined ? {} : { articleId: articleId.success })
          }
        })
      }
      const url = queryParam(link, "url")
      if (url === undefined || url === "") return fail("MissingParameter", "url")
      return Result.succeed({ kind, url })
    }
    case "navigation": {
      const path = queryParam(link, "path")
      return path === undefined ? fail("MissingParameter", "path") : sitePath(path, options.www)
    }
    default:
      return fail("UnknownKind", kind)
  }
}

const kindOf = (segment: string | undefined): DeepLinkKind | undefined => {
  if (segment === undefined) return undefined
  const lower = segment.toLowerCase()
  return deepLinkKinds.find((k) => k.toLowerCase() === lower)
}

const classifyApp = (link: DeepLink, options: ClassifyOptions): Classified => {
  const [first, second] = link.pathSegments.map((s) => s.toLowerCase())
  if (first === undefined) {
    if (queryParam(link, "placeId") !== undefined) return fromKind("placeId", link, options)
    if (queryParam(link, "userId") !== undefined) return fromKind("userId", link, options)
    if (queryParam(link, "groupId") !== undefined) return fromKind("group", link, options)
    return fail("UnknownKind")
  }
  if (first === "navigation") {
    if (second === undefined) return fromKind("navigation", link, options)
    const kind = kindOf(second)
    return kind === undefined ? fail("UnknownKind", second) : fromKind(kind, link, options)
  }
  if (first === "experiences" && second === "start") return fromKind("placeId", link, options)
  const kind = kindOf(first)
  return kind === undefined ? fail("UnknownKind", first) : fromKind(kind, link, options)
}

const accountKindOf = (hash: string): PageKind | undefined => {
  const section = /^#!?\/([a-z-]+)\/?$/i.exec(hash)?.[1]?.toLowerCase()
  for (const [kind, name] of Object.entries(accountSections)) if (name === section) return kind as PageKind
  return undefined
}

/** True when web links from `origin` are read: the www origin's, or one of `linkOrigins`. */
const readsLinksOf = (origin: string | undefined, options: ClassifyOptions): boolean => {
  const www = exactOrigin(options.www)
  if (www === undefined) return false
  return origin === undefined || origin === www || (options.linkOrigins ?? []).some((o) => exactOrigin(o) === origin)
}

const classifyWeb = (link: DeepLink, options: ClassifyOptions): Classified => {
  if (!readsLinksOf(link.origin, options)) return fail("ForeignHost")
  const all = link.pathSegments
  const segments = all.length > 0 && localePrefix(`/${all[0]}`) !== undefined ? all.slice(1) : all
  const [first, second] = segments.map((s) => s.toLowerCase())
  const id = idOf(segments[1])
  const page = (kind: PageKind): Classified => Result.succeed({ kind })
  switch (first) {
    case "home":
    case "games":
    case "catalog":
      if (segments.length === 1) return page(first)
      break
    case "giftcards":
      if (segments.length === 1) return page("gift_cards")
      break
  }
  if (segments.length === 2 && first === "my" && second === "avatar") return page("avatar")
  if (segments.length === 2 && first === "users" && second === "friends") return page("friends")
  if (segments.length === 2 && first === "my" && second === "account") {
    const kind = accountKindOf(link.hash)
    if (kind !== undefined) return page(kind)
  }
  if (first === "games" && second === "start" && segments.length === 2) {
    if (queryParam(link, "placeId") !== undefined) return fromKind("placeId", link, options)
    if (queryParam(link, "userId") !== undefined) return fromKind("userId", link, options)
    return fail("MissingParameter", "placeId")
  }
  if (id !== undefined) {
    if (first === "games") return placeTarget(link, id, "page", options.www)
    if (
      first === "users" &&
      (segments.length === 2 || (second !== undefined && segments[2]?.toLowerCase() === "profile"))
    ) {
      return Result.succeed({ kind: "profile", userId: id })
    }
    if (first === "groups") return groupTarget(id, forumCommentOf(link.hash))
    const itemType =
      first === "catalog" ? "Asset" : first === "bundles" ? "Bundle" : first === "looks" ? "Look" : undefined
    if (itemType !== undefined) return Result.succeed({ kind: "item_details", itemType, itemId: id })
  }
  if (segments.length === 1 && (first === "share" || first === "share-links" || first === "share_links")) {
    return shareTarget(link)
  }
  // any other page of the site: its path, query and fragment on the www origin (a path link was read as no other host)
  return Result.succeed({ kind: "navigation", url: onSiteOf(options.www, new URL(link.link, options.www)) })
}

/**
 * What a parsed link asks for; see the module documentation for the forms read. Web links from origins other than
 * the www origin and `options.linkOrigins` are `ForeignHost`.
 */
export const deepLinkTarget = (
  link: DeepLink,
  options: ClassifyOptions
): Result.Result<DeepLinkTarget, DeepLinkError> =>
  link.form === "app" ? classifyApp(link, options) : classifyWeb(link, options)
