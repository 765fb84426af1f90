/**
 * shownParameters: the query parameters whose values the library may write (a log line, an error report, a span, the
 * devtools panel), the allow-list of ./redactUrl.ts (docs/security.md "Nothing secret in a log"). Every other
 * parameter's value is hidden: a list of secret-looking names always misses the next secret (a two-step code, a
 * recovery code, a PIN, a cookie's name, a signed URL's `Policy` or `Key-Pair-Id`), a list of harmless names only
 * ever hides too much.
 *
 * The names are the ones the platform's services take (their definitions in src/platform/api and the spec's lists
 * of calls), plus the generic `id` and `ids`: ids, paging, sorting, sizes, formats, filters, locales and dates. They
 * are matched whole, ignoring case (the services read names case-insensitively), never by a part or a suffix
 * (`sessionId` ends in Id). Left off on purpose, although the services take them: `sessionId`, `imageToken`,
 * `imageTokens`, `model.sortToken`, `PaginationKey` and `exclusiveStartKey` (named like secrets, so a reader of a
 * log could not tell), and `model.keyword` (what a person typed). Add a name only when no value of it can be a
 * secret or a person's data.
 *
 * A value of a listed name is shown only when it is {@link isPlain}: an id, a number, a word, a list of them, a date,
 * a cursor. A value with any other character (a URL with a query, percent-escapes left after decoding, quotes,
 * markup) or longer than {@link maxShownValueLength} is hidden like any other.
 *
 * @module
 */

/** The query parameter names whose plain values are shown, as the services spell them. */
export const shownParameterNames: ReadonlyArray<string> = [
  // ids and lists of ids
  "id",
  "ids",
  "assetId",
  "assetIds",
  "badgeIds",
  "bundleIds",
  "contextAssetId",
  "developerProductIds",
  "gameId",
  "gameIds",
  "gamePassIds",
  "groupId",
  "groupIds",
  "placeId",
  "placeIds",
  "thumbnailIds",
  "universeId",
  "universeIds",
  "userId",
  "userIds",
  "userOutfitIds",
  "reportSubjectTargetId",
  "model.contextCountryRegionId",
  "model.contextUniverseId",
  "model.gameSetTargetId",
  "model.pageId",
  // paging and sorting
  "cursor",
  "limit",
  "page",
  "pageSize",
  "numItems",
  "countPerUniverse",
  "sortOrder",
  "userSort",
  "friendRequestSort",
  "MaxRows",
  "IsTruncatedResultsEnabled",
  "model.maxRows",
  "model.startRows",
  "model.exclusiveStartId",
  "model.sortOrder",
  "model.sortPosition",
  // sizes and formats of images and entries
  "size",
  "format",
  "isCircular",
  "returnPolicy",
  "defaults",
  "width",
  "height",
  "thumbWidth",
  "thumbHeight",
  "useGltf",
  "entryFormat",
  // locales and languages
  "languageCode",
  "languageOrLocaleCode",
  "languageOrLocaleType",
  "displayValueLocale",
  "targetLanguages",
  // filters, kinds and dates
  "accessFilter",
  "itemType",
  "findFriendsType",
  "excludeFullGames",
  "fetchMutualFriends",
  "excludeBannedUsers",
  "reportType",
  "startDateTime",
  "endDateTime",
  "model.gameFilter",
  "model.genreFilter",
  "model.timeFilter",
  "model.gameSortsContext",
  "model.isKeywordSuggestionEnabled"
]

const shownLowerCase: ReadonlySet<string> = new Set(shownParameterNames.map((name) => name.toLowerCase()))

/** Whether the values of the query parameter `name` (percent-decoded) may be shown: see the module doc. */
export const isShownParameter = (name: string): boolean => shownLowerCase.has(name.toLowerCase())

/** The longest value shown (a batch of 100 ids of 11 digits, comma-joined, is 1,199 characters). */
export const maxShownValueLength = 1_200

/** The longest parameter name shown; a longer one is hidden with its value. */
export const maxShownNameLength = 100

/**
 * The characters of a plain text: ASCII letters and digits, space, and `- . _ ~ , : = + * / [ ]` (ids, lists,
 * dates, cursors, array-style names). Never `?`, `#`, `&`, `;`, `@`, `%`, quotes, angle brackets or braces, controls
 * or anything beyond ASCII.
 */
const plain = /^[A-Za-z0-9 ._~,:=+*/[\]-]*$/

/** Whether `text` (percent-decoded) is plain and at most `maxLength` characters long: see {@link plain}. */
export const isPlain = (text: string, maxLength: number): boolean => text.length <= maxLength && plain.test(text)
