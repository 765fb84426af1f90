/**
 * platform-web-client devtools: `<PlatformDevtools recorder={devtools}/>`, a panel listing the requests that went
 * through the pipeline and what the query client did, from the library's own instrumentation (PipelineObserver and
 * `QueryClient.events`), with secrets redacted. Place it first inside the PlatformProvider: it then records the
 * provider's query client from the first render on.
 *
 * ```tsx
 * const devtools = makeDevtools()
 * const layer = browserPlatformLayer(options).pipe(Layer.provide(devtools.layer))
 * <PlatformProvider layer={layer}><PlatformDevtools recorder={devtools} /><App /></PlatformProvider>
 * ```
 *
 * Left out of production builds, the way React itself is: when the bundler replaces `process.env.NODE_ENV` with
 * `"production"` (Vite, webpack, esbuild with `define`, Next.js all do for a production build), `makeDevtools()`
 * returns a recorder that records nothing and whose layer is empty (no observer: the pipeline emits nothing and
 * numbers no call), and `PlatformDevtools` renders nothing; the recorder and the panel are dead code and are
 * dropped. In every other build the panel's code is a separate chunk, loaded by a dynamic `import()` when
 * `PlatformDevtools` first renders. To keep the panel in a production build (a staging site), import
 * `./production.ts` instead: the same API, never switched off.
 *
 * @module
 */
import * as Layer from "effect/Layer"
import type { ReactElement } from "react"
import * as Recorder from "../../core/devtools/DevtoolsRecorder.ts"
import type { DevtoolsPanelProps } from "./DevtoolsPanel.tsx"
import { lazyPanel } from "./lazyPanel.ts"

export type { DevtoolsOptions, DevtoolsRecorder } from "../../core/devtools/DevtoolsRecorder.ts"
export type { ChallengeState, DevtoolsRow, QueryRow, RequestRow } from "../../core/devtools/rows.ts"
export type { DevtoolsPanelProps as PlatformDevtoolsProps } from "./DevtoolsPanel.tsx"

const off: Recorder.DevtoolsRecorder = {
  layer: Layer.empty,
  observe: () => {},
  observeQuery: () => {},
  watch: () => () => {},
  rows: () => [],
  subscribe: () => () => {},
  clear: () => {}
}

/**
 * A devtools recorder: provide its `layer` where PlatformHttp is built and give it to `<PlatformDevtools/>`. In a
 * production build, one that records nothing, with an empty layer.
 */
export const makeDevtools: (options?: Recorder.DevtoolsOptions) => Recorder.DevtoolsRecorder =
  process.env.NODE_ENV === "production" ? () => off : Recorder.make

/** The devtools panel (closed at first: a toggle at the bottom right). In a production build, nothing. */
export const PlatformDevtools: (props: DevtoolsPanelProps) => ReactElement | null =
  process.env.NODE_ENV === "production" ? () => null : lazyPanel()
