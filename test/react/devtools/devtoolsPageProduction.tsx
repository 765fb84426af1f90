/** A tiny page using the devtools as an app would, importing the never-switched-off entry, built by production.test.ts. */
import { createRoot } from "react-dom/client"
import { makeDevtools, PlatformDevtools } from "../../../src/react/devtools/production.ts"

const devtools = makeDevtools()
;(globalThis as { devtoolsLayer?: unknown }).devtoolsLayer = devtools.layer
createRoot(document.getElementById("root")!).render(<PlatformDevtools recorder={devtools} initialIsOpen />)
