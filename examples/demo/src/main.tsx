/**
 * Boot: read where the emulator is and sign in with device attestation (./app.ts), then render the app under the
 * demo's Provider (the library's createPlatformHooks over the app's layer), with the ChallengeHost that shows
 * challenges and the library's devtools panel (first inside the Provider, so it records the query client from the
 * first render on). The Provider owns the app's runtime and its query cache; React's StrictMode rehearsal keeps both.
 */
import { ChallengeHost } from "platform-web-client/react"
import { PlatformDevtools } from "platform-web-client/react/devtools/production"
import { StrictMode, useEffect, useState } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App.tsx"
import { boot, demo, devtools } from "./app.ts"
import "./styles.css"

/** Load the configuration and sign in, then render the app. */
function Boot() {
  const [state, setState] = useState<
    | { readonly _tag: "Loading" }
    | { readonly _tag: "SigningIn" }
    | { readonly _tag: "Failed"; readonly message: string }
    | { readonly _tag: "Ready" }
  >({ _tag: "Loading" })
  useEffect(() => {
    boot(() => setState({ _tag: "SigningIn" })).then((result) =>
      setState(result._tag === "Success" ? { _tag: "Ready" } : { _tag: "Failed", message: result.failure.message })
    )
  }, [])
  if (state._tag === "Loading") return <p className="splash">Connecting to the emulator…</p>
  if (state._tag === "SigningIn") return <p className="splash">Signing in…</p>
  if (state._tag === "Failed")
    return (
      <p className="splash error-text" role="alert">
        {state.message}
      </p>
    )
  return (
    <demo.Provider>
      <PlatformDevtools recorder={devtools} />
      <App />
      <ChallengeHost />
    </demo.Provider>
  )
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Boot />
  </StrictMode>
)
