/**
 * The emulator's mutable localization state, one per running instance (keyed by its world): supported languages and
 * their automatic translation switches, source languages, autolocalization settings, localization tables with
 * translation history, localization roles, and users' locales. It starts from the seeded world and lives as long as
 * the instance (the admin reset does not touch it).
 *
 * @module
 */
import type { World } from "../world/World.ts"
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

/** The state of the instance whose world this is (made on first use). */
// oxlint-disable-next-line max-lines-per-function -- long closure over shared state, not split yet
export const localizationState = (world: World): LocalizationState => {
  const found = states.get(world)
  if (found !== undefined) return found
  let tableCount = 0
  const tables = new Map<string, TableState>()
  const newTable = (name: string, ownerType: "User" | "Group", ownerId: number, id?: string): TableState => {
    tableCount++
    const table: TableState = {
      id: id ?? `00000000-0000-4000-8000-${String(tableCount).padStart(12, "0")}`,
      name,
      ownerType,
      ownerId,
      assetId: 300_000 + tableCount,
      gameIds: new Set(),
      entries: []
    }
    tables.set(table.id, table)
    return table
  }
  const seededTableOf = new Map<number, string>()
  for (const seeded of world.localizationTables) {
    const universe = world.universes.get(seeded.universeId)!
    const table = newTable(seeded.name, universe.creatorType, universe.creatorId, seeded.id)
    table.gameIds.add(seeded.universeId)
    seededTableOf.set(seeded.universeId, table.id)
    for (const entry of seeded.entries) {
      const translations = new Map<string, TranslationState>()
      for (const [language, text] of Object.entries(entry.translations)) {
        const agentType =
          hashOf(2, seeded.universeId, language.length) === 0 ? ("Automation" as const) : ("User" as const)
        const translatorId = agentType === "User" ? (universe.creatorType === "User" ? universe.creatorId : 1) : 0
        translations.set(language, {
          text,
          translatorId,
          agentType,
          updated: seededAt,
          history: [{ text, translatorId, agentType, created: seededAt }]
        })
      }
      table.entries.push({
        key: entry.key,
        context: entry.context,
        source: entry.source,
        example: null,
        created: seededAt,
        translations
      })
    }
  }
  const games = new Map<number, GameState>()
  const game = (universeId: number): GameState => {
    let state = games.get(universeId)
    if (state === undefined) {
      const tableId = seededTableOf.get(universeId) ?? null
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
      state = {
        sourceLanguage: "en",
        supported,
        isAutolocalizationEnabled: tableId !== null,
        shouldUseLocalizationTable: tableId !== null,
        autoTableId: tableId,
        reportRequested: false
      }
      games.set(universeId, state)
    }
    return state
  }
  const roles = new Map<number, Array<AssigneeState>>()
  for (const seeded of world.localizationTables.slice(0, 4))
    roles.set(seeded.universeId, [
      { id: 1, type: "user" },
      { id: 2, type: "user" }
    ])
  const state: LocalizationState = {
    game,
    tables,
    newTable: (n, t, o) => newTable(n, t, o),
    roles,
    userLocales: new Map()
  }
  states.set(world, state)
  return state
}
