/**
 * The devtools component with the panel behind a dynamic import, made by a function (never at module level), so
 * that a production build that does not call it has no chunk for the panel. The component records the query
 * client (./useRecordQueries.ts) and renders the panel once its chunk has loaded.
 *
 * @module
 */
import { createElement, lazy, type ReactElement, Suspense } from "react"
import type { DevtoolsPanelProps } from "./DevtoolsPanel.tsx"
import { useRecordQueries } from "./useRecordQueries.ts"

/** A `PlatformDevtools` component whose panel is loaded on first render. */
export const lazyPanel = (): ((props: DevtoolsPanelProps) => ReactElement) => {
  const Panel = lazy(() => import("./DevtoolsPanel.tsx"))
  return (props) => {
    useRecordQueries(props.recorder, props.queryClient)
    return createElement(Suspense, { fallback: null }, createElement(Panel, props))
  }
}
