/**
 * OpenAPI documents generated from the platform's HttpApi definitions: one per service, and one for the whole
 * platform with every service under `/{service}` (the layout the local emulator serves, where it is
 * `/openapi.json`). `npm run openapi` writes them to `openapi/*.json` (scripts/openapi.ts).
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { platformServices, type PlatformServiceName } from "./api/registry.ts"

/** Any of the service APIs, without its precise groups. */
type AnyApi = HttpApi.HttpApi<string, HttpApiGroup.Top>

const apis = platformServices as unknown as Readonly<Record<PlatformServiceName, AnyApi>>

/** The OpenAPI document of one service, paths relative to its base URL. */
export const serviceOpenApi = (service: PlatformServiceName): OpenApi.OpenAPISpec => OpenApi.fromApi(apis[service])

/** Every service's API under `/{service}`, as one API (e.g. to serve them from one origin). */
export const PlatformApi: AnyApi = (Object.keys(apis) as Array<PlatformServiceName>).reduce(
  (api: AnyApi, service) => api.addHttpApi(apis[service].prefix(`/${service}`) as AnyApi),
  HttpApi.make("platform").annotateMerge(OpenApi.annotations({ title: "Platform services", version: "v1" })) as unknown as AnyApi
)

/** The OpenAPI document of the whole platform, each service under `/{service}`. */
export const platformOpenApi = (): OpenApi.OpenAPISpec => OpenApi.fromApi(PlatformApi)
