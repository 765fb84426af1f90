/**
 * Boot of the background-features page (`payments.html`): the library's browser layer (configured by the page's
 * `<meta>` tags; unsigned, no challenges) with {@link analyticsLayer} over it, then the purchase flow, the
 * heartbeat panel and the event log next to the request inspector.
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import { browserPlatformLayer } from "platform-web-client"
import { PlatformProvider } from "platform-web-client/react"
import { StrictMode, useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import { Inspector } from "../components/Inspector.tsx"
import { type DemoEmulator, loadConfig } from "../config.ts"
import { EmulatorAdmin } from "../emulatorAdmin.ts"
import "../styles.css"
import { AnalyticsPage } from "./AnalyticsPage.tsx"
import { analyticsLayer } from "./analyticsLayer.ts"

/** The page's layer: the library's browser layer, the analytics, and the emulator's admin client (for the inspector). */
export const paymentsPageLayer = (config: DemoEmulator) =>
  analyticsLayer.pipe(Layer.provideMerge(browserPlatformLayer()), Layer.merge(EmulatorAdmin.layer(config)))

function Page() {
  return (
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
  )
}

function Boot() {
  const [state, setState] = useState<
    | { readonly _tag: "Loading" }
    | { readonly _tag: "Failed"; readonly message: string }
    | {
        readonly _tag: "Ready"
        readonly runtime: ManagedRuntime.ManagedRuntime<Layer.Success<ReturnType<typeof paymentsPageLayer>>, never>
      }
  >({ _tag: "Loading" })
  useEffect(() => {
    Effect.runPromise(Effect.result(loadConfig)).then((result) =>
      setState(
        result._tag === "Success"
          ? { _tag: "Ready", runtime: ManagedRuntime.make(paymentsPageLayer(result.success)) }
          : { _tag: "Failed", message: result.failure.message }
      )
    )
  }, [])
  if (state._tag === "Loading") return <p className="splash">Connecting to the emulator…</p>
  if (state._tag === "Failed")
    return (
      <p className="splash error-text" role="alert">
        {state.message}
      </p>
    )
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
