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
import { type QueryPairs, queryString } from "./query.ts"

/** An entity with an entity URL and a refer link. */
export type ReferEntity = "group" | "game" | "user"

/** `{www}{path}`: a site path on the www origin (a trailing `/` of `www` is dropped). */
export const onSite = (www: string, path: string): string => www.replace(/\/+$/, "") + path

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
export const catalogItemPath = (id: number, name: string | null | undefined): string => `/catalog/${id}/${seoName(name)}`

/** A badge link `/badges/{id}/{seo-name}` (ROUTE-5). */
export const badgePath = (id: number, name: string | null | undefined): string => `/badges/${id}/${seoName(name)}`

/** The details page of each item type (DEEP-9). */
export const itemDetailsRoots = { Asset: "/catalog", Bundle: "/bundles", Look: "/looks" } as const

/** An item type with a details page. */
export type DetailsItemType = keyof typeof itemDetailsRoots

/**
 * The details page of an item by type: `/catalog/{id}`, `/bundles/{id}` or `/looks/{id}`, with the query given;
 * undefined for a type without one. The type is matched without regard to case.
 */
export const itemDetailsPath = (itemType: string, id: number | string, query: QueryPairs = []): string | undefined => {
  const type = (Object.keys(itemDetailsRoots) as Array<DetailsItemType>).find(
    (t) => t.toLowerCase() === itemType.toLowerCase()
  )
  return type === undefined ? undefined : `${itemDetailsRoots[type]}/${encodeURIComponent(String(id))}${queryString(query)}`
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
