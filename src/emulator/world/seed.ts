/**
 * Build the seeded world. Everything comes from one generator seeded with `seed`, in a fixed order, and no clock
 * is read: the same seed gives the same world on every run.
 *
 * @module
 */
import { makeRandom, type Random } from "./random.ts"
import * as words from "./words.ts"
import type {
  World,
  WorldBundle,
  WorldCatalogItem,
  WorldLocalizationTable,
  WorldPlace,
  WorldPresence,
  WorldPresenceType,
  WorldUniverse,
  WorldUser
} from "./World.ts"

/** The seed used when none is given. */
export const defaultSeed = 20260611

/** Sizes of the world. */
export const worldSizes = {
  users: 240,
  universes: 72,
  catalogItems: 120,
  bundles: 24,
  localizedUniverses: 12,
  /** Friends, followers and followings of the default user (id 1). */
  defaultUserFriends: 42,
  defaultUserFollowers: 57,
  defaultUserFollowings: 23
} as const

/** First universe id; universes are numbered from here. Root places are `placeIdBase + 10 * n`. */
export const universeIdBase = 1000
/** Base of place ids. */
export const placeIdBase = 100_000
/** Base of catalog item ids. */
export const catalogItemIdBase = 20_000
/** Base of bundle ids. */
export const bundleIdBase = 500
/** Ids of the groups that own some games. */
export const groupIdBase = 9000

/** The instant the world's relative dates are measured from (fixed, so no clock is read). */
export const worldEpoch = Date.UTC(2026, 5, 11, 12, 0, 0)

const isoDaysBefore = (days: number): string => new Date(worldEpoch - days * 86_400_000).toISOString()
const isoMinutesBefore = (minutes: number): string => new Date(worldEpoch - minutes * 60_000).toISOString()

const makeUsers = (rng: Random): Map<number, WorldUser> => {
  const users = new Map<number, WorldUser>()
  const taken = new Set<string>()
  users.set(1, {
    id: 1,
    name: "EmuPlayer",
    displayName: "Emu",
    hasVerifiedBadge: false,
    isBanned: false,
    description: "The signed-in player of the local emulator.",
    created: isoDaysBefore(1200)
  })
  taken.add("emuplayer")
  for (let id = 2; id <= worldSizes.users; id++) {
    let name = `${rng.pick(words.nameStarts)}${rng.pick(words.nameEnds)}${rng.int(1, 999)}`
    while (taken.has(name.toLowerCase())) name = `${name}${rng.int(0, 9)}`
    taken.add(name.toLowerCase())
    users.set(id, {
      id,
      name,
      displayName: rng.pick(words.displayNames),
      hasVerifiedBadge: rng.chance(0.05),
      isBanned: rng.chance(0.03),
      description: rng.pick(words.bios),
      created: isoDaysBefore(rng.int(30, 5000))
    })
  }
  return users
}

