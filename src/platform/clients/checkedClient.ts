/**
 * The typed client of a platform service: every endpoint of its definition (../api/definition.ts) as a checked
 * method (./checkedMethod.ts: required values, closed values, encoding, PlatformHttp, decoding), grouped as the
 * definition groups them: `client[group][endpoint](request)`, the shape of effect/http-api's `HttpApiClient`.
 *
 * @module
 */
import * as Effect from "effect/Effect"
import { PlatformConfig, type ServiceName, serviceUrl } from "../../core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../core/http/PlatformHttp.ts"
import type { AnyApi, AnyEndpoint, AnyGroup } from "../api/definition.ts"
import { type AnyCheckedMethod, type CheckedMethod, checkedMethod } from "./checkedMethod.ts"

export type { CheckedMethod, CheckedRequest } from "./checkedMethod.ts"

/** The checked methods of one group, by endpoint name. */
export type CheckedGroup<G extends AnyGroup> = {
  readonly [K in keyof G["endpoints"]]: CheckedMethod<G["endpoints"][K]>
}

/** The checked client of a service definition: each group by name, with its methods. */
export type CheckedClient<A extends AnyApi> = {
  readonly [K in keyof A["groups"]]: CheckedGroup<A["groups"][K]>
}

/** The checked client of a service definition, from the definition's type. */
export type CheckedClientOf<A> = A extends AnyApi ? CheckedClient<A> : never

/**
 * The checked client of `api`, calling the service `service` (its base URL from PlatformConfig) through
 * PlatformHttp. See ./checkedMethod.ts for what each method does.
 */
export const makeCheckedClient = <A extends AnyApi>(
  api: A,
  service: ServiceName
): Effect.Effect<CheckedClient<A>, never, PlatformHttp | PlatformConfig> =>
  Effect.gen(function* () {
    const http = yield* PlatformHttp
    const config = yield* PlatformConfig
    const url = (path: string) => serviceUrl(config, service, path)
    const client: Record<string, Record<string, AnyCheckedMethod>> = {}
    for (const group of Object.values<AnyGroup>(api.groups)) {
      const methods: Record<string, AnyCheckedMethod> = {}
      for (const endpoint of Object.values<AnyEndpoint>(group.endpoints)) {
        methods[endpoint.identifier] = checkedMethod(endpoint)(http, url)
      }
      client[group.identifier] = methods
    }
    return client as unknown as CheckedClient<A>
  })
