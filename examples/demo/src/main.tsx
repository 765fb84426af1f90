/**
 * Boot: read where the emulator is, sign in with device attestation (./signIn.ts), build the app's layer (the
 * library's browser layer, with request signing when the key is bound and the challenge flow, the library's
 * platform features, and the emulator's admin client) and render the app under a PlatformProvider, with the
 * ChallengeHost that shows challenges.
 */
import { Effect, Layer, ManagedRuntime, type Result } from "effect"
import { browserPlatformLayer } from "platform-web-client"
import { ChallengeHost, PlatformProvider } from "platform-web-client/react"
import { StrictMode, useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import type { EmulatorConfig } from "../../../src/emulator/admin/AdminApi.ts"
import { App } from "./App.tsx"
import { type ConfigUnavailable, loadConfig } from "./config.ts"
import { EmulatorAdmin } from "./emulatorAdmin.ts"
import { platformFeaturesLayer } from "./platformFeatures.ts"
import { demoPlatformConfig, DemoSignIn, signIn, type SignInState } from "./signIn.ts"
import "./styles.css"

/**
 * The app's layer for an emulator, after the sign-in: PlatformHttp (signed when the key is bound, with the
 * challenge flow) and the browser capabilities, the platform features over it, the emulator's admin client and
 * the sign-in's outcome.
 */
const appLayer = (config: EmulatorConfig, signedIn: SignInState) =>
  platformFeaturesLayer.pipe(
    Layer.provideMerge(browserPlatformLayer({
      config: demoPlatformConfig(config),
      signing: signedIn._tag === "KeyBound",
      challenges: true
    })),
    Layer.merge(EmulatorAdmin.layer(config)),
    Layer.merge(Layer.succeed(DemoSignIn, signedIn))
  )

type AppRuntime = ManagedRuntime.ManagedRuntime<Layer.Success<ReturnType<typeof appLayer>>, never>

/** The boot (configuration, sign-in, runtime) runs once per page load, however often Boot mounts. */
let booting: Promise<Result.Result<AppRuntime, ConfigUnavailable>> | undefined

/**
 * Load the configuration and sign in, then render the app. The page owns its runtime (one per page load, never
 * disposed), so React's StrictMode double mount in development cannot dispose of it under the app.
 */
function Boot() {
  const [state, setState] = useState<
    | { readonly _tag: "Loading" }
    | { readonly _tag: "SigningIn" }
    | { readonly _tag: "Failed"; readonly message: string }
    | { readonly _tag: "Ready"; readonly runtime: AppRuntime }
  >({ _tag: "Loading" })
  useEffect(() => {
    booting ??= Effect.runPromise(Effect.result(Effect.gen(function*() {
      const config = yield* loadConfig
      yield* Effect.sync(() => setState({ _tag: "SigningIn" }))
      const signedIn = yield* signIn(config, location.origin)
      return ManagedRuntime.make(appLayer(config, signedIn))
    })))
    booting.then((result) =>
      setState(result._tag === "Success" ? { _tag: "Ready", runtime: result.success } : {
        _tag: "Failed",
        message: result.failure.message
      })
    )
  }, [])
  if (state._tag === "Loading") return <p className="splash">Connecting to the emulator…</p>
  if (state._tag === "SigningIn") return <p className="splash">Signing in…</p>
  if (state._tag === "Failed") return <p className="splash error-text" role="alert">{state.message}</p>
  return (
    <PlatformProvider runtime={state.runtime}>
      <App />
      <ChallengeHost />
    </PlatformProvider>
  )
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Boot />
  </StrictMode>
)
