// The devtools panel kept in a production build (`/react/devtools/production`) over the React core page
// (../react-platform.ts): the recorder in the pipeline, the panel loaded on demand.
import "../react-platform.ts"
import * as Layer from "effect/Layer"
import { browserPlatformLayer } from "platform-web-client"
import { PlatformProvider } from "platform-web-client/react"
import { makeDevtools, PlatformDevtools } from "platform-web-client/react/devtools/production"
import { createRoot } from "react-dom/client"

const devtools = makeDevtools()

createRoot(document.getElementById("devtools")!).render(
  <PlatformProvider layer={browserPlatformLayer().pipe(Layer.provide(devtools.layer))}>
    <PlatformDevtools recorder={devtools} />
  </PlatformProvider>
)
