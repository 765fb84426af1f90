/**
 * Details of games and places on the games service (API-13): product info, place details, playability,
 * icons, media and game thumbnails by image token.
 *
 * Lists go as the published document says, at most 100 per request: universe ids comma-joined (`csv`), place ids and
 * image tokens as repeated keys (`multi`). The image-token thumbnails and the v1 media are deprecated in the document
 * (the service may answer 404 code 10); they are defined as published (docs/platform-clients.md, "Decisions").
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { get, group } from "../definition.ts"
import { DataList, Id, IdList, openCodedEnum, optionalOrNull, RepeatedIds, RepeatedStrings } from "../sharedSchemas.ts"

/** Whether a game is for sale, and its price. */
export const GameProductInfo = Schema.Struct({
  universeId: Schema.Int,
  isForSale: Schema.optional(Schema.Boolean),
  productId: Schema.optional(Schema.NullOr(Schema.Int)),
  price: Schema.optional(Schema.NullOr(Schema.Int)),
  sellerId: Schema.optional(Schema.NullOr(Schema.Int))
})

/** The type of {@link GameProductInfo}. */
export type GameProductInfo = typeof GameProductInfo.Type

/** Details of a place. */
export const PlaceDetails = Schema.Struct({
  placeId: Schema.Int,
  name: Schema.String,
  description: Schema.optional(Schema.NullOr(Schema.String)),
  url: Schema.optional(Schema.String),
  builder: Schema.optional(Schema.String),
  builderId: Schema.optional(Schema.Int),
  hasVerifiedBadge: Schema.optional(Schema.Boolean),
  isPlayable: Schema.optional(Schema.Boolean),
  reasonProhibited: Schema.optional(Schema.NullOr(Schema.String)),
  universeId: Schema.Int,
  universeRootPlaceId: Schema.optional(Schema.Int),
  price: Schema.optional(Schema.NullOr(Schema.Int)),
  imageToken: Schema.optional(Schema.NullOr(Schema.String)),
  sourceName: optionalOrNull(Schema.String),
  sourceDescription: optionalOrNull(Schema.String)
})

/** The type of {@link PlaceDetails}. */
export type PlaceDetails = typeof PlaceDetails.Type

/** Why a game can or cannot be played (documented 0–19, sent live as the name; open). */
export const PlayabilityStatus = openCodedEnum(
  [
    "UnplayableOtherReason",
    "Playable",
    "GuestProhibited",
    "GameUnapproved",
    "IncorrectConfiguration",
    "UniverseRootPlaceIsPrivate",
    "InsufficientPermissionFriendsOnly",
    "InsufficientPermissionGroupOnly",
    "DeviceRestricted",
    "UnderReview",
    "PurchaseRequired",
    "AccountRestricted",
    "TemporarilyUnavailable",
    "PlaceHasNoPublishedVersion",
    "ComplianceBlocked",
    "ContextualPlayabilityRegionalAvailability",
    "ContextualPlayabilityRegionalCompliance",
    "ContextualPlayabilityAgeRecommendationParentalControls",
    "ContextualPlayabilityAgeGated",
    "ContextualPlayabilityUnverifiedSeventeenPlusUser"
  ],
  {
    0: "UnplayableOtherReason",
    1: "Playable",
    2: "GuestProhibited",
    3: "GameUnapproved",
    4: "IncorrectConfiguration",
    5: "UniverseRootPlaceIsPrivate",
    6: "InsufficientPermissionFriendsOnly",
    7: "InsufficientPermissionGroupOnly",
    8: "DeviceRestricted",
    9: "UnderReview",
    10: "PurchaseRequired",
    11: "AccountRestricted",
    12: "TemporarilyUnavailable",
    13: "PlaceHasNoPublishedVersion",
    14: "ComplianceBlocked",
    15: "ContextualPlayabilityRegionalAvailability",
    16: "ContextualPlayabilityRegionalCompliance",
    17: "ContextualPlayabilityAgeRecommendationParentalControls",
    18: "ContextualPlayabilityAgeGated",
    19: "ContextualPlayabilityUnverifiedSeventeenPlusUser"
  }
)

/** Whether the current user can play a game. */
export const Playability = Schema.Struct({
  universeId: Schema.Int,
  isPlayable: Schema.Boolean,
  playabilityStatus: Schema.optional(PlayabilityStatus)
})

