/**
 * The page of realPage.test.ts, served by a host-mode emulator at `https://www.{domain}/` with the real site's tags
 * only. It uses the library as a real page does: `browserPlatformLayer()` with no configuration, so everything it
 * knows (the services' base URLs, the signed-in user, request signing, the anti-forgery token) comes from the
 * page's tags. With `explicit`, it is given instead the configuration those tags mean (the domain's base URLs,
 * signing for `.{domain}`): the emulator's host mode exercised whatever the tag readers do.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import { Crypto } from "../../src/core/browser/Crypto.ts"
import { KeyDatabase } from "../../src/core/browser/KeyDatabase.ts"
import { PlatformConfig, type PlatformConfigInput, subdomainBaseUrls } from "../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { KeyStore } from "../../src/core/signing/KeyStore.ts"
import { browserPlatformLayer } from "../../src/core/wiring/platformLayer.ts"
import { emulatorKeyLocation, emulatorTokenFormat } from "../../src/emulator/hba/pages.ts"
import { DeviceAttestation } from "../../src/platform/attestation/DeviceAttestation.ts"

/** What the library made of the page. */
export interface ConfigSeen {
  readonly user: { readonly id: number | null; readonly name: string | null; readonly displayName: string | null; readonly authenticated: boolean }
  readonly baseUrls: { readonly www: string; readonly users: string; readonly hba: string; readonly challenge: string }
  readonly signing: {
    readonly enabled: boolean
    readonly databaseName: string | null
    readonly storeName: string | null
    readonly keyName: string | null
  }
}

/** The page's calls' answers. */
export interface CallsMade {
  readonly me: number
  readonly users: number
}

declare global {
  interface Window {
    realPage: {
      readonly config: (explicit: boolean) => Promise<ConfigSeen>
      readonly signIn: (explicit: boolean) => Promise<{ readonly attested: boolean; readonly answer: unknown }>
      readonly calls: (explicit: boolean) => Promise<CallsMade>
    }
  }
}

/** The configuration the real tags of a page on `https://www.{domain}` mean. */
const explicitConfig = (): PlatformConfigInput => {
  const domain = location.hostname.replace(/^www\./, "")
  return {
    baseUrls: subdomainBaseUrls(domain),
    user: { id: 1, authenticated: true },
    boundAuthToken: {
      enabled: true,
      allowedHostSuffixes: [`.${domain}`],
      sampleRatePerMillion: 1_000_000,
      ...emulatorKeyLocation,
      format: emulatorTokenFormat
    }
  }
}

const pageLayer = (explicit: boolean, signing: boolean) =>
  browserPlatformLayer({ signing, ...(explicit ? { config: explicitConfig() } : {}) })

const run = <A>(effect: Effect.Effect<A, unknown, any>, layer: Layer.Layer<any>): Promise<A> =>
  Effect.runPromise(effect.pipe(Effect.provide(layer)) as Effect.Effect<A, unknown>)

window.realPage = {
  config: (explicit) =>
    run(
      Effect.map(Effect.service(PlatformConfig), ({ baseUrls, boundAuthToken, user }): ConfigSeen => ({
        user: { id: user.id ?? null, name: user.name ?? null, displayName: user.displayName ?? null, authenticated: user.authenticated },
        baseUrls: { www: baseUrls.www, users: baseUrls.users, hba: baseUrls.hba, challenge: baseUrls.challenge },
        signing: {
          enabled: boundAuthToken.enabled,
          databaseName: boundAuthToken.databaseName ?? null,
          storeName: boundAuthToken.storeName ?? null,
          keyName: boundAuthToken.keyName ?? null
        }
      })),
      pageLayer(explicit, false)
    ),
  // device attestation with the key pair at the page's key location, then the emulator's sign-in as the page's user
  signIn: (explicit) =>
    run(
      Effect.gen(function*() {
        const { user } = yield* PlatformConfig
        const payload = yield* (yield* DeviceAttestation).payload
        const answer = yield* (yield* PlatformHttp).post({ service: "hba", path: "/v1/sign-in" }, {
          body: { userId: user.id, ...(Option.isSome(payload) ? { secureAuthenticationIntent: payload.value } : {}) }
        })
        return { attested: Option.isSome(payload), answer }
      }),
      DeviceAttestation.layer.pipe(
        Layer.provide(KeyStore.layer.pipe(Layer.provideMerge(Layer.merge(KeyDatabase.browser, Crypto.browser)))),
        Layer.provideMerge(pageLayer(explicit, false))
      )
    ),
  // a GET and a POST, signed when the page's settings say so
  calls: (explicit) =>
    run(
      Effect.gen(function*() {
        const http = yield* PlatformHttp
        const me = (yield* http.get({ service: "users", path: "/v1/users/authenticated" })) as { readonly id: number }
        const found = (yield* http.post({ service: "users", path: "/v1/users" }, { body: { userIds: [1, 2, 3] } })) as {
          readonly data: ReadonlyArray<unknown>
        }
        return { me: me.id, users: found.data.length }
      }),
      pageLayer(explicit, true)
    )
}
