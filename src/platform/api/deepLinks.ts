/**
 * The deep-links service: resolve a share link that names no type (`{scheme}://navigation/share_links?code=…&v=v2`,
 * or a web share URL with `v=v2`). Paths are relative to `PlatformConfig.baseUrls.deepLinks`
 * (`https://apis.{domain}/deeplinks` on a real domain: a base path of its own, not the share-links service's). One
 * call: `POST /v2/resolve` with `{ linkId }`, answering what the link is:
 * `{ linkType, targetId, customData (string or null), status }`.
 *
 * Tolerant readers (docs/real-platform.md, "Share and deep links"; the site's own type names the status field `linkStatus`):
 * - the status is read from `status`, or from `linkStatus` when `status` is absent; `Valid`, `Invalid`, `Expired`
 *   in any case; any other value (or none) is kept as `{ _tag: "Unknown", value }` and is not valid;
 * - `linkType` is open: `Experience`, `ExperienceV2`, `Moments`, `UserTrustedConnection`, `StudioTrustedConnection`,
 *   `SchoolInvite`, studio links and types added later all decode;
 * - `targetId` is sent as a string; a number is accepted;
 * - a Moments link's post is `{ postId, postCreatorId }`, both strings ({@link MomentsData}), carried as the JSON
 *   of `customData` ({@link momentsDataOf}).
 *
 * @module
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { api, group, post } from "./definition.ts"
import { expiringLinkStatuses, statusKey } from "../sharelinks/shareLinkTypes.ts"
import { openNameEnum } from "./sharedSchemas.ts"

/** The body of `POST /v2/resolve`: the link's code as `linkId`. */
export const ResolveLinkV2Request = Schema.Struct({ linkId: Schema.String })

/** The status of a v2 link: `Valid`, `Invalid` or `Expired` (any case); any other value kept as unknown. */
export const LinkV2Status = openNameEnum(expiringLinkStatuses, statusKey)

/** The type of {@link LinkV2Status}. */
export type LinkV2Status = typeof LinkV2Status.Type

const opt = <S extends Schema.Top>(schema: S) => Schema.optional(Schema.NullOr(schema))

const resolvedFields = {
  linkType: Schema.String,
  targetId: opt(Schema.Union([Schema.String, Schema.Int])),
  customData: opt(Schema.String)
}

/** The answer as decoded: `status` always there. */
const Resolved = Schema.Struct({ ...resolvedFields, status: LinkV2Status })

/** A status as sent, before it is read. */
const RawStatus = Schema.Union([Schema.String, Schema.Finite])

/** The answer as sent: `status`, or the site type's `linkStatus`, or neither. */
const ResolvedWire = Schema.Struct({
  ...resolvedFields,
  status: Schema.optional(RawStatus),
  linkStatus: Schema.optional(RawStatus)
})

/**
 * The answer of `POST /v2/resolve`: what the link is (`linkType`, open), what it points at (`targetId`: a place for
 * `Experience`), data for the target (`customData`: an experience's launch data, a moment's post) and the status
 * (from `status`, else `linkStatus`; an answer with neither has the unknown status `""`). Encoded with `status`.
 */
export const ResolvedLinkV2 = ResolvedWire.pipe(
  Schema.decodeTo(
    Resolved,
    SchemaTransformation.transform({
      decode: ({ linkStatus, status, ...rest }) => ({ ...rest, status: status ?? linkStatus ?? "" }),
      encode: (resolved) => resolved
    })
  )
)

/** The type of {@link ResolvedLinkV2}. */
export type ResolvedLinkV2 = typeof ResolvedLinkV2.Type

/** An id carried as a string; a number is accepted and kept as its digits. */
const IdText = Schema.Union([
  Schema.String,
  Schema.Int.pipe(
    Schema.decodeTo(
      Schema.String,
      SchemaTransformation.transform({ decode: (id: number) => String(id), encode: (id: string) => Number(id) })
    )
  )
])

/** The post of a Moments link: its id and its creator's id, both strings (numbers accepted, kept as digits). */
export const MomentsData = Schema.Struct({ postId: IdText, postCreatorId: IdText })

/** The type of {@link MomentsData}. */
export type MomentsData = typeof MomentsData.Type

const decodeMoments = Schema.decodeUnknownOption(Schema.fromJsonString(MomentsData))

/** The post a Moments link's `customData` names, or undefined when it is absent or not such JSON. */
export const momentsDataOf = (customData: string | null | undefined): MomentsData | undefined =>
  customData === null || customData === undefined ? undefined : Option.getOrUndefined(decodeMoments(customData))

/** `POST /v2/resolve`. */
export const resolveLinkV2 = post("resolveLinkV2", "/v2/resolve", {
  payload: ResolveLinkV2Request,
  success: ResolvedLinkV2,
  errors: [400, 404]
})

/** The deep-links endpoints. */
export const DeepLinksGroup = group("deepLinks", resolveLinkV2)

/** The deep-links service as an API of its own. */
export const DeepLinksApi = api("deepLinks", { title: "Deep links", version: "v2" }, DeepLinksGroup)
