/**
 * The demo's services and its typed hooks.
 *
 * The page boots once (where the emulator's admin API is, then the sign-in: ./signIn.ts) and the app's layer is
 * made from the outcome: PlatformHttp configured by the page's `<meta>` tags, as on a real page (signed when the
 * key is bound, with the challenge flow) and the browser capabilities, the library's platform features over it
 * (`platformFeaturesLayer()`: every typed client, Friends with presence and the list cache, UserLookup,
 * ThumbnailBatch with the page's thumbnail settings), the emulator's admin client and the sign-in's outcome. `demo` is the library's `createPlatformHooks` over that layer: its hooks take only queries,
 * mutations and effects whose services the layer provides (a forgotten one does not compile).
 *
 * @module
 */
import { Effect, Layer, type Result } from "effect"
import { browserPlatformLayer, platformFeaturesLayer } from "platform-web-client"
import { Challenges } from "platform-web-client/challenge"
import { createPlatformHooks } from "platform-web-client/react"
import { makeDevtools } from "platform-web-client/react/devtools/production"
import { Signing } from "platform-web-client/signing"
import { type ConfigUnavailable, type DemoEmulator, loadConfig } from "./config.ts"
import { EmulatorAdmin } from "./emulatorAdmin.ts"
import { DemoSignIn, signIn, type SignInState } from "./signIn.ts"

/** What the boot found: where the emulator's admin API is, and how the sign-in went. */
export interface Booted {
  readonly config: DemoEmulator
  readonly signedIn: SignInState
}

let booting: Promise<Result.Result<Booted, ConfigUnavailable>> | undefined

/**
 * Load the configuration and sign in, once per page load however often it is asked for (React's StrictMode runs
 * the page's effects twice). `onSigningIn` is called when the configuration is in and the sign-in starts.
 */
export const boot = (onSigningIn: () => void = () => {}): Promise<Result.Result<Booted, ConfigUnavailable>> =>
  (booting ??= Effect.runPromise(
    Effect.result(
      Effect.gen(function* () {
        const config = yield* loadConfig
        yield* Effect.sync(onSigningIn)
        return { config, signedIn: yield* signIn(location.origin) }
      })
    )
  ))

/**
 * The recorder of the devtools panel the demo shows (`<PlatformDevtools/>` in ./main.tsx): the production entry,
 * because `npm start` serves a production build and the demo shows the panel there too.
 */
export const devtools = makeDevtools()

/** The app's services for a boot's outcome; the devtools' observer sees every request of the app's pipeline. */
const servicesOf = ({ config, signedIn }: Booted) =>
  platformFeaturesLayer().pipe(
    Layer.provideMerge(
      browserPlatformLayer({
        ...(signedIn._tag === "KeyBound" ? { signer: Signing.browser } : {}),
        challenges: Challenges.browser
      }).pipe(Layer.provide(devtools.layer))
    ),
    Layer.merge(EmulatorAdmin.layer(config)),
    Layer.merge(Layer.succeed(DemoSignIn, signedIn))
  )

/** The app's layer: the services of the page's boot (the page renders the app once the boot succeeded). */
export const appLayer = Layer.unwrap(
  Effect.map(
    Effect.flatMap(
      Effect.promise(() => boot()),
      Effect.fromResult
    ),
    servicesOf
  )
)

/** The demo's Provider and hooks, typed by {@link appLayer}. */
export const demo = createPlatformHooks(appLayer)
