/**
 * Translation analytics reports of a game (API-9, 3 calls): ask for a report, then
 * download it as a file (binary, returned as bytes).
 *
 * @module
 */
import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"
import { get, group, post } from "../definition.ts"
import { CreatorToolErrors } from "../localizationSchemas.ts"
import { Id, lenientEnum, orUnknown } from "../sharedSchemas.ts"

/** Report types (documented with codes 0–3): read by name in any case or by code, sent by name. */
export const ReportType = lenientEnum(
  ["GameTranslationStatus", "GameTranslationStatusForTranslator", "GameTranslationStatusForTranslatorGroup", "Test"],
  {
    0: "GameTranslationStatus",
    1: "GameTranslationStatusForTranslator",
    2: "GameTranslationStatusForTranslatorGroup",
    3: "Test"
  },
  "name"
)

/** The type of {@link ReportType}. */
export type ReportType = typeof ReportType.Type

/** A report request (spec: startDateTime, endDateTime, reportType, reportSubjectTargetId). */
export const TranslationAnalyticsReportRequest = Schema.Struct({
  startDateTime: Schema.String,
  endDateTime: Schema.String,
  reportType: ReportType,
  reportSubjectTargetId: Schema.Int
})

/** The type of {@link TranslationAnalyticsReportRequest}. */
export type TranslationAnalyticsReportRequest = typeof TranslationAnalyticsReportRequest.Type

const statusNames = ["InProgress", "Ready", "Unavailable"] as const
const StatusNames = Schema.Literals(statusNames)

/**
 * Where a report is: `InProgress`, `Ready`, `Unavailable`. The document gives both `inProgress`-style names and
 * codes 0–2; all three forms decode to the capitalised name, and any other value is kept as an unknown one.
 */
export const ReportGenerationStatus = orUnknown(
  Schema.Union([
    lenientEnum(statusNames, { 0: "InProgress", 1: "Ready", 2: "Unavailable" }, "name"),
    Schema.Literals(["inProgress", "ready", "unavailable"]).pipe(
      Schema.decodeTo(
        StatusNames,
        SchemaTransformation.transform({
          decode: (name) => `${name[0]!.toUpperCase()}${name.slice(1)}` as (typeof statusNames)[number],
          encode: (name) => `${name[0]!.toLowerCase()}${name.slice(1)}` as "inProgress" | "ready" | "unavailable"
        })
      )
    )
  ]),
  [...statusNames, "inProgress", "ready", "unavailable", 0, 1, 2]
)

/** The type of {@link ReportGenerationStatus}. */
export type ReportGenerationStatus = typeof ReportGenerationStatus.Type

/** The binary report: the bytes of the file, exactly as sent (an answer of type {@link reportContentType}). */
export const ReportFile = Schema.Uint8Array

/** The content type of the binary report. */
export const reportContentType = "application/octet-stream"

/** Page settings of the analytics UI. */
export const TranslationAnalyticsMetadata = Schema.Struct({
  isFeatureEnabledOnUI: Schema.optional(Schema.Boolean),
  minimumDateTimeForAnalyticsReport: Schema.optional(Schema.String),
  reportRequestPollingIntervalSeconds: Schema.optional(Schema.Int)
})

/** `GET /v1/translation-analytics/games/{gameId}/download-translation-analytics-report`. */
export const downloadTranslationAnalyticsReport = get(
  "downloadTranslationAnalyticsReport",
  "/v1/translation-analytics/games/:gameId/download-translation-analytics-report",
  {
    params: { gameId: Id },
    query: TranslationAnalyticsReportRequest.fields,
    success: ReportFile,
    successContentType: reportContentType,
    errors: CreatorToolErrors
  }
)

/** `POST /v1/translation-analytics/games/{gameId}/request-translation-analytics-report`. */
export const requestTranslationAnalyticsReport = post(
  "requestTranslationAnalyticsReport",
  "/v1/translation-analytics/games/:gameId/request-translation-analytics-report",
  {
    params: { gameId: Id },
    payload: TranslationAnalyticsReportRequest,
    success: Schema.Struct({ reportGenerationStatus: ReportGenerationStatus }),
    errors: CreatorToolErrors
  }
)

/** `GET /v1/translation-analytics/metadata`. */
export const getTranslationAnalyticsMetadata = get(
  "getTranslationAnalyticsMetadata",
  "/v1/translation-analytics/metadata",
  {
    success: TranslationAnalyticsMetadata
  }
)

/** The translation analytics endpoints. */
export const TranslationAnalyticsGroup = group(
  "translationAnalytics",
  downloadTranslationAnalyticsReport,
  requestTranslationAnalyticsReport,
  getTranslationAnalyticsMetadata
)
