/**
 * The schema helpers every service definition under `src/platform/api/` shares: ids, list encodings, enums sent as
 * codes or names, sort order, paged and array answers, the empty answer, and the platform's error bodies.
 *
 * Conventions every definition follows:
 * - Lists in query parameters are encoded as the published document says. `collectionFormat: csv` (and calls the
 *   documents do not describe) is ONE comma-joined string (`universeIds=1,2,3`, the platform's list separator):
 *   {@link CommaSeparated}, {@link IdList}, {@link StringList}. `collectionFormat: multi` is repeated keys
 *   (`placeIds=1&placeIds=2`): {@link RepeatedIds}, {@link RepeatedStrings}. Either way a client passes `[1, 2, 3]`
 *   and the emulator's handler receives `[1, 2, 3]`.
 * - Request values from a closed set (page sizes, image sizes, enums) are `Schema.Literals`, {@link NameFromString}
 *   or {@link lenientEnum}: read in every spelling the services accept (names in any case, codes as numbers or
 *   digits), sent in the one the published document shows; the typed clients take any of those spellings and check
 *   the value before sending (clients/allowedValues.ts).
 * - Responses are lenient: unknown fields are ignored (Schema structs drop excess keys on decode), most fields are
 *   optional, and enums are OPEN ({@link openCodedEnum}): the integer code the published document declares and the name
 *   live traffic sends (in any case) both decode to the name, and a value this library does not know decodes to an
 *   {@link UnknownValue} carrying it, so one new value never fails a whole list.
 * - Error bodies are `{ errors: [{ code, message }] }`: an endpoint names the statuses it answers with them
 *   (`errors: [400, 429]`), and {@link ApiBadRequest} & co. are their schemas per status, as the emulator answers
 *   them (./httpApi.ts).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"

/** A positive integer id (users, universes, places, …), decoded from a number. */
export const Id = Schema.Int.check(Schema.isGreaterThan(0))

/** A positive integer id carried as a string (path parameters, list items in a query). */
export const IdFromString = Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThan(0))

/**
 * A list carried as one comma-joined string, e.g. `universeIds=1,2,3`. `item` decodes one element from its string
 * form; the empty string is the empty list. Encoding joins with `,`.
 */
export const CommaSeparated = <S extends Schema.Top & { readonly Encoded: string }>(item: S) =>
  Schema.String.pipe(
    Schema.decodeTo(
      Schema.Array(item),
      SchemaTransformation.transform({
        decode: (joined: string): ReadonlyArray<string> =>
          joined === "" ? [] : joined.split(",").map((part) => part.trim()),
        encode: (parts: ReadonlyArray<string>): string => parts.join(",")
      })
    )
  )

/** A comma-joined list of ids (`1,2,3` ⇄ `[1, 2, 3]`). */
export const IdList = CommaSeparated(IdFromString)

/** A comma-joined list of strings (`a,b` ⇄ `["a", "b"]`). */
export const StringList = CommaSeparated(Schema.String)

/** A list of ids sent as repeated query keys (`placeIds=1&placeIds=2`), the documents' `collectionFormat: multi`. */
export const RepeatedIds = Schema.Array(IdFromString)

/** A list of strings sent as repeated query keys (`imageTokens=a&imageTokens=b`). */
export const RepeatedStrings = Schema.Array(Schema.String)

/** How enum names are compared when read: without regard to case (`png`, `PNG` and `Png` are `Png`). */
export const foldCase = (name: string): string => name.toLowerCase()

/**
 * A closed set of names, read from any spelling that `fold` (default {@link foldCase}) maps to the key of one of
 * them, as the platform's services read enum names (`format=png`, `PNG` and `Png` are `Png`); any other string is
 * refused. Encoding gives the name as declared: writers send the canonical spelling.
 */
export const NameFromString = <const Names extends readonly [string, ...Array<string>]>(
  names: Names,
  fold: (name: string) => string = foldCase
) => {
  const byKey = new Map(names.map((name) => [fold(name), name] as const))
  const Spelling = Schema.String.check(
    Schema.makeFilter((value: string) => byKey.has(fold(value)), { expected: `one of ${names.join(", ")}` })
  )
  return Spelling.pipe(
    Schema.decodeTo(
      Schema.Literals(names),
      SchemaTransformation.transform({
        decode: (value: string) => byKey.get(fold(value)) as Names[number],
        encode: (name: Names[number]): string => name
      })
    )
  )
}

const digits = /^-?\d{1,15}$/

/** One of the integer `codes`, read from the number or from its digits (`"2"`), encoded as the number. */
const CodeFromRaw = <const Codes extends readonly [number, ...Array<number>]>(codes: Codes) => {
  const Codes = Schema.Literals(codes)
  const fromDigits = Schema.String.check(
    Schema.makeFilter((value: string) => digits.test(value) && codes.includes(Number(value)), {
      expected: `one of ${codes.join(", ")}`
    })
  ).pipe(
    Schema.decodeTo(
      Codes,
      SchemaTransformation.transform({
        decode: (value: string) => Number(value) as Codes[number],
        encode: (code: Codes[number]): string => String(code)
      })
    )
  )
  return Schema.Union([Codes, fromDigits])
}

