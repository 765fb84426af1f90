/**
 * A game's source language (API-7, 2 calls).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group, patch } from "../definition.ts"
import { CreatorToolErrors, Language } from "../localizationSchemas.ts"
import { EmptyResponse, Id } from "../sharedSchemas.ts"

/** `GET /v1/source-language/games/{gameId}`. */
export const getSourceLanguage = get("getSourceLanguage", "/v1/source-language/games/:gameId", {
  params: { gameId: Id },
  success: Language,
  errors: CreatorToolErrors
})

/** `PATCH /v1/source-language/games/{gameId}`. */
export const setSourceLanguage = patch("setSourceLanguage", "/v1/source-language/games/:gameId", {
  params: { gameId: Id },
  query: { languageCode: Schema.String },
  success: EmptyResponse,
  errors: CreatorToolErrors
})

/** The source language endpoints. */
export const SourceLanguageGroup = group("sourceLanguage", getSourceLanguage, setSourceLanguage)
