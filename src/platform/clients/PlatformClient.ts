/**
 * The one factory of the typed platform clients: from a service's definition (../api/definition.ts), a
 * `Context.Service` class whose `layer` builds the checked client (checkedClient.ts) executed through PlatformHttp,
 * at `PlatformConfig.baseUrls[service]`.
 *
 * @example
 * export class CatalogClient extends PlatformClient("CatalogClient", CatalogApi, "catalog")<CatalogClient>() {}
 * // CatalogClient.layer: Layer<CatalogClient, never, PlatformHttp | PlatformConfig>
 *
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { PlatformConfig, ServiceName } from "../../core/config/PlatformConfig.ts"
import type { PlatformHttp } from "../../core/http/PlatformHttp.ts"
import type { AnyApi } from "../api/definition.ts"
import { type CheckedClient, makeCheckedClient } from "./checkedClient.ts"

/** The class {@link PlatformClient} makes: the service key of a checked client, with the layer that builds it. */
export interface PlatformClientClass<Self, Name extends string, A extends AnyApi> extends Context.ServiceClass<
  Self,
  `platform-web-client/platform/clients/${Name}`,
  CheckedClient<A>
> {
  /** The client over PlatformHttp, calling the service's base URL from PlatformConfig. */
  readonly layer: Layer.Layer<Self, never, PlatformHttp | PlatformConfig>
}

/**
 * The service class of the client of `api` on the service `service`, keyed
 * `platform-web-client/platform/clients/{name}`. `adapt` refines the checked client where a call has a rule of its
 * own beyond its definition. Call the result with the class itself: `PlatformClient(…)<MyClient>()`.
 */
export const PlatformClient =
  <const Name extends string, A extends AnyApi>(
    name: Name,
    api: A,
    service: ServiceName,
    adapt: (client: CheckedClient<A>) => CheckedClient<A> = (client) => client
  ) =>
  <Self>(): PlatformClientClass<Self, Name, A> => {
    const Key = Context.Service<Self, CheckedClient<A>>()(`platform-web-client/platform/clients/${name}`)
    return class extends Key {
      /** The client over PlatformHttp, calling the service's base URL from PlatformConfig. */
      static readonly layer: Layer.Layer<Self, never, PlatformHttp | PlatformConfig> = Layer.effect(
        Key,
        Effect.map(makeCheckedClient(api, service), adapt)
      )
    }
  }