/** What an enum of names and codes reads, as a predicate over raw values (a code, its digits, a name in any case). */
const knownRaw = (names: ReadonlyArray<string>, codes: ReadonlyArray<number>) => {
  const keys = new Set(names.map(foldCase))
  return (value: string | number): boolean =>
    typeof value === "number"
      ? codes.includes(value)
      : keys.has(foldCase(value)) || (digits.test(value) && codes.includes(Number(value)))
}

/**
 * An enum sent as an integer code or as its name; both decode to the name. `codes` maps each code to its name, e.g.
 * `{ 0: "Offline", 1: "Online" }`. It is read as the platform's services read it: the code as a number or as its
 * digits (`"1"`), the name in any case (`online`). Encoding gives the form the published document declares: the
 * integer code (`encodeAs: "code"`, the default) or the name as declared.
 */
export const lenientEnum = <const Names extends readonly [string, ...Array<string>]>(
  names: Names,
  codes: { readonly [code: number]: Names[number] },
  encodeAs: "code" | "name" = "code"
) => {
  const entries = Object.entries(codes).map(([code, name]) => [Number(code), name] as const)
  const byName = new Map(entries.map(([code, name]) => [name, code]))
  const byCode = new Map(entries)
  const codeLiterals = entries.map(([code]) => code) as unknown as readonly [number, ...Array<number>]
  const fromCode = CodeFromRaw(codeLiterals).pipe(
    Schema.decodeTo(
      Schema.Literals(names),
      SchemaTransformation.transform({
        decode: (code: number) => byCode.get(code) as Names[number],
        encode: (name: Names[number]) => byName.get(name) as number
      })
    )
  )
  const fromName = NameFromString(names)
  return Schema.Union(encodeAs === "code" ? [fromCode, fromName] : [fromName, fromCode])
}

/** A value of an open enum that this library does not know (yet), kept as it was sent: a code or a name. */
export const UnknownValue = Schema.TaggedStruct("Unknown", { value: Schema.Union([Schema.String, Schema.Finite]) })

/** The type of {@link UnknownValue}. */
export type UnknownValue = typeof UnknownValue.Type

/** The label of an open enum's value: its name, or the value as sent when this library does not know it. */
export const enumLabel = (value: string | UnknownValue): string =>
  typeof value === "string" ? value : String(value.value)

/** Whether an open enum's value is one this library does not know. */
export const isUnknownValue = (value: unknown): value is UnknownValue =>
  typeof value === "object" && value !== null && (value as { readonly _tag?: unknown })._tag === "Unknown"

/** A raw value that `isKnown` refuses, decoded to an {@link UnknownValue} (whose value `isKnown` refuses too). */
const unknownFromRaw = (isKnown: (value: string | number) => boolean) => {
  const Raw = Schema.Union([Schema.String, Schema.Finite]).check(
    Schema.makeFilter((value: string | number) => !isKnown(value), { expected: "a value of no known member" })
  )
  return Raw.pipe(
    Schema.decodeTo(
      Schema.TaggedStruct("Unknown", { value: Raw }),
      SchemaTransformation.transform({
        decode: (value: string | number): UnknownValue => ({ _tag: "Unknown", value }),
        encode: (unknown: UnknownValue): string | number => unknown.value
      })
    )
  )
}

/**
 * An enum of an answer, open as the services treat it: the integer code (as the published document declares it)
 * and the name (as live traffic sends it, in any case) decode to the name; any other string or number decodes to an
 * {@link UnknownValue} holding it, so a value added later never fails the answer. Encoding gives the code
 * (`encodeAs: "code"`, the default) or the name, and an unknown value as it came.
 *
 * @example
 * const State = openCodedEnum(["Error", "Completed"], { 0: "Error", 1: "Completed" }, "name")
 * // 1 → "Completed", "completed" → "Completed", "Archived" → { _tag: "Unknown", value: "Archived" }
 */
export const openCodedEnum = <const Names extends readonly [string, ...Array<string>]>(
  names: Names,
  codes: { readonly [code: number]: Names[number] },
  encodeAs: "code" | "name" = "code"
) =>
  Schema.Union([lenientEnum(names, codes, encodeAs), unknownFromRaw(knownRaw(names, Object.keys(codes).map(Number)))])

/**
 * An enum of an answer sent by name only, open: any spelling that `fold` (default {@link foldCase}) maps to a name
 * decodes to that name; any other string or number decodes to an {@link UnknownValue} holding it.
 */
export const openNameEnum = <const Names extends readonly [string, ...Array<string>]>(
  names: Names,
  fold: (name: string) => string = foldCase
) => {
  const keys = new Set(names.map(fold))
  return Schema.Union([
    NameFromString(names, fold),
    unknownFromRaw((value) => typeof value === "string" && keys.has(fold(value)))
  ])
}

