/**
 * Helpers of the localization services (game internationalization, localization tables, translation roles) over
 * the instance's localization state (localizationState.ts).
 *
 * - Games are universes of the world; an unknown one is 400 code 1 "The game does not exist.". Reading needs no
 *   session; changing anything needs a signed-in user (401).
 * - Languages are the world's language families (`en`, `es`, `fr`, `de`, `pt`, `it`, `ja`, `ko`, `zh-hans`,
 *   `zh-hant`); an unknown code is 400 code 2, a language that is not supported by the game 400 code 3.
 * - An unknown table is 404 code 5.
 * - Cleanup requests need `maxAgeForFlush` as an ISO 8601 duration (`P30D`, `PT12H`, as published) or the spec's
 *   `d.hh:mm:ss` / `hh:mm:ss` (else 400 code 6).
 *
 * @module
 */
import { Effect } from "effect"
import type { World } from "../world/World.ts"
import { type GameState, localizationState, type TableState, worldLanguages } from "./localizationState.ts"
import { badRequest, notFound } from "./support.ts"

const durationPattern = /^(\d+\.)?\d{1,2}:\d{2}:\d{2}$|^P(?=\d|T\d)(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/

/** Check a cleanup request's `maxAgeForFlush`. */
export const checkMaxAge = (maxAgeForFlush: string) =>
  durationPattern.test(maxAgeForFlush)
    ? Effect.void
    : badRequest(6, "maxAgeForFlush must be a duration (P30D or d.hh:mm:ss).", `maxAgeForFlush ${maxAgeForFlush}`)

/** The game's state, or 400 code 1 for a universe the world does not have. */
export const gameOf = (world: World, gameId: number) =>
  world.universes.has(gameId)
    ? Effect.succeed(localizationState(world).game(gameId))
    : badRequest(1, "The game does not exist.", `unknown game ${gameId}`)

/** The table with this id, or 404 code 5. */
export const tableOf = (world: World, tableId: string) => {
  const table = localizationState(world).tables.get(tableId)
  return table === undefined
    ? notFound(5, "The table does not exist.", `unknown table ${tableId}`)
    : Effect.succeed(table)
}

/** The English and native names of a language family of the world. */
export const languageName = (world: World, code: string) => {
  const locale = world.locales.find((l) => l.language === code)
  return { name: locale?.name.replace(/ \(.*\)$/, "") ?? code, nativeName: locale?.nativeName ?? code }
}

/** Nothing for a language family of the world, else 400 code 2. */
export const knownLanguage = (world: World, code: string) =>
  worldLanguages(world).includes(code)
    ? Effect.void
    : badRequest(2, "The language is not supported.", `unknown language ${code}`)

/** A language the game supports, else 400 code 3. */
export const supportedLanguage = (game: GameState, code: string) => {
  const language = game.supported.get(code)
  return language === undefined
    ? badRequest(3, "The language is not supported by the game.", `language ${code} not supported`)
    : Effect.succeed(language)
}

/** The game's automatic table, made (and associated) if it has none. */
export const autoTableOf = (world: World, gameId: number, game: GameState): TableState => {
  const state = localizationState(world)
  const existing = game.autoTableId === null ? undefined : state.tables.get(game.autoTableId)
  if (existing !== undefined) return existing
  const universe = world.universes.get(gameId)!
  const table = state.newTable(`${universe.name} automatic table`, universe.creatorType, universe.creatorId)
  table.gameIds.add(gameId)
  game.autoTableId = table.id
  return table
}

/** A game's autolocalization information as the services answer it. */
export const autolocalizationInfo = (world: World, game: GameState) => {
  const table = game.autoTableId === null ? undefined : localizationState(world).tables.get(game.autoTableId)
  return {
    isAutolocalizationEnabled: game.isAutolocalizationEnabled,
    shouldUseLocalizationTable: game.shouldUseLocalizationTable,
    autoLocalizationTableId: table?.id ?? null,
    assetId: table?.assetId ?? null,
    sourceLanguage: game.sourceLanguage
  }
}
