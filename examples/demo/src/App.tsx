/**
 * The demo app: the signed-in home (friends with avatars and presence, a paged game list), the paste-a-link box,
 * the localization and catalog screens, and the request inspector.
 */
import { CatalogScreen } from "./catalog/CatalogScreen.tsx"
import { CurrentUser } from "./components/CurrentUser.tsx"
import { FriendsPanel } from "./components/FriendsPanel.tsx"
import { Games } from "./components/Games.tsx"
import { Inspector } from "./components/Inspector.tsx"
import { DeepLinkBox } from "./deeplinks/DeepLinkBox.tsx"
import { LocalizationScreen } from "./localization/LocalizationScreen.tsx"

/** The app once its runtime is made: home (user, friends, games, links, localization, catalog) and the inspector. */
export function App() {
  return (
    <div className="layout">
      <main className="home">
        <CurrentUser>
          <div className="columns">
            <FriendsPanel />
            <Games />
          </div>
        </CurrentUser>
        <div style={{ padding: "0 20px 16px" }}>
          <DeepLinkBox />
          <LocalizationScreen />
          <CatalogScreen />
        </div>
      </main>
      <Inspector />
    </div>
  )
}
