/**
 * The page of realPage.test.ts, served by a host-mode emulator at `https://www.{domain}/` with the real site's tags
 * only. It uses the library as a real page does: `browserPlatformLayer()` with no configuration, so everything it
 * knows (the services' base URLs, the signed-in user, request signing, the anti-forgery token) comes from the
 * page's tags. With `explicit`, it is given instead the configuration those tags mean (the domain's base URLs,
 * signing for `.{domain}`): the emulator's host mode exercised whatever the tag readers do.
 *
 * The steps `lookup` and `follow` run in the page's own runtime, built once as a real page builds its layer:
 * `browserPlatformLayer({ signer: Signing.browser, challenges: Challenges.browser })`, no configuration, and a challenge container attached
 * for the life of the page (what a mounted `<ChallengeHost/>` does). On www it signs with its own key; on another
 * sub-domain (`https://create.{domain}/`, the same page) through the hidden security frame on www.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import { Crypto } from "../../src/core/browser/Crypto.ts"
import { KeyDatabase } from "../../src/core/browser/KeyDatabase.ts"
import { ChallengeComponent } from "../../src/core/challenge/presenters/ChallengeComponent.ts"
import { PlatformConfig, type PlatformConfigInput, subdomainBaseUrls } from "../../src/core/config/PlatformConfig.ts"
import { PlatformHttp } from "../../src/core/http/PlatformHttp.ts"
import { KeyStore } from "../../src/core/signing/keys/KeyStore.ts"
import { Signing } from "../../src/core/signing/Signing.ts"
import { Challenges } from "../../src/core/challenge/Challenges.ts"
import { browserPlatformLayer } from "../../src/core/wiring/platformLayer.ts"
import { emulatorKeyLocation, emulatorTokenFormat } from "../../src/emulator/hba/pages.ts"
import { DeviceAttestation } from "../../src/core/signing/attestation/DeviceAttestation.ts"

/** What the library made of the page. */
export interface ConfigSeen {
  readonly user: {
    readonly id: number | null
    readonly name: string | null
    readonly displayName: string | null
    readonly authenticated: boolean
  }
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

/** How a call the platform may challenge ended: its answer, or the error's tag, reason and detail. */
export type CallOutcome =
  | { readonly outcome: "done"; readonly answer: unknown }
  | {
      readonly outcome: "failed"
      readonly error: { readonly tag: string; readonly reason: string; readonly detail: string }
    }

declare global {
  interface Window {
    realPage: {
      readonly config: (explicit: boolean) => Promise<ConfigSeen>
      readonly signIn: (explicit: boolean) => Promise<{ readonly attested: boolean; readonly answer: unknown }>
      readonly calls: (explicit: boolean) => Promise<CallsMade>
      readonly lookup: () => Promise<number>
      readonly follow: (userId: number) => Promise<CallOutcome>
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
  browserPlatformLayer({
    ...(signing ? { signer: Signing.browser } : {}),
    ...(explicit ? { config: explicitConfig() } : {})
  })

const run = <A>(effect: Effect.Effect<A, unknown, any>, layer: Layer.Layer<any>): Promise<A> =>
  Effect.runPromise(effect.pipe(Effect.provide(layer)) as Effect.Effect<A, unknown>)

/** The page's own layer (see the module doc). */
const pageOwnLayer = browserPlatformLayer({ signer: Signing.browser, challenges: Challenges.browser })

let pageRuntime: ManagedRuntime.ManagedRuntime<Layer.Success<typeof pageOwnLayer>, never> | undefined

/** Run `effect` in the page's own runtime, made (with its challenge container attached) by the first step that uses it. */
const inPage = <A, E>(effect: Effect.Effect<A, E, Layer.Success<typeof pageOwnLayer>>): Promise<A> => {
  if (pageRuntime === undefined) {
    pageRuntime = ManagedRuntime.make(pageOwnLayer)
    const container = document.body.appendChild(document.createElement("div"))
    container.id = "challenges"
    pageRuntime.runFork(
      Effect.scoped(
        Effect.gen(function* () {
          yield* (yield* ChallengeComponent).attach(container)
          return yield* Effect.never
        })
      )
    )
  }
  return pageRuntime.runPromise(effect)
}

window.realPage = {
  config: (explicit) =>
    run(
      Effect.map(Effect.service(PlatformConfig), ({ baseUrls, boundAuthToken, user }): ConfigSeen => ({
        user: {
          id: user.id ?? null,
          name: user.name ?? null,
          displayName: user.displayName ?? null,
          authenticated: user.authenticated
        },
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
      Effect.gen(function* () {
        const { user } = yield* PlatformConfig
        const payload = yield* (yield* DeviceAttestation).payload
        const answer = yield* (yield* PlatformHttp).post(
          { service: "hba", path: "/v1/sign-in" },
          {
            body: { userId: user.id, ...(Option.isSome(payload) ? { secureAuthenticationIntent: payload.value } : {}) }
          }
        )
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
      Effect.gen(function* () {
        const http = yield* PlatformHttp
        const me = (yield* http.get({ service: "users", path: "/v1/users/authenticated" })) as { readonly id: number }
        const found = (yield* http.post({ service: "users", path: "/v1/users" }, { body: { userIds: [1, 2, 3] } })) as {
          readonly data: ReadonlyArray<unknown>
        }
        return { me: me.id, users: found.data.length }
      }),
      pageLayer(explicit, true)
    ),
  // a signed POST
  lookup: () =>
    inPage(
      Effect.gen(function* () {
        const found = (yield* (yield* PlatformHttp).post(
          { service: "users", path: "/v1/users" },
          { body: { userIds: [1, 2, 3] } }
        )) as {
          readonly data: ReadonlyArray<unknown>
        }
        return found.data.length
      })
    ),
  // a follow, which the platform challenges
  follow: (userId) =>
    inPage(
      Effect.flatMap(Effect.service(PlatformHttp), (http) =>
        http.post({ service: "friends", path: `/v1/users/${userId}/follow` })
      ).pipe(
        Effect.map((answer): CallOutcome => ({ outcome: "done", answer })),
        Effect.catchTag("ChallengeError", (error) =>
          Effect.succeed<CallOutcome>({
            outcome: "failed",
            error: { tag: error._tag, reason: error.reason, detail: error.detail }
          })
        )
      )
    )
}
