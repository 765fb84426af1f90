/**
 * A game's source language (API-7, 2 calls).
 *
 * @module
 */
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as Schema from "effect/Schema"
import { CreatorToolErrors, Language } from "../localizationSchemas.ts"
import { EmptyResponse, Id } from "../sharedSchemas.ts"

/** The source language endpoints. */
export class SourceLanguageGroup extends HttpApiGroup.make("sourceLanguage").add(
  HttpApiEndpoint.get("getSourceLanguage", "/v1/source-language/games/:gameId", {
    params: { gameId: Id },
    success: Language,
    error: CreatorToolErrors
  }),
  HttpApiEndpoint.patch("setSourceLanguage", "/v1/source-language/games/:gameId", {
    params: { gameId: Id },
    query: { languageCode: Schema.String },
    success: EmptyResponse,
    error: CreatorToolErrors
  })
) {}
