/**
 * Boot: read where the emulator is, build the app's layer (the library's browser layer plus the demo's
 * services) and render the app under a PlatformProvider.
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { FetchHttpClient } from "effect/http"
import { StrictMode, useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import type { EmulatorConfig } from "../../emulator/admin/AdminApi.ts"
import { App } from "./App.tsx"
import { DemoConfig, loadConfig } from "./config.ts"
import { browserPlatformLayer, PlatformProvider } from "./lib.ts"
import { DemoApi } from "./services.ts"
import "./styles.css"

/** The app's layer for an emulator: PlatformHttp and the browser capabilities, then the demo's services. */
const appLayer = (config: EmulatorConfig) => {
  const platform = browserPlatformLayer({
    config: {
      baseUrls: config.baseUrls,
      user: { id: config.defaultUserId ?? undefined, authenticated: config.defaultUserId !== null },
      retryAttemptHeader: true
    }
  })
  return DemoApi.layer.pipe(
    Layer.provideMerge(platform),
    Layer.provideMerge(Layer.merge(Layer.succeed(DemoConfig, config), FetchHttpClient.layer))
  )
}

/**
 * Load the configuration, then render the app. The page owns its runtime (one per page load, never disposed), so
 * React's StrictMode double mount in development cannot dispose of it under the app.
 */
function Boot() {
  const [state, setState] = useState<
    { readonly _tag: "Loading" } | { readonly _tag: "Failed"; readonly message: string } | {
      readonly _tag: "Ready"
      readonly runtime: ManagedRuntime.ManagedRuntime<Layer.Success<ReturnType<typeof appLayer>>, never>
    }
  >({ _tag: "Loading" })
  useEffect(() => {
    Effect.runPromise(Effect.result(loadConfig)).then((result) =>
      setState(result._tag === "Success" ? { _tag: "Ready", runtime: ManagedRuntime.make(appLayer(result.success)) } : {
        _tag: "Failed",
        message: result.failure.message
      })
    )
  }, [])
  if (state._tag === "Loading") return <p className="splash">Connecting to the emulator…</p>
  if (state._tag === "Failed") return <p className="splash error-text" role="alert">{state.message}</p>
  return (
    <PlatformProvider runtime={state.runtime}>
      <App />
    </PlatformProvider>
  )
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Boot />
  </StrictMode>
)