const makeUniverses = (rng: Random, users: ReadonlyMap<number, WorldUser>) => {
  const universes = new Map<number, WorldUniverse>()
  const places = new Map<number, WorldPlace>()
  const takenNames = new Set<string>()
  for (let n = 1; n <= worldSizes.universes; n++) {
    const id = universeIdBase + n
    let name = `${rng.pick(words.gameAdjectives)} ${rng.pick(words.gameNouns)}`
    let suffix = 2
    while (takenNames.has(name)) name = `${name.replace(/ \d+$/, "")} ${suffix++}`
    takenNames.add(name)
    const byGroup = rng.chance(0.3)
    const creatorUser = users.get(rng.int(2, worldSizes.users))!
    const groupIndex = rng.int(0, words.groupNames.length - 1)
    const playing = Math.floor(25_000 * rng.next() ** 3)
    const upVotes = rng.int(10, 90_000)
    const rootPlaceId = placeIdBase + n * 10
    const createdDays = rng.int(60, 3000)
    universes.set(id, {
      id,
      rootPlaceId,
      name,
      description: `${name}: a ${rng.pick(words.genres).toLowerCase()} game made in the local emulator.`,
      creatorId: byGroup ? groupIdBase + groupIndex + 1 : creatorUser.id,
      creatorName: byGroup ? words.groupNames[groupIndex]! : creatorUser.name,
      creatorType: byGroup ? "Group" : "User",
      creatorHasVerifiedBadge: byGroup ? rng.chance(0.5) : creatorUser.hasVerifiedBadge,
      genre: rng.pick(words.genres),
      playing,
      visits: playing * rng.int(400, 5000) + rng.int(0, 9999),
      upVotes,
      downVotes: Math.floor(upVotes * rng.next() * 0.4),
      favoritedCount: rng.int(0, 250_000),
      maxPlayers: rng.pick([6, 10, 12, 20, 30, 50]),
      price: rng.chance(0.1) ? rng.pick([25, 50, 100, 250]) : null,
      created: isoDaysBefore(createdDays),
      updated: isoDaysBefore(rng.int(0, Math.min(createdDays, 60))),
      avatarType: rng.pick(["MorphToR6", "PlayerChoice", "MorphToR15"] as const),
      iconState: n % 37 === 0 ? "Blocked" : "Completed",
      hues: [rng.int(0, 359), rng.int(0, 359)]
    })
    places.set(rootPlaceId, { id: rootPlaceId, universeId: id, name })
    const extra = rng.int(0, 2)
    for (let p = 1; p <= extra; p++) {
      places.set(rootPlaceId + p, { id: rootPlaceId + p, universeId: id, name: `${name} – Level ${p + 1}` })
    }
  }
  return { universes, places }
}

const addEdge = (edges: Map<number, Set<number>>, from: number, to: number) => {
  if (from === to) return
  let set = edges.get(from)
  if (set === undefined) edges.set(from, (set = new Set()))
  set.add(to)
}

const sortedLists = (edges: Map<number, Set<number>>, userIds: ReadonlyArray<number>) => {
  const out = new Map<number, ReadonlyArray<number>>()
  for (const id of userIds)
    out.set(
      id,
      [...(edges.get(id) ?? [])].sort((a, b) => a - b)
    )
  return out
}

const makeSocialGraph = (rng: Random, userIds: ReadonlyArray<number>) => {
  const others = userIds.filter((id) => id !== 1)
  const friends = new Map<number, Set<number>>()
  const follows = new Map<number, Set<number>>() // follower → followed
  for (const friend of rng.sample(others, worldSizes.defaultUserFriends)) {
    addEdge(friends, 1, friend)
    addEdge(friends, friend, 1)
  }
  for (const id of others) {
    for (const friend of rng.sample(others, rng.int(0, 6))) {
      addEdge(friends, id, friend)
      addEdge(friends, friend, id)
    }
  }
  for (const follower of rng.sample(others, worldSizes.defaultUserFollowers)) addEdge(follows, follower, 1)
  for (const followed of rng.sample(others, worldSizes.defaultUserFollowings)) addEdge(follows, 1, followed)
  for (const id of others) {
    for (const followed of rng.sample(others, rng.int(0, 12))) addEdge(follows, id, followed)
  }
  const followers = new Map<number, Set<number>>()
  for (const [follower, set] of follows) for (const followed of set) addEdge(followers, followed, follower)
  return {
    friends: sortedLists(friends, userIds),
    followers: sortedLists(followers, userIds),
    followings: sortedLists(follows, userIds)
  }
}

const makePresence = (
  rng: Random,
  userIds: ReadonlyArray<number>,
  universes: ReadonlyArray<WorldUniverse>
): Map<number, WorldPresence> => {
  const presence = new Map<number, WorldPresence>()
  for (const userId of userIds) {
    const roll = rng.next()
    const type: WorldPresenceType =
      userId === 1 ? "Online" : roll < 0.4 ? "Offline" : roll < 0.65 ? "Online" : roll < 0.9 ? "InGame" : "InStudio"
    const universe = rng.pick(universes)
    const inPlace = type === "InGame" || type === "InStudio"
    presence.set(userId, {
      userId,
      type,
      universeId: inPlace ? universe.id : null,
      placeId: inPlace ? universe.rootPlaceId : null,
      lastLocation: type === "Offline" ? "Offline" : type === "Online" ? "Website" : universe.name,
      lastOnline: isoMinutesBefore(type === "Offline" ? rng.int(60, 60 * 24 * 30) : rng.int(0, 5))
    })
  }
  return presence
}

