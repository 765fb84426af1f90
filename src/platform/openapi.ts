/**
 * OpenAPI documents generated from the platform's endpoint definitions (as `HttpApi`s: ./api/httpApi.ts): one per
 * service, and one for the whole platform with every service under `/{service}` (the layout the local emulator
 * serves, where it is `/openapi.json`). `npm run openapi` writes them to `openapi/*.json` (scripts/openapi.ts).
 *
 * @module
 */
import * as HttpApi from "effect/http-api/HttpApi"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { toHttpApi } from "./api/httpApi.ts"
import { platformServices, type PlatformServiceName } from "./api/registry.ts"

/** Any of the service APIs, without its precise groups. */
type AnyHttpApi = HttpApi.HttpApi<string, HttpApiGroup.Top>

const httpApiOf = (service: PlatformServiceName): AnyHttpApi =>
  toHttpApi(platformServices[service]) as unknown as AnyHttpApi

/** The OpenAPI document of one service, paths relative to its base URL. */
export const serviceOpenApi = (service: PlatformServiceName): OpenApi.OpenAPISpec => OpenApi.fromApi(httpApiOf(service))

/** Every service's API under `/{service}`, as one `HttpApi` (e.g. to serve them from one origin). */
export const platformHttpApi = (): AnyHttpApi =>
  (Object.keys(platformServices) as Array<PlatformServiceName>).reduce(
    (api: AnyHttpApi, service) => api.addHttpApi(httpApiOf(service).prefix(`/${service}`) as AnyHttpApi),
    HttpApi.make("platform").annotateMerge(
      OpenApi.annotations({ title: "Platform services", version: "v1" })
    ) as unknown as AnyHttpApi
  )

/** The OpenAPI document of the whole platform, each service under `/{service}`. */
export const platformOpenApi = (): OpenApi.OpenAPISpec => OpenApi.fromApi(platformHttpApi())
