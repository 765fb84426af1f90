/** A tiny page using the devtools as an app would, built by production.test.ts in both modes. */
import { createRoot } from "react-dom/client"
import { makeDevtools, PlatformDevtools } from "../../../src/react/devtools/index.ts"

const devtools = makeDevtools()
;(globalThis as { devtoolsLayer?: unknown }).devtoolsLayer = devtools.layer
createRoot(document.getElementById("root")!).render(<PlatformDevtools recorder={devtools} initialIsOpen />)