/**
 * Make a closed enum of an answer open: `known` lists every raw value (names and codes) the enum decodes, names
 * compared in any case; any other string or number decodes to an {@link UnknownValue} holding it.
 */
export const orUnknown = <S extends Schema.Top>(schema: S, known: ReadonlyArray<string | number>) => {
  const keys = new Set(known.map((value) => (typeof value === "string" ? foldCase(value) : value)))
  return Schema.Union([
    schema,
    unknownFromRaw((value) => keys.has(typeof value === "string" ? foldCase(value) : value))
  ])
}

/** Sort order of a paged list (spec: Asc, Desc), sent by name, read in any case. */
export const SortOrder = NameFromString(["Asc", "Desc"])

/** The type of {@link SortOrder}. */
export type SortOrder = typeof SortOrder.Type

/** The sort order where the published document declares it as a code (`Asc` = 1, `Desc` = 2). */
export const SortOrderCode = lenientEnum(["Asc", "Desc"], { 1: "Asc", 2: "Desc" })

/** The page sizes most paged lists of the published documents accept. */
export const pageSizes = [10, 25, 50, 100] as const

/** A `limit` of {@link pageSizes}. */
export const PageSize = Schema.Literals(pageSizes)

/** The creator of a game or an item, documented as 0–1 (or named), sent live as the name. */
export const CreatorType = openCodedEnum(["User", "Group"], { 0: "User", 1: "Group" }, "name")

/** The type of {@link CreatorType}. */
export type CreatorType = typeof CreatorType.Type

/** An empty answer (`{}`), as the platform sends for calls that only acknowledge. */
export const EmptyResponse = Schema.Struct({})

/** The type of {@link EmptyResponse}. */
export type EmptyResponse = typeof EmptyResponse.Type

/** One item of an error body: a numeric code and an optional message. */
export const ApiErrorItem = Schema.Struct({
  code: Schema.Int,
  message: Schema.optional(Schema.String)
})

/** The type of {@link ApiErrorItem}. */
export type ApiErrorItem = typeof ApiErrorItem.Type

/** The platform's error body: `{ errors: [{ code, message }] }`. */
export const ApiErrorBody = Schema.Struct({ errors: Schema.Array(ApiErrorItem) })

/** The type of {@link ApiErrorBody}. */
export type ApiErrorBody = typeof ApiErrorBody.Type

/** A 400 answer with the platform's error body (bad or too many ids, invalid parameters). */
export class ApiBadRequest extends Schema.Error<ApiBadRequest>("platform-web-client/platform/api/ApiBadRequest")(
  { errors: Schema.Array(ApiErrorItem) },
  { httpApiStatus: 400, description: "Bad request" }
) {}

/** A 401 answer with the platform's error body (the call needs a signed-in user). */
export class ApiUnauthorized extends Schema.Error<ApiUnauthorized>("platform-web-client/platform/api/ApiUnauthorized")(
  { errors: Schema.Array(ApiErrorItem) },
  { httpApiStatus: 401, description: "Unauthorized" }
) {}

/** A 403 answer with the platform's error body (anti-forgery token missing or stale, or not allowed). */
export class ApiForbidden extends Schema.Error<ApiForbidden>("platform-web-client/platform/api/ApiForbidden")(
  { errors: Schema.Array(ApiErrorItem) },
  { httpApiStatus: 403, description: "Forbidden" }
) {}

/** A 404 answer with the platform's error body. */
export class ApiNotFound extends Schema.Error<ApiNotFound>("platform-web-client/platform/api/ApiNotFound")(
  { errors: Schema.Array(ApiErrorItem) },
  { httpApiStatus: 404, description: "Not found" }
) {}

/** A 429 answer with the platform's error body (flood limit). */
export class ApiTooManyRequests extends Schema.Error<ApiTooManyRequests>(
  "platform-web-client/platform/api/ApiTooManyRequests"
)({ errors: Schema.Array(ApiErrorItem) }, { httpApiStatus: 429, description: "Too many requests" }) {}

/** Build an error body with one item. */
export const errorBody = (code: number, message: string): ApiErrorBody => ({ errors: [{ code, message }] })

/**
 * A cursor-paged list: `{ data, previousPageCursor, nextPageCursor }`. An absent or null cursor means there is no
 * page in that direction.
 */
export const CursorPage = <S extends Schema.Top>(item: S) =>
  Schema.Struct({
    data: Schema.Array(item),
    previousPageCursor: Schema.optionalKey(Schema.NullOr(Schema.String)),
    nextPageCursor: Schema.optionalKey(Schema.NullOr(Schema.String))
  })

/** A field of an answer that may be absent or null (most fields of the published answer models). */
export const optionalOrNull = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))

/** An array response: `{ data: [...] }`. */
export const DataList = <S extends Schema.Top>(item: S) => Schema.Struct({ data: Schema.Array(item) })
