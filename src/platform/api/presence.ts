/**
 * The presence service: where users are (offline, online, in a game, in Studio). Paths are relative to
 * `PlatformConfig.baseUrls.presence`.
 *
 * The spec gives two readings of the lookup, `POST /v1/presence/users` with `{ userIds }` and `GET /v1/presence/users`
 * with the ids in the query; the published document has only the POST, so both readings are the POST
 * (docs/platform-clients.md, "Decisions"). Lookups take at most 100 ids. `userPresenceType` is 0 Offline, 1 Online,
 * 2 InGame, 3 InStudio or 4 Invisible (the published document lists 0–3; the site's own code and the friends document
 * add 4, which a user sees only for themself: others see an invisible user offline), sent as the code or the name,
 * and open. Answers also carry `lastOnline` and, for the user's own invisible mode, `invisibleModeExpiry`.
 *
 * @module
 */
import * as Schema from "effect/Schema"
import { api, group, post } from "./definition.ts"
import { Id, openCodedEnum } from "./sharedSchemas.ts"

/** At most this many ids per presence lookup (spec: "Presence lookup batch 100"); more is answered 400. */
export const maxPresenceIdsPerLookup = 100

/**
 * Where a user is: 0 Offline, 1 Online, 2 InGame, 3 InStudio, 4 Invisible (the user's own presence only). Sent as
 * the code or the name (any case); both decode; any other value is kept as unknown.
 */
export const PresenceType = openCodedEnum(["Offline", "Online", "InGame", "InStudio", "Invisible"], {
  0: "Offline",
  1: "Online",
  2: "InGame",
  3: "InStudio",
  4: "Invisible"
})

/** The type of {@link PresenceType}. */
export type PresenceType = typeof PresenceType.Type

/** The body of `POST /v1/presence/users`. */
export const PresenceRequest = Schema.Struct({ userIds: Schema.Array(Id) })

/** The presence of one user. Only `userId` and `userPresenceType` are always present. */
export const UserPresence = Schema.Struct({
  userId: Id,
  userPresenceType: PresenceType,
  lastLocation: Schema.optional(Schema.NullOr(Schema.String)),
  placeId: Schema.optional(Schema.NullOr(Id)),
  rootPlaceId: Schema.optional(Schema.NullOr(Id)),
  universeId: Schema.optional(Schema.NullOr(Id)),
  gameId: Schema.optional(Schema.NullOr(Schema.String)),
  /** When the user was last online (an ISO date-time). */
  lastOnline: Schema.optional(Schema.NullOr(Schema.String)),
  /** Until when the user's invisible mode lasts (an ISO date-time); only in the user's own presence. */
  invisibleModeExpiry: Schema.optional(Schema.NullOr(Schema.String))
})

/** The type of {@link UserPresence}. */
export type UserPresence = typeof UserPresence.Type

/** The answer of a presence lookup. */
export const UserPresencesResponse = Schema.Struct({ userPresences: Schema.Array(UserPresence) })

/** `POST /v1/presence/users`. */
export const getPresences = post("getPresences", "/v1/presence/users", {
  payload: PresenceRequest,
  success: UserPresencesResponse,
  errors: [400, 429]
})

/** The presence endpoints. */
export const PresenceGroup = group("presence", getPresences)

/** The presence service. */
export const PresenceApi = api("presence", { title: "Presence", version: "v1" }, PresenceGroup)
