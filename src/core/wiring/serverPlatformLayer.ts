/**
 * The layer a server renders with (SSR): the same services as `browserPlatformLayer` (so an app's
 * `createPlatformHooks(appLayer)` Provider accepts the app's clients over it), built for a process with no page:
 *
 * - the configuration is given (there are no `<meta>` tags to read);
 * - storage is a Map of this build (no localStorage: the CSRF token lives as long as the layer, nothing is shared
 *   between builds: build one per request, or one per process for pages without a signed-in user);
 * - page metadata has no tags, cookies read nothing and write nothing, navigation moves nothing (no document,
 *   no window);
 * - telemetry posts to `telemetryEndpoint` with fetch, or logs at Debug without one;
 * - requests go through `fetch` (the `FetchHttpClient.Fetch` reference: Node's global fetch unless you provide
 *   another), unsigned; with `challenges: true` the ChallengeComponent is there for the app's types (as a page's
 *   `Challenges.browser` provides it), but no flow:
 *   a challenged response is the caller's error, as it would be in a page without a challenge host.
 *
 * Building it logs nothing at Warning or above (test/react/serverRender.test.tsx renders with it in Node).
 *
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Cookies } from "../browser/Cookies.ts"
import { KeyValueStore, type StorageLike } from "../browser/KeyValueStore.ts"
import { Navigation } from "../browser/Navigation.ts"
import { PageMetadata } from "../browser/PageMetadata.ts"
import { Telemetry } from "../browser/Telemetry.ts"
import { ChallengeComponent } from "../challenge/presenters/ChallengeComponent.ts"
import { PlatformConfig, type PlatformConfigInput } from "../config/PlatformConfig.ts"
import { type PageServices, platformLayer } from "./platformLayer.ts"

/** Options of {@link serverPlatformLayer}. */
export interface ServerPlatformOptions {
  /** The configuration (base URLs, the user the page is rendered for, the site's settings). */
  readonly config: PlatformConfigInput
  /** Where telemetry is posted; logged at Debug only when left out. */
  readonly telemetryEndpoint?: string
  /**
   * Provide the ChallengeComponent, as `browserPlatformLayer({ challenges: Challenges.browser })` does (no flow runs
   * on a server).
   */
  readonly challenges?: boolean
}

/** What {@link serverPlatformLayer} provides with `options`: a page's services, with the ChallengeComponent if asked. */
export type ServerPlatformServices<O extends ServerPlatformOptions> =
  PageServices | (O["challenges"] extends true ? ChallengeComponent : never)

/** Web Storage over a Map. */
const mapStorage = (): StorageLike => {
  const values = new Map<string, string>()
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, String(value)),
    removeItem: (key) => void values.delete(key)
  }
}

/** Storage in a Map of this build. */
const memoryStore: Layer.Layer<KeyValueStore> = Layer.unwrap(
  Effect.sync(() => {
    const storage = mapStorage()
    return KeyValueStore.fromStorage(() => storage)
  })
)

/** The capabilities of a process with no page (see the module doc). */
const serverCapabilities = (options: ServerPlatformOptions) =>
  Layer.mergeAll(
    PlatformConfig.layer(options.config),
    memoryStore,
    PageMetadata.fromDocument(() => undefined),
    Telemetry.beacon(options.telemetryEndpoint, () => ({ fetch: (url, init) => fetch(url, init) })),
    Cookies.fromDocument(() => undefined),
    Navigation.fromWindow(() => undefined)
  )

/** A server's layer with the services a page's `browserPlatformLayer` provides; see the module doc. */
export const serverPlatformLayer = <const O extends ServerPlatformOptions>(
  options: O
): Layer.Layer<ServerPlatformServices<O>> => {
  // Checked by the compiler with the challenge flow's component; without it, left out of the type only.
  const component = (
    options.challenges === true ? ChallengeComponent.layer : Layer.empty
  ) as Layer.Layer<ChallengeComponent>
  const everything: Layer.Layer<ServerPlatformServices<{ config: {}; challenges: true }>> = platformLayer().pipe(
    Layer.provideMerge(serverCapabilities(options)),
    Layer.merge(component)
  )
  return everything as Layer.Layer<ServerPlatformServices<O>>
}