/** The type of {@link Playability}. */
export type Playability = typeof Playability.Type

/** A game's icon: the image asset and its URL. */
export const GameIcon = Schema.Struct({
  imageId: Schema.optional(Schema.NullOr(Schema.Int)),
  url: Schema.optional(Schema.NullOr(Schema.String))
})

/** One media item (image or video) of a game. */
export const GameMediaItem = Schema.Struct({
  id: Schema.optional(Schema.Int),
  assetTypeId: Schema.optional(Schema.Int),
  assetType: Schema.optional(Schema.String),
  imageId: Schema.optional(Schema.NullOr(Schema.Int)),
  videoHash: Schema.optional(Schema.NullOr(Schema.String)),
  videoTitle: Schema.optional(Schema.NullOr(Schema.String)),
  approved: Schema.optional(Schema.Boolean),
  altText: Schema.optional(Schema.NullOr(Schema.String))
})

/** The type of {@link GameMediaItem}. */
export type GameMediaItem = typeof GameMediaItem.Type

/** A game thumbnail by image token: its URL once `final`, a retry token while it is being made. */
export const GameImageThumbnail = Schema.Struct({
  url: Schema.optional(Schema.NullOr(Schema.String)),
  cdnUrl: Schema.optional(Schema.NullOr(Schema.String)),
  final: Schema.Boolean,
  retryToken: Schema.optional(Schema.NullOr(Schema.String)),
  universeId: Schema.optional(Schema.Int),
  placeId: Schema.optional(Schema.Int)
})

/** The type of {@link GameImageThumbnail}. */
export type GameImageThumbnail = typeof GameImageThumbnail.Type

const sizeQuery = { height: Schema.optional(Schema.Int), width: Schema.optional(Schema.Int) }

/** `GET /v1/games/game-thumbnail`. */
export const getGameThumbnail = get("getGameThumbnail", "/v1/games/game-thumbnail", {
  query: { imageToken: Schema.String, ...sizeQuery },
  success: GameImageThumbnail,
  errors: [400]
})

/** `GET /v1/games/game-thumbnails`. */
export const getGameThumbnails = get("getGameThumbnails", "/v1/games/game-thumbnails", {
  query: { imageTokens: RepeatedStrings, ...sizeQuery },
  success: Schema.Array(GameImageThumbnail),
  errors: [400]
})

/** `GET /v1/games/games-product-info`. */
export const getGamesProductInfo = get("getGamesProductInfo", "/v1/games/games-product-info", {
  query: { universeIds: IdList },
  success: DataList(GameProductInfo),
  errors: [400]
})

/** `GET /v1/games/multiget-place-details`. */
export const getPlaceDetails = get("getPlaceDetails", "/v1/games/multiget-place-details", {
  query: { placeIds: RepeatedIds },
  success: Schema.Array(PlaceDetails),
  errors: [400]
})

/** `GET /v1/games/multiget-playability-status`. */
export const getPlayabilityStatus = get("getPlayabilityStatus", "/v1/games/multiget-playability-status", {
  query: { universeIds: IdList },
  success: Schema.Array(Playability),
  errors: [400]
})

/** `GET /v1/games/{universeId}/icon`. */
export const getGameIcon = get("getGameIcon", "/v1/games/:universeId/icon", {
  params: { universeId: Id },
  success: GameIcon,
  errors: [400, 404]
})

/** `GET /v1/games/{universeId}/media`. */
export const getGameMedia = get("getGameMedia", "/v1/games/:universeId/media", {
  params: { universeId: Id },
  success: DataList(GameMediaItem),
  errors: [400, 404]
})

/** `GET /v2/games/{universeId}/media`. */
export const getGameMediaV2 = get("getGameMediaV2", "/v2/games/:universeId/media", {
  params: { universeId: Id },
  success: DataList(GameMediaItem),
  errors: [400, 404]
})

/** The game and place details endpoints. */
export const GameDetailsGroup = group(
  "gameDetails",
  getGameThumbnail,
  getGameThumbnails,
  getGamesProductInfo,
  getPlaceDetails,
  getPlayabilityStatus,
  getGameIcon,
  getGameMedia,
  getGameMediaV2
)
