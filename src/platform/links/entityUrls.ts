/**
 * Entity URLs of the site (LINK-1, ROUTE-4, ROUTE-5): groups, games and users with their refer links,
 * catalog items and badges with SEO names, and item details by item type.
 *
 * Every helper returns a path of the www site (`/games/1`); put it on the site with {@link onSite}. Ids are
 * written as given: pass positive integers (decode outside input first).
 *
 * @module
 */
import { seoName } from "../../core/text/seoName.ts"
import { idOf } from "./ids.ts"
import { type QueryPairs, queryString } from "./query.ts"

/** An entity with an entity URL and a refer link. */
export type ReferEntity = "group" | "game" | "user"

/** The base site paths are read against: only their path, query and fragment are used. */
const pathBase = "https://path.invalid/"

/**
 * The path, query and fragment of `reference` on the www base URL `www`, built with the URL API: they go after the
 * base URL's own path (without its trailing `/`), so the result is on the www origin whatever host `reference` had.
 * Empty when `www` is not an http(s) URL: a target no navigation accepts.
 */
export const onSiteOf = (www: string, reference: URL): string => {
  if (!URL.canParse(www)) return ""
  const site = new URL(www)
  if (site.protocol !== "https:" && site.protocol !== "http:") return ""
  let basePath = site.pathname
  while (basePath.endsWith("/")) basePath = basePath.slice(0, -1)
  site.pathname = basePath + reference.pathname
  site.search = reference.search
  site.hash = reference.hash
  return site.href
}

/**
 * The site path `path` (`/games/1?x=1#y`) on the www base URL `www` ({@link onSiteOf}): only the path, query and
 * fragment of `path` are used, so the result is on the www origin whatever `path` holds (a `//host` or
 * `https://host/…` reference keeps only its path). Empty when `www` is not an http(s) URL or `path` cannot be read:
 * a target no navigation accepts.
 */
export const onSite = (www: string, path: string): string =>
  URL.canParse(path, pathBase) ? onSiteOf(www, new URL(path, pathBase)) : ""

/** True when `path` is a path of the site: it starts with one `/` and the URL parser reads it as no other host. */
export const isSitePath = (path: string): boolean =>
  path.startsWith("/") &&
  !path.includes("\\") &&
  URL.canParse(path, pathBase) &&
  new URL(path, pathBase).origin === new URL(pathBase).origin

/** A group's page `/groups/{id}`, with `/{seo-name}` when a name is given. */
export const groupPath = (groupId: number, name?: string): string =>
  name === undefined ? `/groups/${groupId}` : `/groups/${groupId}/${seoName(name)}`

/** A game's page `/games/{placeId}`, with `/{seo-name}` when a name is given. */
export const gamePath = (placeId: number, name?: string): string =>
  name === undefined ? `/games/${placeId}` : `/games/${placeId}/${seoName(name)}`

/** A user's profile `/users/{id}/profile`. */
export const userProfilePath = (userId: number): string => `/users/${userId}/profile`

/** The referral path of each entity: `/groups/refer`, `/games/refer`, `/users/refer` (LINK-1). */
export const referPaths: { readonly [E in ReferEntity]: string } = {
  group: "/groups/refer",
  game: "/games/refer",
  user: "/users/refer"
}

/** The id parameter a refer link carries for each entity. */
export const referIdParams: { readonly [E in ReferEntity]: string } = {
  group: "GroupId",
  game: "PlaceId",
  user: "UserId"
}

/**
 * A refer link: the entity's referral path with its id (`/games/refer?PlaceId=1`) followed by the other query
 * parameters in the order given (`[["Position", 2], ["PageType", "Home"]]`). Refer links let the site count where
 * a visit came from before it redirects to the entity's page.
 */
export const referPath = (entity: ReferEntity, id: number, query: QueryPairs = []): string =>
  referPaths[entity] + queryString([[referIdParams[entity], id], ...query])

/** A catalog item link `/catalog/{id}/{seo-name}` (ROUTE-4). */
export const catalogItemPath = (id: number, name: string | null | undefined): string =>
  `/catalog/${id}/${seoName(name)}`

/** A badge link `/badges/{id}/{seo-name}` (ROUTE-5). */
export const badgePath = (id: number, name: string | null | undefined): string => `/badges/${id}/${seoName(name)}`

/** The details page of each item type (DEEP-9). */
export const itemDetailsRoots = { Asset: "/catalog", Bundle: "/bundles", Look: "/looks" } as const

/** An item type with a details page. */
export type DetailsItemType = keyof typeof itemDetailsRoots

/**
 * The details page of an item by type: `/catalog/{id}`, `/bundles/{id}` or `/looks/{id}`, with the query given;
 * undefined for a type without one, or an id that is not a positive safe integer (a string must be its digits).
 * The type is matched without regard to case.
 */
export const itemDetailsPath = (itemType: string, id: number | string, query: QueryPairs = []): string | undefined => {
  const type = (Object.keys(itemDetailsRoots) as Array<DetailsItemType>).find(
    (t) => t.toLowerCase() === itemType.toLowerCase()
  )
  const itemId = typeof id === "number" ? (Number.isSafeInteger(id) && id > 0 ? id : undefined) : idOf(id)
  return type === undefined || itemId === undefined
    ? undefined
    : `${itemDetailsRoots[type]}/${itemId}${queryString(query)}`
}

/**
 * The game id in a URL or path, taken from the pattern `/games/{digits}/` (LINK-8): the digits must
 * be followed by `/`, `?`, `#` or the end. Undefined when there is none or it is not a positive safe integer.
 */
export const gameIdFromUrl = (url: string): number | undefined => {
  const digits = /\/games\/(\d{1,16})(?:[/?#]|$)/i.exec(url)?.[1]
  if (digits === undefined) return undefined
  const id = Number(digits)
  return id > 0 && Number.isSafeInteger(id) ? id : undefined
}