const makeCatalog = (rng: Random, users: ReadonlyMap<number, WorldUser>) => {
  const items = new Map<number, WorldCatalogItem>()
  for (let n = 1; n <= worldSizes.catalogItems; n++) {
    const assetType = rng.pick(words.assetTypes)
    const creator = users.get(rng.int(2, worldSizes.users))!
    const name = `${rng.pick(words.itemAdjectives)} ${rng.pick(words.itemNouns[assetType])}`
    items.set(catalogItemIdBase + n, {
      id: catalogItemIdBase + n,
      itemType: "Asset",
      assetType,
      name,
      description: `A ${name.toLowerCase()} for your avatar.`,
      creatorId: creator.id,
      creatorName: creator.name,
      price: rng.chance(0.15) ? null : rng.pick([5, 10, 25, 50, 75, 100, 250, 500]),
      favoriteCount: rng.int(0, 80_000)
    })
  }
  const itemIds = [...items.keys()]
  const bundles = new Map<number, WorldBundle>()
  for (let n = 1; n <= worldSizes.bundles; n++) {
    const creator = users.get(rng.int(2, worldSizes.users))!
    const bundleType = rng.pick(["BodyParts", "AvatarAnimations", "Shoes", "DynamicHead"] as const)
    const name = `${rng.pick(words.itemAdjectives)} ${rng.pick(words.nameEnds)} ${bundleType === "AvatarAnimations" ? "Animation Pack" : "Bundle"}`
    bundles.set(bundleIdBase + n, {
      id: bundleIdBase + n,
      name,
      bundleType,
      description: `The ${name}.`,
      itemIds: rng.sample(itemIds, rng.int(3, 5)).sort((a, b) => a - b),
      creatorId: creator.id,
      creatorName: creator.name,
      price: rng.chance(0.2) ? null : rng.pick([100, 250, 400, 750])
    })
  }
  return { items, bundles }
}

const uuid = (rng: Random): string => {
  const hex = "0123456789abcdef"
  const h = (n: number) => rng.string(n, hex)
  return `${h(8)}-${h(4)}-4${h(3)}-${rng.pick(["8", "9", "a", "b"])}${h(3)}-${h(12)}`
}

const makeLocalization = (rng: Random, universes: ReadonlyArray<WorldUniverse>): Array<WorldLocalizationTable> =>
  universes.slice(0, worldSizes.localizedUniverses).map((universe) => ({
    id: uuid(rng),
    name: `${universe.name} table`,
    universeId: universe.id,
    sourceLanguage: "en",
    entries: words.phrases.map(([key, context, source, all]) => {
      const translations: Record<string, string> = {}
      for (const [language, text] of Object.entries(all)) if (rng.chance(0.75)) translations[language] = text
      return { key, context, source, translations }
    })
  }))

/** Build the world for `seed`. */
export const makeWorld = (seed: number = defaultSeed): World => {
  const rng = makeRandom(seed)
  const users = makeUsers(rng)
  const userIds = [...users.keys()]
  const { places, universes } = makeUniverses(rng, users)
  const universeList = [...universes.values()]
  const social = makeSocialGraph(rng, userIds)
  const presence = makePresence(rng, userIds, universeList)
  const catalog = makeCatalog(rng, users)
  return {
    seed,
    defaultUserId: 1,
    users,
    friends: social.friends,
    followers: social.followers,
    followings: social.followings,
    presence,
    universes,
    universeList,
    places,
    catalogItems: catalog.items,
    bundles: catalog.bundles,
    locales: words.locales.map(([code, language, name, nativeName]) => ({ code, language, name, nativeName })),
    localizationTables: makeLocalization(rng, universeList)
  }
}
