/**
 * The emulator's mutable localization state, one per running instance (keyed by its world): supported languages and
 * their automatic translation switches, source languages, autolocalization settings, localization tables with
 * translation history, localization roles, and users' locales. It starts from the seeded world and lives as long as
 * the instance (the admin reset does not touch it).
 *
 * @module
 */
import type { World, WorldLocalizationTable, WorldTableEntry, WorldUniverse } from "../world/World.ts"
import { hashOf } from "./support.ts"

/** A supported language (or locale) of a game. */
export interface SupportedLanguage {
  readonly type: "Language" | "Locale"
  automatic: boolean
  displayInfo: boolean
}

/** One translation of an entry, and its past texts. */
export interface TranslationState {
  text: string
  translatorId: number
  agentType: "User" | "Automation"
  updated: string
  readonly history: Array<{
    readonly text: string
    readonly translatorId: number
    readonly agentType: "User" | "Automation"
    readonly created: string
  }>
}

/** An entry of a table. */
export interface EntryState {
  readonly key: string | null
  readonly context: string | null
  readonly source: string
  example: string | null
  readonly created: string
  readonly translations: Map<string, TranslationState>
}

/** A localization table. */
export interface TableState {
  readonly id: string
  name: string
  readonly ownerType: "User" | "Group"
  readonly ownerId: number
  readonly assetId: number
  readonly gameIds: Set<number>
  readonly entries: Array<EntryState>
}

/** The localization settings of a game. */
export interface GameState {
  sourceLanguage: string
  readonly supported: Map<string, SupportedLanguage>
  isAutolocalizationEnabled: boolean
  shouldUseLocalizationTable: boolean
  autoTableId: string | null
  reportRequested: boolean
}

/** A holder of a localization role. */
export interface AssigneeState {
  readonly id: number
  readonly type: "user" | "group" | "groupRole"
}

/** The state of one emulator instance. */
export interface LocalizationState {
  readonly game: (universeId: number) => GameState
  readonly tables: Map<string, TableState>
  readonly newTable: (name: string, ownerType: "User" | "Group", ownerId: number) => TableState
  /** Translators of each game. */
  readonly roles: Map<number, Array<AssigneeState>>
  /** Each user's chosen locale code (default `en_us`). */
  readonly userLocales: Map<number, string>
}

/** The instant every seeded date is relative to (no clock is read). */
const seededAt = "2026-06-01T12:00:00.000Z"

const states = new WeakMap<World, LocalizationState>()

/** The languages (families) of the world's locales, e.g. `es`, `zh-hans`. */
export const worldLanguages = (world: World): ReadonlyArray<string> => [
  ...new Set(world.locales.map((l) => l.language))
]

/** The tables of one instance and how many were made (a new table's id and asset id count on from it). */
interface TableRegistry {
  readonly tables: Map<string, TableState>
  count: number
}

/** Make an empty table, with `id` or the next generated one, and register it. */
const addTable = (
  registry: TableRegistry,
  name: string,
  ownerType: "User" | "Group",
  ownerId: number,
  id?: string
): TableState => {
  registry.count++
  const table: TableState = {
    id: id ?? `00000000-0000-4000-8000-${String(registry.count).padStart(12, "0")}`,
    name,
    ownerType,
    ownerId,
    assetId: 300_000 + registry.count,
    gameIds: new Set(),
    entries: []
  }
  registry.tables.set(table.id, table)
  return table
}

/** The translations of a seeded entry, each with its one past text, by the creator or by automation. */
const seededTranslations = (
  seeded: WorldLocalizationTable,
  universe: WorldUniverse,
  entry: WorldTableEntry
): Map<string, TranslationState> => {
  const translations = new Map<string, TranslationState>()
  for (const [language, text] of Object.entries(entry.translations)) {
    const agentType = hashOf(2, seeded.universeId, language.length) === 0 ? ("Automation" as const) : ("User" as const)
    const translatorId = agentType === "User" ? (universe.creatorType === "User" ? universe.creatorId : 1) : 0
    translations.set(language, {
      text,
      translatorId,
      agentType,
      updated: seededAt,
      history: [{ text, translatorId, agentType, created: seededAt }]
    })
  }
  return translations
}

/** Register the world's seeded tables; answers each seeded game's table id. */
const seedTables = (world: World, registry: TableRegistry): Map<number, string> => {
  const seededTableOf = new Map<number, string>()
  for (const seeded of world.localizationTables) {
    const universe = world.universes.get(seeded.universeId)!
    const table = addTable(registry, seeded.name, universe.creatorType, universe.creatorId, seeded.id)
    table.gameIds.add(seeded.universeId)
    seededTableOf.set(seeded.universeId, table.id)
    for (const entry of seeded.entries) {
      table.entries.push({
        key: entry.key,
        context: entry.context,
        source: entry.source,
        example: null,
        created: seededAt,
        translations: seededTranslations(seeded, universe, entry)
      })
    }
  }
  return seededTableOf
}

/** A game's first settings: autolocalized from its seeded table `tableId` (if any), supporting its languages. */
const initialGameState = (tableId: string | null, tables: ReadonlyMap<string, TableState>): GameState => {
  const supported = new Map<string, SupportedLanguage>()
  if (tableId !== null) {
    const languages = new Set(tables.get(tableId)!.entries.flatMap((e) => [...e.translations.keys()]))
    for (const language of [...languages].sort()) {
      supported.set(language, {
        type: "Language",
        automatic: language === "es" || language === "fr",
        displayInfo: false
      })
    }
  }
  return {
    sourceLanguage: "en",
    supported,
    isAutolocalizationEnabled: tableId !== null,
    shouldUseLocalizationTable: tableId !== null,
    autoTableId: tableId,
    reportRequested: false
  }
}

/** The translators of the first four seeded games: users 1 and 2. */
const seededRoles = (world: World): Map<number, Array<AssigneeState>> => {
  const roles = new Map<number, Array<AssigneeState>>()
  for (const seeded of world.localizationTables.slice(0, 4))
    roles.set(seeded.universeId, [
      { id: 1, type: "user" },
      { id: 2, type: "user" }
    ])
  return roles
}

/** The state of the instance whose world this is (made on first use). */
export const localizationState = (world: World): LocalizationState => {
  const found = states.get(world)
  if (found !== undefined) return found
  const registry: TableRegistry = { tables: new Map(), count: 0 }
  const seededTableOf = seedTables(world, registry)
  const games = new Map<number, GameState>()
  const game = (universeId: number): GameState => {
    let state = games.get(universeId)
    if (state === undefined) {
      state = initialGameState(seededTableOf.get(universeId) ?? null, registry.tables)
      games.set(universeId, state)
    }
    return state
  }
  const state: LocalizationState = {
    game,
    tables: registry.tables,
    newTable: (name, ownerType, ownerId) => addTable(registry, name, ownerType, ownerId),
    roles: seededRoles(world),
    userLocales: new Map()
  }
  states.set(world, state)
  return state
}
