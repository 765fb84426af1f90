/**
 * The localization tables a game uses, on the game internationalization service: `PATCH
 * /v1/localizationtable/gametables/{gameId}` associates tables with a game or dissociates them. The published game
 * internationalization document still has this call at the spec's path; the other table calls moved to the
 * localization tables service (`localizationTables/localizationTable.ts`).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { group, patch } from "../definition.ts"
import { CreatorToolErrors } from "../localizationSchemas.ts"
import { Id } from "../sharedSchemas.ts"

/** The body of a game's table association change. */
export const AssociateTablesRequest = Schema.Struct({
  tables: Schema.Array(Schema.Struct({ id: Schema.String, dissociate: Schema.optional(Schema.Boolean) }))
})

/** The type of {@link AssociateTablesRequest}. */
export type AssociateTablesRequest = typeof AssociateTablesRequest.Type

/** `PATCH /v1/localizationtable/gametables/{gameId}`. */
export const associateGameTables = patch("associateGameTables", "/v1/localizationtable/gametables/:gameId", {
  params: { gameId: Id },
  payload: AssociateTablesRequest,
  success: Schema.Struct({ success: Schema.Boolean }),
  errors: CreatorToolErrors
})

/** The game tables endpoint. */
export const GameTablesGroup = group("gameTables", associateGameTables)
