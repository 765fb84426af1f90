/**
 * Fixtures shared by the client and contract tests of the games service.
 */

/** A game of a game list or of recommendations, as the games service answers it. */
export const gameListItem = {
  universeId: 1001,
  placeId: 100010,
  name: "Brave Tycoon",
  playerCount: 1234,
  totalUpVotes: 900,
  totalDownVotes: 100,
  creatorId: 7,
  creatorName: "Maker",
  creatorType: "User",
  creatorHasVerifiedBadge: false,
  price: null,
  genre: "Town and City",
  gameDescription: "Build it.",
  imageToken: "T_1001_icon",
  isSponsored: false,
  analyticsIdentifier: null
}
