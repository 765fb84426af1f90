/**
 * The demo app: the signed-in home (friends with avatars and presence), a paged game list, and the request
 * inspector.
 */
import { CurrentUser } from "./components/CurrentUser.tsx"
import { Friends } from "./components/Friends.tsx"
import { Games } from "./components/Games.tsx"
import { Inspector } from "./components/Inspector.tsx"
import { CatalogScreen } from "./catalog/CatalogScreen.tsx"
import { DeepLinkBox } from "./deeplinks/DeepLinkBox.tsx"
import { DemoProvider } from "./DemoContext.ts"
import { describeError } from "./errors.ts"
import { LocalizationScreen } from "./localization/LocalizationScreen.tsx"
import { useEffectResult } from "./lib.ts"
import { DemoApi } from "./services.ts"

/** The app once its layer is running: home (user, friends, games) and the inspector. */
export function App() {
  const services = useEffectResult(() => DemoApi, [])
  if (services._tag === "Loading") return <p className="splash">Starting…</p>
  if (services._tag !== "Success") {
    return <p className="splash error-text" role="alert">The app could not start: {services._tag === "Failure" ? describeError(services.error) : services.message}</p>
  }
  return (
    <DemoProvider value={services.value}>
      <div className="layout">
        <main className="home">
          <CurrentUser>
            {(userId) => (
              <div className="columns">
                <Friends userId={userId} />
                <Games />
              </div>
            )}
          </CurrentUser>
          <div style={{ padding: "0 20px 16px" }}>
            <DeepLinkBox />
            <LocalizationScreen />
            <CatalogScreen />
          </div>
        </main>
        <Inspector />
      </div>
    </DemoProvider>
  )
}
