/**
 * The emulator's admin API, under `/admin` on the services' origin: health, the configuration a page needs, the
 * request log, fault rules, CSRF rotation and reset. Admin requests are never logged, faulted or CSRF-checked, and
 * are guarded against pages on other sites (guard.ts): every call but a GET or HEAD carries {@link adminHeader}.
 *
 * This module has no Node imports, so the demo and tests use it with `HttpApiClient` too
 * (`HttpApiClient.make(AdminApi, { baseUrl, transformClient: withAdminHeader })`).
 *
 * @module
 */
import { Schema } from "effect"
import { HttpClient, HttpClientRequest } from "effect/http"
import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { FaultRule, FaultRuleInput } from "../platform/faults.ts"
import { LogPage } from "../platform/requestLog.ts"

/**
 * The header every admin call but a GET or HEAD must carry, with the value {@link adminHeaderValue}. No page on
 * another origin can send it without a CORS preflight, which the emulator answers only for its own origins.
 */
export const adminHeader = "x-emulator-admin"

/** The value of {@link adminHeader}. */
export const adminHeaderValue = "1"

/** The admin header as request headers: `{ "x-emulator-admin": "1" }`, for `fetch` or curl-like callers. */
export const adminHeaders: Readonly<Record<string, string>> = { [adminHeader]: adminHeaderValue }

/** An HttpClient that sends {@link adminHeaders} with every request (the admin API's `transformClient`). */
export const withAdminHeader = <E, R>(client: HttpClient.HttpClient.With<E, R>): HttpClient.HttpClient.With<E, R> =>
  HttpClient.mapRequest(client, HttpClientRequest.setHeaders(adminHeaders))

/** What a page needs to talk to this emulator. */
export const EmulatorConfig = Schema.Struct({
  /** The services' origin. */
  origin: Schema.String,
  /** The www origin (pages, frames). */
  wwwOrigin: Schema.String,
  /** Base URL of each service, as `PlatformConfig.baseUrls` expects (`prefixedBaseUrls(origin, wwwOrigin)`). */
  baseUrls: Schema.Record(Schema.String, Schema.String),
  /** Base URL of this admin API. */
  adminUrl: Schema.String,
  seed: Schema.Int,
  /** The user requests without a session cookie are signed in as, or null when they are guests. */
  defaultUserId: Schema.NullOr(Schema.Int)
})

/** The type of {@link EmulatorConfig}. */
export type EmulatorConfig = typeof EmulatorConfig.Type

/** Answer of the health check. */
export const Health = Schema.Struct({ ok: Schema.Boolean, seed: Schema.Int, requests: Schema.Int })

/** The tags a page gets (see src/emulator/www/pageHead.ts): for its `<head>`, and for the start of its `<body>`. */
export const PageTagsAnswer = Schema.Struct({ head: Schema.String, body: Schema.String })

/** Answer of a CSRF rotation: how many sessions lost their token. */
export const Rotated = Schema.Struct({ rotated: Schema.Int })

/** No fault rule has this id. */
export class FaultNotFound extends Schema.TaggedError<FaultNotFound>()(
  "FaultNotFound",
  { id: Schema.String },
  {
    httpApiStatus: 404
  }
) {}

/** The admin endpoints. */
export class AdminGroup extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.get("health", "/health", { success: Health }),
    HttpApiEndpoint.get("config", "/config", { success: EmulatorConfig }),
    HttpApiEndpoint.get("pageTags", "/page-tags", { success: PageTagsAnswer }),
    HttpApiEndpoint.get("requests", "/requests", {
      query: { since: Schema.optional(Schema.Int), limit: Schema.optional(Schema.Int) },
      success: LogPage
    }),
    HttpApiEndpoint.delete("clearRequests", "/requests", { success: HttpApiSchema.NoContent }),
    HttpApiEndpoint.get("faults", "/faults", { success: Schema.Array(FaultRule) }),
    HttpApiEndpoint.post("addFault", "/faults", { payload: FaultRuleInput, success: FaultRule }),
    HttpApiEndpoint.delete("clearFaults", "/faults", { success: HttpApiSchema.NoContent }),
    HttpApiEndpoint.delete("removeFault", "/faults/:id", {
      params: { id: Schema.String },
      success: HttpApiSchema.NoContent,
      error: FaultNotFound
    }),
    HttpApiEndpoint.post("rotateCsrf", "/csrf/rotate", { success: Rotated }),
    HttpApiEndpoint.post("reset", "/reset", { success: HttpApiSchema.NoContent })
  )
  .prefix("/admin") {}

/** The admin API. */
export class AdminApi extends HttpApi.make("emulator-admin")
  .add(AdminGroup)
  .annotateMerge(OpenApi.annotations({ title: "Emulator admin", version: "1" })) {}
