/**
 * The emulator's world: everything its services answer from. Built once from a seed by `makeWorld`; read-only
 * afterwards (runtime state such as CSRF tokens and faults lives in EmulatorState).
 *
 * @module
 */

/** A user of the platform. */
export interface WorldUser {
  readonly id: number
  readonly name: string
  readonly displayName: string
  readonly hasVerifiedBadge: boolean
  readonly isBanned: boolean
  readonly description: string
  /** ISO date-time of sign-up. */
  readonly created: string
}

/** Presence kinds, as the presence service names them. */
export type WorldPresenceType = "Offline" | "Online" | "InGame" | "InStudio"

/** Where a user is. `universeId`/`placeId` are set when in a game or in Studio. */
export interface WorldPresence {
  readonly userId: number
  readonly type: WorldPresenceType
  readonly universeId: number | null
  readonly placeId: number | null
  readonly lastLocation: string
  /** ISO date-time. */
  readonly lastOnline: string
}

/** A game (universe) with its root place. */
export interface WorldUniverse {
  readonly id: number
  readonly rootPlaceId: number
  readonly name: string
  readonly description: string
  readonly creatorId: number
  readonly creatorName: string
  readonly creatorType: "User" | "Group"
  readonly creatorHasVerifiedBadge: boolean
  readonly genre: string
  readonly playing: number
  readonly visits: number
  readonly upVotes: number
  readonly downVotes: number
  readonly favoritedCount: number
  readonly maxPlayers: number
  /** Paid access price in Robux, or null for free games. */
  readonly price: number | null
  readonly created: string
  readonly updated: string
  readonly avatarType: "MorphToR6" | "PlayerChoice" | "MorphToR15"
  /** The state its icon is served in: moderated games are `Blocked`, the others `Completed`. */
  readonly iconState: "Completed" | "Blocked"
  /** Two colours (hue degrees) its generated pictures use. */
  readonly hues: readonly [number, number]
}

/** A place of a universe. */
export interface WorldPlace {
  readonly id: number
  readonly universeId: number
  readonly name: string
}

/** A catalog item (an asset on sale). */
export interface WorldCatalogItem {
  readonly id: number
  readonly itemType: "Asset"
  readonly assetType: string
  readonly name: string
  readonly description: string
  readonly creatorId: number
  readonly creatorName: string
  /** Price in Robux, or null when off sale. */
  readonly price: number | null
  readonly favoriteCount: number
}

/** A bundle of catalog assets. */
export interface WorldBundle {
  readonly id: number
  readonly name: string
  readonly bundleType: "BodyParts" | "AvatarAnimations" | "Shoes" | "DynamicHead"
  readonly description: string
  readonly itemIds: ReadonlyArray<number>
  readonly creatorId: number
  readonly creatorName: string
  readonly price: number | null
}

/** A locale the platform supports. */
export interface WorldLocale {
  /** Supported locale code, e.g. `en_us`. */
  readonly code: string
  /** Language code, e.g. `en`. */
  readonly language: string
  readonly name: string
  readonly nativeName: string
}

/** One entry of a localization table: a source string and its translations by language code. */
export interface WorldTableEntry {
  readonly key: string
  readonly context: string
  readonly source: string
  readonly translations: Readonly<Record<string, string>>
}

/** A game's localization table. */
export interface WorldLocalizationTable {
  readonly id: string
  readonly name: string
  readonly universeId: number
  readonly sourceLanguage: string
  readonly entries: ReadonlyArray<WorldTableEntry>
}

/** The whole seeded world. */
export interface World {
  readonly seed: number
  /** The user the emulator signs requests in as when no session cookie says otherwise. */
  readonly defaultUserId: number
  readonly users: ReadonlyMap<number, WorldUser>
  /** Friends of each user, symmetric, sorted by id. */
  readonly friends: ReadonlyMap<number, ReadonlyArray<number>>
  /** Followers of each user, sorted by id. */
  readonly followers: ReadonlyMap<number, ReadonlyArray<number>>
  /** Users each user follows, sorted by id. */
  readonly followings: ReadonlyMap<number, ReadonlyArray<number>>
  readonly presence: ReadonlyMap<number, WorldPresence>
  readonly universes: ReadonlyMap<number, WorldUniverse>
  /** Universes in id order (the game list's base order). */
  readonly universeList: ReadonlyArray<WorldUniverse>
  readonly places: ReadonlyMap<number, WorldPlace>
  readonly catalogItems: ReadonlyMap<number, WorldCatalogItem>
  readonly bundles: ReadonlyMap<number, WorldBundle>
  readonly locales: ReadonlyArray<WorldLocale>
  readonly localizationTables: ReadonlyArray<WorldLocalizationTable>
}
