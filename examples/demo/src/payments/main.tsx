/**
 * Boot of the background-features page (`payments.html`): the demo's app layer plus {@link analyticsLayer}, then
 * the purchase flow, the heartbeat panel and the event log next to the request inspector.
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { FetchHttpClient } from "effect/http"
import { StrictMode, useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import type { EmulatorConfig } from "../../../emulator/admin/AdminApi.ts"
import { Inspector } from "../components/Inspector.tsx"
import { DemoConfig, loadConfig } from "../config.ts"
import { DemoProvider } from "../DemoContext.ts"
import { browserPlatformLayer, PlatformProvider, useEffectResult } from "../lib.ts"
import { DemoApi } from "../services.ts"
import "../styles.css"
import { AnalyticsPage } from "./AnalyticsPage.tsx"
import { analyticsLayer } from "./analyticsLayer.ts"

/** The page's layer: the library's browser layer, the demo's services (for the inspector) and the analytics. */
export const paymentsPageLayer = (config: EmulatorConfig) => {
  const platform = browserPlatformLayer({
    config: {
      baseUrls: config.baseUrls,
      user: { id: config.defaultUserId ?? undefined, authenticated: config.defaultUserId !== null },
      retryAttemptHeader: true
    }
  })
  return Layer.mergeAll(DemoApi.layer, analyticsLayer).pipe(
    Layer.provideMerge(platform),
    Layer.provideMerge(Layer.merge(Layer.succeed(DemoConfig, config), FetchHttpClient.layer))
  )
}

function Page() {
  const services = useEffectResult(() => DemoApi, [])
  if (services._tag !== "Success") return <p className="splash">{services._tag === "Loading" ? "Starting…" : "The page could not start."}</p>
  return (
    <DemoProvider value={services.value}>
      <div className="layout">
        <main className="home">
          <header className="topbar">
            <div className="brand">
              <span className="logo">◆</span> platform-web-client <span className="muted">· background features</span>
            </div>
            <a href="./">← home</a>
          </header>
          <AnalyticsPage />
        </main>
        <Inspector />
      </div>
    </DemoProvider>
  )
}

function Boot() {
  const [state, setState] = useState<
    | { readonly _tag: "Loading" }
    | { readonly _tag: "Failed"; readonly message: string }
    | { readonly _tag: "Ready"; readonly runtime: ManagedRuntime.ManagedRuntime<Layer.Success<ReturnType<typeof paymentsPageLayer>>, never> }
  >({ _tag: "Loading" })
  useEffect(() => {
    Effect.runPromise(Effect.result(loadConfig)).then((result) =>
      setState(result._tag === "Success"
        ? { _tag: "Ready", runtime: ManagedRuntime.make(paymentsPageLayer(result.success)) }
        : { _tag: "Failed", message: result.failure.message })
    )
  }, [])
  if (state._tag === "Loading") return <p className="splash">Connecting to the emulator…</p>
  if (state._tag === "Failed") return <p className="splash error-text" role="alert">{state.message}</p>
  return (
    <PlatformProvider runtime={state.runtime}>
      <Page />
    </PlatformProvider>
  )
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Boot />
  </StrictMode>
)
